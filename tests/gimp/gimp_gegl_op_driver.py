# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs inside GIMP 3 (python-fu-eval) for gimp_gegl_op.py: for each job of
jobs.json, one image filtered by plug-in-fft-bandpass and a copy by the
GEGL operation fft:band-pass appended through GimpDrawableFilter and
merged (after a round trip through XCF where the job asks); the pixels of both, and the operation's properties and
the procedure's arguments as GIMP registered them, are written beside them (.npy of float32, report.json)."""
import json
import os
import sys

import gi
gi.require_version("Gimp", "3.0")
gi.require_version("Gegl", "0.4")
from gi.repository import Gegl, Gimp, Gio  # noqa: E402
import numpy as np  # noqa: E402

from gimp_driver import add_layer, call, new_image, run_jobs, save, take  # noqa: E402

FOLDER = os.environ["GEGL_OP_FOLDER"]
PROC = Gimp.get_pdb().lookup_procedure("plug-in-fft-bandpass")
OP = "fft:band-pass"


def build(job):
    data = np.load(os.path.join(FOLDER, job["input"]))
    image = new_image(job, data.shape[1], data.shape[0])
    return image, add_layer(image, job, "layer", data)


def plugin_filter(image, layer, params):
    return call(image, [layer], params)


def configure(drawable_filter, params):
    config = drawable_filter.get_config()
    for name, value in params.items():
        if name == "notches" and not isinstance(value, str):
            value = " ".join(repr(float(v)) for v in value)
        config.set_property(name, value)
    drawable_filter.update()


def op_append(layer, params, later):
    """Appends the operation with `params`, then, when `later` is given,
    changes it to those."""
    drawable_filter = Gimp.DrawableFilter.new(layer, OP, "Band-pass (FFT)")
    configure(drawable_filter, params)
    layer.append_filter(drawable_filter)
    if later is not None:
        configure(drawable_filter, later)


def through_xcf(image, report):
    """The image saved as XCF, closed and loaded again; what its layer's
    filter reads back."""
    path = os.path.join(FOLDER, report["name"] + ".xcf")
    Gimp.file_save(Gimp.RunMode.NONINTERACTIVE, image, Gio.File.new_for_path(path), None)
    image.delete()
    image = Gimp.file_load(Gimp.RunMode.NONINTERACTIVE, Gio.File.new_for_path(path))
    layer = image.get_layers()[0]
    filters = layer.get_filters()
    report["xcf_filters"] = [f.get_operation_name() for f in filters]
    if filters:
        config = filters[0].get_config()
        report["xcf_config"] = {p.name: config.get_property(p.name)
                                for p in config.list_properties()}
    return image, layer


def run_job(job):
    report = {"name": job["name"]}
    if "plugin_params" in job:
        image, layer = build(job)
        report["plugin_ok"], report["plugin_error"] = plugin_filter(image, layer,
                                                                    job["plugin_params"])
        save(FOLDER, job["name"], "plugin", take(layer, job["format"]))
        image.delete()
    image, layer = build(job)
    save(FOLDER, job["name"], "in", take(layer, job["format"]))
    op_append(layer, job["op_params"], job.get("later"))
    if job.get("xcf"):
        image, layer = through_xcf(image, report)
    layer.merge_filters()
    report["merged"] = len(layer.get_filters()) == 0
    save(FOLDER, job["name"], "op", take(layer, job["format"]))
    image.delete()
    return report


def run_file_job(job):
    """The PNG given to the gegl CLI, filtered by the plug-in, and the
    CLI's result, both read in the format of the job."""
    report = {"name": job["name"]}
    image = Gimp.file_load(Gimp.RunMode.NONINTERACTIVE,
                           Gio.File.new_for_path(job["source"]))
    layer = image.get_layers()[0]
    report["plugin_ok"], report["plugin_error"] = plugin_filter(image, layer,
                                                                job["plugin_params"])
    save(FOLDER, job["name"], "plugin", take(layer, job["format"]))
    image.delete()
    cli = Gimp.file_load(Gimp.RunMode.NONINTERACTIVE, Gio.File.new_for_path(job["cli"]))
    save(FOLDER, job["name"], "op", take(cli.get_layers()[0], job["format"]))
    cli.delete()
    return report


def describe(pspec):
    kind = pspec.value_type.name
    if isinstance(pspec, Gimp.ParamChoice):
        return {"name": pspec.name, "type": "choice",
                "choices": Gimp.param_spec_choice_get_choice(pspec).list_nicks(),
                "default": Gimp.param_spec_choice_get_default(pspec)}
    described = {"name": pspec.name, "type": kind}
    if kind in ("gdouble", "gboolean", "gchararray"):
        described["default"] = pspec.get_default_value()
    if kind == "gdouble":
        described.update(min=pspec.minimum, max=pspec.maximum)
    return described


def registration():
    """The operation's properties as GIMP shows them, and the procedure's
    arguments after run-mode, image and drawables."""
    image = Gimp.Image.new(8, 8, Gimp.ImageBaseType.RGB)
    layer = Gimp.Layer.new(image, "probe", 8, 8, Gimp.ImageType.RGB_IMAGE, 100,
                           Gimp.LayerMode.NORMAL)
    image.insert_layer(layer, None, 0)
    config = Gimp.DrawableFilter.new(layer, OP, "probe").get_config()
    properties = [describe(p) for p in config.list_properties()]
    image.delete()
    properties.append({"name": "gimp:menu",
                       "path": Gegl.Operation.get_key(OP, "gimp:menu-path"),
                       "label": Gegl.Operation.get_key(OP, "gimp:menu-label")})
    return properties, [describe(p) for p in PROC.get_arguments()[3:]]


def run_any_job(job):
    return run_file_job(job) if "source" in job else run_job(job)


def main():
    properties, arguments = registration()
    reports = {"properties": properties, "arguments": arguments,
               "jobs": run_jobs(FOLDER, run_any_job)}
    with open(os.path.join(FOLDER, "report.json"), "w") as f:
        json.dump(reports, f)
    print("GEGL-OP-DONE", len(reports["jobs"]), file=sys.stderr)


main()
