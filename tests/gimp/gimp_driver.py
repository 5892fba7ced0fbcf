# SPDX-License-Identifier: GPL-3.0-or-later
"""The one helper of the drivers that run inside GIMP 3 (python-fu-eval):
the jobs of a folder's jobs.json run one by one, images and layers built
from a job, pixels moved whole as numpy arrays in a babl format, a
procedure (the plug-in's or another) called through its config with named
arguments, and arrays saved beside the job for the test outside GIMP to
read. A driver written out by its test
runs through gimp_harness.python_batch, which puts this folder on
sys.path."""
import json
import os

import gi
gi.require_version("Gimp", "3.0")
gi.require_version("Gegl", "0.4")
from gi.repository import Gegl, Gimp, GObject  # noqa: E402
import numpy as np  # noqa: E402

PROC_NAME = "plug-in-fft-bandpass"


def run_jobs(folder, run):
    """The reports of run(job) for each job of folder/jobs.json, in order;
    a job whose run raises is reported as {"name", "ok": False, "error":
    "driver: …"}, so that the other jobs still run."""
    with open(os.path.join(folder, "jobs.json")) as f:
        jobs = json.load(f)
    reports = []
    for job in jobs:
        try:
            reports.append(run(job))
        except Exception as e:  # reported, so the other jobs still run
            reports.append({"name": job["name"], "ok": False, "error": f"driver: {e!r}"})
    return reports


def rectangle(w, h):
    return Gegl.Rectangle.new(0, 0, w, h)


def put(drawable, fmt, data, dtype=np.float32):
    """Writes `data` into the whole drawable in `fmt`."""
    buffer = drawable.get_buffer()
    h, w = data.shape[:2]
    buffer.set(rectangle(w, h), fmt, np.ascontiguousarray(data, dtype=dtype).tobytes())
    buffer.flush()
    drawable.update(0, 0, w, h)


def take(drawable, fmt, dtype=np.float32):
    """The whole drawable read in `fmt`, as an array (height, width, components)."""
    w, h = drawable.get_width(), drawable.get_height()
    raw = drawable.get_buffer().get(rectangle(w, h), 1.0, fmt, Gegl.AbyssPolicy.CLAMP)
    return np.frombuffer(bytes(raw), dtype=dtype).reshape(h, w, -1).copy()


def layer_type(base, alpha):
    if base == "gray":
        return Gimp.ImageType.GRAYA_IMAGE if alpha else Gimp.ImageType.GRAY_IMAGE
    return Gimp.ImageType.RGBA_IMAGE if alpha else Gimp.ImageType.RGB_IMAGE


def new_image(job, width, height):
    """An image of the job's "base" (gray or rgb) and "precision"."""
    base = Gimp.ImageBaseType.GRAY if job["base"] == "gray" else Gimp.ImageBaseType.RGB
    return Gimp.Image.new_with_precision(width, height, base,
                                         getattr(Gimp.Precision, job["precision"]))


def add_layer(image, job, name, data, position=0, dtype=np.float32):
    """A layer of the job's base and "alpha" holding `data` in the job's
    "format", inserted at `position` (0: on top)."""
    layer = Gimp.Layer.new(image, name, data.shape[1], data.shape[0],
                           layer_type(job["base"], job["alpha"]), 100,
                           Gimp.LayerMode.NORMAL)
    image.insert_layer(layer, None, position)
    put(layer, job["format"], data, dtype)
    return layer


def argument(name, value):
    """`value` as a procedure's config takes it: notches as a
    GimpDoubleArray."""
    if name != "notches":
        return value
    boxed = GObject.Value(Gimp.DoubleArray)
    Gimp.value_set_double_array(boxed, value)
    return boxed.get_boxed()


def config_for(procedure, arguments):
    """`procedure`'s config with `arguments` (property: value) set, in
    their order: drawables as a list, notches as a list of numbers."""
    config = procedure.create_config()
    for name, value in arguments.items():
        if name == "drawables":
            config.set_core_object_array(name, list(value))
        else:
            config.set_property(name, argument(name, value))
    return config


def run_config(procedure, config):
    """Runs `procedure` with `config`: (status, result, message), the
    message GIMP's where it did not succeed."""
    result = procedure.run(config)
    status = result.index(0)
    failed = status != Gimp.PDBStatusType.SUCCESS
    return status, result, Gimp.get_pdb().get_last_error() if failed else ""


def run(name, arguments):
    """The procedure `name` run with `arguments` as config_for takes
    them: (status, result, message)."""
    procedure = Gimp.get_pdb().lookup_procedure(name)
    return run_config(procedure, config_for(procedure, arguments))


def call_arguments(image, drawables, params, run_mode=Gimp.RunMode.NONINTERACTIVE):
    """The plug-in's arguments: the run mode, the image, the drawables,
    then `params` by name."""
    return dict({"run-mode": run_mode, "image": image, "drawables": drawables},
                **params)


def call(image, drawables, params, run_mode=Gimp.RunMode.NONINTERACTIVE):
    """The plug-in's procedure with named arguments; (succeeded, message)."""
    status, _, message = run(PROC_NAME, call_arguments(image, drawables, params,
                                                       run_mode))
    return status == Gimp.PDBStatusType.SUCCESS, message


def save(folder, name, what, array):
    """`array` as NAME-WHAT.npy in `folder`."""
    np.save(os.path.join(folder, f"{name}-{what}.npy"), array)
