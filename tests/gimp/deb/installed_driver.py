# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs inside the installed GIMP 3 (python-fu-eval) for check_installed.py:
which of the package's procedures GIMP registered, the GEGL operation
fft:band-pass applied to the input through GimpDrawableFilter and merged,
and, for that result and every image the job names, its 8-bit pixels
against the input's and the Script-Fu call's, written to the job's
report (JSON). Usage: installed_driver.py JOB.json"""
import json
import sys

import gi
gi.require_version("Gimp", "3.0")
gi.require_version("Gegl", "0.4")
from gi.repository import Gegl, Gimp, Gio  # noqa: E402

OP = "fft:band-pass"
FORMAT = "R'G'B' u8"


def load(path):
    return Gimp.file_load(Gimp.RunMode.NONINTERACTIVE, Gio.File.new_for_path(path))


def pixels(layer):
    w, h = layer.get_width(), layer.get_height()
    return bytes(layer.get_buffer().get(Gegl.Rectangle.new(0, 0, w, h), 1.0, FORMAT,
                                        Gegl.AbyssPolicy.CLAMP))


def file_pixels(path):
    image = load(path)
    data = pixels(image.get_layers()[0])
    image.delete()
    return data


def drawable_filter_pixels(path, band):
    """The picture with the operation appended and merged, and the error
    that stopped it ("" when none)."""
    image = load(path)
    layer = image.get_layers()[0]
    try:
        drawable_filter = Gimp.DrawableFilter.new(layer, OP, "Band-pass (FFT)")
        config = drawable_filter.get_config()
        for name, value in band.items():
            config.set_property(name, float(value))
        drawable_filter.update()
        layer.append_filter(drawable_filter)
        layer.merge_filters()
        if layer.get_filters():
            return None, "the filter is still on the layer after merging"
        return pixels(layer), ""
    except Exception as e:  # reported: the other checks still run
        return None, repr(e)
    finally:
        image.delete()


def largest_difference(a, b):
    if len(a) != len(b):
        return 256
    return max(abs(x - y) for x, y in zip(a, b))


def describe(data, given, reference):
    described = {"mean": sum(data) / len(data), "max_change": largest_difference(data, given)}
    if reference is not None:
        described["max_difference_to_script-fu"] = largest_difference(data, reference)
    return described


def main():
    with open(sys.argv[1]) as f:
        job = json.load(f)
    pdb = Gimp.get_pdb()
    report = {"registered": {name: pdb.procedure_exists(name)
                             for name in ("plug-in-fft-bandpass",
                                          "script-fu-fft-bandpass-batch")}}
    given = file_pixels(job["input"])
    report["input"] = {"mean": sum(given) / len(given)}
    images = {}
    for name, path in job["compared"].items():
        try:
            images[name] = file_pixels(path)
        except Exception as e:  # a missing image is reported, not fatal
            report.setdefault("images", {})[name] = {"error": repr(e)}
    filtered, report["drawable_filter_error"] = drawable_filter_pixels(job["input"],
                                                                       job["band"])
    if filtered is not None:
        images["drawable-filter"] = filtered
    reference = images.get("script-fu")
    for name, data in images.items():
        report.setdefault("images", {})[name] = describe(data, given, reference)
    with open(job["report"], "w") as f:
        json.dump(report, f)


main()
