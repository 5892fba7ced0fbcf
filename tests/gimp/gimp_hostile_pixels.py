#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Non-finite and far-out-of-range pixels in real headless GIMP 3
(docs/contract.md, "Non-finite and extreme pixel values"; issue 20, rows
3 to 6), through Python-Fu (gimp_hostile_driver.py), on the device
FFTCL_DEVICE names:

  - finite pixels give finite results: one pixel of 1e30 filtered as
    luminance; linear light of a non-linear pixel of 1e16 and more; one
    pixel of 1e38 or FLT_MAX and double values beyond the float range,
    which match the numpy oracle (gimp_oracle.py) of the image saturated
    at ±FLT_MAX, the result saturated there too;
  - colour hidden under alpha 0 (NaN, ±inf, 1e30; rgb, luminance, linear
    light) and one NaN alpha reach no visible pixel: the visible pixels
    come out as those of the same image with that colour 0 or that alpha
    0;
  - a NaN in R of a visible pixel reaches no other pixel, nor its own G
    and B: with alpha the image comes out as with that pixel transparent;
    without, as the oracle filters it with that pixel transparent;
  - a NaN or ±inf in R of one pixel, visible or under alpha 0, in float
    and half images, linear and not, with `channels` rgb and luminance,
    `linear` on and off and every `output`: the pixel's colour comes back
    exactly as read (not spread over G and B by the conversion to CIE
    Lab or linear light and back), in the removed part it is NaN in R and
    ½ in G and B (nothing taken away), and every other pixel is finite;
  - a half-float step 0 → 60000 rings up to 65504, the largest half
    float, never to inf;
  - through the dialog (GIMP's user interface under Xvfb, which reads the
    drawable ahead and converts it later), a double image with values
    beyond the float range and NaN colour comes out as without it, the
    plug-in's process printing no warning or critical.

Usage: gimp_hostile_pixels.py PATH/TO/fft-bandpass"""
import json
import os
import sys
import time

import numpy as np

import gimp_harness as gh
import gimp_xvfb as gx
from gimp_oracle import Params, filter_image

FLT_MAX = float(np.finfo(np.float32).max)
HALF_MAX = 65504.0
ORACLE_ERROR = 2e-5
PREVIEW_SECONDS = 5
TRC_MARK = {"LINEAR": "", "NON_LINEAR": "'"}


def stored_format(precision, components):
    """The babl format the image of `precision` stores, in float (half
    images too, whose values fit) or double."""
    depth, trc = precision.split("_", 1)
    mark = TRC_MARK[trc]
    names = f"R{mark}G{mark}B{mark}" if components > 2 else f"Y{mark}"
    alpha = "A" if components in (2, 4) else ""
    return f"{names}{alpha} {'double' if depth == 'DOUBLE' else 'float'}"


def smooth(height, width, components, seed):
    """Colour in 0.1 … 0.9, alpha (the fourth component) 1."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width] / max(height, width)
    image = np.ones((height, width, components))
    for c in range(min(components, 3)):
        a, b, k = rng.uniform(0.5, 3, 3)
        image[..., c] = 0.5 + 0.2 * np.sin(2 * np.pi * a * x + c) * np.cos(2 * np.pi * b * y) \
            + 0.1 * np.cos(11 * k * x - 7 * y)
    return image


