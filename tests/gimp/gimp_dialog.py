#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Opens the real dialog: GIMP 3 runs under Xvfb and calls the procedure
interactively on examples/coffee.png while this test finds the dialog
window, takes screenshots of it, edits large-structures and the device,
and presses OK. The screenshots must not be blank, must change with the
edit, and the call must succeed on the chosen device.

The image is coffee.png with a diagonal wave over it. In the spectrum view
the test clicks the wave's peak, which must add a notch there (drawn with
its mirror); a click on the mirror must remove it, another on the peak add
it again; it drags the small-structures ring, which must follow. Then, the
clicked notch removed, it presses "Find patterns": a found notch must be
drawn in the found colour at the peak and its mirror, a click on it must
remove it and another press bring it back; OK must write it into the
notches (one triple within a frequency bin of the wave, saved as the
procedure's last values) and the filtered image must have lost the wave.
Throughout, the plug-in's process must print no warning or critical.

Usage: gimp_dialog.py PATH/TO/fft-bandpass [SCREENSHOT-FOLDER]"""
import os
import shutil
import subprocess
import sys
import time

import numpy as np

import gimp_harness as gh
import gimp_xvfb as gx

HERE = os.path.dirname(os.path.abspath(__file__))
COFFEE = os.path.join(HERE, "..", "..", "examples", "coffee.png")


def open_advanced(env, window):
    """The "Advanced" expander follows the notches entry, the notch
    channels field and the halftone screen's slider (its field and its
    scale) in the focus chain, wherever the layout puts them."""
    height = gx.window_height(env, window)
    xdotool = gx.xdotool
    xdotool(env, "windowfocus", "--sync", window)
    xdotool(env, "key", "--window", window, "--clearmodifiers", "alt+x")
    for _ in range(4):
        xdotool(env, "key", "Tab")
    xdotool(env, "key", "space")
    time.sleep(1)
    return gx.window_height(env, window) > height


# The wave: 50 and -25 whole cycles across the 600 × 400 image, a period
# of 9.6 px, well inside the default band (3 … 40 px).
WAVE = (1 / 12, -1 / 16)
WAVE_AMPLITUDE = 0.15
SMALL_RING = (255, 230, 51)   # the spectrum view's colours (spectrum-view.c)
NOTCH_RING = (51, 255, 102)
FOUND_RING = (255, 153, 0)
SMALL_STRUCTURES = 3          # the default: the small ring's period


def wave_image(harness):
    """coffee.png in linear light (as GIMP reads a PFM) plus the wave."""
    srgb_path = harness.path("coffee.pfm")
    subprocess.run(["convert", COFFEE, "-depth", "32", "-define",
                    "quantum:format=floating-point", srgb_path], check=True)
    srgb = gh.read_pfm(srgb_path)
    linear = np.where(srgb <= 0.04045, srgb / 12.92,
                      ((srgb + 0.055) / 1.055) ** 2.4)
    y, x = np.mgrid[0:linear.shape[0], 0:linear.shape[1]]
    wave = WAVE_AMPLITUDE * np.sin(2 * np.pi * (WAVE[0] * x + WAVE[1] * y))
    return harness.write_image("wave.pfm", linear + wave[..., None])


def wave_amplitude(image):
    """|X| at the wave's frequency, summed over the channels."""
    height, width = image.shape[:2]
    spectrum = np.fft.fft2(image, axes=(0, 1))
    return np.abs(spectrum[round(WAVE[1] * height) % height,
                           round(WAVE[0] * width) % width]).sum()


