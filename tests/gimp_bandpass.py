#!/usr/bin/env python3
"""The plug-in inside real headless GIMP 3, on synthetic images whose answer
is known: sums of cosines sitting exactly on frequency bins, so the filtered
image is each cosine times the gain at its frequency, computed here from
DESIGN.md §2 independently of the plug-in.

Usage: gimp_bandpass.py PATH/TO/fft-bandpass"""
import math
import os
import re
import sys

import numpy as np

import gimp_harness as gh

W, H = 256, 128
# (amplitude, kx, ky, phase): cosines on exact bins of the W×H grid.
GRAY_WAVES = [(0.20, 4, 0, 0.3),    # period 64 px: a large structure
              (0.15, 0, 8, 1.1),    # period 16 px: inside the band
              (0.10, 64, 32, 2.0)]  # period 2.8 px: a small structure
RGB_WAVES = [[(0.2, 2, 2, 0.0), (0.1, 20, 0, 0.5)],
             [(0.2, 0, 10, 1.0), (0.1, 100, 0, 0.2)],
             [(0.2, 12, 4, 2.0), (0.1, 3, 40, 0.7)]]
MEAN = 0.5


def lowpass(x, shape, order):
    if shape == "gaussian":
        return math.exp(-math.log(2) * x * x)
    if shape == "butterworth":
        return 1 / (1 + x ** (2 * order))
    return 1.0 if x <= 1 else 0.0


def gain(fx, fy, large, small, shape, order, mode, keep_mean):
    """G(f) of DESIGN.md §2, with f in cycles per pixel."""
    f = math.hypot(fx, fy)
    high = lowpass(f * small, shape, order) if small > 0 else 1.0
    low = 1 - lowpass(f * large, shape, order) if large > 0 else 1.0
    g = high * low
    if mode == "band-reject":
        g = 1 - g
    if keep_mean and fx == 0 and fy == 0:
        g = 1.0
    return g


def waves_image(waves, params=None):
    """The image of MEAN plus waves; filtered by params when given."""
    y, x = np.mgrid[0:H, 0:W].astype(np.float64)
    g0 = gain(0, 0, *params) if params else 1.0
    img = np.full((H, W), MEAN * g0)
    for amp, kx, ky, phase in waves:
        g = gain(kx / W, ky / H, *params) if params else 1.0
        img += amp * g * np.cos(2 * np.pi * (kx * x / W + ky * y / H) + phase)
    return img


def bandpass_call(image_var, params, extra=None):
    large, small, shape, order, mode, keep_mean = params
    rest = extra or '"none" 5 #() "mirror" "rgb" FALSE'
    return (f'(plug-in-fft-bandpass RUN-NONINTERACTIVE {image_var} '
            f"(car (gimp-image-get-selected-drawables {image_var})) "
            f'{large} {small} "{shape}" {order} "{mode}" '
            f'{"TRUE" if keep_mean else "FALSE"} {rest})')


CASES = [  # large, small, shape, order, mode, keep-mean
    (32, 6, "gaussian", 2, "band-pass", True),
    (32, 6, "gaussian", 2, "band-reject", True),
    (40, 5, "butterworth", 3, "band-pass", False),
    (24, 4, "butterworth", 1.5, "band-reject", True),
    (32, 6, "ideal", 2, "band-pass", True),
    (32, 6, "ideal", 2, "band-reject", False),
    (0, 6, "gaussian", 2, "band-pass", True),
    (32, 0, "butterworth", 2, "band-pass", True),
]

TOLERANCE = 1e-5  # float32 output; the errors seen are about 1e-7


def main():
    harness = gh.Harness(sys.argv[1])
    gray_in = harness.write_image("gray.pfm", waves_image(GRAY_WAVES))
    rgb_planes = [waves_image(w) for w in RGB_WAVES]
    rgb_in = harness.write_image("rgb.pfm", np.dstack(rgb_planes))

    jobs = []
    for i, params in enumerate(CASES):
        out = harness.path(f"gray-{i}.pfm")
        jobs.append(("gray", params, out,
                     harness.filter_script(gray_in, out, bandpass_call("img", params))))
    rgb_params = (30, 5, "butterworth", 2, "band-pass", True)
    rgb_out = harness.path("rgb-out.pfm")
    jobs.append(("rgb", rgb_params, rgb_out,
                 harness.filter_script(rgb_in, rgb_out, bandpass_call("img", rgb_params))))

    refusals = [
        ("small ≥ large names both values",
         bandpass_call("img", (5, 8, "gaussian", 2, "band-pass", True)),
         r"8.*5|5.*8"),
        ("stripes are refused until implemented",
         bandpass_call("img", (40, 3, "gaussian", 2, "band-pass", True),
                       '"horizontal" 5 #() "mirror" "rgb" FALSE'),
         r"(?i)stripe"),
        ("notches are refused until implemented",
         bandpass_call("img", (40, 3, "gaussian", 2, "band-pass", True),
                       '"none" 5 #(0.1 0.1 0.01) "mirror" "rgb" FALSE'),
         r"(?i)notch"),
    ]
    # A refused call, caught, must leave the image as it was; uncaught, its
    # message must reach the user. GIMP stops at a failing batch command,
    # so each uncaught call gets a GIMP of its own.
    scripts = [job[3] for job in jobs]
    for i, (_, call, _) in enumerate(refusals):
        scripts.append(harness.filter_script(gray_in, harness.path(f"refused-{i}.pfm"),
                                             f"(catch #f {call})"))
    output = harness.run_gimp(scripts)
    messages = [harness.run_gimp([harness.load_script(gray_in, call)])
                for _, call, _ in refusals]

    for kind, params, out, _ in jobs:
        label = f"{kind} {params[2]} {params[4]} large={params[0]} small={params[1]} " \
                f"order={params[3]} keep-mean={params[5]}"
        if not os.path.exists(out):
            gh.check(False, f"{label}: no output written")
            continue
        got = gh.read_pfm(out)
        if kind == "gray":
            want = waves_image(GRAY_WAVES, params)
            got = got[..., 0] if got.ndim == 3 else got
        else:
            want = np.dstack([waves_image(w, params) for w in RGB_WAVES])
        err = float(np.max(np.abs(got - want)))
        gh.check(err <= TOLERANCE, f"{label}: max |error| {err:.2e}")

    for i, (label, _, pattern) in enumerate(refusals):
        found = any(re.search(pattern, line) for line in messages[i].split("\n")
                    if "plug-in-fft-bandpass" in line)
        gh.check(found, f"{label}: message seen")
        kept = harness.path(f"refused-{i}.pfm")
        same = os.path.exists(kept) and np.array_equal(gh.read_pfm(kept), gh.read_pfm(gray_in))
        gh.check(same, f"{label}: image untouched")
    if gh.failed:
        print(output[-6000:])
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
