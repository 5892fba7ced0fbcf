#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The GEGL operation fft:band-pass (gegl-op/) in real headless GIMP 3, and
through the gegl command line:

  - its properties are the procedure's arguments (which gimp_contract.py
    checks against the contract): names, order, types, ranges, defaults;
    notches as text;
  - appended through GimpDrawableFilter and merged, it gives the
    plug-in's pixels for the same arguments within 1/255, for several
    shapes, modes, paddings, stripes, notches, channels and linear light
    on RGB, RGBA, GRAY and GRAYA, 8-bit, 16-bit, half and float; where
    the stored values are filtered as they are, also the numpy oracle's
    (gimp_oracle.py); with the band off and a notch on red only, green
    and blue come back as read, translucent pixels too;
  - find-patterns with the band off removes the picture's pattern as the
    plug-in's does;
  - print-screen with given notches joins the print's two filters as the
    plug-in's does;
  - autoscale stretches as the plug-in's does; output=removed-part gives
    the input minus the plug-in's result plus ½, alpha passed through;
  - saved as XCF with the filter not merged, closed and loaded again, the
    layer still holds it with its settings, and merged gives the same;
  - properties changed after the filter is appended, then merged, give
    the new settings' result;
  - bad notches (not three per notch, out of range, not numbers, too
    narrow for the grid) and an empty band leave the layer unchanged;
  - failures injected into GIMP's process leave the layer unchanged, with
    the operation's warning naming the cause: memory that does not fit
    (FFT_BANDPASS_MEMORY_LIMIT below the need) and FFTW refusing every
    plan (tests/gimp/fftw_refuses.c preloaded; FFTW_REFUSES names it);
  - `gegl in.png -o out.png -- fft:band-pass large-structures=40
    small-structures=3` gives the plug-in's pixels.

The module is installed into a private folder that GEGL_PATH names,
before GEGL's own. Usage:
  gimp_gegl_op.py PATH/TO/fft-bandpass PATH/TO/fft-band-pass.so GEGL-MODULES-DIR [GEGL-CLI]
