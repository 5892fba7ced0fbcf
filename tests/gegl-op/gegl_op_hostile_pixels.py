#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""fft:band-pass with a NaN or ±inf in one colour channel of one pixel
(docs/contract.md, "Non-finite and extreme pixel values"), through GEGL
itself: for float and half input, linear and not, the pixel visible and
under alpha 0, with `channels` rgb and luminance, `linear` on and off and
`output` result and removed-part, the pixel's colour comes back exactly
as read (not spread over its other channels by the conversion to CIE Lab
or linear light and back) and every other pixel is finite.

Usage: gegl_op_hostile_pixels.py PATH/TO/fft-band-pass.so GEGL-MODULES-DIR"""
import itertools
import sys
import tempfile

import numpy as np

from gegl_op_harness import Graph, check, finish, gegl_buffer, start_gegl

WIDTH, HEIGHT = 40, 30
AT = (5, 7)
# (input format, its numpy type, the output read in float)
FORMATS = [("R'G'B'A float", np.float32, "R'G'B'A float"),
           ("RGBA float", np.float32, "RGBA float"),
           ("R'G'B'A half", np.float16, "R'G'B'A float"),
           ("RGBA half", np.float16, "RGBA float")]
VALUES = [np.nan, np.inf, -np.inf]
ALPHAS = [1.0, 0.0]
SETTINGS = [{"channels": channels, "linear": linear, "output": output}
            for channels in ("rgb", "luminance")
            for linear in (False, True)
            for output in ("result", "removed-part")]


def picture(dtype, value, alpha):
    rng = np.random.default_rng(30)
    pixels = rng.uniform(0.2, 0.8, (HEIGHT, WIDTH, 4)).astype(dtype)
    pixels[..., 3] = 1
    pixels[AT] = (value, 0.25, 0.5, alpha)
    return pixels


def main():
    module, modules_dir = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as folder:
        gegl = start_gegl(module, modules_dir, folder)
        for (fmt, dtype, read_as), value, alpha, settings in itertools.product(
                FORMATS, VALUES, ALPHAS, SETTINGS):
            given = picture(dtype, value, alpha)
            graph = Graph(gegl, read_as, WIDTH, HEIGHT)
            graph.render(gegl_buffer(gegl, fmt, given), dict(settings))
            got = graph.result(np.float32)
            others = np.delete(got.reshape(-1, 4), AT[0] * WIDTH + AT[1], 0)
            as_read = np.array_equal(got[AT], given[AT].astype(np.float32),
                                     equal_nan=True)
            finite = bool(np.isfinite(others).all())
            check(as_read and finite,
                  f"{fmt}, {value} in R, alpha {alpha}, {settings}: the pixel "
                  f"{got[AT]} as read {given[AT]}: {as_read}; every other pixel "
                  f"finite: {finite}")
    return finish()


if __name__ == "__main__":
    sys.exit(main())
