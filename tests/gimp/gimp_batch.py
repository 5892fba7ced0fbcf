#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The folder batch (scripts/fft-bandpass-batch.scm) in real headless GIMP 3:

  - over a folder of PNG (8-bit RGB, 16-bit grey), TIFF (16-bit RGB) and
    JPEG (8-bit) files, every file matching the pattern lands in the
    output folder under its own name, in its own format and bit depth,
    with the pixels of the single-file call with the same arguments
    (choices given by name and by index alike) within one step of the
    format, as two plug-in processes may round a value to either side
    (babl picks its conversion paths by timing them), and changed from
    the input;
  - a pattern that matches only some files filters only those;
  - a pattern that matches nothing and notches that are not numbers fail
    with a message naming the problem, writing nothing.

Usage: gimp_batch.py PATH/TO/fft-bandpass PATH/TO/fft-bandpass-batch.scm"""
import os
import shutil
import sys

import numpy as np
import tifffile
from PIL import Image

import gimp_harness as gh

RNG = np.random.default_rng(10)

# The band-pass's arguments in the contract's order, as the batch takes
# them (shape by name, mode and padding by index) and as the single-file
# call takes them.
BATCH_ARGS = ('30 2 "butterworth" 3 0 TRUE "none" 5 "0.1 0.05 0.02" 0 '
              '"rgb" FALSE FALSE 50 "replace" TRUE')
CALL_ARGS = ('#:large-structures 30 #:small-structures 2 #:shape "butterworth" '
             '#:order 3 #:mode "band-pass" #:keep-mean TRUE #:stripes "none" '
             '#:stripe-tolerance 5 #:notches #(0.1 0.05 0.02) '
             '#:padding "mirror" #:channels "rgb" #:linear FALSE '
             '#:find-patterns FALSE #:pattern-sensitivity 50 '
             '#:output "replace" #:autoscale TRUE')


def picture(height, width, channels, top):
    """Smooth shapes, a periodic pattern and noise, 0 … top."""
    y, x = np.mgrid[0:height, 0:width].astype(float)
    base = 0.5 + 0.25 * np.sin(x / 9.0) * np.cos(y / 13.0)
    base += 0.1 * np.sin(2 * np.pi * (0.1 * x + 0.05 * y))
    planes = [np.clip(base + 0.05 * RNG.standard_normal(base.shape) + 0.05 * c,
                      0, 1) for c in range(channels)]
    image = np.stack(planes, axis=-1) if channels > 1 else planes[0]
    return np.round(image * top)


def write_inputs(folder):
    os.makedirs(folder)
    Image.fromarray(picture(61, 97, 3, 255).astype(np.uint8)).save(
        os.path.join(folder, "a.png"))
    Image.fromarray(picture(80, 64, 1, 65535).astype(np.uint16)).save(
        os.path.join(folder, "b.png"))
    tifffile.imwrite(os.path.join(folder, "c.tif"),
                     picture(50, 70, 3, 65535).astype(np.uint16),
                     photometric="rgb")
    Image.fromarray(picture(64, 96, 3, 255).astype(np.uint8)).save(
        os.path.join(folder, "d.jpg"), quality=95)
    return sorted(os.listdir(folder))


def read(path):
    """The file's pixels and what they are stored as."""
    if path.endswith(".tif"):
        data = tifffile.imread(path)
        return data, ("TIFF", str(data.dtype), data.shape)
    with Image.open(path) as image:
        data = np.array(image)
        return data, (image.format, image.mode, data.shape)


def scheme_call(name, *strings):
    return f"({name} " + " ".join(gh.scheme_string(s) for s in strings)


def main():
    plugin, script = sys.argv[1], sys.argv[2]
    harness = gh.Harness(plugin)
    scripts = os.path.join(harness.gimpdir, "scripts")
    os.makedirs(scripts, exist_ok=True)
    shutil.copy(script, scripts)

    inputs = harness.path("in")
    names = write_inputs(inputs)
    batch_out, png_out, single_out = (harness.path(n) for n in
                                      ("out", "out-png", "single"))
    for folder in (batch_out, png_out, single_out):
        os.makedirs(folder)

    commands = [scheme_call("script-fu-fft-bandpass-batch", inputs, "*",
                            batch_out) + f" {BATCH_ARGS})",
                scheme_call("script-fu-fft-bandpass-batch", inputs, "*.png",
                            png_out) + f" {BATCH_ARGS})"]
    for name in names:
        call = ("(plug-in-fft-bandpass #:run-mode RUN-NONINTERACTIVE #:image img"
                " #:drawables (car (gimp-image-get-selected-drawables img)) "
                f"{CALL_ARGS})")
        commands.append(harness.filter_script(os.path.join(inputs, name),
                                              os.path.join(single_out, name),
                                              call))
    log = harness.run_gimp(commands)

    gh.check(sorted(os.listdir(batch_out)) == names,
             f"the batch wrote every file under its own name: "
             f"{sorted(os.listdir(batch_out))}")
    gh.check(sorted(os.listdir(png_out)) == [n for n in names
                                             if n.endswith(".png")],
             f"'*.png' filtered only the PNGs: {sorted(os.listdir(png_out))}")
    for name in names:
        source, source_kind = read(os.path.join(inputs, name))
        if not gh.check(os.path.exists(os.path.join(batch_out, name))
                        and os.path.exists(os.path.join(single_out, name)),
                        f"{name}: batch and single-file results exist"):
            print(log)
            continue
        batch, batch_kind = read(os.path.join(batch_out, name))
        single, _ = read(os.path.join(single_out, name))
        gh.check(batch_kind == source_kind,
                 f"{name}: format, sample type and shape kept: {batch_kind} "
                 f"(input {source_kind})")
        step = np.abs(batch.astype(np.int64) - single.astype(np.int64)).max()
        gh.check(step <= 1,
                 f"{name}: the batch's pixels are the single call's within one "
                 f"step (largest difference {step})")
        changed = np.abs(batch.astype(float) - source.astype(float)).max()
        gh.check(changed > 0, f"{name}: the filter changed the pixels "
                 f"(largest change {changed:g})")

    for pattern, notches, message in (
            ("*.gif", "", "matches *.gif"),
            ("*.png", "0.1 x 0.02", '"x" in the notches is not a number')):
        failed_out = harness.path("failed-" + pattern.replace("*", "all"))
        os.makedirs(failed_out)
        args = BATCH_ARGS.replace('"0.1 0.05 0.02"', gh.scheme_string(notches))
        log = harness.run_gimp([scheme_call("script-fu-fft-bandpass-batch",
                                            inputs, pattern, failed_out)
                                + f" {args})"])
        gh.check(message in log and not os.listdir(failed_out),
                 f"pattern {pattern}, notches {notches!r}: refused with "
                 f"'{message}', nothing written")
    return gh.finish()


if __name__ == "__main__":
    sys.exit(main())
