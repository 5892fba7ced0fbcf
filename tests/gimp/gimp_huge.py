#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Huge images in real headless GIMP 3, through Python-Fu:

  - a 16384×16384 RGB 8-bit image filters on the CPU, with its margin
    (mirror padding, through a mirrored plan); its content is cosines
    along one axis each, periodic on the image and even about its edges
    (a half-pixel phase), so that their mirror extension is the same
    cosine and the answer is analytic (each cosine times the gain at its
    frequency), checked on strips at the top, the middle and the bottom;
    the plug-in's step table and peak memory are printed;
  - a 65536×65536 RGB image, which cannot fit, is refused with a message
    before anything changes.

It needs about 16 GiB of free memory and is skipped (exit 77) without.

Usage: gimp_huge.py PATH/TO/fft-bandpass"""
import json
import math
import os
import re
import sys

import numpy as np

import gimp_harness as gh

SIZE = 16384
# (channel, amplitude, cycles across x, cycles across y): periods of 16,
# 8 and 4096 px.
WAVES = [(0, 0.3, SIZE // 16, 0), (1, 0.3, SIZE // 8, 0), (2, 0.3, 0, 4)]
SMALL = 3.0  # a Gaussian low-pass: G(f) = exp(−ln2 (f·SMALL)²)
STRIPS = [0, SIZE // 2, SIZE - 64]
STRIP_ROWS = 64
NEEDED_GIB = 16


def available_gib():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 2 ** 20
    return 0

DRIVER = r'''
import json, os
import gimp_driver as gd
from gi.repository import Gegl, Gimp
import numpy as np

folder = os.environ["HUGE_FOLDER"]
spec = json.load(open(os.path.join(folder, "spec.json")))
report = {}
RGB = {"base": "rgb", "precision": "U8_NON_LINEAR", "alpha": False}

def new_image(size):
    image = gd.new_image(RGB, size, size)
    layer = Gimp.Layer.new(image, "huge", size, size, gd.layer_type("rgb", False), 100,
                           Gimp.LayerMode.NORMAL)
    image.insert_layer(layer, None, 0)
    return image, layer

def call(image, layer):
    return gd.call(image, [layer], {"large-structures": 0.0,
                                    "small-structures": spec["small"]})

image, layer = new_image(spec["refused_size"])
image.clean_all()
ok, error = call(image, layer)
report["refused"] = {"ok": ok, "error": error, "dirty": bool(image.is_dirty())}
image.delete()

size = spec["size"]
image, layer = new_image(size)
buffer = layer.get_buffer()
x = np.arange(size)
for top in range(0, size, 512):
    y = np.arange(top, top + 512)[:, None]
    strip = np.full((512, size, 3), 0.5, dtype=np.float32)
    for channel, amp, kx, ky in spec["waves"]:
        strip[..., channel] += amp * np.cos(2 * np.pi * (kx * (x[None, :] + 0.5)
                                                         + ky * (y + 0.5)) / size)
    buffer.set(Gegl.Rectangle.new(0, top, size, 512), "R'G'B' float", strip.tobytes())
buffer.flush()
del buffer
ok, error = call(image, layer)
report["huge"] = {"ok": ok, "error": error}
buffer = layer.get_buffer()
for top in spec["strips"]:
    raw = buffer.get(Gegl.Rectangle.new(0, top, size, spec["rows"]), 1.0, "R'G'B' float",
                     Gegl.AbyssPolicy.CLAMP)
    np.save(os.path.join(folder, f"strip-{top}.npy"),
            np.frombuffer(bytes(raw), dtype=np.float32).reshape(spec["rows"], size, 3))
json.dump(report, open(os.path.join(folder, "report.json"), "w"))
'''


def main():
    if available_gib() < NEEDED_GIB:
        print(f"skipped: {available_gib():.1f} GiB of memory free, {NEEDED_GIB} needed")
        sys.exit(77)
    harness = gh.Harness(sys.argv[1])
    folder = harness.path("huge")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "spec.json"), "w") as f:
        json.dump({"size": SIZE, "refused_size": 65536, "waves": WAVES, "small": SMALL,
                   "strips": STRIPS, "rows": STRIP_ROWS}, f)
    script = os.path.join(folder, "driver.py")
    with open(script, "w") as f:
        f.write(DRIVER)
    output = harness.run_gimp([gh.python_batch(script)],
                              env={"HUGE_FOLDER": folder, "FFT_BANDPASS_TIMINGS": "1"},
                              interpreter="python-fu-eval")
    table = [l for l in output.splitlines()
             if l.startswith("fft-bandpass:") or re.match(r"  \S", l)]
    print("\n".join(table))
    path = os.path.join(folder, "report.json")
    if not gh.check(os.path.exists(path), "the driver finished"):
        print(output[-5000:])
        sys.exit(gh.finish())
    report = json.load(open(path))

    refused = report["refused"]
    gh.check(not refused["ok"] and "GiB" in refused["error"] and not refused["dirty"],
             f"65536×65536 refused before anything changed: {refused['error']!r}")
    huge = report["huge"]
    if gh.check(huge["ok"], f"{SIZE}×{SIZE} RGB filtered on the CPU ({huge['error']})"):
        x = np.arange(SIZE)
        for top in STRIPS:
            got = np.load(os.path.join(folder, f"strip-{top}.npy")).astype(np.float64)
            y = np.arange(top, top + STRIP_ROWS)[:, None]
            want = np.full(got.shape, 0.5)
            for channel, amp, kx, ky in WAVES:
                f = math.hypot(kx / SIZE, ky / SIZE)
                gain = math.exp(-math.log(2) * (f * SMALL) ** 2)
                want[..., channel] += amp * gain * np.cos(
                    2 * np.pi * (kx * (x + 0.5) + ky * (y + 0.5)) / SIZE)
            error = float(np.abs(got - want).max())
            gh.check(error <= 1.5 / 255, f"rows {top}…{top + STRIP_ROWS - 1}: max |error| "
                                         f"{error * 255:.2f}/255 against the analytic answer")
    peak = re.findall(r"peak memory\s+(\d+) kB", output)
    if peak:
        print(f"plug-in peak memory: {int(peak[-1]) / 2 ** 20:.2f} GiB")
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
