# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs inside GIMP 3 (python-fu-eval) for gimp_hostile_pixels.py: each
job in $HOSTILE_FOLDER/jobs.json is a one-layer image of the job's
precision whose pixels, NAME-in.npy, go in as the job's babl format
(float or double, the image's own, so that nothing converts them on the
way); it is filtered with the job's arguments, or through the dialog
when the job is interactive, and its result read back in the same
format into NAME-out.npy: the layer itself, or with `output` new-layer
the new layer; with removed-part the removed part, without alpha, goes
into NAME-removed.npy too. reports.json says how each call ended."""
import json
import os

import gi
gi.require_version("Gimp", "3.0")
gi.require_version("Gegl", "0.4")
from gi.repository import Gegl, Gimp  # noqa: E402
import numpy as np  # noqa: E402

FOLDER = os.environ["HOSTILE_FOLDER"]
PROC = Gimp.get_pdb().lookup_procedure("plug-in-fft-bandpass")
LAYER_TYPES = {1: Gimp.ImageType.GRAY_IMAGE, 2: Gimp.ImageType.GRAYA_IMAGE,
               3: Gimp.ImageType.RGB_IMAGE, 4: Gimp.ImageType.RGBA_IMAGE}


def transfer(layer, fmt, data=None):
    """Writes `data` into the whole layer in `fmt` or, without data, reads
    the layer in it."""
    width, height = layer.get_width(), layer.get_height()
    whole = Gegl.Rectangle.new(0, 0, width, height)
    dtype = np.float64 if fmt.endswith("double") else np.float32
    buffer = layer.get_buffer()
    if data is None:
        raw = bytes(buffer.get(whole, 1.0, fmt, Gegl.AbyssPolicy.NONE))
        return np.frombuffer(raw, dtype=dtype).reshape(height, width, -1)
    buffer.set(whole, fmt, np.ascontiguousarray(data, dtype=dtype).tobytes())
    buffer.flush()
    return None


def filter_job(job):
    given = np.load(os.path.join(FOLDER, job["name"] + "-in.npy"))
    height, width, components = given.shape
    base = Gimp.ImageBaseType.RGB if components > 2 else Gimp.ImageBaseType.GRAY
    image = Gimp.Image.new_with_precision(width, height, base,
                                          getattr(Gimp.Precision, job["precision"]))
    layer = Gimp.Layer.new(image, job["name"], width, height,
                           LAYER_TYPES[components], 100, Gimp.LayerMode.NORMAL)
    image.insert_layer(layer, None, 0)
    transfer(layer, job["format"], given)

    config = PROC.create_config()
    config.set_property("run-mode", Gimp.RunMode.INTERACTIVE if job.get("interactive")
                        else Gimp.RunMode.NONINTERACTIVE)
    config.set_property("image", image)
    config.set_core_object_array("drawables", [layer])
    for name, value in job["arguments"].items():
        config.set_property(name, value)
    status = PROC.run(config).index(0)
    ok = status == Gimp.PDBStatusType.SUCCESS

    output = job["arguments"].get("output", "replace")
    result = image.get_layers()[0] if output == "new-layer" else layer
    np.save(os.path.join(FOLDER, job["name"] + "-out.npy"), transfer(result, job["format"]))
    if output == "removed-part":
        np.save(os.path.join(FOLDER, job["name"] + "-removed.npy"),
                transfer(image.get_layers()[0], job["format"].replace("A ", " ")))
    image.delete()
    return {"name": job["name"], "ok": ok,
            "error": "" if ok else Gimp.get_pdb().get_last_error()}


def report(job):
    """How the job's call ended; a failure of this driver is reported too,
    so that the other jobs still run."""
    try:
        return filter_job(job)
    except Exception as e:
        return {"name": job["name"], "ok": False, "error": f"driver: {e!r}"}


with open(os.path.join(FOLDER, "jobs.json")) as jobs_file:
    reports = [report(job) for job in json.load(jobs_file)]
with open(os.path.join(FOLDER, "reports.json"), "w") as reports_file:
    json.dump(reports, reports_file)
