# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs inside GIMP 3 (python-fu-eval): builds the images that each case
of gimp_properties.py describes (cases.json), calls plug-in-fft-bandpass
on them and reports what the call did to every drawable and image, one
JSON line per case in reports.jsonl, written as each case ends; the case
under way is in current.json, so that a call that never returns is
named."""
import hashlib
import json
import os
import sys
import time

import gi
gi.require_version("Gimp", "3.0")
gi.require_version("Gegl", "0.4")
from gi.repository import Gegl, Gimp  # noqa: E402
import numpy as np  # noqa: E402

import gimp_driver  # noqa: E402

FOLDER = os.environ["PROPERTIES_FOLDER"]
PROC = Gimp.get_pdb().lookup_procedure("plug-in-fft-bandpass")
TRC_MARK = {"LINEAR": "", "NON_LINEAR": "'", "PERCEPTUAL": "~"}
SPECIAL = {"nan": np.nan, "inf": np.inf, "-inf": -np.inf}
# Drawables whose pixels follow from others' (a group's are its
# children's projection), so no change of theirs tells anything.
DERIVED_LABELS = ("group",)
# The colour that replaces hidden colour in a case's twin.
TWIN_HIDDEN = 0.25


def special(value):
    return SPECIAL.get(value, value) if isinstance(value, str) else value


def value_format(base, alpha, precision):
    """Colour in the drawable's own transfer curve, as doubles."""
    mark = TRC_MARK[precision.split("_", 1)[1]]
    names = ["Y"] if base == "gray" else ["R", "G", "B"]
    return "".join(n + mark for n in names) + ("A" if alpha else "") + " double"


def put(drawable, fmt, data):
    gimp_driver.put(drawable, fmt, data, np.float64)


def take(drawable, fmt):
    return gimp_driver.take(drawable, fmt, np.float64)


def digest(drawable):
    return hashlib.sha256(take(drawable, "R'G'B'A double").tobytes()).hexdigest()


