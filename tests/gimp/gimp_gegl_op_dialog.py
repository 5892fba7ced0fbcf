#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The GEGL operation fft:band-pass's own dialog in GIMP 3 (the one GIMP
builds from the operation's properties; not the plug-in's), under Xvfb
with GIMP's user interface:

  - GIMP makes an action "filters-fft-band-pass" for the operation, as
    for every GEGL operation it has no action of its own for; the test
    binds a key to it in the private config folder's shortcutsrc (as
    Edit > Keyboard Shortcuts does), shows an RGB image and presses that
    key in its window: the dialog "Band-pass (FFT) (fft:band-pass)"
    opens, its preview drawn on the canvas by the operation;
  - Tab three times from where the dialog starts reaches Small
    structures; the test types a new value into it and presses OK
    (alt+o): the dialog closes and the layer holds one filter,
    fft:band-pass, with Small structures the value typed and Large
    structures its default;
  - GIMP's process, where the operation runs, prints no GLib, GTK, GEGL
    or GIMP warning or critical from showing the image to reading the
    filter back (GIMP's own messages at its exit come later and are
    not counted, nor GIMP 3.2's criticals about Xvfb's disabled pointer,
    XVFB_DEVICE, which come with every key pressed on the canvas).

The module is installed into a private folder that GEGL_PATH names,
before GEGL's own. Usage:
  gimp_gegl_op_dialog.py PATH/TO/fft-bandpass PATH/TO/fft-band-pass.so GEGL-MODULES-DIR"""
import json
import os
import re
import shutil
import sys
import time

import gimp_harness as gh
import gimp_xvfb as gx

ACTION = "filters-fft-band-pass"
SHORTCUT, KEY = "<Primary><Alt>b", "ctrl+alt+b"
DIALOG = r"fft:band-pass"
# From the dialog's first focus (Presets) to Small structures.
TABS_TO_SMALL = 3
SMALL = 7.0
LARGE_DEFAULT = 40.0
PREVIEW_SECONDS = 5
# The dialog is taller than 900 pixels.
SCREEN = "1280x1200"

SCRIPT = r'''
import json, os, time
import numpy as np
import gimp_driver as gd
from gi.repository import Gimp
h, w = 48, 64
y, x = np.mgrid[0:h, 0:w]
picture = 0.5 + 0.2 * np.cos(2 * np.pi * (x / 5.0 + y / 9.0)) + 0.2 * np.sin(x / 13.0)
job = {{"base": "rgb", "alpha": False, "precision": "U8_NON_LINEAR", "format": "R'G'B' float"}}
image = gd.new_image(job, w, h)
layer = gd.add_layer(image, job, "layer", np.dstack([picture] * 3), dtype=np.float32)
Gimp.Display.new(image)
Gimp.displays_flush()
print("READY", flush=True)
deadline = time.time() + 400
while time.time() < deadline and not os.path.exists({go!r}):
    time.sleep(0.5)
filters = []
for drawable_filter in layer.get_filters():
    config = drawable_filter.get_config()
    filters.append({{"operation": drawable_filter.get_operation_name(),
                     "config": {{p.name: config.get_property(p.name)
                                for p in config.list_properties()
                                if p.name in ("large-structures", "small-structures")}}}})
print("FILTERS " + json.dumps(filters), flush=True)
'''

# A GLib message of a warning or worse from GIMP's own process, where the
# operation runs: "(gimp:PID): Domain-LEVEL **:", or libgimpwidgets' own
# "/usr/bin/gimp-3.2: Domain-LEVEL:".
GIMP_PROBLEM = re.compile(r"\(gimp[\w.-]*:\d+\): [\w-]+-(CRITICAL|WARNING) \*\*"
                          r"|^\S*gimp[\w.-]*: [\w-]+-(CRITICAL|WARNING): ")
# GIMP 3.2's own input-device handling, which asks Xvfb's disabled pointer
# for its state at each key pressed on the canvas (GDK and
# libgimpwidgets' device info, GIMP's code, not the operation's).
XVFB_DEVICE = re.compile(r"Gdk-CRITICAL \*\*: [\d:.]+: gdk_(device_\w+|window_get_device_"
                         r"position_double): assertion 'GDK_IS_DEVICE \(device\)' failed"
                         r"|Gimp-Widgets-CRITICAL: gimp_device_info_get_device: ")


def problems_between(output, first, last):
    """GIMP's warnings after the line `first` and before the line that
    starts with `last`: those of XVFB_DEVICE apart, then the others."""
    lines = output.splitlines()
    start = next((i for i, l in enumerate(lines) if l == first), len(lines))
    end = next((i for i, l in enumerate(lines) if l.startswith(last)), len(lines))
    warned = [l for l in lines[start:end] if GIMP_PROBLEM.search(l)]
    device = [l for l in warned if XVFB_DEVICE.search(l)]
    return device, [l for l in warned if l not in device]


def window_gone(env, name, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if not gx.xdotool(env, "search", "--onlyvisible", "--name", name):
            return True
        time.sleep(0.5)
    return False


def drive(gimp):
    """Opens the dialog through the action, types Small structures and
    presses OK; whether the dialog opened and closed."""
    if not gh.check(gimp.wait_for_line("READY", 300), "GIMP showed the image"):
        return False, False
    image_window = gx.wait_for_window(gimp.env, r"\[Untitled\]", timeout=60)
    gx.xdotool(gimp.env, "windowfocus", "--sync", image_window)
    gx.xdotool(gimp.env, "key", "--clearmodifiers", KEY)
    dialog = gx.wait_for_window(gimp.env, DIALOG, timeout=60)
    if not dialog:
        return False, False
    time.sleep(PREVIEW_SECONDS)
    gx.xdotool(gimp.env, "windowfocus", "--sync", dialog)
    for _ in range(TABS_TO_SMALL):
        gx.xdotool(gimp.env, "key", "--clearmodifiers", "Tab")
    gx.xdotool(gimp.env, "key", "--clearmodifiers", "ctrl+a")
    gx.xdotool(gimp.env, "type", "--delay", "50", f"{SMALL:g}")
    gx.xdotool(gimp.env, "key", "--clearmodifiers", "Tab")
    time.sleep(PREVIEW_SECONDS)
    gx.xdotool(gimp.env, "key", "--window", dialog, "--clearmodifiers", "alt+o")
    return True, window_gone(gimp.env, DIALOG)


def main():
    plugin, module, system_modules = sys.argv[1:4]
    harness = gh.Harness(plugin)
    private = harness.path("gegl-modules")
    os.makedirs(private, exist_ok=True)
    shutil.copy(module, private)
    with open(os.path.join(harness.gimpdir, "shortcutsrc"), "w") as f:
        f.write(f'(file-version 1)\n(action "{ACTION}" "{SHORTCUT}")\n')
    go = harness.path("dialog-done")
    env = {"GEGL_PATH": private + os.pathsep + system_modules, "FFTCL_DEVICE": "cpu"}

    with gx.GimpSession(harness, SCRIPT.format(go=go), env=env, screen=SCREEN) as gimp:
        opened, closed = drive(gimp)
        open(go, "w").close()
        gimp.awaits_end()
        gimp.wait_for_line("FILTERS ", 120)
    output = gimp.output()

    gh.check(opened, f"the key bound to {ACTION} opened the dialog '{DIALOG}'")
    gh.check(closed, "OK closed the dialog")
    line = next((l for l in output.splitlines() if l.startswith("FILTERS ")), None)
    if gh.check(line is not None, "the script read the layer's filters back"):
        filters = json.loads(line[len("FILTERS "):])
        gh.check(len(filters) == 1 and filters[0]["operation"] == "fft:band-pass"
                 and filters[0]["config"] == {"large-structures": LARGE_DEFAULT,
                                              "small-structures": SMALL},
                 f"the layer holds fft:band-pass with small-structures {SMALL:g} and "
                 f"large-structures {LARGE_DEFAULT:g} ({filters})")
    device, problems = problems_between(output, "READY", "FILTERS ")
    gh.check(not problems, f"GIMP's process warns of nothing while the dialog is used "
                           f"({len(device)} of GIMP's Xvfb device criticals apart): "
                           f"{problems}")
    if not line or problems:
        print(output[-6000:])
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
