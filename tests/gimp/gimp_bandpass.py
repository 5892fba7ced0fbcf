# SPDX-License-Identifier: GPL-3.0-or-later
"""The plug-in inside real headless GIMP 3 on synthetic images (sums of
cosines plus a ramp, so that the edges matter), against the band-pass
computed independently in numpy double precision (gimp_oracle.py) from
docs/contract.md: every shape, band-pass and band-reject, keep-mean, stripes,
notches, both paddings; and the refusals of bad arguments.

Usage: gimp_bandpass.py PATH/TO/fft-bandpass"""
import os
import re
import sys

import numpy as np

import gimp_harness as gh
from gimp_oracle import Params, filter_image

W, H = 256, 128
# (amplitude, kx, ky, phase): cosines of kx, ky cycles across the image.
GRAY_WAVES = [(0.20, 4, 0, 0.3),    # period 64 px: a large structure
              (0.15, 0, 8, 1.1),    # period 16 px: inside the band
              (0.10, 64, 32, 2.0),  # period 2.8 px: a small structure
              (0.05, 0, 40, 0.0),   # horizontal stripes, period 3.2 px
              (0.05, 25, 0, 0.4)]   # vertical stripes, period 10 px
RGB_WAVES = [[(0.2, 2, 2, 0.0), (0.1, 20, 0, 0.5)],
             [(0.2, 0, 10, 1.0), (0.1, 100, 0, 0.2)],
             [(0.2, 12, 4, 2.0), (0.1, 3, 40, 0.7)]]
MEAN = 0.5


def waves_image(waves):
    y, x = np.mgrid[0:H, 0:W].astype(np.float64)
    img = MEAN + 0.1 * x / W - 0.05 * y / H
    for amp, kx, ky, phase in waves:
        img += amp * np.cos(2 * np.pi * (kx * x / W + ky * y / H) + phase)
    return img


def bandpass_call(image_var, params):
    return (f"(plug-in-fft-bandpass RUN-NONINTERACTIVE {image_var} "
            f"(car (gimp-image-get-selected-drawables {image_var})) "
            f"{params.script_fu()})")


CASES = [
    Params(32, 6, "gaussian", 2, "band-pass", True),
    Params(32, 6, "gaussian", 2, "band-reject", True),
    Params(40, 5, "butterworth", 3, "band-pass", False),
    Params(24, 4, "butterworth", 1.5, "band-reject", True),
    Params(32, 6, "ideal", 2, "band-pass", True),
    Params(32, 6, "ideal", 2, "band-reject", False),
    Params(0, 6, "gaussian", 2, "band-pass", True),
    Params(32, 0, "butterworth", 2, "band-pass", True),
    Params(0, 0, "gaussian", 2, "band-pass", True, "horizontal", 5),
    Params(40, 2, "gaussian", 2, "band-pass", True, "vertical", 30),
    Params(0, 0, "gaussian", 2, "band-pass", True, "none", 5,
           (25 / W, 0.0, 0.01, 0.25, 0.25, 0.02)),
    Params(0, 3, "butterworth", 2, "band-pass", True, "horizontal", 0,
           (0.0, 40 / H, 0.015)),
    Params(32, 6, "gaussian", 2, "band-pass", True, padding="zero"),
    Params(32, 6, "gaussian", 2, "band-pass", True, padding="smooth"),
    Params(0, 4, "butterworth", 2, "band-pass", True, padding="smooth"),
]

TOLERANCE = 2e-5  # float32 output and float FFTs; the errors seen are ≈1e-6


REFUSALS = [
    ("small ≥ large names both values", Params(5, 8), r"8.*5|5.*8"),
    ("notch array not in triples", Params(notches=(0.1, 0.1, 0.01, 0.2)),
     r"(?i)notches.*4 numbers|three per notch"),
    ("one number counted in the singular", Params(notches=(0.1,)),
     r"holds 1 number: it needs three"),
    ("notch channels counted in each number's form",
     Params(notches=(0.1, 0.1, 0.01), notch_channels="r g"),
     r'"r g" name 2 notches, but there is 1 notch\.'),
    ("a wave (notch radius 0) at the mean", Params(notches=(0.0, 0.0, 0.0)),
     r"(?i)notch 1 has radius 0.*\(0, 0\)"),
    ("notch radius negative", Params(notches=(0.1, 0.1, 0.01, 0.2, 0.1, -0.5)),
     r"(?i)notch 2.*radius"),
    ("notch fx beyond 0.5", Params(notches=(0.7, 0.1, 0.01)), r"(?i)notch 1.*0\.7"),
    ("notch fy beyond -0.5", Params(notches=(0.1, -0.6, 0.01)), r"(?i)notch 1.*-0\.6"),
    ("notch channels not made of r, g and b",
     Params(notches=(0.1, 0.1, 0.01), notch_channels="r gx"),
     r"(?i)notch channels.*character 3"),
    ("more notch channels than notches",
     Params(notches=(0.1, 0.1, 0.01), notch_channels="r g"),
     r"(?i)notch channels.*2 notches.*1 notch"),
    # GIMP itself refuses values outside an argument's range.
    ("order out of range", Params(shape="butterworth", order=50),
     r"value 50\S* out of range: 0\.5\S* to 20"),
    ("negative large structures", Params(large=-4), r"value -4\S* out of range"),
    ("tolerance above 100 %", Params(stripes="vertical", tolerance=150),
     r"value 150\S* out of range: 0\S* to 100"),
    ("unknown shape", Params(shape="cubic"), r"(?i)shape|cubic"),
]