GEGL_CLI in the environment names the gegl program instead."""
import json
import os
import shutil
import subprocess
import sys

import numpy as np
from PIL import Image

import gimp_harness as gh
from gimp_contract_behaviour import io_format
from gimp_oracle import Params, filter_image

RNG = np.random.default_rng(22)
STEP = 1 / 255
FLOAT_ERROR = 2e-5


def picture(h, w, planes, alpha):
    y, x = np.mgrid[0:h, 0:w] / max(h, w)
    image = np.empty((h, w, planes))
    for c in range(planes):
        a, b = RNG.uniform(0.1, 0.25, 2)
        image[..., c] = 0.5 + a * np.cos(2 * np.pi * 3 * x + c) * np.sin(2 * np.pi * 2 * y) \
            + b * np.cos(2 * np.pi * (0.1 * w * x + 0.05 * h * y)) \
            + 0.05 * RNG.standard_normal((h, w))
    image = np.clip(image, 0.02, 0.98)
    if alpha:
        image = np.dstack([image, RNG.choice([0.0, 0.5, 1.0], size=(h, w))])
    return image[..., 0] if planes == 1 and not alpha else image


def params_dict(p):
    d = {"large-structures": float(p.large), "small-structures": float(p.small),
         "shape": p.shape, "order": float(p.order), "mode": p.mode,
         "keep-mean": p.keep_mean, "stripes": p.stripes,
         "stripe-tolerance": float(p.tolerance), "notches": list(p.notches),
         "padding": p.padding, "channels": p.channels, "linear": p.linear}
    if p.notch_channels:
        d["notch-channels"] = p.notch_channels
    return d


# name, base, alpha, precision, size (w, h), arguments, checked against the
# oracle too (the stored values are what is filtered)
CASES = [
    ("rgb-u8-default", "rgb", False, "U8_NON_LINEAR", (45, 37), Params(40, 3), True),
    ("rgba-u8-butterworth-reject-zero", "rgb", True, "U8_NON_LINEAR", (40, 33),
     Params(12, 4, "butterworth", 3, "band-reject", padding="zero"), True),
    ("gray-u8-ideal-smooth-stripes-notch", "gray", False, "U8_NON_LINEAR", (50, 31),
     Params(30, 2, "ideal", stripes="horizontal", tolerance=10,
            notches=(0.1, 0.05, 0.02), padding="smooth"), True),
    ("graya-float-gaussian-reject-no-mean", "gray", True, "FLOAT_LINEAR", (33, 44),
     Params(16, 0, mode="band-reject", keep_mean=False), True),
    ("rgb-float-luminance", "rgb", False, "FLOAT_NON_LINEAR", (41, 29),
     Params(20, 3, channels="luminance"), False),
    ("rgba-float-linear-vertical-stripes", "rgb", True, "FLOAT_NON_LINEAR", (36, 36),
     Params(25, 2, "butterworth", stripes="vertical", tolerance=20, linear=True), False),
    ("rgb-u8-mirrored-64", "rgb", False, "U8_NON_LINEAR", (64, 64),
     Params(24, 2, notches=(0.125, 0.0, 0.02)), True),
    ("rgb-u16-butterworth", "rgb", False, "U16_NON_LINEAR", (38, 30),
     Params(18, 3, "butterworth"), False),
    ("rgba-half-linear-notch", "rgb", True, "HALF_LINEAR", (35, 27),
     Params(22, 2, notches=(0.2, 0.1, 0.03)), False),
    ("rgb-u8-notch-channels", "rgb", False, "U8_NON_LINEAR", (48, 40),
     Params(20, 2, notches=(0.2, 0.1, 0.03, 0.1, 0.05, 0.02, 0.3, 0.2, 0.02),
            notch_channels="r gB"), True),
    ("rgba-u8-band-off-red-notch", "rgb", True, "U8_NON_LINEAR", (48, 40),
     Params(0, 0, notches=(0.2, 0.1, 0.03), notch_channels="r"), True),
]
# The channels a notch leaves out, where the band is off: as read, every
# pixel whatever its alpha.
LEFT_OUT = {"rgba-u8-band-off-red-notch": (1, 2)}

# The band off and find-patterns on: only the pattern the picture holds
# (its cosine of 0.1 × 0.05 cycles/px) can change the layer.
PATTERNS = ("rgb-u8-find-patterns", "rgb", False, "U8_NON_LINEAR", (96, 96),
            dict(params_dict(Params(0, 0)), **{"find-patterns": True,
                                                "pattern-sensitivity": 60.0}))

XCF = Params(18, 2, "butterworth", 4, stripes="vertical", notches=(0.15, 0.1, 0.02),
             padding="smooth")
LATER = Params(15, 2, "butterworth", mode="band-reject", notches=(0.2, 0.1, 0.03))

BAD = [
    ("bad-notch-count", {"notches": "0.1 0.2"}),
    ("bad-notch-range", {"notches": "0.1 0 0.01 0.7 0 0.01"}),
    ("bad-notch-word", {"notches": "0.1 zero 0.01"}),
    ("bad-notch-narrow", {"notches": "0.1 0 1e-9"}),
    ("bad-notch-too-narrow-for-grid", {"notches": "0.1 0 1e-6"}),
    ("bad-notch-channels", {"notches": "0.1 0 0.01", "notch-channels": "r x"}),
    ("bad-notch-channels-count", {"notches": "0.1 0 0.01", "notch-channels": "r g"}),
    ("bad-empty-band", {"large-structures": 5.0, "small-structures": 10.0}),
]

CLI_PARAMS = Params(40, 3)

# A 6 px screen's two fundamentals notched, its dots taken by the band.
PRINT_SCREEN = ("rgb-u8-print-screen", "rgb", False, "U8_NON_LINEAR", (64, 48),
                dict(params_dict(Params(0, 5.4, notches=(0.118, 0.118, 0.04,
                                                         -0.118, 0.118, 0.04))),
                     **{"print-screen": 6.0}))

AUTOSCALE = ("rgb-u8-autoscale", "rgb", False, "U8_NON_LINEAR", (47, 39),
             dict(params_dict(Params(20, 3)), autoscale=True))
REMOVED = ("rgba-float-removed-part", "rgb", True, "FLOAT_NON_LINEAR", (43, 35),
           dict(params_dict(Params(20, 3)), output="removed-part"), params_dict(Params(20, 3)))


# (name of the GIMP run, environment added, words of the warning)
INJECTED = [("memory-limit", {"FFT_BANDPASS_MEMORY_LIMIT": "1K"},
             "of memory to filter, but only"),
            ("fftw-refuses", {"LD_PRELOAD": os.environ.get("FFTW_REFUSES", "")},
             "FFTW could not plan")]


class Jobs:
    def __init__(self, harness, folder="gegl-op"):
        self.harness = harness
        self.folder = harness.path(folder)
        os.makedirs(self.folder, exist_ok=True)
        self.jobs = []

    def add(self, name, base, alpha, precision, size, op_params, plugin_params=None,
            later=None, xcf=False, data=None):
        planes = 1 if base == "gray" else 3
        if data is None:
            data = picture(size[1], size[0], planes, alpha)
        np.save(os.path.join(self.folder, f"{name}-given.npy"), data.astype(np.float32))
        job = {"name": name, "input": f"{name}-given.npy", "base": base, "alpha": alpha,
               "precision": precision, "format": io_format(base, alpha, precision),
               "op_params": op_params}
        if plugin_params is not None:
            job["plugin_params"] = plugin_params
        if later is not None:
            job["later"] = later
        job["xcf"] = xcf
        self.jobs.append(job)

    def load(self, name, what):
        return np.load(os.path.join(self.folder, f"{name}-{what}.npy")).astype(np.float64)

    def run(self, env):
        with open(os.path.join(self.folder, "jobs.json"), "w") as f:
            json.dump(self.jobs, f)
        self.output = self.harness.run_gimp([gh.python_batch("gimp_gegl_op_driver.py")],
                                            env=dict(env, GEGL_OP_FOLDER=self.folder),
                                            interpreter="python-fu-eval", timeout=600)
        path = os.path.join(self.folder, "report.json")
        if not gh.check(os.path.exists(path), "the driver ran every job"):
            print(self.output[-5000:])
            return None
        with open(path) as f:
            report = json.load(f)
        report["jobs"] = {j["name"]: j for j in report["jobs"]}
        return report


def check_properties(properties, arguments):
    """The procedure's own arguments are the contract's (gimp_contract.py),
    but `non-destructive`, which appends this operation; notches are text
    here."""
    menu = properties.pop()
    gh.check(menu == {"name": "gimp:menu", "path": None, "label": None},
             f"no menu entry of its own (one Band-pass in the menus): {menu}")
    arguments = [a for a in arguments if a["name"] != "non-destructive"]
    names = [p["name"] for p in properties]
    gh.check(names == [a["name"] for a in arguments],
             "property names and order are the procedure's arguments: " + " ".join(names))
    for prop, argument in zip(properties, arguments):
        want = argument
        if argument["name"] == "notches":
            want = {"name": "notches", "type": "gchararray", "default": ""}
        if argument["name"] == "output":
            want = {"name": "output", "type": "choice", "choices": ["result", "removed-part"],
                    "default": "result"}
        gh.check(prop == want, f"property {prop['name']}: {prop}")


def ran(name, job):
    if "error" in job:
        return gh.check(False, f"{name}: {job['error']}")
    if "plugin_ok" in job and not gh.check(job["plugin_ok"],
                                           f"{name}: plug-in ran ({job['plugin_error']})"):
        return False
    return "merged" not in job or gh.check(job["merged"], f"{name}: filter merged")


def check_same_as_plugin(jobs, name, job):
    if not ran(name, job):
        return
    given, plugin, op = jobs.load(name, "in"), jobs.load(name, "plugin"), jobs.load(name, "op")
    error = np.abs(op - plugin).max()
    gh.check(error <= STEP, f"{name}: operation = plug-in within 1/255 (max |difference| "
                            f"{error:.2e})")
    gh.check(np.abs(plugin - given).max() > 2 * STEP, f"{name}: the filter changed the layer")


def check_oracle(jobs, name, params, alpha, u8):
    given, op = jobs.load(name, "in"), jobs.load(name, "op")
    colour = given[..., :-1] if alpha else given
    want = filter_image(colour if colour.shape[-1] > 1 else colour[..., 0], params,
                        given[..., -1] if alpha else None)
    want = want.reshape(colour.shape)
    if u8:
        want = np.clip(want, 0, 1)
    tolerance = (STEP / 2 if u8 else 0) + FLOAT_ERROR
    error = np.abs(op[..., :colour.shape[-1]] - want).max()
    gh.check(error <= tolerance, f"{name}: operation = numpy oracle (max |error| {error:.2e}, "
                                 f"≤ {tolerance:.1e})")


def check_left_out(jobs, name, channels):
    given, op = jobs.load(name, "in"), jobs.load(name, "op")
    change = np.abs(op[..., channels] - given[..., channels]).max()
    translucent = ((given[..., -1] > 0) & (given[..., -1] < 1)).sum()
    gh.check(change == 0, f"{name}: channels {channels} as read, {translucent} pixels "
                          f"translucent (max |change| {change:.1e})")


def check_xcf(jobs, job):
    name = "xcf-round-trip"
    if "error" in job:
        gh.check(False, f"{name}: {job['error']}")
        return
    gh.check(job.get("xcf_filters") == ["fft:band-pass"],
             f"{name}: the reloaded layer holds the filter ({job.get('xcf_filters')})")
    want = dict(params_dict(XCF), notches=" ".join(repr(float(v)) for v in XCF.notches))
    got = {k: job.get("xcf_config", {}).get(k) for k in want}
    gh.check(got == want, f"{name}: its settings came back ({got})")
    check_same_as_plugin(jobs, name, job)


def hostile_pictures():
    """Float RGBA pictures with what a float layer may hold (as
    gimp_hostile_pixels.py gives the plug-in): colour NaN, ±inf and 1e30
    under alpha 0, a NaN in red of a visible pixel, and a plane of values
    beyond 2⁶⁴."""
    base = picture(30, 40, 3, True)
    base[..., 3] = 1.0
    hidden = base.copy()
    hidden[4:10, 6:12, 3] = 0.0
    for row, value in zip(range(4, 10, 2), (np.nan, np.inf, 1e30)):
        hidden[row:row + 2, 6:12, :3] = value
    red_nan = base.copy()
    red_nan[15, 20, 0] = np.nan
    huge = base.copy()
    huge[..., 1] *= 1e30
    return [("hostile-hidden", hidden), ("hostile-red-nan", red_nan),
            ("hostile-huge", huge)]


def check_hostile(jobs, name, job):
    """The operation as the plug-in, NaN where it gives NaN, and within
    1/255 of its values' scale elsewhere."""
    if not ran(name, job):
        return
    plugin, op = jobs.load(name, "plugin"), jobs.load(name, "op")
    same_nan = np.array_equal(np.isnan(op), np.isnan(plugin))
    finite = np.isfinite(plugin)
    scale = np.maximum(1.0, np.abs(np.where(finite, plugin, 0)))
    error = np.nan_to_num(np.abs(op - plugin)[finite] / scale[finite], nan=np.inf).max()
    gh.check(same_nan and np.array_equal(np.isinf(op), np.isinf(plugin)) and error <= STEP,
             f"{name}: operation = plug-in (NaN and inf alike: {same_nan}; max relative "
             f"|difference| {error:.2e})")


