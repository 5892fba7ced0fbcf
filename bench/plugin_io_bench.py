#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What moving a layer's pixels over GIMP 3's plug-in protocol costs, in
the ways libgimp offers, beside GIMP's own: a 4096×4096 RGB 8-bit layer
(noise) read and written by a plug-in (Python-Fu's, on the same libgimp
tile backend as the C plug-in) in real headless GIMP, each way timed on
a fresh buffer (libgimp fetches every tile again), median of RUNS:

  - read: the whole extent in one gegl_buffer_get, in the drawable's own
    format and converted to float; bands of 64 rows and of 512 rows one
    after another; bands of 64 and of 128 rows (the height of the tiles
    GIMP sends a plug-in) on 2 threads; a half on each of 2 threads;
  - write: the whole extent into the shadow buffer and merged, in the
    own format and from float;
  - beside them: the band-pass plug-in's own read and crop+write steps
    (FFT_BANDPASS_TIMINGS), a call of GIMP's own C plug-in
    plug-in-destripe (the same protocol both ways, little compute), and
    GIMP's own gegl:invert-gamma merged in GIMP's process (no protocol).

Usage: plugin_io_bench.py PATH/TO/fft-bandpass [RUNS] [SIZE]"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "gimp"))
import gimp_harness as gh  # noqa: E402

DRIVER = r'''
import json, os, statistics, threading, time
import gimp_driver as gd
from gi.repository import Gegl, Gimp
import numpy as np

spec = json.load(open(os.environ["IO_SPEC"]))
size, runs = spec["size"], spec["runs"]
OWN, FLOAT = "R'G'B' u8", "R'G'B' float"
job = {"base": "rgb", "precision": "U8_NON_LINEAR", "alpha": False, "format": OWN}
image = gd.new_image(job, size, size)
noise = np.random.default_rng(1).integers(0, 256, (size, size, 3), dtype=np.uint8)
layer = gd.add_layer(image, job, "noise", noise, dtype=np.uint8)


def bands(buffer, fmt, rows, first, step, got):
    for top in range(first * rows, size, step * rows):
        got.append(len(buffer.get(Gegl.Rectangle.new(0, top, size, min(rows, size - top)),
                                  1.0, fmt, Gegl.AbyssPolicy.NONE)))


def read_all(buffer, fmt, rows, threads=1):
    """Every row read, in bands of `rows` taken in turn by `threads`."""
    got = []
    workers = [threading.Thread(target=bands, args=(buffer, fmt, rows, i, threads, got))
               for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    bpp = 3 if fmt == OWN else 12
    assert sum(got) == size * size * bpp, f"read {sum(got)} bytes"


READS = {
    "whole extent, own format":   lambda b: read_all(b, OWN, size),
    "whole extent, float":        lambda b: read_all(b, FLOAT, size),
    "64-row bands, own format":   lambda b: read_all(b, OWN, 64),
    "512-row bands, own format":  lambda b: read_all(b, OWN, 512),
    "64-row bands, 2 threads":    lambda b: read_all(b, OWN, 64, 2),
    "128-row bands, 2 threads":   lambda b: read_all(b, OWN, 128, 2),
    "64-row bands, 2 threads, float": lambda b: read_all(b, FLOAT, 64, 2),
    "half each, 2 threads":       lambda b: read_all(b, OWN, size // 2, 2),
}


def write(fmt, data):
    shadow = layer.get_shadow_buffer()
    shadow.set(Gegl.Rectangle.new(0, 0, size, size), fmt, data)
    shadow.flush()
    layer.merge_shadow(False)


def median_ms(step):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        step()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


report = {"read": {}, "write": {}}
for name, read in READS.items():
    report["read"][name] = median_ms(lambda: read(layer.get_buffer()))
own, floats = noise.tobytes(), (noise / 255.0).astype(np.float32).tobytes()
report["write"]["whole extent, own format"] = median_ms(lambda: write(OWN, own))
report["write"]["whole extent, float"] = median_ms(lambda: write(FLOAT, floats))


def destripe():
    gd.run("plug-in-destripe", {"run-mode": Gimp.RunMode.NONINTERACTIVE, "image": image,
                                "drawables": [layer], "avg-width": 36})


def invert():
    f = Gimp.DrawableFilter.new(layer, "gegl:invert-gamma", "invert")
    layer.append_filter(f)
    layer.merge_filters()


def bandpass():
    gd.call(image, [layer], {"large-structures": 0.0, "small-structures": 3.0})


report["GIMP's plug-in-destripe (C), whole call"] = median_ms(destripe)
report["GIMP's gegl:invert-gamma merged, in GIMP"] = median_ms(invert)
report["band-pass plug-in, whole call"] = median_ms(bandpass)
json.dump(report, open(os.environ["IO_REPORT"], "w"))
'''


def main():
    harness = gh.Harness(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 4096
    spec, report, script = (harness.path(n) for n in ("spec.json", "report.json",
                                                       "driver.py"))
    with open(spec, "w") as f:
        json.dump({"size": size, "runs": runs}, f)
    with open(script, "w") as f:
        f.write(DRIVER)
    output = harness.run_gimp([gh.python_batch(script)], interpreter="python-fu-eval",
                              env={"IO_SPEC": spec, "IO_REPORT": report,
                                   "FFT_BANDPASS_TIMINGS": "1", "FFTCL_DEVICE": "cpu"})
    if not os.path.exists(report):
        print(output[-5000:])
        return 1
    facts = json.load(open(report))
    print(f"a {size}×{size} RGB 8-bit layer over GIMP's plug-in protocol, "
          f"{os.cpu_count()} cores, median of {runs} (ms)")
    for kind in ("read", "write"):
        for name, ms in facts.pop(kind).items():
            print(f"  {kind:5} {name:34} {ms:8.0f}")
    for name, ms in facts.items():
        print(f"  {name:40} {ms:8.0f}")
    for step in ("read", "crop+write"):
        found = [float(v) for v in re.findall(rf"^\s*{re.escape(step)}\s+([0-9.]+)",
                                              output, re.M)]
        if found:
            print(f"  band-pass plug-in's own {step:12} "
                  f"{sorted(found)[len(found) // 2]:8.0f}   (FFT_BANDPASS_TIMINGS, median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
