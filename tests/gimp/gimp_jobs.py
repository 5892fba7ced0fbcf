#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The dialog's jobs (plugin/dialog-jobs.c, docs/contract.md §1): GIMP 3
runs under Xvfb and opens the dialog on examples/coffee.png, once per job:

  - Filters › Enhance › Remove Periodic Pattern… (plug-in-fft-remove-pattern)
    on coffee.png with a diagonal wave over it, called with notch-channels
    nil: the dialog must open set for pattern removal and find the wave by
    itself; OK must write a
    picture without the wave (the wave's amplitude under a tenth of the
    given one). The wave grows from left to right: once found, the preview
    must show 1:1, by itself, a window that holds the tile of 64 px where
    what OK removed (input less output) has the most energy;
  - Remove Periodic Pattern… on coffee.png printed as a halftone (one
    screen of 6 px at 45°, dots decided in linear light, blurred and
    encoded): the dialog finds the screen and sets print-screen to its
    period (5.5 … 6.5 saved), the 1:1 preview equals what OK writes (both
    the print's two filters joined, plugin/render/print-window.h), and
    the output keeps the print's tone seen from a distance, its mean
    within a third of the stored values' offset from it;
  - Band-pass… on the same waved coffee.png with "Remove a periodic
    pattern" chosen from the Job list by the keyboard: the job's
    arguments, the wave found and removed as above;
  - Band-pass… with "Flatten uneven light", "Separate fine detail into a
    layer" and "Band-pass for scientific images" chosen from the Job list
    by the keyboard, the last with Autoscale turned on too.

For each, the arguments OK saves must be the job's (the contract's
table), and the preview, zoomed to 1:1, must equal what OK writes within
1/255 (FFT_BANDPASS_PREVIEW_DUMP, as gimp_preview.py), the output clearly
different from the input, and the plug-in's process must print no GLib,
GTK, GEGL or libgimp warning or critical, nor GIMP's word of a mnemonic
missing or used twice.

With FFT_BANDPASS_SCREENSHOTS set to a folder, each dialog is saved there
as job-NAME.png before OK.

