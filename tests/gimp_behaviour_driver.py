# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs inside GIMP 3 (python-fu-eval): builds the images that
gimp_contract_behaviour.py describes in jobs.json, calls
plug-in-fft-bandpass on them and writes what came out beside them.
Pixels travel as .npy files of float32 in the babl format each job
names."""
import json
import os
import sys

import gi
gi.require_version("Gimp", "3.0")
from gi.repository import Gimp  # noqa: E402
import numpy as np  # noqa: E402

from gimp_layer_pixels import layer_type, put, take  # noqa: E402

FOLDER = os.environ["BEHAVIOUR_FOLDER"]
PROC = Gimp.get_pdb().lookup_procedure("plug-in-fft-bandpass")


def build(job):
    base = Gimp.ImageBaseType.GRAY if job["base"] == "gray" else Gimp.ImageBaseType.RGB
    image = Gimp.Image.new_with_precision(job["image_size"][0], job["image_size"][1], base,
                                          getattr(Gimp.Precision, job["precision"]))
    layers = []
    for i, name in enumerate(job["inputs"]):
        data = np.load(os.path.join(FOLDER, name))
        layer = Gimp.Layer.new(image, f"layer {i}", data.shape[1], data.shape[0],
                               layer_type(job["base"], job["alpha"]), 100,
                               Gimp.LayerMode.NORMAL)
        image.insert_layer(layer, None, 0)
        layer.set_offsets(*job["offsets"])
        put(layer, job["format"], data)
        layers.append(layer)
    return image, layers


def select(image, selection):
    if not selection:
        return
    x, y, w, h = selection["rect"]
    image.select_rectangle(Gimp.ChannelOps.REPLACE, x, y, w, h)
    if selection.get("feather"):
        Gimp.Selection.feather(image, selection["feather"])


def call(image, drawables, params):
    config = PROC.create_config()
    config.set_property("run-mode", Gimp.RunMode.NONINTERACTIVE)
    config.set_property("image", image)
    config.set_core_object_array("drawables", drawables)
    for name, value in params.items():
        config.set_property(name, value)
    result = PROC.run(config)
    ok = result.index(0) == Gimp.PDBStatusType.SUCCESS
    return ok, "" if ok else Gimp.get_pdb().get_last_error()


def run(job):
    image, layers = build(job)
    select(image, job.get("selection"))
    report = {"name": job["name"]}
    if job.get("selection"):
        mask = image.get_selection()
        np.save(os.path.join(FOLDER, job["name"] + "-mask.npy"), take(mask, "Y float"))
    read_format = job.get("read_format", job["format"])
    for i, layer in enumerate(layers):
        np.save(os.path.join(FOLDER, f"{job['name']}-in{i}.npy"), take(layer, read_format))
    image.clean_all()
    types = [int(layer.type()) for layer in layers]
    precision = int(image.get_precision())
    ok, error = call(image, layers, job["params"])
    report.update(ok=ok, error=error, dirty=bool(image.is_dirty()),
                  same_type=[int(layer.type()) for layer in layers] == types,
                  same_precision=int(image.get_precision()) == precision)
    for i, layer in enumerate(layers):
        np.save(os.path.join(FOLDER, f"{job['name']}-out{i}.npy"), take(layer, read_format))
    image.delete()
    return report


def main():
    with open(os.path.join(FOLDER, "jobs.json")) as f:
        jobs = json.load(f)
    reports = []
    for job in jobs:
        try:
            reports.append(run(job))
        except Exception as e:  # reported, so the other jobs still run
            reports.append({"name": job["name"], "ok": False, "error": f"driver: {e!r}"})
    with open(os.path.join(FOLDER, "reports.json"), "w") as f:
        json.dump(reports, f)
    print("BEHAVIOUR-DONE", len(reports), file=sys.stderr)


main()
