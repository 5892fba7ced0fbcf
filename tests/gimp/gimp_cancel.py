#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A long final run shows progress throughout and can be cancelled at any
point, leaving the image untouched: GIMP 3 runs with its user interface
under Xvfb and filters large images; the progress shows in the status
bar of GIMP's (empty) image window, which a fresh configuration places
at the top left of the screen.

The progress bar stands still at a step's fraction while the plug-in
reads or writes pixels, and pulses while the filter (padding, FFT, gain,
inverse FFT) runs, so screenshots of it tell the test where the run is.
In one GIMP session the test cancels a run at each of these points,
clicking the status bar's Cancel:

  - as soon as the progress shows (reading the pixels);
  - while the filter runs (the FFT), once the bar pulses;
  - with two drawables, while the second is filtered, the first's result
    waiting in its shadow.

Each call must report the cancel and leave every layer's pixels as they
were and the image clean (no undo step), and the plug-in's process print
no warning or critical (gimp_xvfb.console_problems).

Usage: gimp_cancel.py PATH/TO/fft-bandpass"""
import subprocess
import sys
import time

import gimp_harness as gh
import gimp_xvfb as gx

# Each round's layers, by size, in the order passed. 6000² is padded to
# 8192²: seconds on a CPU, time enough to cancel. In "second-drawable"
# the first layer is done within a second, so the bar that pulses on is
# the second's.
ROUNDS = [("when-shown", [6000]), ("during-fft", [6000]),
          ("second-drawable", [500, 6000])]
# Where a fresh configuration's 800×600 image window shows the progress
# bar and its Cancel button (screen pixels).
PROGRESS_BAR = "270x10+196+588"
CANCEL = ("518", "582")
# Pixels that differ between two screenshots of a moving bar.
MOVED = 10
# Progress steps are far apart on a loaded machine: with four busy
# processes beside it on two cores, padding and the forward FFT took
# over 30 s.
PHASE_TIMEOUT = 240

CALL_SCRIPT = r'''
import hashlib
import os
import time
import gimp_driver as gd
from gi.repository import Gimp
import numpy as np

def digest(layer):
    return hashlib.sha256(gd.take(layer, "R'G'B'A u8", np.uint8).tobytes()).hexdigest()

proc = Gimp.get_pdb().lookup_procedure(gd.PROC_NAME)
for name, sizes in {rounds!r}:
    image = Gimp.Image.new(max(sizes), max(sizes), Gimp.ImageBaseType.RGB)
    layers = []
    for size in sizes:
        layer = Gimp.Layer.new(image, "layer", size, size,
                               Gimp.ImageType.RGB_IMAGE, 100,
                               Gimp.LayerMode.NORMAL)
        image.insert_layer(layer, None, 0)
        layer.edit_gradient_fill(Gimp.GradientType.SPIRAL_CLOCKWISE, 0,
                                 False, 1, 0, True, 0, 0, size / 2, size / 3)
        layers.append(layer)
    before = [digest(layer) for layer in layers]
    image.clean_all()
    config = gd.config_for(proc, gd.call_arguments(image, layers, {{}}))
    print("READY " + name, flush=True)
    while not os.path.exists(os.path.join({folder!r}, "go-" + name)):
        time.sleep(0.1)
    status, _, _ = gd.run_config(proc, config)
    after = [digest(layer) for layer in layers]
    print("RESULT", name, status.value_nick,
          sum(a == b for a, b in zip(after, before)), len(layers),
          image.is_dirty(), flush=True)
    image.delete()
'''


class Bar:
    """Screenshots of the progress bar, each compared with the last."""

    def __init__(self, gimp):
        self.env = gimp.env
        self.harness = gimp.harness
        self.count = 0
        self.last = None

    def shot(self, name=None):
        self.count += 1
        path = self.harness.path(name or f"progress-{self.count % 2}.png")
        gx.screenshot(self.env, "root", path)
        subprocess.run(["convert", path, "-crop", PROGRESS_BAR, path], check=True)
        return path

    def moves(self):
        """Whether the bar changed since the last look; looks again."""
        self.last = self.last or self.shot()
        time.sleep(0.2)
        now = self.shot()
        moved = gx.differs(self.last, now) > MOVED
        self.last = now
        return moved

    def wait_until(self, moving, looks=2):
        """Waits for `looks` looks in a row that find the bar moving (or
        still); FALSE when the phase never comes."""
        deadline = time.time() + PHASE_TIMEOUT
        seen = 0
        while seen < looks and time.time() < deadline:
            seen = seen + 1 if self.moves() == moving else 0
        return seen >= looks


def when_shown(bar, idle):
    """The progress shows (the pixels are being read)."""
    deadline = time.time() + PHASE_TIMEOUT
    while time.time() < deadline:
        time.sleep(0.1)
        if gx.differs(idle, bar.shot()) > MOVED:
            return True
    return False


def pulsing(bar, idle):
    """The bar pulses: a filter runs (in "second-drawable" the second's:
    the first's is over before three looks)."""
    return bar.wait_until(True, looks=3)


WHEN = {"when-shown": when_shown, "during-fft": pulsing, "second-drawable": pulsing}


def result_line(gimp, name):
    prefix = "RESULT " + name + " "
    lines = [l for l in gimp.output().splitlines() if l.startswith(prefix)]
    return lines[0].split()[2:] if lines else None


def cancel_rounds(gimp):
    env = gimp.env
    welcome = gx.wait_for_window(env, "Welcome", timeout=120)
    if welcome:
        gx.xdotool(env, "windowunmap", welcome)
    results = {}
    for name, _ in ROUNDS:
        if not gh.check(gimp.wait_for_line("READY " + name, 300),
                        f"{name}: the call is ready"):
            return results
        bar = Bar(gimp)
        idle = bar.shot("progress-idle.png")
        open(gimp.harness.path("go-" + name), "w").close()
        reached = WHEN[name](bar, idle)
        gh.check(reached, f"{name}: the progress bar shows the point to cancel at")
        gx.xdotool(env, "mousemove", *CANCEL, "click", "1")
        gimp.wait_for_line("RESULT " + name, 600)
        results[name] = result_line(gimp, name)
    gimp.awaits_end()
    return results


def check_round(name, result):
    if not gh.check(result is not None, f"{name}: the call returned"):
        return
    status, untouched, count, dirty = result[0], int(result[1]), int(result[2]), result[3]
    gh.check(status == "cancel", f"{name}: the call reports the cancel ({status})")
    gh.check(untouched == count, f"{name}: every layer untouched ({untouched} of {count})")
    gh.check(dirty == "False", f"{name}: the image is clean, no undo step")


def main():
    harness = gh.Harness(sys.argv[1])
    script = CALL_SCRIPT.format(rounds=ROUNDS, folder=harness.dir)
    with gx.GimpSession(harness, script) as gimp:
        results = cancel_rounds(gimp)
    for name, _ in ROUNDS:
        check_round(name, results.get(name))
    problems = gx.console_problems(gimp.output())
    gh.check(not problems, f"the cancelled runs warn of nothing: {problems}")
    if gh.checks.failed:
        print(gimp.output()[-3000:])
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
