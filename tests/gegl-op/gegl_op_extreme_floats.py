#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""fft:band-pass on values a float or double buffer holds but far beyond
the usual range (docs/contract.md, "Far out of range", "Conversions"),
through GEGL itself:

  - a double input beyond float's range, passed through (bad notches) and
    filtered: every value finite, those beyond saturated at the largest
    float as the plug-in reads them, the rest as read when passed through;
  - a wave (a notch of radius 0, given, or found with find-patterns) on a
    float picture times 2^126 (about 1e38): finite, the given wave's
    result 2^126 times the picture's own;
  - `channels` luminance with `output` removed-part on values about 1e30:
    every value finite.

Usage: gegl_op_extreme_floats.py PATH/TO/fft-band-pass.so GEGL-MODULES-DIR"""
import sys
import tempfile

import numpy as np

from gegl_op_harness import Graph, check, finish, gegl_buffer, start_gegl

WIDTH, HEIGHT = 48, 40
FLT_MAX = float(np.finfo(np.float32).max)
SCALE = 2.0 ** 126
WAVE = (0.125, 0.0625)


def picture(rng):
    """A smooth RGBA picture with a cosine of WAVE on it, opaque."""
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH]
    image = np.empty((HEIGHT, WIDTH, 4))
    for c in range(3):
        image[..., c] = 0.4 + 0.2 * np.sin(0.07 * x + 0.11 * y + c) \
            + 0.15 * np.cos(2 * np.pi * (WAVE[0] * x + WAVE[1] * y) + c) \
            + 0.01 * rng.standard_normal((HEIGHT, WIDTH))
    image[..., 3] = 1
    return image


def filtered(gegl, fmt, dtype, given, settings):
    """`given` as the babl format `fmt` holds it, filtered with `settings`,
    read back as float."""
    graph = Graph(gegl, "R'G'B'A float", WIDTH, HEIGHT)
    graph.render(gegl_buffer(gegl, fmt, given.astype(dtype)), dict(settings))
    return graph.result(np.float32).astype(np.float64)


def check_double_beyond_float(gegl, base):
    given = base.copy()
    given[3:6, 4:9, 0] = 1e300
    given[10:12, 20:30, 1] = -1e200
    saturated = np.clip(given, -FLT_MAX, FLT_MAX)
    passed = filtered(gegl, "R'G'B'A double", np.float64, given, {"notches": "0.1 0.2"})
    check(np.isfinite(passed).all() and np.array_equal(passed, saturated.astype(np.float32)),
          "double beyond float's range, passed through: saturated at the largest "
          "float, the rest as read")
    result = filtered(gegl, "R'G'B'A double", np.float64, given, {})
    check(np.isfinite(result).all(),
          "double beyond float's range, filtered: every value finite")


def check_waves(gegl, base):
    wave = {"large-structures": 0.0, "small-structures": 0.0,
            "notches": f"{WAVE[0]} {WAVE[1]} 0"}
    big = base.copy()
    big[..., :3] *= SCALE
    want = filtered(gegl, "R'G'B'A float", np.float32, base, wave)
    got = filtered(gegl, "R'G'B'A float", np.float32, big, wave)
    error = np.abs(got[..., :3] / SCALE - want[..., :3]).max() if np.isfinite(got).all() else np.inf
    removed = np.abs(want[..., :3] - base[..., :3]).max()
    check(error < 1e-5 and removed > 0.1,
          f"a given wave on the picture times 2^126: finite, the picture's result "
          f"times 2^126 (largest difference {error:.2g}; the wave took "
          f"{removed:.2f} away)")
    found = filtered(gegl, "R'G'B'A float", np.float32, big,
                     {"large-structures": 0.0, "small-structures": 0.0, "find-patterns": True})
    check(np.isfinite(found).all(),
          "find-patterns on the picture times 2^126: every value finite")


def check_luminance_removed_part(gegl, base):
    given = base.copy()
    given[..., :3] *= 1e30
    got = filtered(gegl, "R'G'B'A float", np.float32, given,
                   {"channels": "luminance", "output": "removed-part"})
    bad = int((~np.isfinite(got)).sum())
    check(bad == 0, f"luminance, removed-part, values about 1e30: every value "
          f"finite ({bad} not)")


def main():
    module, modules_dir = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as folder:
        gegl = start_gegl(module, modules_dir, folder)
        base = picture(np.random.default_rng(43))
        check_double_beyond_float(gegl, base)
        check_waves(gegl, base)
        check_luminance_removed_part(gegl, base)
    return finish()


if __name__ == "__main__":
    sys.exit(main())
