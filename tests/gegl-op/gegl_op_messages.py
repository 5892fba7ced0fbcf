#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The warnings of fft:band-pass (docs/contract.md, "The GEGL operation"),
through GEGL itself, in English: a counted noun takes the form of its
number (1 notch, 2 notches; 1 number, 2 numbers), each warning is one
sentence "fft:band-pass: REASON; the input passes through unchanged."
(a capital first, no full stop before the semicolon), and an argument of
100,000 characters is quoted by its first 40 and its length only.

Usage: gegl_op_messages.py PATH/TO/fft-band-pass.so GEGL-MODULES-DIR"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

from gegl_op_harness import (Graph, check, finish, gegl_buffer, lines_by_case,
                             start_gegl)

WIDTH, HEIGHT = 32, 24
FMT = "R'G'B' float"
PREFIX = "fft:band-pass: "
ENDING = "; the input passes through unchanged."
LONG = 100000
NOTCH = "0.1 0.1 0.01"
# LONG characters each, the last a word that does not read, at character
# LONG.
LONG_NOTCHES = "0.1 " * (LONG // 4 - 1) + "   x"
LONG_CHANNELS = "r " * (LONG // 2 - 1) + " x"

# (name, notches, notch-channels, the words the warning holds, words it
# must not hold)
CASES = [
    ("1 word, 0 notches", "", "r",
     ['"r" name 1 notch, but there are 0 notches'], ["1 notches"]),
    ("2 words, 1 notch", NOTCH, "r g",
     ['"r g" name 2 notches, but there is 1 notch'], ["1 notches", "there are 1"]),
    ("3 words, 2 notches", NOTCH + " " + NOTCH, "r g b",
     ['"r g b" name 3 notches, but there are 2 notches'], ["there is 2"]),
    ("1 number", "0.1", "", ["holds 1 number:"], ["1 numbers"]),
    ("2 numbers", "0.1 0.1", "", ["holds 2 numbers:"], ["2 number:"]),
    ("long notches", LONG_NOTCHES, "",
     [f'"{LONG_NOTCHES[:40]}…" ({LONG} characters)', f"at character {LONG}"], []),
    ("long notch channels", NOTCH, LONG_CHANNELS,
     [f'"{LONG_CHANNELS[:40]}…" ({LONG} characters)', f"at character {LONG}"], []),
]


def worker(folder, module, modules_dir):
    """Renders each case on its own graph, its name on stderr before the
    warnings it gives."""
    gegl = start_gegl(module, modules_dir, folder)
    given = np.random.default_rng(43).uniform(0, 1, (HEIGHT, WIDTH, 3)).astype(np.float32)
    for name, notches, channels, _, _ in CASES:
        print(f"CASE {name}", file=sys.stderr, flush=True)
        graph = Graph(gegl, FMT, WIDTH, HEIGHT)
        graph.render(gegl_buffer(gegl, FMT, given),
                     {"notches": notches, "notch-channels": channels})
        unchanged = np.array_equal(graph.result(np.float32), given)
        print(f"RESULT {name}|{unchanged}", flush=True)


def one_sentence(reason):
    """Whether `reason` (the warning after PREFIX) is one sentence ending
    ENDING: a capital first, no full stop before the semicolon, the
    ending once."""
    return (reason.endswith(ENDING) and reason[:1].isupper()
            and not reason[:-len(ENDING)].endswith(".")
            and reason.count("passes through") == 1)


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--worker":
        worker(*sys.argv[2:])
        return 0
    module, modules_dir = sys.argv[1:3]
    env = dict(os.environ, LC_ALL="C.UTF-8")
    env.pop("LANGUAGE", None)
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run([sys.executable, __file__, "--worker", folder, module,
                              modules_dir], capture_output=True, text=True,
                             encoding="utf-8", errors="replace", env=env, timeout=600)
    unchanged = dict(line[7:].split("|") for line in run.stdout.splitlines()
                     if line.startswith("RESULT "))
    warned = {case: [line.split(PREFIX, 1)[1] for line in lines]
              for case, lines in lines_by_case(run.stderr, PREFIX).items()}
    for name, _, _, holds, lacks in CASES:
        said = warned.get(name, [])
        reason = said[0] if len(said) == 1 else ""
        check(len(said) == 1, f"{name}: one warning ({len(said)}: {said!r:.600})")
        check(all(words in reason for words in holds)
              and not any(words in reason for words in lacks),
              f"{name}: holds {holds!r:.200}, not {lacks!r} ({reason!r:.400})")
        check(one_sentence(reason), f"{name}: one sentence ending {ENDING!r} ({reason!r:.400})")
        check(len(reason) < 300, f"{name}: {len(reason)} characters, fewer than 300")
        check(unchanged.get(name) == "True", f"{name}: the input passes through unchanged")
    check(not re.search(r"\.\s*;", run.stderr), "no warning says '.;'")
    check(run.returncode == 0, f"the worker ended with {run.returncode}"
          + (f": {run.stderr[-2000:]}" if run.returncode else ""))
    return finish()


if __name__ == "__main__":
    sys.exit(main())