def pattern(rng, kind, h, w, planes, wide):
    low, high = (-0.5, 1.5) if wide else (0.0, 1.0)
    if kind == "constant":
        return np.full((h, w, planes), rng.uniform(0.1, 0.9))
    if kind == "step":
        data = np.full((h, w, planes), 0.1)
        data[:, w // 2:] = 0.9
        return data
    if kind == "smooth":
        y, x = np.mgrid[0:h, 0:w] / max(h, w, 1)
        waves = [0.5 + 0.4 * np.sin(2 * np.pi * (3 * x + 2 * y) + c) for c in range(planes)]
        return np.dstack(waves)
    return rng.uniform(low, high, (h, w, planes))


def layer_pixels(rng, case, spec):
    """The layer's colour and alpha, special values put in."""
    w, h = spec["size"]
    planes = 1 if case["base"] == "gray" else 3
    wide = case["precision"].split("_")[0] in ("HALF", "FLOAT", "DOUBLE")
    colour = pattern(rng, case["pattern"], h, w, planes, wide)
    if case["pattern"] == "step60000":
        colour = np.zeros((h, w, planes))
        colour[:, w // 2:] = 60000.0
    alpha = rng.choice([0.0, 0.5, 1.0], size=(h, w)) if spec["alpha"] else np.ones((h, w))
    for put_in in spec.get("specials", []):
        y, x, c = put_in.get("at") or (int(rng.integers(h)), int(rng.integers(w)),
                                       int(rng.integers(planes)))
        if put_in["where"] == "alpha":
            alpha[y, x] = special(put_in["value"])
        else:
            alpha[y, x] = 0.0 if put_in["where"] == "hidden" else 1.0
            colour[y, x, c] = special(put_in["value"])
    return colour, alpha


class Scene:
    """The images of one case and a label for each drawable in them."""

    def __init__(self, case, twin):
        self.case = case
        self.images = {}
        self.drawables = {}
        self.given = {}
        rng = np.random.default_rng(case["seed"])
        self.build_main(rng, twin)
        self.build_others()

    def build_main(self, rng, twin):
        case = self.case
        w, h = case["size"]
        if case["base"] == "indexed":
            image = Gimp.Image.new(w, h, Gimp.ImageBaseType.INDEXED)
        else:
            base = Gimp.ImageBaseType.GRAY if case["base"] == "gray" else Gimp.ImageBaseType.RGB
            image = Gimp.Image.new_with_precision(w, h, base,
                                                  getattr(Gimp.Precision, case["precision"]))
        self.images["main"] = image
        for i, spec in enumerate(case["layers"]):
            layer = self.new_layer(image, f"layer{i}", spec)
            image.insert_layer(layer, None, 0)
            layer.set_offsets(*spec["offsets"])
            self.fill(rng, layer, spec, twin)
        extras = case["extras"]
        if "mask" in extras:
            layer = self.drawables["layer0"]
            layer.add_alpha()
            mask = layer.create_mask(Gimp.AddMaskType.WHITE)
            layer.add_mask(mask)
            put(mask, "Y double", rng.uniform(0, 1, (layer.get_height(), layer.get_width(), 1)))
            self.drawables["mask"] = mask
        if "channel" in extras:
            channel = Gimp.Channel.new(image, "channel", w, h, 50.0, Gegl.Color.new("red"))
            image.insert_channel(channel, None, 0)
            put(channel, "Y double", rng.uniform(0, 1, (h, w, 1)))
            self.drawables["channel"] = channel
        if "group" in extras:
            group = Gimp.GroupLayer.new(image, "group")
            image.insert_layer(group, None, 0)
            spec = {"size": [w, h], "alpha": True, "offsets": [0, 0]}
            inner = self.new_layer(image, "inner", spec)
            image.insert_layer(inner, group, 0)
            self.fill(rng, inner, spec, twin)
            self.drawables["group"] = group
        if "selection" in extras:
            image.select_rectangle(Gimp.ChannelOps.REPLACE, w // 4, h // 4,
                                   max(1, w // 2), max(1, h // 2))
        self.drawables["selection"] = image.get_selection()

    def new_layer(self, image, label, spec):
        base = self.case["base"]
        types = {"rgb": ("RGB_IMAGE", "RGBA_IMAGE"), "gray": ("GRAY_IMAGE", "GRAYA_IMAGE"),
                 "indexed": ("INDEXED_IMAGE", "INDEXEDA_IMAGE")}[base]
        kind = getattr(Gimp.ImageType, types[1 if spec["alpha"] else 0])
        layer = Gimp.Layer.new(image, label, spec["size"][0], spec["size"][1], kind,
                               100, Gimp.LayerMode.NORMAL)
        self.drawables[label] = layer
        return layer

    def fill(self, rng, layer, spec, twin):
        case = self.case
        if case["base"] == "indexed":
            layer.fill(Gimp.FillType.WHITE)
            return
        colour, alpha = layer_pixels(rng, case, spec)
        if twin:
            colour[alpha == 0] = TWIN_HIDDEN
        fmt = value_format(case["base"], spec["alpha"], case["precision"])
        put(layer, fmt, np.dstack([colour, alpha]) if spec["alpha"] else colour)

    def build_others(self):
        targets = self.case["targets"]
        other = Gimp.Image.new(24, 16, Gimp.ImageBaseType.RGB)
        layer = Gimp.Layer.new(other, "other", 24, 16, Gimp.ImageType.RGB_IMAGE, 100,
                               Gimp.LayerMode.NORMAL)
        other.insert_layer(layer, None, 0)
        layer.fill(Gimp.FillType.WHITE)
        self.images["other"] = other
        self.drawables["other"] = layer
        main = self.images["main"]
        if "indexed" in targets:
            indexed = Gimp.Image.new(16, 16, Gimp.ImageBaseType.INDEXED)
            layer = Gimp.Layer.new(indexed, "indexed", 16, 16, Gimp.ImageType.INDEXED_IMAGE,
                                   100, Gimp.LayerMode.NORMAL)
            indexed.insert_layer(layer, None, 0)
            layer.fill(Gimp.FillType.WHITE)
            self.images["indexed"] = indexed
            self.drawables["indexed"] = layer
        if "detached" in targets:
            self.drawables["detached"] = Gimp.Layer.new(
                main, "detached", 8, 8, main.get_layers()[0].type(), 100, Gimp.LayerMode.NORMAL)
        if "removed" in targets:
            removed = Gimp.Layer.new(main, "removed", 8, 8, main.get_layers()[0].type(), 100,
                                     Gimp.LayerMode.NORMAL)
            main.insert_layer(removed, None, 0)
            main.remove_layer(removed)
            self.drawables["removed"] = removed
        if "deleted" in targets:
            gone = Gimp.Image.new(8, 8, Gimp.ImageBaseType.RGB)
            layer = Gimp.Layer.new(gone, "deleted", 8, 8, Gimp.ImageType.RGB_IMAGE, 100,
                                   Gimp.LayerMode.NORMAL)
            gone.insert_layer(layer, None, 0)
            gone.delete()
            self.drawables["deleted"] = layer

    def watched(self):
        """The drawables whose pixels tell what changed."""
        return {label: d for label, d in self.drawables.items()
                if label not in DERIVED_LABELS and d.is_valid()}

    def target_format(self, label):
        case = self.case
        if label.startswith("layer") or label == "inner":
            alpha = self.drawables[label].has_alpha()
            return value_format(case["base"], alpha, case["precision"]), alpha
        return "Y double", False

    def readable_targets(self):
        return [label for label in dict.fromkeys(self.case["targets"])
                if label in ("layer0", "layer1", "inner", "mask", "channel", "selection")
                and self.case["base"] != "indexed"]

    def delete(self):
        for image in self.images.values():
            if image.is_valid():
                image.delete()


def set_arguments(config, arguments):
    """Sets each argument; returns those GIMP would not take."""
    refused = []
    for name, value in arguments.items():
        if name == "notches":
            config.set_property("notches", gimp_driver.argument(
                "notches", [special(v) for v in value]))
            continue
        value = special(value)
        config.set_property(name, value)
        got = config.get_property(name)
        if not (got == value or (isinstance(value, float) and np.isnan(value) and np.isnan(got))):
            refused.append(name)
    return refused


def call(scene):
    case = scene.case
    config = PROC.create_config()
    config.set_property("run-mode", Gimp.RunMode.NONINTERACTIVE)
    config.set_property("image", scene.images["main"])
    config.set_core_object_array("drawables", [scene.drawables[t] for t in case["targets"]])
    refused = set_arguments(config, case["arguments"])
    start = time.time()
    result = PROC.run(config)
    status = result.index(0).value_nick
    message = "" if status == "success" else Gimp.get_pdb().get_last_error()
    return status, message, refused, time.time() - start


def finite_colour(values, alpha):
    colour = values[..., :-1] if alpha else values
    return colour, np.isfinite(colour).all(axis=-1)


def target_report(scene, label, before, after):
    fmt, alpha = scene.target_format(label)
    colour_in, finite_in = finite_colour(before, alpha)
    colour_out, finite_out = finite_colour(after, alpha)
    visible = before[..., -1] > 0 if alpha else np.ones(before.shape[:2], bool)
    leaks = visible & finite_in & ~finite_out
    where = np.argwhere(leaks)
    shown_in = colour_in[visible & finite_in]
    shown_out = colour_out[visible & finite_out]
    alpha_changed = 0
    if alpha:
        a, b = before[..., -1], after[..., -1]
        alpha_changed = int(((a != b) & ~(np.isnan(a) & np.isnan(b))).sum())
    return {"label": label, "format": fmt,
            "nonfinite_out": int(leaks.sum()),
            "first_nonfinite": where[0].tolist() if len(where) else None,
            "alpha_changed": alpha_changed,
            "max_abs_out": float(np.abs(shown_out).max()) if shown_out.size else 0.0,
            "max_in": float(shown_in.max()) if shown_in.size else 0.0,
            "min_in": float(shown_in.min()) if shown_in.size else 0.0,
            "max_out": float(shown_out.max()) if shown_out.size else 0.0,
            "visible": int(visible.sum())}


def count_layers(layers):
    """The layers, those inside groups too."""
    return sum(1 + (count_layers(l.get_children()) if l.is_group() else 0) for l in layers)


def run_case(case, twin=False):
    scene = Scene(case, twin)
    try:
        watched = scene.watched()
        targets = scene.readable_targets()
        values = {t: take(scene.drawables[t], scene.target_format(t)[0]) for t in targets}
        digests = {label: digest(d) for label, d in watched.items()}
        types = {label: int(d.type()) for label, d in watched.items()}
        for image in scene.images.values():
            image.clean_all()
        precision = int(scene.images["main"].get_precision())
        layer_count = count_layers(scene.images["main"].get_layers())
        status, message, refused, seconds = call(scene)
        report = {"id": case["id"], "status": status, "message": message,
                  "not_set": refused, "seconds": round(seconds, 3),
                  "changed": sorted(l for l, d in watched.items() if digest(d) != digests[l]),
                  "layers_added": count_layers(scene.images["main"].get_layers()) -
                  layer_count,
                  "dirty": {name: bool(image.is_dirty())
                            for name, image in scene.images.items()},
                  "type_kept": all(int(d.type()) == types[l] for l, d in watched.items()) and
                  int(scene.images["main"].get_precision()) == precision}
        outputs = {t: take(scene.drawables[t], scene.target_format(t)[0]) for t in targets}
        report["targets"] = [target_report(scene, t, values[t], outputs[t]) for t in targets]
        return report, outputs
    finally:
        scene.delete()


def hidden_leak(case, outputs):
    """How far visible pixels move, relative to their size (at least 1),
    when the colour under alpha 0 is replaced: 0, up to the rounding of
    the FFT, when hidden colour never reaches them."""
    report, twin_outputs = run_case(case, twin=True)
    if report["status"] != "success":
        return None
    leak = 0.0
    for label, values in outputs.items():
        other = twin_outputs[label]
        if values.shape[-1] not in (2, 4):
            continue
        visible = values[..., -1] > 0
        a, b = values[visible][:, :-1], other[visible][:, :-1]
        same = (a == b) | (np.isnan(a) & np.isnan(b))
        diff = np.where(same, 0.0, np.abs(a - b) / np.maximum(1.0, np.abs(a)))
        leak = max(leak, float(np.nan_to_num(diff, nan=np.inf).max()) if diff.size else 0.0)
    return leak


def main():
    with open(os.path.join(FOLDER, "cases.json")) as f:
        cases = json.load(f)
    with open(os.path.join(FOLDER, "reports.jsonl"), "w") as reports:
        for case in cases:
            with open(os.path.join(FOLDER, "current.json"), "w") as current:
                json.dump(case, current)
            try:
                report, outputs = run_case(case)
                if case.get("twin") and report["status"] == "success":
                    report["hidden_leak"] = hidden_leak(case, outputs)
            except Exception as e:  # reported, so the other cases still run
                report = {"id": case["id"], "status": "driver", "message": repr(e)}
            reports.write(json.dumps(report) + "\n")
            reports.flush()
    print("PROPERTIES-DONE", len(cases), file=sys.stderr)


main()
