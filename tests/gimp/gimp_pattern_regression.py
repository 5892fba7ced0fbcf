#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Pattern removal's quality held in the suite (issue 42): one 256 × 256
picture per family of bench/pattern-quality (docs/pattern-quality.md),
each drawn from a fixed seed on the centre of a photograph Debian ships
(matplotlib's grace_hopper.jpg), filtered by real headless GIMP with
find-patterns and the band off, as a user's one click. Each result's
PSNR against its truth (the clean picture; for a print, the print seen
with an infinitely fine screen) is compared with

  - the figure recorded in pattern_regression_floors.json (from a run of
    this test, date and commit there): the test fails where a family
    drops by more than 0.5 dB below it;
  - the published automatic peers computed here in numpy
    (bench/sur_peers.py: Sur & Grédiac 2015, Sur's a-contrario method of
    2015): the test fails where the automatic call is below the better
    of them, but for the families the floors file lists as behind (a
    known miss, named there), where it must stay no further behind than
    recorded, less 0.5 dB;
  - for the pattern-free picture (d): the call must leave it within
    45 dB of itself.

Figures, not times: the same up to float rounding on every run.

Usage: gimp_pattern_regression.py PATH/TO/fft-bandpass [--record]"""
import datetime
import json
import os
import subprocess
import sys

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench"))
import gimp_harness as gh  # noqa: E402
import pattern_cases as pc  # noqa: E402
import sur_peers  # noqa: E402

PHOTO = "/usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg"
SIDE = 256
SEED = 7
FLOORS = os.path.join(HERE, "pattern_regression_floors.json")
SLACK = 0.5
UNTOUCHED = 45.0
CALL = ("(plug-in-fft-bandpass #:run-mode RUN-NONINTERACTIVE #:image img"
        " #:drawables (car (gimp-image-get-selected-drawables img))"
        " #:large-structures 0 #:small-structures 0 #:find-patterns TRUE)")


def psnr(clean, image):
    error = np.mean((clean - image) ** 2)
    return float("inf") if error == 0 else 10 * np.log10(255 ** 2 / error)


def clean_picture():
    data = np.asarray(Image.open(PHOTO).convert("RGB"), dtype=np.float64)
    h, w = data.shape[:2]
    top, left = (h - SIDE) // 2, (w - SIDE) // 2
    return data[top:top + SIDE, left:left + SIDE]


def cases():
    """The pictures made, and each one's truth: the clean picture, or for
    a print the print seen with an infinitely fine screen."""
    clean = clean_picture()
    made, truths = {"d": clean}, {"d": clean}
    for index, kind in enumerate(pc.PATTERN_KINDS):
        make = pc.CASES[kind][0]
        rng = np.random.default_rng([SEED, ord(kind), index])
        made[kind], _, _, *truth = make(clean, rng, index)
        truths[kind] = truth[0] if truth else clean
    return truths, made


def filtered(plugin, made):
    harness = gh.Harness(plugin)
    scripts = []
    for kind, given in made.items():
        source = harness.path(f"{kind}-given.png")
        Image.fromarray(given.astype(np.uint8)).save(source)
        scripts.append(harness.filter_script(source, harness.path(f"{kind}-auto.png"),
                                             CALL))
    output = harness.run_gimp(scripts, timeout=600)
    results = {}
    for kind in made:
        path = harness.path(f"{kind}-auto.png")
        if not os.path.exists(path):
            sys.exit(f"GIMP wrote no result for ({kind}); its output ends:\n{output[-3000:]}")
        results[kind] = np.asarray(Image.open(path), dtype=np.float64)
    return results


def commit():
    try:
        return subprocess.run(["git", "-C", HERE, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    plugin, record = sys.argv[1], "--record" in sys.argv[2:]
    truths, made = cases()
    results = filtered(plugin, made)
    floors = {} if record else json.load(open(FLOORS))
    figures, failures = {}, 0
    for kind, result in results.items():
        clean = truths[kind]
        auto = psnr(clean, result)
        if kind == "d":
            ok = auto >= UNTOUCHED
            print(f"{'ok  ' if ok else 'FAIL'} (d) pattern-free: {auto:.2f} dB from itself "
                  f"(≥ {UNTOUCHED:g})")
            failures += not ok
            continue
        peer = max(psnr(clean, sur_peers.sur_grediac(made[kind])),
                   psnr(clean, sur_peers.sur_acontrario(made[kind])))
        figures[kind] = {"automatic": round(auto, 2), "peer": round(peer, 2)}
        if record:
            print(f"     ({kind}) automatic {auto:.2f} dB, the better peer {peer:.2f}")
            continue
        floor = floors["automatic"][kind]
        behind = floors.get("behind the peer", {}).get(kind)
        ok_floor = auto >= floor - SLACK
        ok_peer = auto >= peer if behind is None else auto - peer >= behind["by"] - SLACK
        print(f"{'ok  ' if ok_floor and ok_peer else 'FAIL'} ({kind}) automatic {auto:.2f} dB "
              f"(recorded {floor:.2f}, at least {floor - SLACK:.2f}); the better peer "
              f"{peer:.2f}" + ("" if behind is None else
                               f" (a known miss: {behind['why']}; recorded "
                               f"{behind['by']:+.2f} dB)"))
        failures += not (ok_floor and ok_peer)
    if record:
        floors = {"recorded": f"{datetime.date.today()} at {commit()}",
                  "automatic": {k: v["automatic"] for k, v in figures.items()},
                  "behind the peer": {k: {"by": round(v["automatic"] - v["peer"], 2),
                                          "why": "TO BE NAMED"}
                                      for k, v in figures.items()
                                      if v["automatic"] < v["peer"]}}
        with open(FLOORS, "w") as out:
            json.dump(floors, out, indent=2, ensure_ascii=False)
            out.write("\n")
        return 0
    print(f"{len(results) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