def check_unchanged(jobs, name, job):
    if not ran(name, job):
        return
    same = np.array_equal(jobs.load(name, "op"), jobs.load(name, "in"))
    gh.check(same, f"{name}: layer unchanged (passed through)")


def check_removed_part(jobs, name, job):
    if not ran(name, job):
        return
    given, plugin, op = jobs.load(name, "in"), jobs.load(name, "plugin"), jobs.load(name, "op")
    want = given[..., :-1] - plugin[..., :-1] + 0.5
    error = np.abs(op[..., :-1] - want).max()
    gh.check(error <= FLOAT_ERROR, f"{name}: operation = input − plug-in's result + ½ "
                                   f"(max |error| {error:.2e})")
    gh.check(np.array_equal(op[..., -1], given[..., -1]), f"{name}: alpha passed through")


def check_injected(harness, env, run_name, added, words):
    """A GIMP run with a failure injected: every layer as it was, and the
    operation's warning saying why."""
    if not gh.check(all(added.values()), f"{run_name}: injected ({added})"):
        return
    jobs = Jobs(harness, "gegl-op-" + run_name)
    names = []
    for base, alpha, precision in (("rgb", False, "U8_NON_LINEAR"),
                                   ("rgb", True, "FLOAT_NON_LINEAR")):
        names.append(f"{run_name}-{base}{'a' if alpha else ''}-{precision.lower()}")
        jobs.add(names[-1], base, alpha, precision, (48, 36),
                 params_dict(Params(20, 3)))
    report = jobs.run(dict(env, **added))
    if report is None:
        return
    for name in names:
        check_unchanged(jobs, name, report["jobs"].get(name, {"error": "no report"}))
    gh.check(words in jobs.output and "passes through unchanged" in jobs.output,
             f"{run_name}: the operation warned ({words!r})")