Usage: gimp_jobs.py PATH/TO/fft-bandpass"""
import os
import re
import subprocess
import sys
import time

import numpy as np

import gimp_harness as gh
import gimp_preview as gp
from gimp_oracle import linear_to_srgb, paper_share, srgb_to_linear
import gimp_xvfb as gx

HERE = os.path.dirname(os.path.abspath(__file__))
COFFEE = os.path.join(HERE, "..", "..", "examples", "coffee.png")
WIDTH, HEIGHT = 600, 400          # coffee.png's size
WAVE = (1 / 12, -1 / 16)          # cycles/px, as gimp_dialog.py's
WAVE_AMPLITUDE = 20.0             # of 255

# (name, procedure, index in the Job list or None, keys after it, the
# saved arguments the job sets: the contract's table for a 600 × 400
# drawable).
CASES = [
    ("remove-pattern", "plug-in-fft-remove-pattern", None, [],
     {"large-structures": 0.0, "small-structures": 0.0, "output": "replace"}),
    ("remove-print", "plug-in-fft-remove-pattern", None, [],
     {"large-structures": 0.0, "output": "replace"}),
    ("pattern-job", "plug-in-fft-bandpass", 1, [],
     {"large-structures": 0.0, "small-structures": 0.0, "output": "replace"}),
    ("flatten-light", "plug-in-fft-bandpass", 2, [],
     {"large-structures": 50.0, "small-structures": 0.0, "output": "replace"}),
    ("separate-detail", "plug-in-fft-bandpass", 3, [],
     {"large-structures": 0.0, "small-structures": 4.0, "output": "removed-part"}),
    ("imagej-autoscale", "plug-in-fft-bandpass", 4, ["alt+z"],
     {"large-structures": 40.0, "small-structures": 3.0, "output": "replace",
      "autoscale": True}),
]


PRINT_PERIOD = 6.0


def screen_of(shape):
    """A screen of PRINT_PERIOD px at 45°, the one paper_share
    (gimp_oracle.py) integrates: a pixel is inked where the ink wanted
    (1 − reflectance) exceeds it."""
    y, x = np.mgrid[0:shape[0], 0:shape[1]].astype(np.float64)
    u, v = (x + y) / PRINT_PERIOD / np.sqrt(2), (y - x) / PRINT_PERIOD / np.sqrt(2)
    return 0.5 + 0.25 * (np.cos(2 * np.pi * u) + np.cos(2 * np.pi * v))


def printed(image):
    """`image` (0 … 255) printed: each channel's dots on one screen, blurred
    as a scanner's optics blur (in light), encoded to 8 bits; and the print
    seen from a distance."""
    light = srgb_to_linear(image / 255)
    dots = np.where((1 - light) > screen_of(image.shape)[..., None], 0.0, 1.0)
    fy = np.fft.fftfreq(image.shape[0])[:, None, None]
    fx = np.fft.fftfreq(image.shape[1])[None, :, None]
    blur = np.exp(-2 * (np.pi * 0.8) ** 2 * (fx ** 2 + fy ** 2))
    scanned = np.fft.ifft2(np.fft.fft2(dots, axes=(0, 1)) * blur, axes=(0, 1)).real
    seen = linear_to_srgb(paper_share(light)) * 255
    return np.clip(np.rint(linear_to_srgb(np.clip(scanned, 0, 1)) * 255), 0, 255), seen


def check_print(name, values, output, given, seen):
    screen = float(values.get("print-screen", "0"))
    gh.check(5.5 <= screen <= 6.5, f"{name}: Find patterns set print-screen to the "
                                   f"screen's period: {screen} (5.5 … 6.5)")
    kept, stored = output.mean() - seen.mean(), given.mean() - seen.mean()
    gh.check(abs(kept) <= abs(stored) / 3,
             f"{name}: the print's tone kept: mean {kept:+.2f}/255 from the print "
             f"seen from a distance (a mean of the stored values {stored:+.2f})")


def write_ppm(path, image):
    with open(path, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (image.shape[1], image.shape[0]))
        f.write(np.ascontiguousarray(image, np.uint8).tobytes())


def wave(shape):
    """The wave, its amplitude growing from a third at the left edge to
    the whole at the right."""
    y, x = np.mgrid[0:shape[0], 0:shape[1]]
    grow = (1 + 2 * x / (shape[1] - 1)) / 3
    return WAVE_AMPLITUDE * grow * np.sin(2 * np.pi * (WAVE[0] * x + WAVE[1] * y))


TILE = 64


def strongest_tile(removed):
    """The centre of the TILE-px tile where `removed` has the most energy."""
    height, width = (n - n % TILE for n in removed.shape[:2])
    energy = (removed[:height, :width] ** 2).sum(axis=2)
    tiles = energy.reshape(height // TILE, TILE, width // TILE, TILE).sum(axis=(1, 3))
    ty, tx = np.unravel_index(np.argmax(tiles), tiles.shape)
    return tx * TILE + TILE // 2, ty * TILE + TILE // 2


def check_found_place(name, first, removed):
    """The preview went to 1:1 by itself, on the place of most removal."""
    if not gh.check(first is not None, f"{name}: the preview settled"):
        return
    x, y, step, pixels = first[:4]
    cx, cy = strongest_tile(removed)
    inside = x <= cx < x + pixels.shape[1] and y <= cy < y + pixels.shape[0]
    gh.check(step == 1 and inside,
             f"{name}: once found, the preview shows 1:1 (step {step}) the window "
             f"{pixels.shape[1]}×{pixels.shape[0]} at ({x}, {y}), holding the tile "
             f"of most removal at ({cx}, {cy}): {inside}")


def wave_amplitude(image):
    """The windowed |X| at the wave's frequency, summed over the channels."""
    height, width = image.shape[:2]
    window = np.outer(np.hanning(height), np.hanning(width))[..., None]
    spectrum = np.fft.fft2((image - image.mean(axis=(0, 1))) * window, axes=(0, 1))
    return np.abs(spectrum[round(WAVE[1] * height) % height,
                           round(WAVE[0] * width) % width]).sum()


def saved(harness, procedure):
    """The last values OK saved, as {argument: text}."""
    path = os.path.join(harness.gimpdir, "plug-in-settings",
                        f"GimpProcedureConfigRun-{procedure}.last")
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return dict(re.findall(r'^\(([a-z-]+) "?([^")]*)"?\)', f.read(), re.M))


def matches(value, want):
    if isinstance(want, bool):
        return value == ("yes" if want else "no")
    if isinstance(want, float):
        try:
            return abs(float(value) - want) < 1e-9
        except ValueError:
            return False
    return value == want