class Jobs:
    def __init__(self, harness, folder):
        self.harness = harness
        self.folder = harness.path(folder)
        os.makedirs(self.folder, exist_ok=True)
        self.jobs, self.checks = [], {}

    def add(self, name, given, precision, arguments, check, interactive=False):
        """`given` goes to GIMP in float, or in double for a double image.
        An interactive job takes the dialog's defaults, not `arguments`."""
        dtype = np.float64 if precision.startswith("DOUBLE") else np.float32
        np.save(os.path.join(self.folder, name + "-in.npy"), given.astype(dtype))
        self.jobs.append({"name": name, "precision": precision, "arguments": arguments,
                          "format": stored_format(precision, given.shape[2]),
                          "interactive": interactive})
        self.checks[name] = check

    def given(self, name):
        return np.load(os.path.join(self.folder, name + "-in.npy")).astype(np.float64)

    def got(self, name):
        return np.load(os.path.join(self.folder, name + "-out.npy")).astype(np.float64)

    def run(self, dialog=False):
        """Every job in one GIMP, then each job's check on what it gave;
        with `dialog`, GIMP shows its user interface for the one
        interactive job."""
        with open(os.path.join(self.folder, "jobs.json"), "w") as f:
            json.dump(self.jobs, f)
        script = gh.python_batch("gimp_hostile_driver.py")
        env = {"HOSTILE_FOLDER": self.folder}
        if dialog:
            log = press_ok(self.harness, script, env)
            problems = gx.console_problems(log)
            gh.check(not problems, f"the dialog warns of nothing: {problems}")
            print(f"note the dialog's GIMP closed the pipe first "
                  f"{len(gx.console_closed_first(log))} times")
        else:
            log = self.harness.run_gimp([script], env=env, interpreter="python-fu-eval")
        try:
            with open(os.path.join(self.folder, "reports.json")) as f:
                reports = json.load(f)
        except FileNotFoundError:
            gh.check(False, "the driver ran every job; GIMP said:\n" + log[-5000:])
            return
        for report in reports:
            name = report["name"]
            if gh.check(report["ok"], f"{name}: ran ({report['error']})"):
                self.checks[name](self, name)


def press_ok(harness, script, env):
    """Runs `script` in GIMP with its user interface, pressing OK in the
    dialog once its preview has had time to show; GIMP's log."""
    with gx.GimpSession(harness, script, env=env) as gimp:
        window = gx.wait_for_window(gimp.env, "Band-pass")
        if window:
            time.sleep(PREVIEW_SECONDS)
            gx.xdotool(gimp.env, "windowfocus", "--sync", window)
            gx.xdotool(gimp.env, "key", "--clearmodifiers", "alt+o")
            gimp.awaits_end()
    return gimp.output()


def expect_finite(jobs, name):
    """Finite wherever the given value is."""
    finite = np.isfinite(jobs.given(name))
    lost = (~np.isfinite(jobs.got(name)) & finite).sum()
    gh.check(lost == 0, f"{name}: finite wherever given finite ({lost} of "
                        f"{finite.sum()} values not)")


def expect_saturated_oracle(params):
    """The oracle of the image saturated at ±FLT_MAX, saturated there
    too, within ORACLE_ERROR of the largest colour value."""
    def check(jobs, name):
        expect_finite(jobs, name)
        given = np.clip(jobs.given(name), -FLT_MAX, FLT_MAX)
        alpha = given[..., 3] if given.shape[2] == 4 else None
        want = np.clip(filter_image(given[..., :3], params, alpha), -FLT_MAX, FLT_MAX)
        error = np.abs(jobs.got(name)[..., :3] - want).max() / np.abs(want).max()
        gh.check(error <= ORACLE_ERROR,
                 f"{name}: the oracle of the saturated image (relative error {error:.1e})")
    return check


def expect_like(reference, pixel=None):
    """Every visible pixel but `pixel` as in `reference`'s result (visible
    there), up to the rounding, relative to the image's largest value, in
    which two ways of filtering, or two OpenCL runs, may differ; `pixel`
    keeps the G and B it was given."""
    def check(jobs, name):
        got, want = jobs.got(name), jobs.got(reference)
        visible = jobs.given(reference)[..., 3] > 0
        if pixel:
            visible[pixel] = False
            # A double image passes through float.
            given = jobs.given(name)[pixel][1:3].astype(np.float32)
            gh.check(np.array_equal(got[pixel][1:3], given), f"{name}: G and B of {pixel} kept")
        difference = np.abs(got[visible, :3] - want[visible, :3]) / \
            max(1, np.abs(want[visible, :3]).max())
        worst = np.nan_to_num(difference, nan=np.inf).max()
        gh.check(worst <= ORACLE_ERROR, f"{name}: every visible pixel as in {reference} "
                                        f"(largest difference {worst:.1e} of the largest "
                                        f"value, or of 1)")
    return check


