#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The `output` and `autoscale` arguments (docs/contract.md, "Output" and
"Autoscale") in real headless GIMP 3 through Python-Fu, on a photograph
(examples/coffee.png, scaled down), checked in numpy:

  - new-layer leaves the drawable untouched and its new layer, above it
    with its offsets, holds exactly what replace writes;
  - removed-part writes the replace result into the drawable and, above
    it in Grain merge, original − result + ½ (less half a step in 8 and
    16 bits); the layers merged give back the original within float
    rounding in float precisions (RGB, GRAY, RGBA with varying alpha,
    linear and non-linear), and in 8 and 16 bits within the loss the
    contract states, which this test measures and prints;
  - several drawables: one new layer above each;
  - a channel or a layer mask with new-layer or removed-part: refused with
    a message, the image untouched and clean, no layer added;
  - autoscale against a numpy implementation of ImageJ's rule (one
    histogram of 256 bins over every colour value, 0.5 % cut at each end,
    bins' lower edges mapped onto 0 and 1), in float and 8 bits, and with
    removed-part the composite is still the original.

One undo step per call is by construction (result-layers.c's one undo
group): GIMP's PDB cannot count undo steps.

Usage: gimp_output.py PATH/TO/fft-bandpass"""
import json
import os
import sys

import numpy as np

import gimp_harness as gh

HERE = os.path.dirname(os.path.abspath(__file__))
PHOTO = os.path.join(HERE, "..", "..", "examples", "coffee.png")
SIZE = (150, 100)
TRC_MARK = {"NON_LINEAR": "'", "LINEAR": "", "PERCEPTUAL": "~"}
FLOAT_ERROR = 2e-6
# What the contract states for the composite of removed-part in integer
# precisions (docs/contract.md, "Output"): where the removed part fits
# 0 … 1, the original within one step (Grain merge's ½ lies halfway
# between two steps, and GIMP's float rounding settles the tie); on the
# opaque photograph with the default band, few values clipped.
STEP = {"U8": 1 / 255, "U16": 1 / 65535}
STEPS_OFF_WHERE_FITS = {"U8": 1.01, "U16": 1.01}
CLIPPED_SHARE_MAX = 0.002
AUTOSCALE_ERROR = 1e-4

DRIVER = r'''
import json, os, sys
sys.path.insert(0, os.environ["OUTPUT_TESTS"])
import gi
gi.require_version("Gimp", "3.0")
from gi.repository import Gimp, Gio
import numpy as np
from gimp_driver import call, put, save, take
from gi.repository import Gegl

FOLDER = os.environ["OUTPUT_FOLDER"]


def photo(job):
    image = Gimp.file_load(Gimp.RunMode.NONINTERACTIVE, Gio.File.new_for_path(job["photo"]))
    image.scale(*job["size"])
    if job["base"] == "gray":
        image.convert_grayscale()
    image.convert_precision(getattr(Gimp.Precision, job["precision"]))
    layer = image.get_layers()[0]
    if job["alpha"]:
        layer.add_alpha()
        data = take(layer, job["format"])
        data[..., -1] = np.linspace(0.0, 1.0, data.shape[1])[None, :]
        put(layer, job["format"], data)
    return image


def describe(layer):
    return {"name": layer.get_name(),
            "grain_merge": layer.get_mode() == Gimp.LayerMode.GRAIN_MERGE,
            "offsets": list(layer.get_offsets()[1:]),
            "has_alpha": bool(layer.has_alpha())}


def run_call(job, call_job):
    image = photo(job)
    layers = list(image.get_layers())
    if call_job.get("second"):
        second = layers[0].copy()
        image.insert_layer(second, None, 0)
        second.set_offsets(7, -5)
        layers = list(image.get_layers())
    targets = list(layers)
    if call_job.get("mask"):
        mask = layers[0].create_mask(Gimp.AddMaskType.WHITE)
        layers[0].add_mask(mask)
        targets = [mask]
    if call_job.get("channel"):
        channel = Gimp.Channel.new(image, "channel", image.get_width(), image.get_height(),
                                   50.0, Gegl.Color.new("red"))
        image.insert_channel(channel, None, 0)
        targets = [channel]
    name = call_job["name"]
    for i, layer in enumerate(layers):
        save(FOLDER, name, f"in{i}", take(layer, job["format"]))
    image.clean_all()
    ok, error = call(image, targets, call_job["params"])
    after = list(image.get_layers())
    report = {"name": name, "ok": ok, "error": error, "dirty": bool(image.is_dirty()),
              "layers": [describe(l) for l in after],
              "drawables": [after.index(l) if l in after else -1 for l in layers]}
    for i, layer in enumerate(after):
        save(FOLDER, name, f"layer{i}", take(layer, job["format"]))
    if ok and len(after) > 1:
        merged = image.merge_visible_layers(Gimp.MergeType.CLIP_TO_IMAGE)
        save(FOLDER, name, "merged", take(merged, job["format"]))
    image.delete()
    return report


reports = []
for job in json.load(open(os.path.join(FOLDER, "jobs.json"))):
    for call_job in job["calls"]:
        try:
            reports.append(run_call(job, call_job))
        except Exception as e:  # reported, so the other calls still run
            reports.append({"name": call_job["name"], "ok": False, "error": f"driver: {e!r}"})
json.dump(reports, open(os.path.join(FOLDER, "reports.json"), "w"))
'''


def io_format(base, alpha, precision):
    trc = TRC_MARK[precision.split("_", 1)[1]]
    names = f"Y{trc}" if base == "gray" else f"R{trc}G{trc}B{trc}"
    return f"{names}{'A' if alpha else ''} float"


def autoscaled(values, colour):
    """ImageJ's ContrastEnhancer with 1 % saturation over every colour
    value together: a 256-bin histogram from min to max, the first bin
    from each end whose running count passes count / 200, both ranges
    ends at the bins' lower edges, mapped onto 0 … 1."""
    v = values[..., :colour].astype(np.float64)
    smallest, largest = v.min(), v.max()
    size = (largest - smallest) / 256
    bins = np.minimum(np.floor((v - smallest) / size), 255).astype(int)
    histogram = np.bincount(bins.ravel(), minlength=256)
    threshold = int(v.size * 0.01 / 2)
    low = int(np.argmax(np.cumsum(histogram) > threshold))
    high = 255 - int(np.argmax(np.cumsum(histogram[::-1]) > threshold))
    lo, hi = smallest + low * size, smallest + high * size
    out = values.astype(np.float64).copy()
    out[..., :colour] = (v - lo) / (hi - lo)
    return out


