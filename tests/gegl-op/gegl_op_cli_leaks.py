#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""fft:band-pass through the `gegl` command line releases every buffer it
makes: GEGL counts the buffers alive at gegl_exit and warns "EEEEeEeek! N
GeglBuffers leaked".

  - in a graph given as XML (`gegl -x GRAPH -o OUT`), in every channels and output
    setting, and when the filter fails and passes its input through, the
    run ends without that warning;
  - `gegl IN -o OUT -- fft:band-pass` warns no more than the same command
    with GEGL's own whole-input filter gegl:stretch-contrast: GEGL's
    chain builder (gegl_create_chain_argv, GEGL 0.4.62 to 0.4.72) makes
    each node of the chain without a parent, so nothing frees the node
    nor its cache, the one buffer that warning counts for any operation
    with a cached region; a buffer of the operation's own would show as
    one more;
  - without an input (`gegl -o OUT -- fft:band-pass`, and a graph of the
    node alone, `gegl -x "<gegl><node operation='fft:band-pass'/></gegl>"
    -o OUT`; issue 43 item 6: seen once to die with SIGBUS) the run
    ends, as with gegl:stretch-contrast, with no warning but GEGL's own
    "processing 0px rectangle" (both print it). Under valgrind (GEGL
    0.4.62, 2026-12-02, 3 runs and the -x graph; 2026-12-03, 40 runs of
    8 forms) and under ASan/UBSan (the module built in build-sanitize,
    the sanitizers preloaded into `gegl`, 2026-12-03: 156 runs of the
    same 8 forms, with GEGL_PATH naming the module and without it) it
    reads nothing it should not. Without -o, `gegl` waits in its display
    loop (no display operation found) with fft:band-pass as with
    gegl:invert, after the operation has run.

GEGL_PATH names GEGL's own modules after the private folder: where it
hides them, the `gegl` program segfaults before it runs any operation
(a NULL read in gegl_node_new_from_xml, building its graph around
gegl:nop, which it cannot find; `gegl -o OUT -- gegl:invert` too, with
no module of ours in the path) — GEGL's crash, not the operation's.

Usage: gegl_op_cli_leaks.py PATH/TO/fft-band-pass.so GEGL-MODULES-DIR GEGL"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

from gegl_op_harness import check, finish

# "(gegl:PID): GEGL-WARNING **: HH:MM:SS.mmm: ", before a warning's text
STAMP = re.compile(r"^\(.*?\): .*?\*\*: [0-9:.]+: ")
LEAK = re.compile(r"EEEEeEeek! (\d+) GeglBuffers leaked")
XML = ("<gegl><node operation='fft:band-pass'>{params}</node>"
       "<gegl:load path='{source}'/></gegl>")
SETTINGS = [{}, {"channels": "luminance"}, {"output": "removed-part"},
            {"channels": "luminance", "linear": "true", "output": "removed-part"},
            {"find-patterns": "true"},
            {"notches": "not numbers"}]

# The two ways of naming the operation with nothing to read: the chain
# and a graph of the one node.
NO_INPUT = {"gegl -o OUT -- {op}": ["-o", "{target}", "--", "{op}"],
            "gegl -x '<gegl><node operation={op}/></gegl>' -o OUT":
                ["-x", "<gegl><node operation='{op}'/></gegl>", "-o", "{target}"]}


def run(command, env):
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, timeout=60)
    leaked = LEAK.search(result.stdout)
    return result, int(leaked.group(1)) if leaked else 0


def main():
    module, modules_dir, cli = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as folder:
        private = os.path.join(folder, "modules")
        os.makedirs(private)
        shutil.copy(module, private)
        env = dict(os.environ, GEGL_PATH=private + os.pathsep + modules_dir)
        source, target = os.path.join(folder, "in.png"), os.path.join(folder, "out.png")
        rng = np.random.default_rng(5)
        Image.fromarray(rng.integers(0, 256, (61, 83, 3), np.uint8), "RGB").save(source)

        for settings in SETTINGS:
            params = "".join(f"<param name='{k}'>{v}</param>" for k, v in settings.items())
            graph = XML.format(source=source, params=params)
            result, leaked = run([cli, "-x", graph, "-o", target], env)
            check(result.returncode == 0 and os.path.exists(target) and leaked == 0,
                  f"gegl -x, {settings or 'defaults'}: exit {result.returncode}, "
                  f"{leaked} buffers leaked")
            os.remove(target) if os.path.exists(target) else None

        counts = {}
        for op in ("fft:band-pass", "gegl:stretch-contrast"):
            result, counts[op] = run([cli, source, "-o", target, "--", op], env)
            check(result.returncode == 0, f"gegl IN -o OUT -- {op}: exit "
                                          f"{result.returncode}, {counts[op]} leaked")
        check(counts["fft:band-pass"] <= counts["gegl:stretch-contrast"],
              f"-- fft:band-pass leaks no more than -- gegl:stretch-contrast "
              f"({counts['fft:band-pass']}, {counts['gegl:stretch-contrast']})")

        for form, command in NO_INPUT.items():
            warnings = {}
            for op in ("fft:band-pass", "gegl:stretch-contrast"):
                result, _ = run([cli] + [word.format(op=op, target=target)
                                         for word in command], env)
                warnings[op] = sorted({STAMP.sub("", line) for line in
                                       result.stdout.splitlines() if "WARNING" in line})
                check(result.returncode == 0, f"{form.format(op=op)}, no input: exit "
                                              f"{result.returncode}")
            check(set(warnings["fft:band-pass"]) <= set(warnings["gegl:stretch-contrast"]),
                  f"{form.format(op='fft:band-pass')}: no warning of fft:band-pass's "
                  f"own ({warnings})")
    return finish()


if __name__ == "__main__":
    sys.exit(main())
