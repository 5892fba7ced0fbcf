#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""fft:band-pass with a huge notch list (docs/contract.md, "The GEGL
operation"), through GEGL itself: the operation runs in GIMP's process,
where nothing can cancel it, so notches that would touch more than 2^28
values of the spectrum (10,000 discs each reaching over the whole grid)
pass the input through at once with a warning that says why, while a
list of the same size of narrow discs, and a few wide ones, filter. The
10,000 narrow discs filter a small image as numpy's oracle of the contract
(tests/gimp/gimp_oracle.py) does, each disc and its mirror evaluated
over the whole grid.

Usage: gegl_op_notch_work.py PATH/TO/fft-band-pass.so GEGL-MODULES-DIR"""
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

from gegl_op_harness import (Graph, check, finish, gegl_buffer, lines_by_case,
                             start_gegl)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "gimp"))
from gimp_oracle import Params, filter_image  # noqa: E402

WIDTH, HEIGHT = 120, 90
FMT = "R'G'B' float"
WARNING = "The notches reach"
# (name, notch count, radius, whether it filters)
CASES = [("10000 wide notches", 10000, 0.1, False),
         ("10000 narrow notches", 10000, 0.012, True),
         ("20 wide notches", 20, 0.1, True)]
# The oracle's case: 10,000 narrow discs on a small image, whose padded
# grid (128 × 64) numpy evaluates each disc over whole; they cover the
# frequencies about twice over, so the gain left is patchy, not ~0.
ORACLE_SIZE = (40, 30)
ORACLE_BAND = {"large-structures": 20.0, "small-structures": 2.0}
ORACLE_NOTCHES = (10000, 0.005)
ORACLE_TOLERANCE = 1e-4


def notches(count, radius):
    centres = np.random.default_rng(count).uniform(-0.45, 0.45, (count, 2))
    return " ".join(f"{fx:.5f} {fy:.5f} {radius}" for fx, fy in centres)


def worker(folder, module, modules_dir):
    """Prints, per case, a line of its name, the seconds it took and
    whether the output differs from the input; saves the oracle case's
    input and result."""
    gegl = start_gegl(module, modules_dir, folder)
    given = np.random.default_rng(7).uniform(0, 1, (HEIGHT, WIDTH, 3)).astype(np.float32)
    for name, count, radius, _ in CASES:
        print(f"CASE {name}", file=sys.stderr, flush=True)
        graph = Graph(gegl, FMT, WIDTH, HEIGHT)
        start = time.monotonic()
        graph.render(gegl_buffer(gegl, FMT, given), {"notches": notches(count, radius)})
        seconds = time.monotonic() - start
        changed = not np.array_equal(graph.result(np.float32), given)
        print(f"RESULT {name}|{seconds:.2f}|{changed}", flush=True)
    width, height = ORACLE_SIZE
    small = np.random.default_rng(8).uniform(0, 1, (height, width, 3)).astype(np.float32)
    graph = Graph(gegl, FMT, width, height)
    graph.render(gegl_buffer(gegl, FMT, small),
                 dict(ORACLE_BAND, notches=notches(*ORACLE_NOTCHES)))
    np.savez(os.path.join(folder, "oracle.npz"), given=small,
             result=graph.result(np.float32))


def oracle_check(folder):
    """The oracle case's result against numpy's."""
    saved = np.load(os.path.join(folder, "oracle.npz"))
    values = [float(v) for v in notches(*ORACLE_NOTCHES).split()]
    expected = filter_image(saved["given"],
                            Params(ORACLE_BAND["large-structures"],
                                   ORACLE_BAND["small-structures"], notches=values))
    difference = float(np.abs(saved["result"] - expected).max())
    print(f"the oracle's result spreads by {float(expected.std()):.3g} "
          f"about its mean")
    check(difference <= ORACLE_TOLERANCE,
          f"{ORACLE_NOTCHES[0]} notches of radius {ORACLE_NOTCHES[1]} on "
          f"{ORACLE_SIZE[0]}×{ORACLE_SIZE[1]} px: as numpy's oracle (max "
          f"|difference| {difference:.2e}, at most {ORACLE_TOLERANCE})")


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--worker":
        worker(*sys.argv[2:])
        return 0
    module, modules_dir = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run([sys.executable, __file__, "--worker", folder, module,
                              modules_dir], capture_output=True, text=True, timeout=600)
        if run.returncode == 0:
            oracle_check(folder)
    results = {}
    for line in run.stdout.splitlines():
        if line.startswith("RESULT "):
            name, seconds, changed = line[7:].split("|")
            results[name] = (float(seconds), changed == "True")
    warned = {case: lines[-1]
              for case, lines in lines_by_case(run.stderr, WARNING).items()}
    for name, _, _, filters in CASES:
        seconds, changed = results.get(name, (None, None))
        if filters:
            ok = changed is True and name not in warned
            what = "filters, no warning"
        else:
            ok = changed is False and name in warned and "passes through" in warned[name]
            what = f"passes through at once with the warning ({warned.get(name, 'none')!r})"
        check(ok and seconds is not None and seconds < 20, f"{name}: {what}, in {seconds} s")
    check(run.returncode == 0, f"the worker ended with {run.returncode}"
          + (f": {run.stderr[-2000:]}" if run.returncode else ""))
    return finish()


if __name__ == "__main__":
    sys.exit(main())
