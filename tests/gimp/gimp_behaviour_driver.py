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

from gimp_driver import add_layer, call, new_image, run_jobs, save, take  # noqa: E402

FOLDER = os.environ["BEHAVIOUR_FOLDER"]


def build(job):
    image = new_image(job, *job["image_size"])
    layers = []
    for i, name in enumerate(job["inputs"]):
        layer = add_layer(image, job, f"layer {i}", np.load(os.path.join(FOLDER, name)))
        layer.set_offsets(*job["offsets"])
        layers.append(layer)
    return image, layers


def select(image, selection):
    if not selection:
        return
    x, y, w, h = selection["rect"]
    image.select_rectangle(Gimp.ChannelOps.REPLACE, x, y, w, h)
    if selection.get("feather"):
        Gimp.Selection.feather(image, selection["feather"])


def run(job):
    image, layers = build(job)
    select(image, job.get("selection"))
    report = {"name": job["name"]}
    if job.get("selection"):
        mask = image.get_selection()
        save(FOLDER, job["name"], "mask", take(mask, "Y float"))
    read_format = job.get("read_format", job["format"])
    for i, layer in enumerate(layers):
        save(FOLDER, job["name"], f"in{i}", take(layer, read_format))
    image.clean_all()
    types = [int(layer.type()) for layer in layers]
    precision = int(image.get_precision())
    ok, error = call(image, layers, job["params"])
    report.update(ok=ok, error=error, dirty=bool(image.is_dirty()),
                  same_type=[int(layer.type()) for layer in layers] == types,
                  same_precision=int(image.get_precision()) == precision)
    for i, layer in enumerate(layers):
        save(FOLDER, job["name"], f"out{i}", take(layer, read_format))
    image.delete()
    return report


def main():
    reports = run_jobs(FOLDER, run)
    with open(os.path.join(FOLDER, "reports.json"), "w") as f:
        json.dump(reports, f)
    print("BEHAVIOUR-DONE", len(reports), file=sys.stderr)


main()
