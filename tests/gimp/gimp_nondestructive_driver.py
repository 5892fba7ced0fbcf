# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs inside GIMP 3 (python-fu-eval) for gimp_nondestructive.py. For each
job of jobs.json (in $ND_FOLDER): one image filtered by
plug-in-fft-bandpass as before, a copy by the same call with
non-destructive TRUE (where the job gives a rectangle, the first
cropped to it and the copy with it selected); of the copy, each layer's pixels before and after
its filters are merged, its filters (operation and config) and mode; of
the first, each layer's pixels. Refusal jobs call the procedure where it
must fail and record the message, whether the image stayed clean and what
the drawable holds. Positional jobs make a Script-Fu call with the
arguments as a list, and the same call with named arguments. Pixels go to
.npy files of float32, the rest to report.json."""
import json
import os
import sys

import gi
gi.require_version("Gimp", "3.0")
from gi.repository import Gimp  # noqa: E402
import numpy as np  # noqa: E402

from gimp_driver import add_layer, call, new_image, run, save, take  # noqa: E402

FOLDER = os.environ["ND_FOLDER"]
CHANNEL_FORMAT = "Y float"


def build(job):
    """An image of the job's type holding its picture in `layers` layers
    (the second the picture upside down), and the layers, top first."""
    data = np.load(os.path.join(FOLDER, job["input"]))
    image = new_image(job, data.shape[1], data.shape[0])
    layers = [add_layer(image, job, f"layer {index}", data if index == 0 else data[::-1],
                        position=index)
              for index in range(job.get("layers", 1))]
    return image, layers


def described_filters(layer):
    described = []
    for drawable_filter in layer.get_filters():
        config = drawable_filter.get_config()
        described.append({"operation": drawable_filter.get_operation_name(),
                          "config": {p.name: config.get_property(p.name)
                                     for p in config.list_properties()}})
    return described


def pixels_job(job):
    report = {"name": job["name"]}
    image, layers = build(job)
    save(FOLDER, job["name"], "in", take(layers[0], job["format"]))
    if "select" in job:
        x, y, width, height = job["select"]
        image.crop(width, height, x, y)
    report["plugin_ok"], report["plugin_error"] = call(image, layers, job["params"])
    for index, layer in enumerate(image.get_layers()):
        save(FOLDER, job["name"], f"plugin-{index}", take(layer, job["format"]))
    image.delete()

    image, layers = build(job)
    if "select" in job:
        image.select_rectangle(Gimp.ChannelOps.REPLACE, *job["select"])
    report["ok"], report["error"] = call(image, layers,
                                         dict(job["params"], **{"non-destructive": True}))
    report["layers"] = []
    for index, layer in enumerate(image.get_layers()):
        save(FOLDER, job["name"], f"before-{index}", take(layer, job["format"]))
        report["layers"].append({"name": layer.get_name(),
                                 "mode": layer.get_mode().value_nick,
                                 "filters": described_filters(layer)})
        layer.merge_filters()
        report["layers"][-1]["merged"] = len(layer.get_filters()) == 0
        save(FOLDER, job["name"], f"after-{index}", take(layer, job["format"]))
    image.delete()
    return report


def refusal_job(job):
    """non-destructive on a layer, a channel or both, where it must fail."""
    image, layers = build(job)
    drawables = []
    if job["target"] in ("layer", "layer-and-channel"):
        drawables.append(layers[0])
    if job["target"] in ("channel", "layer-and-channel"):
        component = Gimp.ChannelType.RED if job["base"] == "rgb" else Gimp.ChannelType.GRAY
        channel = Gimp.Channel.new_from_component(image, component, "channel")
        image.insert_channel(channel, None, 0)
        drawables.append(channel)
    givens = [take(d, CHANNEL_FORMAT if isinstance(d, Gimp.Channel) else job["format"])
              for d in drawables]
    image.clean_all()
    ok, error = call(image, drawables, dict(job["params"], **{"non-destructive": True}))
    report = {"name": job["name"], "ok": ok, "error": error,
              "dirty": bool(image.is_dirty()),
              "filters": sum(len(d.get_filters()) for d in drawables
                             if isinstance(d, Gimp.Layer)),
              "unchanged": all(np.array_equal(given, take(
                  d, CHANNEL_FORMAT if isinstance(d, Gimp.Channel) else job["format"]))
                  for given, d in zip(givens, drawables))}
    image.delete()
    return report


def left_job(job):
    """The job's call with non-destructive TRUE on each of its outputs,
    the filters rendered by GIMP (the image copied and flattened) and
    left appended on the open image for GIMP's exit."""
    image, layers = build(job)
    report = {"name": job["name"], "calls": []}
    for output in ("replace", "new-layer", "removed-part"):
        ok, message = call(image, [layers[0]], dict(job["params"], output=output,
                                                    **{"non-destructive": True}))
        report["calls"].append([ok, message])
    report["filters"] = sum(len(layer.get_filters()) for layer in image.get_layers())
    copy = image.duplicate()
    report["rendered"] = take(copy.flatten(), job["format"]).shape[:2] == tuple(job["size"][::-1])
    copy.delete()
    image.clean_all()
    return report


def script_fu(code):
    status, _, message = run("plug-in-script-fu-eval",
                             {"run-mode": Gimp.RunMode.NONINTERACTIVE, "script": code})
    return status == Gimp.PDBStatusType.SUCCESS, message


def positional_job(job):
    """The job's positional Script-Fu call, then the same arguments named,
    each on its own image."""
    report = {"name": job["name"]}
    image, layers = build(job)
    save(FOLDER, job["name"], "in", take(layers[0], job["format"]))
    report["positional_ok"], report["positional_error"] = script_fu(
        f"(plug-in-fft-bandpass RUN-NONINTERACTIVE {image.get_id()} "
        f"(vector {layers[0].get_id()}) {job['positional']})")
    save(FOLDER, job["name"], "positional", take(layers[0], job["format"]))
    report["positional_filters"] = len(layers[0].get_filters())
    image.delete()
    image, layers = build(job)
    report["named_ok"], report["named_error"] = call(image, layers, job["params"])
    save(FOLDER, job["name"], "named", take(layers[0], job["format"]))
    image.delete()
    return report


def main():
    with open(os.path.join(FOLDER, "jobs.json")) as f:
        jobs = json.load(f)
    runs = {"pixels": pixels_job, "refusal": refusal_job, "positional": positional_job,
            "left": left_job}
    reports = []
    for job in jobs:
        try:
            reports.append(runs[job["kind"]](job))
        except Exception as e:  # reported, so the other jobs still run
            reports.append({"name": job["name"], "driver_error": repr(e)})
    with open(os.path.join(FOLDER, "report.json"), "w") as f:
        json.dump({"jobs": reports}, f)
    print("ND-DONE", len(reports), file=sys.stderr)


main()