class Run:
    def __init__(self, harness):
        self.harness = harness
        self.folder = harness.path("output")
        os.makedirs(self.folder)
        self.jobs = []

    def job(self, key, base, alpha, precision, calls):
        self.jobs.append({"photo": PHOTO, "size": list(SIZE), "base": base, "alpha": alpha,
                          "precision": precision,
                          "format": io_format(base, alpha, precision),
                          "calls": [dict(c, name=f"{key}-{c['name']}") for c in calls]})

    def run(self):
        with open(os.path.join(self.folder, "jobs.json"), "w") as f:
            json.dump(self.jobs, f)
        script = self.harness.path("driver.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(DRIVER)
        output = self.harness.run_gimp([f"exec(open({script!r}).read())"],
                                       env={"OUTPUT_FOLDER": self.folder, "OUTPUT_TESTS": HERE},
                                       interpreter="python-fu-eval")
        path = os.path.join(self.folder, "reports.json")
        if not gh.check(os.path.exists(path), "the driver ran every call"):
            print(output[-5000:])
            sys.exit(gh.finish())
        self.reports = {r["name"]: r for r in json.load(open(path))}

    def report(self, name):
        return self.reports.get(name, {"ok": False, "error": "no report"})

    def load(self, name, what):
        return np.load(os.path.join(self.folder, f"{name}-{what}.npy")).astype(np.float64)


CALLS = [{"name": "replace", "params": {"output": "replace"}},
         {"name": "new-layer", "params": {"output": "new-layer"}},
         {"name": "removed", "params": {"output": "removed-part"}}]
CASES = [("rgb-float-nl", "rgb", False, "FLOAT_NON_LINEAR"),
         ("rgb-float-linear", "rgb", False, "FLOAT_LINEAR"),
         ("gray-float", "gray", False, "FLOAT_NON_LINEAR"),
         ("rgba-float", "rgb", True, "FLOAT_NON_LINEAR"),
         ("rgb-u8", "rgb", False, "U8_NON_LINEAR"),
         ("rgba-u8", "rgb", True, "U8_NON_LINEAR"),
         ("rgb-u16", "rgb", False, "U16_NON_LINEAR")]


def check_outputs(run, key, alpha, precision):
    replace, new, removed = (run.report(f"{key}-{c['name']}") for c in CALLS)
    for what, report in (("replace", replace), ("new-layer", new), ("removed-part", removed)):
        if not gh.check(report["ok"], f"{key} {what}: succeeded ({report['error']})"):
            return
    original = run.load(f"{key}-replace", "in0")
    result = run.load(f"{key}-replace", "layer0")
    colour = original.shape[-1] - (1 if alpha else 0)

    layers = new["layers"]
    gh.check(len(layers) == 2 and new["drawables"] == [1] and not layers[0]["grain_merge"]
             and layers[0]["offsets"] == layers[1]["offsets"]
             and layers[0]["has_alpha"] == alpha,
             f"{key} new-layer: one layer above the drawable, its offsets and alpha: {layers}")
    gh.check(np.array_equal(run.load(f"{key}-new-layer", "layer1"), original),
             f"{key} new-layer: the drawable untouched")
    gh.check(np.array_equal(run.load(f"{key}-new-layer", "layer0"), result),
             f"{key} new-layer: the new layer is the replace result")

    layers = removed["layers"]
    gh.check(len(layers) == 2 and removed["drawables"] == [1]
             and layers[0]["grain_merge"] and not layers[0]["has_alpha"],
             f"{key} removed-part: an opaque Grain merge layer above the drawable: {layers}")
    gh.check(np.array_equal(run.load(f"{key}-removed", "layer1"), result),
             f"{key} removed-part: the drawable holds the replace result")
    part = run.load(f"{key}-removed", "layer0")[..., :colour]
    depth = precision.split("_")[0]
    step = STEP.get(depth, 0.0)
    want = original[..., :colour] - result[..., :colour] + 0.5 - step / 2
    if step:
        want = np.clip(want, 0, 1)
    gh.check(np.abs(part - want).max() <= step / 2 + FLOAT_ERROR,
             f"{key} removed-part: the layer holds original − result + ½ "
             f"(off by {np.abs(part - want).max():.3g})")

    merged = run.load(f"{key}-removed", "merged")
    seen = merged[..., -1] > 0 if alpha else np.ones(merged.shape[:2], bool)
    if alpha:
        gh.check(np.abs(merged[..., -1] - original[..., -1]).max() <= step / 2 + FLOAT_ERROR,
                 f"{key} removed-part: the composite keeps the original alpha")
    off = np.abs(merged[seen][:, :colour] - original[seen][:, :colour])
    if not step:
        gh.check(off.max() <= FLOAT_ERROR,
                 f"{key} removed-part: layers merged give back the original "
                 f"(max {off.max():.3g})")
        return
    clipped = np.abs(original[..., :colour] - result[..., :colour]) > 0.5
    fits = ~clipped[seen]
    print(f"{key}: composite off by ≥ 1 step in {np.mean(off > step / 2):.2%} of values "
          f"(max {off[fits].max() / step:.2f} steps where the removed part fits), "
          f"clipped values {np.mean(clipped):.3%} (max loss {off.max():.3g})")
    gh.check(off[fits].max() <= step * STEPS_OFF_WHERE_FITS[depth],
             f"{key} removed-part: the original where nothing clipped "
             f"(off by {off[fits].max() / step:.2f} steps)")
    if not alpha:
        gh.check(np.mean(clipped) <= CLIPPED_SHARE_MAX,
                 f"{key}: clipped share {np.mean(clipped):.3%} as the contract states")


def check_several(run):
    report = run.report("two-new-layer")
    layers = report.get("layers", [])
    gh.check(report["ok"] and len(layers) == 4 and report["drawables"] == [1, 3]
             and layers[0]["offsets"] == layers[1]["offsets"] == [7, -5]
             and layers[2]["offsets"] == layers[3]["offsets"] == [0, 0],
             f"two drawables, new-layer: a new layer above each ({report['error']}, {layers})")
    replaced = run.report("two-replace")
    if gh.check(replaced["ok"], "two drawables, replace"):
        for new, old in ((0, 0), (2, 1)):
            gh.check(np.array_equal(run.load("two-new-layer", f"layer{new}"),
                                    run.load("two-replace", f"layer{old}")),
                     f"two drawables: new layer {new} is the replace result of its drawable")


def check_refusals(run):
    for name in ("refuse-mask-new-layer", "refuse-channel-removed", "refuse-mask-removed"):
        report = run.report(name)
        gh.check(not report["ok"] and "layer mask" in report["error"]
                 and not report["dirty"] and len(report.get("layers", [])) == 1,
                 f"{name}: refused, untouched, clean, no layer added ({report['error']!r})")
    report = run.report("refuse-channel-replace")
    gh.check(report["ok"], f"a channel with replace is filtered ({report['error']!r})")


def check_autoscale(run):
    plain = run.report("auto-float-replace")
    stretched = run.report("auto-float-autoscale")
    if gh.check(plain["ok"] and stretched["ok"], "autoscale calls succeeded"):
        want = autoscaled(run.load("auto-float-replace", "layer0"), 3)
        got = run.load("auto-float-autoscale", "layer0")
        gh.check(np.abs(got - want).max() <= AUTOSCALE_ERROR,
                 f"float autoscale as ImageJ's rule (off by {np.abs(got - want).max():.3g})")
        u8 = run.report("auto-u8-autoscale")
        if gh.check(u8["ok"], "8-bit autoscale succeeded"):
            got8 = run.load("auto-u8-autoscale", "layer0")
            want8 = np.round(np.clip(want, 0, 1) * 255) / 255
            gh.check(np.abs(got8 - want8).max() <= 1.01 / 255,
                     f"8-bit autoscale as ImageJ's rule, within one step "
                     f"(off by {np.abs(got8 - want8).max() * 255:.2f})")
    removed = run.report("auto-float-removed")
    if gh.check(removed["ok"], "autoscale with removed-part succeeded"):
        original = run.load("auto-float-removed", "in0")
        gh.check(np.array_equal(run.load("auto-float-removed", "layer1"),
                                run.load("auto-float-autoscale", "layer0")),
                 "autoscale with removed-part: the drawable holds the autoscaled result")
        off = np.abs(run.load("auto-float-removed", "merged") - original).max()
        gh.check(off <= FLOAT_ERROR,
                 f"autoscale with removed-part: the composite is the original ({off:.3g})")


def main():
    harness = gh.Harness(sys.argv[1])
    run = Run(harness)
    for key, base, alpha, precision in CASES:
        run.job(key, base, alpha, precision, CALLS)
    run.job("two", "rgb", False, "FLOAT_NON_LINEAR",
            [{"name": "new-layer", "second": True, "params": {"output": "new-layer"}},
             {"name": "replace", "second": True, "params": {"output": "replace"}}])
    run.job("refuse", "rgb", False, "U8_NON_LINEAR",
            [{"name": "mask-new-layer", "mask": True, "params": {"output": "new-layer"}},
             {"name": "mask-removed", "mask": True, "params": {"output": "removed-part"}},
             {"name": "channel-removed", "channel": True,
              "params": {"output": "removed-part"}},
             {"name": "channel-replace", "channel": True, "params": {"output": "replace"}}])
    run.job("auto", "rgb", False, "FLOAT_NON_LINEAR",
            [{"name": "float-replace", "params": {}},
             {"name": "float-autoscale", "params": {"autoscale": True}},
             {"name": "float-removed", "params": {"autoscale": True,
                                                  "output": "removed-part"}}])
    run.job("auto-u8", "rgb", False, "U8_NON_LINEAR",
            [{"name": "autoscale", "params": {"autoscale": True}}])
    run.run()
    for key, base, alpha, precision in CASES:
        check_outputs(run, key, alpha, precision)
    check_several(run)
    check_refusals(run)
    check_autoscale(run)
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
