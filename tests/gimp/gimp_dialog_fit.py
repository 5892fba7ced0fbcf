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

The list of notches (FFT_BANDPASS_PREVIEW_DUMP's notches-NNNNN.dump, a
line per row as the list shows it) must hold a row for the wave drawn,
its period and angle computed from the wave's frequency, in the
language's words ("9.6 px -36.9° wave rgb", German "9,6 px -36,9° Welle
rgb"). The test then types channels into the Notch channels field, the
first notch's "g" and the others' "rgb", which the list must show, and
removes the list's last row with its button (from the Notches field
shift+Tab, then space): the list must lose that row alone, and OK must
save one notch fewer in Notches and one word fewer in Notch channels,
the words the rows left show.

Usage: gimp_dialog_fit.py PATH/TO/fft-bandpass PATH/TO/de/fft-bandpass.mo"""
import glob
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
# The list's word for a wave, and its decimal mark, per language.
WAVE_WORD = {"en": "wave", "de": "Welle"}
DECIMAL_MARK = {"en": ".", "de": ","}
# The mnemonics of the Notches and Notch channels fields.
NOTCHES_KEY = {"en": "alt+x", "de": "alt+x"}
CHANNELS_KEY = {"en": "alt+v", "de": "alt+r"}
PROCEDURE = "plug-in-fft-remove-pattern"


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


def wave_row(name):
    """The list's row for gimp_jobs' wave: its period, 1/|f| px, and the
    direction of its frequency in degrees within (−90°, 90°], as the
    list rounds them (one decimal)."""
    fx, fy = gj.WAVE
    angle = np.degrees(np.arctan2(fy, fx))
    angle = angle - 180 if angle > 90 else angle + 180 if angle <= -90 else angle
    number = lambda v: f"{v:.1f}".replace(".", DECIMAL_MARK[name])
    return (f"{number(1 / np.hypot(fx, fy))} px {number(angle)}° "
            f"{WAVE_WORD[name]} rgb")


def notch_rows(folder):
    """The rows of the latest notches-NNNNN.dump, or None."""
    paths = sorted(glob.glob(os.path.join(folder, "notches-*.dump")))
    if not paths:
        return None
    with open(paths[-1], encoding="utf-8") as f:
        return f.read().splitlines()


def remove_last_row(name, env, window):
    """The Notches field by its mnemonic, shift+Tab back to the last row's
    remove button, space to press it."""
    gx.xdotool(env, "windowfocus", "--sync", window)
    gx.xdotool(env, "key", "--window", window, "--clearmodifiers",
               NOTCHES_KEY[name])
    time.sleep(0.5)
    gx.xdotool(env, "key", "--clearmodifiers", "shift+Tab")
    time.sleep(0.5)
    gx.xdotool(env, "key", "--clearmodifiers", "space")
    time.sleep(2)


def check_rows(name, folder, env, window):
    """The wave's row is in the list, and its last row's button removes
    that row alone; returns the rows left."""
    rows = notch_rows(folder)
    want = wave_row(name)
    gh.check(bool(rows) and want in rows,
             f"{name}: the list reads {want!r} for the wave: {rows}")
    if not rows:
        return None
    words = ["g"] + ["rgb"] * (len(rows) - 1)
    gx.type_into(env, window, CHANNELS_KEY[name], " ".join(words))
    edited = [row.rsplit(" ", 1)[0] + " " + word for row, word in zip(rows, words)]
    shown = notch_rows(folder)
    gh.check(shown == edited, f"{name}: the list shows the channels typed into "
             f"Notch channels: {shown}")
    remove_last_row(name, env, window)
    left = notch_rows(folder)
    gh.check(left == edited[:-1], f"{name}: the remove button takes the last of "
             f"{len(rows)} rows alone: {left}")
    return left


def check_saved(name, harness, left):
    """OK saved as many notches (after the array's length) and channel
    words as the list's rows, the words the rows show."""
    values = gj.saved(harness, PROCEDURE)
    notches = values.get("notches", "").split()
    words = values.get("notch-channels", "").split()
    gh.check(left is not None and len(notches) == 3 * len(left) + 1 and
             words == [row.rsplit(" ", 1)[1] for row in left],
             f"{name}: Notches and Notch channels in step with the list's "
             f"{len(left) if left else None} rows: {values.get('notches')!r}, "
             f"{values.get('notch-channels')!r}")


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
                            PROCEDURE, {}, screen) as call:
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
            left = check_rows(name, folder, call.env, window)
            gx.xdotool(call.env, "windowfocus", "--sync", window)
            call.press_ok(window)
    gh.check(call.statuses() == ["STATUS success"],
             f"{name}: OK filters: {call.statuses() or call.output()[-2000:]}")
    if window is not None:
        check_saved(name, harness, left)
    problems = gx.console_problems(call.output())
    gh.check(not problems, f"{name}: the plug-in warns of nothing: {problems}")


def main():
    binary, catalogue = sys.argv[1], sys.argv[2]
    for name, language in LANGUAGES.items():
        run_language(binary, catalogue, name, language)
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
