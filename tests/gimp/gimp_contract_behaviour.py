#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The behaviour docs/contract.md promises, in real headless GIMP 3 through
Python-Fu (gimp_behaviour_driver.py), against the band-pass computed
independently in numpy double precision (gimp_oracle.py):

  - GRAY, GRAYA, RGB, RGBA in 8/16/32-bit integer, half, float and double,
    linear, non-linear and perceptual: the output keeps the drawable's
    type and precision, matches within half a quantisation step, and float
    keeps out-of-range values;
  - alpha kept exactly; colour under alpha 0 never reaches visible pixels;
    with the band off every pixel comes back as read, translucent ones
    too (8-bit exactly);
  - a layer with offsets, filtered whole and blended through a feathered
    selection; several drawables in one call;
  - channels=luminance (CIE L*, or Y when linear) keeping a* and b*;
    linear=TRUE filtering linear light;
  - a smooth gradient keeps its values up to the border under a low-pass,
    for power-of-two and other sizes; 4097×3, 1×1 and 6000×4000;
  - a refused call leaves the image untouched and clean (no undo step).

Usage: gimp_contract_behaviour.py PATH/TO/fft-bandpass"""
import json
import os
import sys

import numpy as np

import gimp_harness as gh
from gimp_oracle import Params, filter_image

RNG = np.random.default_rng(4)
BAND = Params(20, 3)

TRC_MARK = {"NON_LINEAR": "'", "LINEAR": "", "PERCEPTUAL": "~"}
QUANTUM = {"U8": 1 / 255, "U16": 1 / 65535}
PRECISIONS = ["U8_NON_LINEAR", "U8_LINEAR", "U8_PERCEPTUAL", "U16_NON_LINEAR",
              "U16_LINEAR", "U32_LINEAR", "HALF_LINEAR", "FLOAT_LINEAR",
              "FLOAT_NON_LINEAR", "FLOAT_PERCEPTUAL", "DOUBLE_LINEAR"]
FLOAT_ERROR = 2e-5


def io_format(base, alpha, precision):
    trc = TRC_MARK[precision.split("_", 1)[1]]
    names = f"Y{trc}" if base == "gray" else f"R{trc}G{trc}B{trc}"
    return f"{names}{'A' if alpha else ''} float"


def is_float(precision):
    return precision.split("_")[0] in ("HALF", "FLOAT", "DOUBLE")


def tolerance(precision):
    depth = precision.split("_")[0]
    if depth == "HALF":
        return 2e-3
    return QUANTUM.get(depth, 0) / 2 + FLOAT_ERROR


def params_dict(p):
    return {"large-structures": float(p.large), "small-structures": float(p.small),
            "shape": p.shape, "order": float(p.order), "mode": p.mode,
            "keep-mean": p.keep_mean, "stripes": p.stripes,
            "stripe-tolerance": float(p.tolerance), "padding": p.padding,
            "channels": p.channels, "linear": p.linear}


def smooth_image(h, w, planes, rng, out_of_range=False):
    y, x = np.mgrid[0:h, 0:w] / max(h, w)
    image = np.empty((h, w, planes))
    for c in range(planes):
        a, b, k = rng.uniform(0.1, 0.3, 3)
        image[..., c] = 0.5 + a * np.cos(2 * np.pi * 3 * x + c) * np.sin(2 * np.pi * 2 * y) \
            + b * np.cos(40 * k * x + 17 * y) + 0.05 * rng.standard_normal((h, w))
    if out_of_range:
        image[2:5, 3:9] = 1.8
        image[-6:-3, -9:-2] = -0.4
    return np.clip(image, 0.02, 0.98) if not out_of_range else image


class Jobs:
    def __init__(self, harness):
        self.harness = harness
        self.folder = harness.path("behaviour")
        os.makedirs(self.folder, exist_ok=True)
        self.jobs = []
        self.checks = []

    def add(self, name, inputs, base, alpha, precision, params, check, fmt=None,
            read_format=None, offsets=(0, 0), image_size=None, selection=None):
        files = []
        for i, data in enumerate(inputs):
            files.append(f"{name}-given{i}.npy")
            np.save(os.path.join(self.folder, files[-1]), data.astype(np.float32))
        h, w = inputs[0].shape[:2]
        job = {"name": name, "inputs": files, "base": base, "alpha": alpha,
               "precision": precision, "format": fmt or io_format(base, alpha, precision),
               "params": params_dict(params), "offsets": list(offsets),
               "image_size": list(image_size or (w, h)), "selection": selection}
        if read_format:
            job["read_format"] = read_format
        self.jobs.append(job)
        self.checks.append((name, params, check))

    def load(self, name, what):
        return np.load(os.path.join(self.folder, f"{name}-{what}.npy")).astype(np.float64)

    def run(self):
        with open(os.path.join(self.folder, "jobs.json"), "w") as f:
            json.dump(self.jobs, f)
        output = self.harness.run_gimp([gh.python_batch("gimp_behaviour_driver.py")],
                                       env={"BEHAVIOUR_FOLDER": self.folder},
                                       interpreter="python-fu-eval")
        path = os.path.join(self.folder, "reports.json")
        if not gh.check(os.path.exists(path), "the driver ran every job"):
            print(output[-5000:])
            return
        reports = {r["name"]: r for r in json.load(open(path))}
        for (name, params, check), job in zip(self.checks, self.jobs):
            report = reports.get(name, {"ok": False, "error": "no report"})
            check(self, name, job, params, report)


def expect_filtered(jobs, name, job, params, report):
    """Every layer as the oracle filters it; alpha and hidden colour kept."""
    if not gh.check(report["ok"], f"{name}: ran ({report.get('error', '')})"):
        return
    gh.check(report["same_type"] and report["same_precision"],
             f"{name}: layer type and image precision unchanged")
    alpha = job["alpha"]
    for i in range(len(job["inputs"])):
        given, got = jobs.load(name, f"in{i}"), jobs.load(name, f"out{i}")
        colour = given[..., :-1] if alpha else given
        opacity = given[..., -1] if alpha else None
        want = filter_image(colour, params, opacity)
        if not is_float(job["precision"]):
            want = np.clip(want, 0, 1)
        visible = (opacity > 0) if alpha else np.ones(given.shape[:2], bool)
        error = np.abs(got[..., :want.shape[-1]] - want)[visible].max()
        gh.check(error <= tolerance(job["precision"]),
                 f"{name} layer {i}: max |error| {error:.2e} "
                 f"(≤ {tolerance(job['precision']):.1e})")
        if alpha:
            gh.check(np.array_equal(got[..., -1], given[..., -1]),
                     f"{name} layer {i}: alpha kept exactly")
            hidden = ~visible
            # Computing is float throughout: a double image gets its hidden
            # colour back through float (babl's paths differ by a few ulp).
            rounding = 1e-6 if job["precision"].startswith("DOUBLE") else 0
            change = np.abs(got[hidden, :-1] - given[hidden, :-1]) / \
                np.maximum(1, np.abs(given[hidden, :-1]))
            gh.check(change.max() <= rounding,
                     f"{name} layer {i}: colour under alpha 0 kept "
                     f"({hidden.sum()} pixels, relative change {change.max():.1e})")
        if colour[visible].max() > 1.5:
            gh.check(got.max() > 1.2 and got.min() < -0.1,
                     f"{name}: out-of-range values kept ({got.min():.2f} … {got.max():.2f})")


def add_format_jobs(jobs):
    for precision in PRECISIONS:
        for base, planes in (("gray", 1), ("rgb", 3)):
            for alpha in (False, True):
                colour = smooth_image(30, 41, planes, RNG,
                                      out_of_range=is_float(precision) and not alpha)
                data = colour
                if alpha:
                    opacity = RNG.choice([0.0, 0.4, 1.0], size=(30, 41))
                    data = np.dstack([colour, opacity])
                name = f"{base}{'a' if alpha else ''}-{precision.lower()}"
                jobs.add(name, [data if planes > 1 or alpha else data[..., 0]],
                         base, alpha, precision, BAND, expect_filtered)


def expect_same_visible(other):
    def check(jobs, name, job, params, report):
        expect_filtered(jobs, name, job, params, report)
        a, b = jobs.load(name, "out0"), jobs.load(other, "out0")
        visible = a[..., -1] > 0
        diff = np.abs(a[visible] - b[visible]).max()
        gh.check(diff == 0, f"{name}: visible pixels identical whatever hides under "
                            f"alpha 0 (max difference {diff:.1e})")
    return check


def add_hidden_colour_jobs(jobs):
    colour = smooth_image(48, 64, 3, RNG)
    opacity = np.ones((48, 64))
    opacity[10:30, 20:40] = 0
    opacity[:, :5] = 0.5
    for name, hidden, check in (("hidden-bright", 1e6, expect_filtered),
                                ("hidden-dark", -1e6, expect_same_visible("hidden-bright"))):
        c = colour.copy()
        c[opacity == 0] = hidden
        jobs.add(name, [np.dstack([c, opacity])], "rgb", True, "FLOAT_LINEAR",
                 Params(10, 0), check)


def expect_as_read(jobs, name, job, params, report):
    """Nothing removed: every pixel as read, whatever its alpha (8-bit
    exactly, float within float rounding)."""
    if not gh.check(report["ok"], f"{name}: ran ({report.get('error', '')})"):
        return
    given, got = jobs.load(name, "in0"), jobs.load(name, "out0")
    change = np.abs(got - given).max()
    bound = 0 if job["precision"].startswith("U8") else FLOAT_ERROR
    translucent = ((given[..., -1] > 0) & (given[..., -1] < 1)).sum()
    gh.check(change <= bound, f"{name}: every pixel as read, {translucent} of them "
                              f"translucent (max |change| {change:.1e}, ≤ {bound:.0e})")


def add_translucent_jobs(jobs):
    """The band off on layers whose alpha takes every value 0 … 1."""
    for precision in ("U8_NON_LINEAR", "FLOAT_LINEAR"):
        colour = smooth_image(30, 41, 3, RNG)
        opacity = RNG.choice([0.0, 1 / 255, 0.5, 254 / 255, 1.0], size=(30, 41))
        opacity[:, ::3] = RNG.uniform(0, 1, size=opacity[:, ::3].shape)
        data = np.dstack([colour, opacity])
        if precision.startswith("U8"):
            data = np.round(data * 255) / 255
        jobs.add(f"translucent-band-off-{precision.lower()}", [data], "rgb", True,
                 precision, Params(0, 0), expect_as_read)


def expect_blended(jobs, name, job, params, report):
    if not gh.check(report["ok"], f"{name}: ran ({report.get('error', '')})"):
        return
    x0, y0 = job["offsets"]
    given, got = jobs.load(name, "in0"), jobs.load(name, "out0")
    h, w = given.shape[:2]
    mask = jobs.load(name, "mask")[y0:y0 + h, x0:x0 + w]
    filtered = filter_image(given, params)
    want = given + mask * (filtered - given)
    error = np.abs(got - want).max()
    partial = ((mask > 0.05) & (mask < 0.95)).sum()
    gh.check(error <= 1e-4 and partial > 100,
             f"{name}: offset layer blended through the feathered selection, max |error| "
             f"{error:.2e} ({partial} partly selected pixels)")


def add_selection_jobs(jobs):
    jobs.add("feathered-selection-offset-layer", [smooth_image(48, 64, 3, RNG)], "rgb", False,
             "FLOAT_LINEAR", BAND, expect_blended, offsets=(20, 10), image_size=(100, 80),
             selection={"rect": [30, 20, 40, 30], "feather": 12})
    jobs.add("two-drawables-with-offsets",
             [smooth_image(40, 50, 3, RNG), smooth_image(40, 50, 3, RNG)], "rgb", False,
             "FLOAT_NON_LINEAR", BAND, expect_filtered, offsets=(-7, 5), image_size=(60, 60))


def lightness_to_luminance(lightness):
    eps, kappa = 216 / 24389, 24389 / 27
    return np.where(lightness <= kappa * eps, lightness / kappa, ((lightness + 16) / 116) ** 3)


def luminance_to_lightness(y):
    eps, kappa = 216 / 24389, 24389 / 27
    return np.where(y <= eps, kappa * y, 116 * np.cbrt(y) - 16)


def expect_lightness_filtered(jobs, name, job, params, report):
    if not gh.check(report["ok"], f"{name}: ran ({report.get('error', '')})"):
        return
    given, got = jobs.load(name, "in0"), jobs.load(name, "out0")
    lightness = given[..., 0]
    if params.linear:
        want = luminance_to_lightness(filter_image(lightness_to_luminance(lightness), params))
    else:
        want = filter_image(lightness, params)
    error = np.abs(got[..., 0] - want).max()
    chroma = np.abs(got[..., 1:] - given[..., 1:]).max()
    gh.check(error <= 2e-3, f"{name}: L* as filtered {'Y' if params.linear else 'L*'}, "
                            f"max |error| {error:.2e} (L* spans 0 … 100)")
    gh.check(chroma <= 2e-3, f"{name}: a* and b* kept, max change {chroma:.2e}")


def add_colour_space_jobs(jobs):
    colour = smooth_image(40, 56, 3, RNG)
    for linear in (False, True):
        jobs.add(f"luminance{'-linear' if linear else ''}", [colour], "rgb", False,
                 "FLOAT_NON_LINEAR", Params(20, 3, channels="luminance", linear=linear),
                 expect_lightness_filtered, read_format="CIE Lab float")
    jobs.add("linear-light-of-nonlinear-image", [colour], "rgb", False, "FLOAT_NON_LINEAR",
             Params(20, 3, linear=True), expect_filtered, fmt="RGB float")


def expect_gradient_kept(jobs, name, job, params, report):
    if not gh.check(report["ok"], f"{name}: ran ({report.get('error', '')})"):
        return
    given, got = jobs.load(name, "in0")[..., 0], jobs.load(name, "out0")[..., 0]
    error = np.abs(got - given)
    border = np.concatenate([error[0], error[-1], error[:, 0], error[:, -1]]).max()
    gh.check(error.max() <= 2e-4,
             f"{name}: gradient kept under a low-pass, max |change| {error.max():.2e}, "
             f"on the border {border:.2e}")


def add_edge_jobs(jobs):
    for w, h in ((256, 256), (300, 200), (128, 512)):
        y, x = np.mgrid[0:h, 0:w]
        ramp = 0.1 + 0.6 * x / (w - 1) + 0.25 * y / (h - 1)
        for padding, check in (("smooth", expect_gradient_kept),
                               ("mirror", expect_filtered)):
            jobs.add(f"gradient-{w}x{h}-{padding}", [ramp], "gray", False, "FLOAT_LINEAR",
                     Params(0, 6, padding=padding), check)


def add_size_jobs(jobs):
    jobs.add("size-4097x3", [smooth_image(3, 4097, 1, RNG)[..., 0]], "gray", False,
             "FLOAT_LINEAR", BAND, expect_filtered)
    jobs.add("size-1x1", [np.array([[[0.2, 0.5, 0.9]]])], "rgb", False, "FLOAT_LINEAR",
             BAND, expect_filtered)
    jobs.add("size-6000x4000", [smooth_image(4000, 6000, 3, RNG)], "rgb", False,
             "U8_NON_LINEAR", BAND, expect_filtered)


def expect_refused(words):
    def check(jobs, name, job, params, report):
        gh.check(not report["ok"] and all(w in report["error"] for w in words),
                 f"{name}: refused with {report['error']!r}")
        same = np.array_equal(jobs.load(name, "in0"), jobs.load(name, "out0"))
        gh.check(same and not report["dirty"],
                 f"{name}: image untouched and clean, no undo step")
    return check


def add_refusal_jobs(jobs):
    jobs.add("refused-inverted-cut-offs", [smooth_image(20, 20, 3, RNG)], "rgb", False,
             "U8_NON_LINEAR", Params(5, 8), expect_refused(["8", "5"]))


def main():
    harness = gh.Harness(sys.argv[1])
    jobs = Jobs(harness)
    add_format_jobs(jobs)
    add_hidden_colour_jobs(jobs)
    add_translucent_jobs(jobs)
    add_selection_jobs(jobs)
    add_colour_space_jobs(jobs)
    add_edge_jobs(jobs)
    add_size_jobs(jobs)
    add_refusal_jobs(jobs)
    jobs.run()
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