def expect_oracle_without(pixel):
    """No alpha: the oracle with `pixel` transparent, which keeps its G and
    B."""
    def check(jobs, name):
        given, got = jobs.given(name), jobs.got(name)
        opacity = np.ones(given.shape[:2])
        opacity[pixel] = 0
        want = filter_image(np.nan_to_num(given), Params(), opacity)
        others = opacity > 0
        error = np.nan_to_num(np.abs(got - want)[others], nan=np.inf).max()
        gh.check(error <= ORACLE_ERROR,
                 f"{name}: the oracle with {pixel} transparent (max |error| {error:.1e})")
        gh.check(np.array_equal(got[pixel][1:], given[pixel][1:]),
                 f"{name}: G and B of {pixel} kept")
    return check


def expect_half_within(saturates):
    """Finite and at most HALF_MAX; equal to it where the ringing goes
    beyond (`saturates`)."""
    def check(jobs, name):
        got = jobs.got(name)
        largest = got.max()
        gh.check(np.isfinite(got).all() and
                 (largest == HALF_MAX if saturates else largest <= HALF_MAX),
                 f"{name}: the ringing {'saturates at' if saturates else 'stays within'} "
                 f"{HALF_MAX:g} (largest {largest:g}, {np.isinf(got).sum()} inf)")
    return check


def add_far_out_of_range(jobs):
    """Issue 20, row 3."""
    for precision in ("FLOAT_LINEAR", "FLOAT_NON_LINEAR"):
        image = smooth(48, 64, 4, 1)
        image[20, 30, :3] = 1e30
        jobs.add(f"luminance-1e30-{precision.lower()}", image, precision,
                 {"channels": "luminance"}, expect_finite)
    for value in (1e16, 1e20, 3e38):
        image = smooth(48, 64, 4, 2)
        image[20, 30, :3] = value
        jobs.add(f"linear-light-{value:g}", image, "FLOAT_NON_LINEAR", {"linear": True},
                 expect_finite)
    for name, components, value in (("rgb-1e38", 3, 1e38), ("rgba-flt-max", 4, FLT_MAX)):
        image = smooth(48, 64, components, 3)
        image[20, 30, :3] = value
        jobs.add(name, image, "FLOAT_NON_LINEAR", {}, expect_saturated_oracle(Params()))
    for precision in ("DOUBLE_LINEAR", "DOUBLE_NON_LINEAR"):
        image = smooth(48, 64, 4, 4)
        image[20, 30, :3] = 1e300
        image[10, 40, 1] = -1e300
        image[30, 12, :3] = 1e39
        jobs.add(f"beyond-float-{precision.lower()}", image, precision, {},
                 expect_saturated_oracle(Params()))
        jobs.add(f"beyond-float-luminance-{precision.lower()}", image, precision,
                 {"channels": "luminance"}, expect_finite)


def add_hidden_colour(jobs):
    """Issue 20, row 4."""
    modes = (("rgb", "FLOAT_LINEAR", {}),
             ("luminance", "FLOAT_LINEAR", {"channels": "luminance"}),
             ("linear", "FLOAT_NON_LINEAR", {"linear": True}))
    image = smooth(48, 64, 4, 5)
    image[10:20, 20:30] = 0
    for mode, precision, arguments in modes:
        reference = f"hidden-zero-{mode}"
        jobs.add(reference, image, precision, arguments, expect_finite)
        for value in (np.nan, np.inf, -np.inf, 1e30):
            hostile = image.copy()
            hostile[12:18, 22:28, :3] = value
            jobs.add(f"hidden-{value:g}-{mode}", hostile, precision, arguments,
                     expect_like(reference))
    hostile = smooth(48, 64, 4, 6)
    hostile[7, 9] = (5, 5, 5, np.nan)
    reference = hostile.copy()
    reference[7, 9, 3] = 0
    jobs.add("alpha-zero", reference, "FLOAT_LINEAR", {}, expect_finite)
    jobs.add("alpha-nan", hostile, "FLOAT_LINEAR", {}, expect_like("alpha-zero", (7, 9)))