def pixels(path):
    width, height = map(int, subprocess.run(
        ["identify", "-format", "%w %h", path], stdout=subprocess.PIPE,
        text=True, check=True).stdout.split())
    raw = subprocess.run(["convert", path, "-depth", "8", "rgb:-"],
                         stdout=subprocess.PIPE, check=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(height, width, 3)


def ring(shot, colour):
    """The centre and radius of the circle drawn in `colour`, or None."""
    ys, xs = np.nonzero(np.all(pixels(shot) == colour, axis=2))
    if len(xs) < 20:
        return None
    # Antialiasing leaves the pure colour unevenly around the circle: its
    # bounds, not its mean, give the centre.
    cx, cy = (xs.min() + xs.max()) / 2, (ys.min() + ys.max()) / 2
    radius = np.median(np.hypot(xs - cx, ys - cy))
    on_circle = np.abs(np.hypot(xs - cx, ys - cy) - radius) < 3
    return (cx, cy, radius) if on_circle.mean() > 0.9 else None


def wait_for_spectrum(harness, env, window, timeout=120):
    """The screenshot that shows the small ring, and the ring."""
    deadline = time.time() + timeout
    while True:
        shot = gx.screenshot(env, window, harness.path("spectrum.png"))
        small = ring(shot, SMALL_RING)
        if small is not None or time.time() > deadline:
            return shot, small
        time.sleep(1)


def drag_small_ring(env, window, small, radius):
    cx, cy, start = small
    gx.xdotool(env, "mousemove", "--window", window, str(round(cx + start)),
               str(round(cy)), "mousedown", "1")
    for step in range(1, 11):
        r = start + (radius - start) * step / 10
        gx.xdotool(env, "mousemove", "--window", window, str(round(cx + r)),
                   str(round(cy)))
        time.sleep(0.1)
    gx.xdotool(env, "mouseup", "1")
    time.sleep(2)


def click_at(env, window, x, y):
    gx.xdotool(env, "mousemove", "--window", window, str(round(x)),
               str(round(y)), "click", "1")
    time.sleep(2)


def notch_pixels(shot, colour=NOTCH_RING):
    ys, xs = np.nonzero(np.all(pixels(shot) == colour, axis=2))
    return xs, ys


def at_and_mirrored(shot, colour, centre, peak):
    """Whether `colour` circles the wave's peak and its mirror."""
    xs, ys = notch_pixels(shot, colour)
    near = lambda px, py: np.any(np.hypot(xs - px, ys - py) < 10)
    (cx, cy), (x, y) = centre, peak
    return near(x, y) and near(2 * cx - x, 2 * cy - y)


def press_find(harness, env, window, name, timeout=60):
    """Presses "Find patterns" and waits (at most `timeout` s) for found
    notches to show. Its
    mnemonic is shared with "Channels to filter" under Advanced, which GTK
    focuses in turn with it: the keys go from the sensitivity's field,
    beside the button, back over the slider to the button."""
    gx.xdotool(env, "windowfocus", "--sync", window)
    gx.xdotool(env, "key", "--window", window, "--clearmodifiers", "alt+y")
    gx.xdotool(env, "key", "shift+Tab", "shift+Tab", "space")
    deadline = time.time() + timeout
    while True:
        time.sleep(1)
        shot = gx.screenshot(env, window, harness.path(name))
        if len(notch_pixels(shot, FOUND_RING)[0]) or time.time() > deadline:
            return shot


def drive_spectrum(harness, env, window):
    """Clicks the wave's peak, removes the notch through its mirror and
    adds it again, and drags the small ring from 3 to 4 px."""
    before, small = wait_for_spectrum(harness, env, window)
    if not gh.check(small is not None,
                    "the spectrum view draws the small-structures ring"):
        return
    cx, cy, radius = small
    scale = radius * SMALL_STRUCTURES   # screen px per cycle per pixel
    inside = pixels(before)[round(cy - radius):round(cy + radius),
                            round(cx - radius):round(cx + radius)]
    shades = len(np.unique(inside.reshape(-1, 3), axis=0))
    gh.check(shades > 50, f"the spectrum is not blank: {shades} colours "
             f"inside the small ring")

    # A little off the peak: the click snaps to it.
    x, y = cx + WAVE[0] * scale + 2, cy + WAVE[1] * scale + 1
    click_at(env, window, x, y)
    notched = gx.screenshot(env, window, harness.path("spectrum-notched.png"))
    gh.check(gx.differs(before, notched) > 20,
             f"a click changes the view: {gx.differs(before, notched)} pixels")
    xs, ys = notch_pixels(notched)
    near = lambda px, py: np.any(np.hypot(xs - px, ys - py) < 10)
    gh.check(near(x, y) and near(2 * cx - x, 2 * cy - y),
             "the click draws a notch at the peak and at its mirror")

    click_at(env, window, 2 * cx - x, 2 * cy - y)
    removed = gx.screenshot(env, window, harness.path("spectrum-removed.png"))
    gh.check(len(notch_pixels(removed)[0]) == 0,
             "a click on the notch's mirror removes the notch")
    click_at(env, window, x, y)

    drag_small_ring(env, window, small, scale / 4)
    dragged = ring(gx.screenshot(env, window,
                                 harness.path("spectrum-dragged.png")),
                   SMALL_RING)
    gh.check(dragged is not None and abs(dragged[2] - scale / 4) < 3,
             f"the small ring follows the drag to {scale / 4:.0f} px: "
             f"{dragged and round(dragged[2])} px")
    return (cx, cy), (cx + WAVE[0] * scale, cy + WAVE[1] * scale)


def find_patterns(harness, env, window, centre, peak):
    """Finds nothing new where the clicked notch covers the wave; removes
    the clicked notch, finds the wave's, removes that with a click and
    finds it again. Returns the screenshot with it found."""
    covered = press_find(harness, env, window, "found-covered.png", timeout=5)
    gh.check(len(notch_pixels(covered, FOUND_RING)[0]) == 0 and
             at_and_mirrored(covered, NOTCH_RING, centre, peak),
             "a pattern a clicked notch covers is not added again")

    click_at(env, window, *peak)
    cleared = gx.screenshot(env, window, harness.path("spectrum-cleared.png"))
    gh.check(len(notch_pixels(cleared)[0]) == 0,
             "a click on the clicked notch removes it")

    found = press_find(harness, env, window, "found.png")
    gh.check(at_and_mirrored(found, FOUND_RING, centre, peak),
             "Find patterns draws a found notch at the peak and its mirror")
    gh.check(len(notch_pixels(found)[0]) == 0,
             "the found notch is not drawn as a clicked one")

    click_at(env, window, *peak)
    dropped = gx.screenshot(env, window, harness.path("found-dropped.png"))
    gh.check(len(notch_pixels(dropped, FOUND_RING)[0]) == 0,
             "a click on the found notch removes it")

    again = press_find(harness, env, window, "found-again.png")
    gh.check(at_and_mirrored(again, FOUND_RING, centre, peak),
             "pressing again finds the notch again")
    return again


def saved_notches(harness):
    """The notches of the procedure's last values, as the dialog's OK
    saved them, or None."""
    path = os.path.join(harness.gimpdir, "plug-in-settings",
                        "GimpProcedureConfigRun-plug-in-fft-bandpass.last")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        words = f.read().split("(notches", 1)[-1].split(")")[0].split()
    return [float(w) for w in words[1:]] if words else None


def check_saved_notch(harness):
    notches = saved_notches(harness)
    height, width = 400, 600
    wave = np.array(WAVE)
    ok = notches is not None and len(notches) == 3
    if ok:
        found = np.array(notches[:2])
        found = found if found @ wave > 0 else -found
        ok = (abs(found[0] - wave[0]) <= 1 / width and
              abs(found[1] - wave[1]) <= 1 / height)
    gh.check(ok, f"the Notches field holds one notch within a bin of the "
             f"wave {tuple(round(w, 5) for w in WAVE)}: {notches}")


def drive(harness, env, window):
    before = gx.screenshot(env, window, harness.path("before.png"))
    gx.type_into(env, window, "alt+g", "123")
    after = gx.screenshot(env, window, harness.path("after.png"))

    gh.check(gx.colours(before) > 50, f"the dialog is not blank: {gx.colours(before)} colours")
    gh.check(gx.differs(before, after) > 20,
             f"typing into large-structures changes the dialog: "
             f"{gx.differs(before, after)} pixels")

    gh.check(open_advanced(env, window), "Advanced expands")

    expanded = gx.screenshot(env, window, harness.path("expanded.png"))
    # The device shares its mnemonic with "Channels each notch covers"
    # (every other letter is taken): GTK takes the two in turn, that
    # field first.
    gx.xdotool(env, "key", "--window", window, "--clearmodifiers", "alt+v")
    gx.xdotool(env, "key", "--window", window, "--clearmodifiers", "alt+v")
    gx.xdotool(env, "key", "Down")
    time.sleep(1)
    chosen = gx.screenshot(env, window, harness.path("chosen.png"))
    gh.check(gx.differs(expanded, chosen) > 20,
             f"the device combo moves to the CPU: {gx.differs(expanded, chosen)} pixels")
    return chosen


def main():
    binary = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    harness = gh.Harness(binary)
    # FFTCL_DEVICE would make the device combo insensitive.
    os.environ.pop("FFTCL_DEVICE", None)
    source, target = wave_image(harness), harness.path("filtered.pfm")
    with gx.InteractiveCall(harness, source, target) as call:
        window = call.wait_for_dialog()
        if gh.check(window is not None, "the dialog opens"):
            spots = drive_spectrum(harness, call.env, window)
            found = spots and find_patterns(harness, call.env, window, *spots)
            shot = drive(harness, call.env, window)
            if shots:
                os.makedirs(shots, exist_ok=True)
                shutil.copy(shot, os.path.join(shots, "dialog.png"))
                if found:
                    shutil.copy(found,
                                os.path.join(shots, "find-patterns.png"))
            call.press_ok(window)
    statuses = call.statuses()
    gh.check(statuses == ["STATUS success"],
             f"OK filters: {statuses or call.output()[-2000:]}")
    problems = gx.console_problems(call.output())
    gh.check(not problems, f"the plug-in warns of nothing: {problems}")
    if os.path.exists(target):
        kept = (wave_amplitude(gh.read_pfm(target)) /
                wave_amplitude(gh.read_pfm(source)))
        # The band alone would keep about 0.9 of it (Gaussian, 4 … 123 px).
        gh.check(kept < 0.2, f"the found notch removes the wave: {kept:.3f} "
                 f"of it left")
    check_saved_notch(harness)
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