def write_png(path, data):
    Image.fromarray(np.round(data * 255).astype(np.uint8), "RGB").save(path)


def run_cli(cli, folder, env):
    source, target = os.path.join(folder, "cli-in.png"), os.path.join(folder, "cli-out.png")
    write_png(source, picture(41, 53, 3, False))
    command = [cli, source, "-o", target, "--", "fft:band-pass",
               f"large-structures={CLI_PARAMS.large}", f"small-structures={CLI_PARAMS.small}"]
    result = subprocess.run(command, env=dict(os.environ, **env), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, timeout=120)
    ok = gh.check(result.returncode == 0 and os.path.exists(target),
                  "gegl " + " ".join(command[1:]).replace(folder + "/", "") + " ran")
    if not ok:
        print(result.stdout[-3000:])
    return source, target, ok


def main():
    plugin, module, system_modules = sys.argv[1:4]
    cli = os.environ.get("GEGL_CLI") or (sys.argv[4] if len(sys.argv) > 4 else "")
    harness = gh.Harness(plugin)
    private = harness.path("gegl-modules")
    os.makedirs(private, exist_ok=True)
    shutil.copy(module, private)
    env = {"GEGL_PATH": private + os.pathsep + system_modules, "FFTCL_DEVICE": "cpu"}

    jobs = Jobs(harness)
    for name, base, alpha, precision, size, params, _ in CASES:
        jobs.add(name, base, alpha, precision, size, params_dict(params), params_dict(params))
    jobs.add(*PATTERNS[:-1], PATTERNS[-1], PATTERNS[-1])
    jobs.add(*AUTOSCALE[:-1], AUTOSCALE[-1], AUTOSCALE[-1])
    jobs.add(*PRINT_SCREEN[:-1], PRINT_SCREEN[-1], PRINT_SCREEN[-1])
    jobs.add(*REMOVED)
    jobs.add("xcf-round-trip", "rgb", True, "U8_NON_LINEAR", (34, 28),
             params_dict(XCF), params_dict(XCF), xcf=True)
    jobs.add("changed-after-appending", "rgb", True, "U8_NON_LINEAR", (38, 30),
             params_dict(Params(60, 0, "ideal")), params_dict(LATER), params_dict(LATER))
    for name, params in BAD:
        jobs.add(name, "rgb", False, "U8_NON_LINEAR", (40, 30), params)
    for name, data in hostile_pictures():
        jobs.add(name, "rgb", True, "FLOAT_LINEAR", (40, 30), params_dict(Params(12, 3)),
                 params_dict(Params(12, 3)), data=data)

    cli_ok = gh.check(bool(cli), "the gegl command line is there (Debian package "
                                 "gegl; GEGL_CLI names another)")
    if cli_ok:
        source, target, cli_ok = run_cli(cli, jobs.folder, env)
    if cli_ok:
        jobs.jobs.append({"name": "gegl-cli", "source": source, "cli": target,
                          "format": "R'G'B' float", "plugin_params": params_dict(CLI_PARAMS)})

    report = jobs.run(env)
    if report is None:
        sys.exit(gh.finish())
    check_properties(report["properties"], report["arguments"])
    for name, base, alpha, precision, size, params, oracle in CASES:
        job = report["jobs"].get(name, {"error": "no report"})
        check_same_as_plugin(jobs, name, job)
        if oracle and "error" not in job:
            check_oracle(jobs, name, params, alpha, precision.startswith("U8"))
        if name in LEFT_OUT and "error" not in job:
            check_left_out(jobs, name, LEFT_OUT[name])
    check_same_as_plugin(jobs, PATTERNS[0],
                         report["jobs"].get(PATTERNS[0], {"error": "no report"}))
    check_same_as_plugin(jobs, AUTOSCALE[0],
                         report["jobs"].get(AUTOSCALE[0], {"error": "no report"}))
    check_same_as_plugin(jobs, PRINT_SCREEN[0],
                         report["jobs"].get(PRINT_SCREEN[0], {"error": "no report"}))
    check_removed_part(jobs, REMOVED[0], report["jobs"].get(REMOVED[0], {"error": "no report"}))
    check_xcf(jobs, report["jobs"].get("xcf-round-trip", {"error": "no report"}))
    check_same_as_plugin(jobs, "changed-after-appending",
                         report["jobs"].get("changed-after-appending", {"error": "no report"}))
    for name, _ in BAD:
        check_unchanged(jobs, name, report["jobs"].get(name, {"error": "no report"}))
    for name, _ in hostile_pictures():
        check_hostile(jobs, name, report["jobs"].get(name, {"error": "no report"}))
    for run_name, added, words in INJECTED:
        check_injected(harness, env, run_name, added, words)
    if cli_ok:
        job = report["jobs"].get("gegl-cli", {"error": "no report"})
        if ran("gegl-cli", job):
            error = np.abs(jobs.load("gegl-cli", "op") - jobs.load("gegl-cli", "plugin")).max()
            gh.check(error <= STEP, f"gegl-cli: gegl's result = plug-in within 1/255 "
                                    f"(max |difference| {error:.2e})")
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