def main():
    harness = gh.Harness(sys.argv[1])
    gray = waves_image(GRAY_WAVES)
    rgb = np.dstack([waves_image(w) for w in RGB_WAVES])
    gray_in = harness.write_image("gray.pfm", gray)
    rgb_in = harness.write_image("rgb.pfm", rgb)

    jobs = []
    for i, params in enumerate(CASES):
        out = harness.path(f"gray-{i}.pfm")
        jobs.append(("gray", gray, params, out,
                     harness.filter_script(gray_in, out, bandpass_call("img", params))))
    rgb_params = Params(30, 5, "butterworth", 2, stripes="vertical", tolerance=10)
    rgb_out = harness.path("rgb-out.pfm")
    jobs.append(("rgb", rgb, rgb_params, rgb_out,
                 harness.filter_script(rgb_in, rgb_out, bandpass_call("img", rgb_params))))
    # Notches on red's, green's and blue's own waves, each in its channel
    # (and one in red and blue, one without a word: every channel).
    channel_params = Params(0, 0, notches=(20 / W, 0, 0.01, 0, 10 / H, 0.01,
                                           12 / W, 4 / H, 0.01, 3 / W, 40 / H, 0.01),
                            notch_channels="r G rb")
    channel_out = harness.path("rgb-channels.pfm")
    jobs.append(("rgb channels", rgb, channel_params, channel_out,
                 harness.filter_script(rgb_in, channel_out,
                                       bandpass_call("img", channel_params))))

    # A refused call, caught, must leave the image as it was; uncaught, its
    # message must reach the user. GIMP stops at a failing batch command,
    # so each uncaught call gets a GIMP of its own.
    scripts = [job[4] for job in jobs]
    for i, (_, params, _) in enumerate(REFUSALS):
        scripts.append(harness.filter_script(gray_in, harness.path(f"refused-{i}.pfm"),
                                             f"(catch #f {bandpass_call('img', params)})"))
    output = harness.run_gimp(scripts)
    messages = [harness.run_gimp([harness.load_script(gray_in, bandpass_call("img", params))])
                for _, params, _ in REFUSALS]

    for kind, image, params, out, _ in jobs:
        label = f"{kind} {params}"
        if not os.path.exists(out):
            gh.check(False, f"{label}: no output written")
            continue
        got = gh.read_pfm(out)
        if kind == "gray" and got.ndim == 3:
            got = got[..., 0]
        want = filter_image(image, params)
        err = float(np.max(np.abs(got - want)))
        changed = float(np.max(np.abs(want - image)))
        gh.check(err <= TOLERANCE and changed > 100 * TOLERANCE,
                 f"{label}: max |error| {err:.2e} (the filter changed up to {changed:.2f})")
        if params.notch_channels:
            every = filter_image(image, Params(0, 0, notches=params.notches))
            apart = float(np.max(np.abs(every - want)))
            gh.check(apart > 100 * TOLERANCE,
                     f"{label}: the channels matter (every notch in every "
                     f"channel differs by up to {apart:.2f})")

    # fftcl redoes a failed OpenCL call on the CPU, which gives the right
    # pixels too: only the plug-in's message tells that a kernel failed.
    gh.check("on the CPU instead" not in output,
             f"filtered on {os.environ.get('FFTCL_DEVICE', 'the default device')} "
             "without falling back to the CPU")

    for i, (label, _, pattern) in enumerate(REFUSALS):
        found = any(re.search(pattern, line) for line in messages[i].split("\n"))
        gh.check(found, f"{label}: message seen")
        kept = harness.path(f"refused-{i}.pfm")
        same = os.path.exists(kept) and np.array_equal(gh.read_pfm(kept), gh.read_pfm(gray_in))
        gh.check(same, f"{label}: image untouched")
    if gh.checks.failed:
        print(output[-6000:])
        for text in messages:
            print(text[-1500:])
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
