#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Halftone removal on numpy's model of the gain (tests/gimp/gimp_oracle.py),
with each print's true screen lattices: how far a linear gain gets over
the best per-image Gaussian blur (the margin of issue 29's item 3), and
what a gain per channel would add. A study, not a test: it prints each
print's margins (PSNR dB / SSIM) and their mean and worst.

    bash tools/gimp3-env python3 bench/halftone_model.py --seeds 31-35
    bash tools/gimp3-env python3 bench/halftone_model.py --seeds 31 --quick

Methods: `all` notches every screen's lattice in every channel (what one
gain does, as the plug-in today); `own` notches each channel at its own
ink's screen only (C in red, M in green, Y in blue); `wiener` is a
data-driven Wiener gain: the smoothed power against the median of its
ring as the picture's spectrum. Notch radius 0.25 lattice spacings,
`small-structures` 0.9 screen period, Gaussian edges, as the finder
(--radius, --small and --shape try others)."""
import argparse
import os
import sys

import numpy as np
from scipy.ndimage import gaussian_filter, uniform_filter
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, "..", "tests", "gimp")]
import gimp_oracle  # noqa: E402
import pattern_cases  # noqa: E402


def score(clean, image):
    image = pattern_cases.quantise(image)
    axis = None if clean.ndim == 2 else 2
    return (peak_signal_noise_ratio(clean, image, data_range=255),
            structural_similarity(clean, image, data_range=255, channel_axis=axis))


def best_blur(case):
    sigma = (lambda s: (s, s)) if case.given.ndim == 2 else (lambda s: (s, s, 0))
    scores = [score(case.clean, gaussian_filter(case.given, sigma(s), mode="reflect"))
              for s in np.geomspace(0.3, 5, 25)]
    return max(p for p, _ in scores), max(q for _, q in scores)


def planes(image):
    return [image.astype(float)] if image.ndim == 2 else \
        [image[..., i].astype(float) for i in range(image.shape[2])]


def stacked(planes_, like):
    return planes_[0] if like.ndim == 2 else np.stack(planes_, -1)


def wiener_plane(plane, smooth=9):
    h, w = plane.shape
    mirrored = np.block([[plane, plane[:, ::-1]], [plane[::-1, :], plane[::-1, ::-1]]])
    spectrum = np.fft.fft2(mirrored)
    power = np.fft.ifftshift(uniform_filter(np.fft.fftshift(np.abs(spectrum) ** 2),
                                            smooth, mode="wrap"))
    fy = np.fft.fftfreq(power.shape[0])[:, None]
    fx = np.fft.fftfreq(power.shape[1])[None, :]
    ring = (np.hypot(fx, fy) * max(power.shape)).astype(int)
    log_power = np.log(power + 1e-9)
    median = np.array([np.median(log_power[ring == r]) if np.any(ring == r) else 0.0
                       for r in range(ring.max() + 1)])
    gain = np.clip(np.exp(median[ring]) / (power + 1e-9), 0, 1)
    gain[0, 0] = 1
    return np.real(np.fft.ifft2(spectrum * gain))[:h, :w]


def filtered(case, method, radius=0.25, small=0.9, shape="gaussian"):
    period = 1 / pattern_cases.screen_frequency(case.notches)
    if method == "wiener":
        return stacked([wiener_plane(p) for p in planes(case.given)], case.given)
    angles = pattern_cases.SCREEN_ANGLES["grey" if case.clean.ndim == 2 else "rgb"]
    out = []
    for i, plane in enumerate(planes(case.given)):
        screens = [angles[i]] if method == "own" else angles
        notches = [v for a in screens
                   for v in pattern_cases.lattice_notches(period, a, radius / period)]
        out.append(gimp_oracle.filter_image(
            plane, gimp_oracle.Params(large=0, small=small * period, shape=shape,
                                      notches=notches)))
    return stacked(out, case.given)


def seeds(text):
    if "-" in text:
        first, last = map(int, text.split("-"))
        return list(range(first, last + 1))
    return [int(s) for s in text.split(",")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=seeds, default=seeds("31-35"))
    parser.add_argument("--photos", default="build-quality/photos")
    parser.add_argument("--methods", default="all,own")
    parser.add_argument("--radius", type=float, default=0.25,
                        help="notch radius in lattice spacings (the finder's 0.25)")
    parser.add_argument("--small", type=float, default=0.9,
                        help="small-structures in screen periods (the finder's 0.9)")
    parser.add_argument("--shape", default="gaussian")
    parser.add_argument("--grey", action="store_true", help="grey prints only")
    parser.add_argument("--quick", action="store_true",
                        help="one print per seed: does it work (the test suite's form)")
    args = parser.parse_args()
    cases = [c for s in args.seeds for c in pattern_cases.make_cases(args.photos, s, args.quick)
             if c.kind == "b" and (c.clean.ndim == 2 or not args.grey)]
    blurs = [best_blur(c) for c in cases]
    for method in args.methods.split(","):
        margins = []
        for case, (blur_psnr, blur_ssim) in zip(cases, blurs):
            p, q = score(case.clean, filtered(case, method, args.radius, args.small,
                                              args.shape))
            margins.append((p - blur_psnr, q - blur_ssim))
            print(f"{method:6} {case.photo:12} seed {case.seed}: "
                  f"{margins[-1][0]:+.2f} dB {margins[-1][1]:+.3f} SSIM")
        m = np.array(margins)
        met = int(np.sum((m[:, 0] >= 1) & (m[:, 1] >= 0.03)))
        print(f"{method}: PSNR {m[:, 0].mean():+.2f} mean {m[:, 0].min():+.2f} worst; "
              f"SSIM {m[:, 1].mean():+.3f} mean {m[:, 1].min():+.3f} worst; "
              f"{met} of {len(m)} meet +1 dB and +0.03", flush=True)


if __name__ == "__main__":
    main()
