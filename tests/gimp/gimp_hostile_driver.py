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
from gi.repository import Gimp  # noqa: E402
import numpy as np  # noqa: E402

from gimp_driver import add_layer, call, new_image, run_jobs, save, take  # noqa: E402

FOLDER = os.environ["HOSTILE_FOLDER"]


def filter_job(job):
    given = np.load(os.path.join(FOLDER, job["name"] + "-in.npy"))
    height, width, components = given.shape
    dtype = np.float64 if job["format"].endswith("double") else np.float32
    kind = dict(job, base="rgb" if components > 2 else "gray", alpha=components in (2, 4))
    image = new_image(kind, width, height)
    layer = add_layer(image, kind, job["name"], given, dtype=dtype)

    ok, error = call(image, [layer], job["arguments"],
                     Gimp.RunMode.INTERACTIVE if job.get("interactive")
                     else Gimp.RunMode.NONINTERACTIVE)

    output = job["arguments"].get("output", "replace")
    result = image.get_layers()[0] if output == "new-layer" else layer
    save(FOLDER, job["name"], "out", take(result, job["format"], dtype))
    if output == "removed-part":
        save(FOLDER, job["name"], "removed",
             take(image.get_layers()[0], job["format"].replace("A ", " "), dtype))
    image.delete()
    return {"name": job["name"], "ok": ok, "error": error}


reports = run_jobs(FOLDER, filter_job)
with open(os.path.join(FOLDER, "reports.json"), "w") as reports_file:
    json.dump(reports, reports_file)