def choose(env, window, index, keys):
    """The Job list through its mnemonic, then the job by the arrow keys."""
    gx.xdotool(env, "windowfocus", "--sync", window)
    gx.xdotool(env, "key", "--window", window, "--clearmodifiers", "alt+j")
    gx.xdotool(env, "key", "Home")
    for _ in range(index):
        gx.xdotool(env, "key", "Down")
        time.sleep(0.2)
    for key in keys:
        gx.xdotool(env, "key", "--window", window, "--clearmodifiers", key)
        time.sleep(0.5)


def run_case(harness, name, procedure, index, keys, source, arguments):
    folder = harness.path(f"dumps-{name}")
    os.makedirs(folder)
    target = harness.path(f"{name}.ppm")
    env = {"FFT_BANDPASS_PREVIEW_DUMP": folder, "FFTCL_DEVICE": "cpu"}
    one_to_one = first = None
    with gx.InteractiveCall(harness, source, target, env, procedure, arguments) as call:
        window = call.wait_for_dialog()
        if gh.check(window is not None, f"{name}: the dialog opens"):
            gx.xdotool(call.env, "mousemove", "1270", "890")
            first = gp.settle(folder, 0)
            gh.check(first is not None, f"{name}: the preview draws")
            if index is not None:
                choose(call.env, window, index, keys)
                time.sleep(1)
                gp.settle(folder, 0)
            count = len(gp.dumps(folder))
            gp.zoom_in(call.env, window, 4)
            one_to_one = gp.settle(folder, count, lambda dump: dump[2] == 1)
            shots = os.environ.get("FFT_BANDPASS_SCREENSHOTS")
            if shots:
                os.makedirs(shots, exist_ok=True)
                gx.screenshot(call.env, window, os.path.join(shots, f"job-{name}.png"))
            gx.xdotool(call.env, "windowfocus", "--sync", window)
            call.press_ok(window)
    gh.check(call.statuses() == ["STATUS success"],
             f"{name}: OK filters: {call.statuses() or call.output()[-2000:]}")
    problems = gx.console_problems(call.output())
    gh.check(not problems, f"{name}: the plug-in warns of nothing (no critical, no "
                           f"mnemonic missing or twice): {problems}")
    return one_to_one, target, first


def main():
    harness = gh.Harness(sys.argv[1])
    plain = harness.path("coffee.ppm")
    subprocess.run(["convert", COFFEE, "-depth", "8", plain], check=True)
    coffee = gp.read_ppm(plain).astype(np.float64)
    waved = harness.path("wave.ppm")
    write_ppm(waved, np.clip(np.rint(coffee + wave(coffee.shape)[..., None]), 0, 255))
    print_path = harness.path("print.ppm")
    print_pixels, seen = printed(coffee)
    write_ppm(print_path, print_pixels)

    for name, procedure, index, keys, arguments in CASES:
        finds_wave = name in ("remove-pattern", "pattern-job")
        source = waved if finds_wave else print_path if name == "remove-print" else plain
        # A script's nil for notch-channels: the dialog shows no channels.
        given = {"notch-channels": None} if procedure == "plug-in-fft-remove-pattern" else {}
        one_to_one, target, first = run_case(harness, name, procedure, index, keys, source, given)
        values = saved(harness, procedure)
        wrong = {k: values.get(k) for k, v in arguments.items()
                 if not matches(values.get(k), v)}
        gh.check(not wrong, f"{name}: OK saved the job's arguments "
                            f"{arguments} (wrong: {wrong})")
        if not gh.check(os.path.exists(target), f"{name}: the output is saved"):
            continue
        output = gp.read_ppm(target)
        given = gp.read_ppm(source).astype(np.float64)
        changed = np.abs(output - given).mean()
        gh.check(changed > 1, f"{name}: the filter changes the image: mean "
                              f"{changed:.2f}/255")
        gp.compare(f"{name}: 1:1", one_to_one, output)
        if finds_wave:
            left = wave_amplitude(output.astype(np.float64)) / wave_amplitude(given)
            gh.check(left < 0.1, f"{name}: the wave is found and removed: "
                                 f"{left:.3f} of it left")
        if name == "remove-pattern":
            check_found_place(name, first, given - output)
        if name == "remove-print":
            check_print(name, values, output.astype(np.float64), given, seen)
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