def add_nan_channel(jobs):
    """Issue 20, row 5."""
    hostile = smooth(48, 64, 4, 7)
    hostile[5, 5, 0] = np.nan
    reference = hostile.copy()
    reference[5, 5, 3] = 0
    jobs.add("red-transparent", reference, "FLOAT_LINEAR", {}, expect_finite)
    jobs.add("red-nan", hostile, "FLOAT_LINEAR", {}, expect_like("red-transparent", (5, 5)))
    hostile = smooth(48, 64, 3, 8)
    hostile[5, 5, 0] = np.nan
    jobs.add("red-nan-no-alpha", hostile, "FLOAT_NON_LINEAR", {}, expect_oracle_without((5, 5)))


def expect_pixel_as_read(pixel, removed):
    """`pixel` exactly as given, every other finite; with `removed`, the
    removed part NaN in R and ½ in G and B there, finite elsewhere."""
    def check(jobs, name):
        given, got = jobs.given(name), jobs.got(name)
        others = np.ones(given.shape[:2], bool)
        others[pixel] = False
        gh.check(np.array_equal(got[pixel], given[pixel], equal_nan=True),
                 f"{name}: {pixel} as read ({got[pixel]}, given {given[pixel]})")
        gh.check(np.isfinite(got[others]).all(), f"{name}: every other pixel finite")
        if removed:
            part = np.load(os.path.join(jobs.folder, name + "-removed.npy"))
            gh.check(np.isnan(part[pixel][0]) and (part[pixel][1:] == 0.5).all() and
                     np.isfinite(part[others]).all(),
                     f"{name}: the removed part NaN, ½, ½ there ({part[pixel]}), "
                     f"finite elsewhere")
    return check


def add_one_channel_everywhere(jobs):
    """Issue 30, item 7: every channels, linear and output setting; each
    combination with one of NaN, inf and -inf."""
    values = (np.nan, np.inf, -np.inf)
    count = 0
    for precision in ("FLOAT_LINEAR", "FLOAT_NON_LINEAR", "HALF_LINEAR", "HALF_NON_LINEAR"):
        for alpha in (1.0, 0.0):
            for channels in ("rgb", "luminance"):
                for linear in (False, True):
                    for output in ("replace", "new-layer", "removed-part"):
                        image = smooth(32, 40, 4, 10)
                        image[5, 5] = (values[count % 3], 0.25, 0.5, alpha)
                        count += 1
                        jobs.add(f"one-channel-{precision.lower()}-alpha-{alpha:g}-"
                                 f"{channels}-{'linear-' if linear else ''}{output}",
                                 image, precision,
                                 {"channels": channels, "linear": linear, "output": output},
                                 expect_pixel_as_read((5, 5), output == "removed-part"))


def add_half_step(jobs):
    """Issue 20, row 6."""
    step = np.zeros((48, 64, 3))
    step[:, 20:] = 60000
    for name, arguments in (("ideal", {"shape": "ideal"}),
                            ("butterworth-20", {"shape": "butterworth", "order": 20.0})):
        arguments = dict(arguments, **{"small-structures": 4.0})
        jobs.add(f"half-step-{name}", step, "HALF_LINEAR", arguments, expect_half_within(True))
    jobs.add("half-step-linear-light", step, "HALF_NON_LINEAR",
             {"shape": "ideal", "small-structures": 4.0, "linear": True},
             expect_half_within(False))


def add_dialog(jobs):
    """The dialog reads the drawable ahead and converts it when it
    filters: a double image (converted to float in any mode) with values
    beyond the float range, hidden NaN and a NaN in R, through the dialog
    and without it."""
    image = smooth(48, 64, 4, 9)
    image[20, 30, :3] = 1e300
    image[10:20, 20:30, 3] = 0
    image[12:18, 22:28, :3] = np.nan
    image[5, 5, 0] = np.nan
    jobs.add("dialog-double", image, "DOUBLE_LINEAR", {}, expect_like("batch-double", (5, 5)),
             interactive=True)
    jobs.add("batch-double", image, "DOUBLE_LINEAR", {}, expect_finite)


def main():
    harness = gh.Harness(sys.argv[1])
    jobs = Jobs(harness, "batch")
    for add in (add_far_out_of_range, add_hidden_colour, add_nan_channel,
                add_one_channel_everywhere, add_half_step):
        add(jobs)
    jobs.run()
    dialog = Jobs(harness, "dialog")
    add_dialog(dialog)
    dialog.run(dialog=True)
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
