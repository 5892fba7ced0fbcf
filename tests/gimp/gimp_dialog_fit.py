#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The dialog fits a 1366 × 768 laptop screen with the spectrum open, in
English and in German: GIMP 3 runs under Xvfb with a screen of that size
and calls Remove Periodic Pattern… on examples/coffee.png with a wave
over it, so that the dialog opens with its job chosen, the patterns found
and their list filled (its largest state). The dialog window, OK and
Cancel at its bottom with it, must lie inside the screen with room left
for a title bar and a panel, the spectrum must be shown, and OK must
filter. With FFT_BANDPASS_SCREENSHOTS set to a folder, each dialog is
saved there as dialog-LANGUAGE.png, and scrolled down to the list of
notches as dialog-LANGUAGE-notches.png.

Usage: gimp_dialog_fit.py PATH/TO/fft-bandpass PATH/TO/de/fft-bandpass.mo"""
import os
import shutil
import subprocess
import sys
import time

import numpy as np

import gimp_harness as gh
import gimp_jobs as gj
import gimp_preview as gp
import gimp_translation as gt
import gimp_xvfb as gx

SCREEN = (1366, 768)
# What a desktop takes of the screen's height: a title bar and a panel.
DESKTOP = 64
LANGUAGES = {"en": "C.UTF-8", "de": "de_DE.UTF-8"}


def wave_image(harness):
    plain = harness.path("coffee.ppm")
    subprocess.run(["convert", gj.COFFEE, "-depth", "8", plain], check=True)
    coffee = gp.read_ppm(plain).astype(np.float64)
    waved = harness.path("wave.ppm")
    gj.write_ppm(waved, np.clip(np.rint(coffee + gj.wave(coffee.shape)[..., None]),
                                0, 255))
    return waved


def fits(name, geometry):
    width, height = SCREEN
    inside = (geometry["X"] >= 0 and geometry["Y"] >= 0 and
              geometry["X"] + geometry["WIDTH"] <= width and
              geometry["Y"] + geometry["HEIGHT"] <= height)
    gh.check(inside and geometry["HEIGHT"] + DESKTOP <= height,
             f"{name}: the dialog, OK and Cancel at its bottom, lies inside the "
             f"{width}×{height} screen with {DESKTOP} px to spare: {geometry}")


def scroll_to_notches(env, window, harness, shots, name):
    """Folds the spectrum, scrolls the settings column down to the list of
    notches (the wheel over the column's left margin, where no slider
    takes it) and saves the dialog as dialog-LANGUAGE-notches.png."""
    geometry = gx.window_geometry(env, window)
    left = geometry["WIDTH"] * 455 // 1000
    gx.xdotool(env, "mousemove", "--window", window, str(left + 20), "20", "click", "1")
    time.sleep(1)
    gx.xdotool(env, "mousemove", "--window", window, str(left),
               str(geometry["HEIGHT"] // 2))
    for _ in range(30):
        gx.xdotool(env, "click", "5")
        time.sleep(0.1)
    gx.xdotool(env, "mousemove", str(SCREEN[0] - 1), str(SCREEN[1] - 1))
    time.sleep(1)
    shot = gx.screenshot(env, window, harness.path(f"dialog-{name}-notches.png"))
    shutil.copy(shot, os.path.join(shots, f"dialog-{name}-notches.png"))


def run_language(binary, catalogue, name, language):
    harness = gh.Harness(binary)
    messages = os.path.join(harness.gimpdir, "plug-ins", "fft-bandpass",
                            "locale", "de", "LC_MESSAGES")
    os.makedirs(messages)
    shutil.copy(catalogue, os.path.join(messages, "fft-bandpass.mo"))
    folder = harness.path("dumps")
    os.makedirs(folder)
    env = {"LOCPATH": gt.german_locale(harness.path("locales")), "LANG": language,
           "LC_ALL": language, "FFT_BANDPASS_PREVIEW_DUMP": folder,
           "FFTCL_DEVICE": "cpu"}
    screen = "%dx%d" % SCREEN
    with gx.InteractiveCall(harness, wave_image(harness), None, env,
                            "plug-in-fft-remove-pattern", {}, screen) as call:
        window = call.wait_for_dialog("Band")
        if gh.check(window is not None, f"{name}: the dialog opens"):
            gx.xdotool(call.env, "mousemove", str(SCREEN[0] - 1), str(SCREEN[1] - 1))
            gh.check(gp.settle(folder, 0) is not None, f"{name}: the preview draws")
            time.sleep(2)
            fits(name, gx.window_geometry(call.env, window))
            shot = gx.screenshot(call.env, window, harness.path(f"dialog-{name}.png"))
            shots = os.environ.get("FFT_BANDPASS_SCREENSHOTS")
            if shots:
                os.makedirs(shots, exist_ok=True)
                shutil.copy(shot, os.path.join(shots, f"dialog-{name}.png"))
                scroll_to_notches(call.env, window, harness, shots, name)
            gx.xdotool(call.env, "windowfocus", "--sync", window)
            call.press_ok(window)
    gh.check(call.statuses() == ["STATUS success"],
             f"{name}: OK filters: {call.statuses() or call.output()[-2000:]}")
    problems = gx.console_problems(call.output())
    gh.check(not problems, f"{name}: the plug-in warns of nothing: {problems}")


def main():
    binary, catalogue = sys.argv[1], sys.argv[2]
    for name, language in LANGUAGES.items():
        run_language(binary, catalogue, name, language)
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
