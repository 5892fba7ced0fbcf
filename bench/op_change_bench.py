#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Time per property change of the GEGL operation fft:band-pass on a
12-megapixel (4000×3000) RGB 8-bit layer, through GEGL itself, as GIMP's
on-canvas preview drives it: one graph, a property changed, the output
rendered again. Printed beside the same changes where the operation's kept
spectrum cannot serve (another input filtered in between, so each change
is a whole filter, as before the operation kept it), with their ratio.
The picture is examples/coffee.png scaled up. Beside the wall-clock
medians, the process's CPU time (all threads) per kept change: on a box
shared with other work it moves less than the wall clock.

Usage: op_change_bench.py PATH/TO/fft-band-pass.so GEGL-MODULES-DIR [RUNS]"""
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "gegl-op"))
from gegl_op_harness import Graph, gegl_buffer, start_gegl  # noqa: E402
WIDTH, HEIGHT = 4000, 3000
FORMAT = "R'G'B' u8"  # a GIMP layer's, 8-bit
# small-structures for each change: each a new gain, the geometry kept.
SMALL = [2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]


def main():
    module, modules_dir = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else len(SMALL)
    folder = tempfile.mkdtemp()
    gegl = start_gegl(module, modules_dir, folder)
    graph = Graph(gegl, FORMAT, WIDTH, HEIGHT)
    picture = Image.open(os.path.join(HERE, "..", "examples", "coffee.png"))
    pixels = np.asarray(picture.convert("RGB").resize((WIDTH, HEIGHT),
                                                      Image.BICUBIC))
    layers = [gegl_buffer(gegl, FORMAT, np.roll(pixels, shift, axis=1))
              for shift in (0, 1)]

    def cpu_seconds():
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    def render(layer, small, cpu=None):
        start, start_cpu = time.perf_counter(), cpu_seconds()
        graph.render(layer, {"small-structures": small})
        if cpu is not None:
            cpu.append(cpu_seconds() - start_cpu)
        return time.perf_counter() - start

    first = render(layers[0], 1.5)
    kept_cpu = []
    kept = [render(layers[0], SMALL[i % len(SMALL)], kept_cpu) for i in range(runs)]
    whole = []
    for i in range(runs):
        render(layers[1], SMALL[i % len(SMALL)])
        whole.append(render(layers[0], SMALL[(i + 1) % len(SMALL)]))

    kept_ms = statistics.median(kept) * 1000
    whole_ms = statistics.median(whole) * 1000
    print(f"fft:band-pass, {WIDTH}x{HEIGHT} RGB 8-bit, {runs} changes of "
          f"small-structures, {os.cpu_count()} cores")
    print(f"  first filter of the layer         {first * 1000:8.0f} ms")
    print(f"  change, spectrum kept (median)    {kept_ms:8.0f} ms")
    print(f"  its CPU time, all threads (median){statistics.median(kept_cpu) * 1000:8.0f} ms")
    print(f"  change, whole filter (median)     {whole_ms:8.0f} ms")
    print(f"  whole ÷ kept                      {whole_ms / kept_ms:8.2f}×")
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
