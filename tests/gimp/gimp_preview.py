#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The preview shows what the final run writes: GIMP 3 runs under Xvfb and
calls the procedure interactively on examples/coffee.png enlarged to
1.5 MP, with FFT_BANDPASS_PREVIEW_DUMP making the plug-in write every
preview window it renders. The test sets large-structures, waits for the
preview of the whole image (zoomed out: each value the mean of a block),
zooms in to 1:1, presses OK and saves the result. Both full-resolution
windows must match the saved output within 1/255: the 1:1 one pixel for
pixel, the zoomed-out one against the output's block means. The output
must differ clearly from the input, so that an unfiltered preview would
fail. On the CPU a coarse window (from a downscaled copy) must come first
after the change, and the full-resolution one after it.

The view is split (the split's default): at 1:1 the screen it draws
(FFT_BANDPASS_PREVIEW_DUMP's screen-NNNNN.dump) must show the output on
one side of the divider and the source on the other, each pixel within
1/255 of one of the image pixels around it; the test then finds the
divider in a screenshot and drags it 100 px to the left: the view must
draw it there. Ctrl+B then swaps the sides: the next screen must show the
source after the divider, which stays where it was dragged, and the output
before it. OK must save the divider's place and the swap among the last
values.

With FFT_BANDPASS_SCREENSHOTS set to a folder, the dialog with its
preview and spectrum is saved there as preview.png. Throughout, the
plug-in's process must print no GLib, GTK, GEGL or libgimp warning or
critical (gimp_xvfb.console_problems).

Usage: gimp_preview.py PATH/TO/fft-bandpass"""
import glob
import os
import re
import shutil
import subprocess
import sys
import time

import numpy as np

import gimp_harness as gh
import gimp_xvfb as gx

HERE = os.path.dirname(os.path.abspath(__file__))
COFFEE = os.path.join(HERE, "..", "..", "examples", "coffee.png")
SIZE = "1500x1000"     # over a megapixel: the CPU shows a coarse result first
LARGE_STRUCTURES = "25"
QUIET_SECONDS = 4      # no new dump for this long: the preview settled
WAIT_SECONDS = 180     # the first preview may wait for kernels to compile
# What the device label says, in part, for each FFTCL_DEVICE the test
# runs with.
DEVICE_NAMES = {"cpu": "CPU (FFTW", "pocl": "Portable Computing Language"}

# A point inside the preview area, whatever the image's shape: the view
# sits at the dialog's top left.
VIEW_POINT = ("100", "100")


def read_dump(path):
    """(x, y, step, H×W×bytes array, kind, device) of a
    preview-NNNNN.dump."""
    with open(path, "rb") as f:
        header, _, body = f.read().partition(b"\n")
    fields = header.split(maxsplit=8)
    magic, x, y, width, height, step, depth, kind, device = fields
    assert magic == b"fft-bandpass-preview", header
    width, height, depth = int(width), int(height), int(depth)
    pixels = np.frombuffer(body, np.uint8).reshape(height, width, depth)
    return int(x), int(y), int(step), pixels, kind.decode(), device.decode()


def read_ppm(path):
    """An 8-bit binary PPM (P6) as an H×W×3 array."""
    raw, fields, pos = gh.read_netpbm_header(path)
    width, height, maximum = int(fields[1]), int(fields[2]), int(fields[3])
    assert fields[0] == b"P6" and maximum == 255, fields
    return np.frombuffer(raw, np.uint8, width * height * 3,
                         pos).reshape(height, width, 3)


def dumps(folder):
    return sorted(glob.glob(os.path.join(folder, "preview-*.dump")))


def settle(folder, seen, want=lambda dump: True):
    """Waits for a new full-resolution dump that `want`s, then for the
    preview to stop refreshing; returns the latest dump, or None."""
    deadline = time.time() + WAIT_SECONDS
    while time.time() < deadline:
        current = dumps(folder)
        latest = current[-1] if len(current) > seen else None
        if latest and read_dump(latest)[4] == "full" and want(read_dump(latest)):
            time.sleep(QUIET_SECONDS)
            if dumps(folder) == current:
                return read_dump(latest)
        time.sleep(0.5)
    return None


def zoom_in(env, window, steps):
    gx.xdotool(env, "mousemove", "--window", window, *VIEW_POINT)
    gx.xdotool(env, "keydown", "ctrl")
    for _ in range(steps):
        gx.xdotool(env, "click", "4")
        time.sleep(0.3)
    gx.xdotool(env, "keyup", "ctrl")


def block_means(image, x, y, step, width, height):
    region = image[y:y + height * step, x:x + width * step].astype(np.float64)
    return region.reshape(height, step, width, step, -1).mean(axis=(1, 3))


def compare(label, dump, output):
    """The dumped window against the output's same window, in 1/255.
    Zoomed out, the preview averages a block's filtered values before they
    are clipped to 0 … 255, the output clips each pixel: blocks with a
    clipped pixel are left out."""
    if not gh.check(dump is not None, f"{label}: the preview refreshed"):
        return
    x, y, step, pixels = dump[:4]
    height, width = pixels.shape[:2]
    expected = block_means(output, x, y, step, width, height)
    clipped = block_means((output == 0) | (output == 255), x, y, step,
                          width, height) > 0
    clipped &= step > 1
    error = np.abs(pixels[..., :3].astype(np.float64) - expected)
    worst = error[~clipped].max()
    gh.check(worst <= 1.0 + 1e-9 and clipped.mean() < 0.5,
             f"{label}: {width}×{height} window at ({x}, {y}), step {step}, "
             f"within 1/255 of the output: worst {worst:.2f}/255 "
             f"({clipped.mean():.1%} of the values beside a clipped pixel)")


def read_screen(path):
    """(header fields as ints, H×W×bytes array) of a screen-NNNNN.dump."""
    with open(path, "rb") as f:
        header, _, body = f.read().partition(b"\n")
    fields = [int(v) for v in header.split()[1:]]
    width, height, depth = fields[:3]
    return fields, np.frombuffer(body, np.uint8).reshape(height, width, depth)


def screens(folder):
    return sorted(glob.glob(os.path.join(folder, "screen-*.dump")))


def near_match(screen, image, columns, x0, y0, x1, y1):
    """Per screen pixel of `columns` (a slice), whether it lies, within
    1/255, between the least and the largest of the image pixels around
    the one under it: the view's mapping rounds, and GIMP interpolates
    the original it draws zoomed in."""
    height, width = screen.shape[:2]
    xs = np.clip(x0 + (np.arange(width) * (x1 - x0)) // width, 0,
                 image.shape[1] - 1)[columns]
    ys = np.clip(y0 + (np.arange(height) * (y1 - y0)) // height, 0, image.shape[0] - 1)
    shown = screen[:, columns, :3].astype(np.float64)
    around = [image[np.clip(ys + dy, 0, image.shape[0] - 1)][
                  :, np.clip(xs + dx, 0, image.shape[1] - 1)]
              for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    low, high = np.min(around, axis=0), np.max(around, axis=0)
    return np.all((shown >= low - 1) & (shown <= high + 1), axis=2)


def check_split(path, output, source, label="split zoomed in", kept_share=0.95):
    """The screen at 1:1 in `path`: output after the divider, source
    before, which side is before as the screen's SWAPPED says; at least
    `kept_share` of the before side the source."""
    if not gh.check(path is not None, f"{label}: the view's screen is dumped"):
        return None
    fields, screen = read_screen(path)
    width, height, _, x0, y0, x1, y1, split, swapped = fields
    if not gh.check(0 < split < width, f"{label}: the view is split: divider "
                                       f"at {split} of {width}"):
        return None
    before = slice(0, split - 1) if not swapped else slice(split + 1, width)
    after = slice(split + 1, width) if not swapped else slice(0, split - 1)
    shown = near_match(screen, output, after, x0, y0, x1, y1)
    kept = near_match(screen, source, before, x0, y0, x1, y1)
    not_output = near_match(screen, output, before, x0, y0, x1, y1)
    # GIMP draws the original zoomed in from its own scaled copy, whose
    # sampling the neighbourhood bounds do not always hold.
    gh.check(shown.mean() > 0.99 and kept.mean() > kept_share and
             not_output.mean() < 0.5,
             f"{label} ({x1 - x0} image px across {width}, "
             f"{'after | before' if swapped else 'before | after'}): "
             f"{shown.mean():.2%} of the after side is the output, "
             f"{kept.mean():.2%} of the before side the source (and "
             f"{not_output.mean():.2%} of it the output)")
    return split, width


def divider_x(shot):
    """The screenshot column of the divider: white beside black, the
    length of the view."""
    rgb = pixels_of(shot).astype(int)
    white = np.all(rgb == 255, axis=2)
    black = np.all(rgb == 0, axis=2)
    both = (white[:, 1:] & black[:, :-1]).sum(axis=0)
    return int(np.argmax(both)) + 1 if both.max() > 100 else None


def pixels_of(path):
    raw = subprocess.run(["convert", path, "-depth", "8", "ppm:-"],
                         stdout=subprocess.PIPE, check=True).stdout
    with open(path + ".ppm", "wb") as f:
        f.write(raw)
    return read_ppm(path + ".ppm")


def drag_divider(call, window, folder):
    """Drags the divider 100 px to the left; returns the divider column
    the view draws next."""
    env = call.env
    x = divider_x(gx.screenshot(env, window, call.harness.path("split.png")))
    if not gh.check(x is not None, "the divider shows in the dialog"):
        return None
    count = len(screens(folder))
    gx.xdotool(env, "mousemove", "--window", window, str(x), VIEW_POINT[1],
               "mousedown", "1")
    for step in range(1, 11):
        gx.xdotool(env, "mousemove", "--window", window, str(x - 10 * step),
                   VIEW_POINT[1])
        time.sleep(0.1)
    gx.xdotool(env, "mouseup", "1")
    time.sleep(2)
    latest = screens(folder)[count:]
    return read_screen(latest[-1])[0][7] if latest else None


def swap_by_key(env, window, folder):
    """Presses Ctrl+B in the dialog; returns the path of the screen the
    view draws next, or None."""
    count = len(screens(folder))
    gx.xdotool(env, "windowfocus", "--sync", window)
    gx.xdotool(env, "key", "--window", window, "--clearmodifiers", "ctrl+b")
    time.sleep(2)
    latest = screens(folder)[count:]
    return latest[-1] if latest else None


def drive(call, window, folder):
    env = call.env
    gx.xdotool(env, "mousemove", "1270", "890")   # no tooltips in shots
    first = settle(folder, 0)
    gh.check(first is not None, "the preview draws the filtered image")
    count = len(dumps(folder))
    gx.type_into(env, window, "alt+g", LARGE_STRUCTURES)
    whole = settle(folder, count, lambda dump: dump[2] > 1)
    kinds = [read_dump(d)[4] for d in dumps(folder)[count:]]
    # fftcl redoes a failed OpenCL call on the CPU, which gives the right
    # pixels too: only the device the dialog names tells that it happened.
    devices = sorted({read_dump(d)[5] for d in dumps(folder)})
    expected = DEVICE_NAMES[os.environ.get("FFTCL_DEVICE", "cpu")]
    on_device = all(expected in d and "failed" not in d for d in devices)
    gh.check(bool(devices) and on_device,
             f"the preview ran on the chosen device: {devices}")
    if os.environ.get("FFTCL_DEVICE") == "cpu":
        gh.check(kinds[:1] == ["coarse"] and "full" in kinds,
                 f"on the CPU a coarse preview comes first, then the full one: "
                 f"{kinds}")
    shot = gx.screenshot(env, window, call.harness.path("preview.png"))
    count = len(dumps(folder))
    zoom_in(env, window, 5)
    one_to_one = settle(folder, count, lambda dump: dump[2] == 1)
    screen = screens(folder)[-1] if screens(folder) else None
    dragged = drag_divider(call, window, folder)
    swapped = swap_by_key(env, window, folder)
    gx.xdotool(env, "windowfocus", "--sync", window)
    call.press_ok(window)
    return whole, one_to_one, shot, screen, dragged, swapped


def last_values(harness):
    """The text of the procedure's last values, as OK saved them."""
    path = os.path.join(harness.gimpdir, "plug-in-settings",
                        "GimpProcedureConfigRun-plug-in-fft-bandpass.last")
    return open(path, encoding="utf-8").read() if os.path.exists(path) else ""


def check_swapped(harness, path, output, source, dragged):
    """Ctrl+B swapped the sides of the divider where the drag left it, and
    OK saved the swap. GIMP's scaled copy of the original, drawn on the
    right now, meets the neighbourhood bounds less often there."""
    if not gh.check(path is not None, "Ctrl+B redraws the view"):
        return
    fields = read_screen(path)[0]
    gh.check(fields[8] == 1 and fields[7] == dragged,
             f"Ctrl+B swaps the sides: swapped {fields[8]}, divider at "
             f"{fields[7]} (dragged to {dragged})")
    check_split(path, output, source, "swapped by Ctrl+B", 0.9)
    found = re.search(r"\(split-swapped (yes|no)\)", last_values(harness))
    gh.check(found is not None and found.group(1) == "yes",
             f"OK remembers the swap: {found.group(0) if found else None}")


def check_dragged(harness, split, dragged):
    """The divider followed the drag, and OK saved where it stands."""
    at, width = split
    gh.check(dragged is not None and abs(dragged - (at - 100)) <= 2,
             f"the divider follows a drag from {at} to {at - 100}: {dragged}")
    found = re.search(r"\(split-position ([0-9.]+)\)", last_values(harness))
    saved = float(found.group(1)) if found else None
    gh.check(saved is not None and dragged is not None and
             abs(saved - dragged / width) < 0.01,
             f"OK remembers the divider's place: {saved} (drawn at "
             f"{dragged} of {width})")


def main():
    binary = sys.argv[1]
    harness = gh.Harness(binary)
    folder = harness.path("dumps")
    os.makedirs(folder)
    target = harness.path("filtered.ppm")
    source = harness.path("source.ppm")
    subprocess.run(["convert", COFFEE, "-resize", SIZE + "!", source],
                   check=True)
    env = {"FFT_BANDPASS_PREVIEW_DUMP": folder}
    with gx.InteractiveCall(harness, source, target, env) as call:
        window = call.wait_for_dialog()
        if gh.check(window is not None, "the dialog opens"):
            whole, one_to_one, shot, screen, dragged, swapped = drive(
                call, window, folder)
    statuses = call.statuses()
    gh.check(statuses == ["STATUS success"],
             f"OK filters: {statuses or call.output()[-2000:]}")
    problems = gx.console_problems(call.output())
    gh.check(not problems, f"the plug-in warns of nothing: {problems}")

    if window is not None and gh.check(os.path.exists(target),
                                       "the output is saved"):
        output = read_ppm(target)
        changed = np.abs(output.astype(np.float64) - read_ppm(source)).mean()
        gh.check(changed > 5, f"the filter changes the image: mean "
                              f"{changed:.1f}/255")
        compare("zoomed out", whole, output)
        compare("1:1", one_to_one, output)
        split = check_split(screen, output, read_ppm(source))
        if split:
            check_dragged(harness, split, dragged)
        check_swapped(harness, swapped, output, read_ppm(source), dragged)
        shots = os.environ.get("FFT_BANDPASS_SCREENSHOTS")
        if shots:
            os.makedirs(shots, exist_ok=True)
            shutil.copy(shot, os.path.join(shots, "preview.png"))
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
