#!/usr/bin/env python3
"""Cancelling the final run leaves the image untouched: GIMP 3 runs with
its user interface under Xvfb and filters a large image; its progress
shows in the status bar of GIMP's (empty) image window, which a fresh
configuration places at the top left of the screen. The progress bar must
move while the run goes on; then the test clicks the status bar's Cancel.
GIMP ends the plug-in; the call must report the cancel, and the layer's
pixels must be those from before the call.

Usage: gimp_cancel.py PATH/TO/fft-bandpass"""
import subprocess
import sys
import time

import gimp_harness as gh
import gimp_xvfb as gx

SIZE = 6000  # padded to 8192²: seconds on a CPU, time enough to cancel
# Where a fresh configuration's 800×600 image window shows the progress
# bar and its Cancel button (screen pixels).
PROGRESS_BAR = "270x10+196+588"
CANCEL = ("518", "582")

CALL_SCRIPT = r'''
import hashlib
import gi
gi.require_version("Gimp", "3.0")
gi.require_version("Gegl", "0.4")
from gi.repository import Gegl, Gimp

def digest(layer):
    buffer = layer.get_buffer()
    data = buffer.get(buffer.get_extent(), 1.0, "R'G'B'A u8",
                      Gegl.AbyssPolicy.NONE)
    return hashlib.sha256(bytes(data)).hexdigest()

image = Gimp.Image.new({size}, {size}, Gimp.ImageBaseType.RGB)
layer = Gimp.Layer.new(image, "big", {size}, {size}, Gimp.ImageType.RGB_IMAGE,
                       100, Gimp.LayerMode.NORMAL)
image.insert_layer(layer, None, 0)
layer.edit_gradient_fill(Gimp.GradientType.SPIRAL_CLOCKWISE, 0, False, 1, 0,
                         True, 0, 0, {size} / 2, {size} / 3)
before = digest(layer)
proc = Gimp.get_pdb().lookup_procedure("plug-in-fft-bandpass")
config = proc.create_config()
config.set_property("run-mode", Gimp.RunMode.NONINTERACTIVE)
config.set_property("image", image)
config.set_core_object_array("drawables", [layer])
print("CALLING", flush=True)
result = proc.run(config)
print("STATUS " + result.index(0).value_nick, flush=True)
print("UNTOUCHED " + str(digest(layer) == before), flush=True)
'''


def progress_bar(env, path):
    gx.screenshot(env, "root", path)
    subprocess.run(["convert", path, "-crop", PROGRESS_BAR, path], check=True)
    return path


def cancel(gimp):
    """Watches the progress bar move, then presses Cancel."""
    env = gimp.env
    welcome = gx.wait_for_window(env, "Welcome", timeout=120)
    if welcome:
        gx.xdotool(env, "windowunmap", welcome)
    if not gh.check(gimp.wait_for_line("CALLING", 300), "the call starts"):
        return
    time.sleep(1)
    early = progress_bar(env, gimp.harness.path("progress-early.png"))
    moved = 0
    # Progress steps are far apart on a loaded machine: with four busy
    # processes beside it on two cores, padding and the forward FFT (one
    # step) took over 30 s. The loop ends at the first movement.
    deadline = time.time() + 240
    while moved <= 10 and time.time() < deadline:
        time.sleep(0.5)
        later = progress_bar(env, gimp.harness.path("progress-later.png"))
        moved = gx.differs(early, later)
    gh.check(moved > 10, f"the progress bar moves: {moved} pixels")
    gx.xdotool(env, "mousemove", *CANCEL, "click", "1")
    gimp.awaits_end()


def main():
    harness = gh.Harness(sys.argv[1])
    with gx.GimpSession(harness, CALL_SCRIPT.format(size=SIZE)) as gimp:
        cancel(gimp)
    output = gimp.output()
    lines = output.splitlines()
    gh.check("STATUS cancel" in lines,
             f"the call reports the cancel: {gimp.statuses() or output[-2000:]}")
    gh.check("UNTOUCHED True" in lines, "the layer is untouched")
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
