#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The spectrum as an image (docs/contract.md, "The spectrum as an image";
issue 23 item 1) in real headless GIMP 3, through Python-Fu, the numbers
checked against numpy:

  - plug-in-fft-forward then plug-in-fft-inverse, nothing painted, gives
    back the source: 0 LSB for 8-bit grayscale, 16-bit RGB and 8-bit
    perceptual RGB images, within 1e-5 of the largest value for RGBA
    float, grayscale-alpha half and grayscale double ones, within float
    rounding for RGBA 32-bit integers; alpha (fractional and 0) exact,
    within float rounding for 32-bit integers; all of sizes that are not
    powers of two; the result is a layer right above the source while
    the source image is open, else a new image of the source's precision;
  - the spectrum image: float with perceptual gamma, of the padded size
    (gimp_oracle's padding), the log magnitude on top and visible, the real and
    imaginary layers numpy's centred FFT of the padded (for alpha,
    composited) planes divided by their size, the log magnitude the
    contract's formula of it;
  - a sinusoid's peak lies in the log magnitude where numpy's centred
    spectrum has it; painting 0 over a disc around it, on one side only,
    removes the pattern (its amplitude in numpy's FFT of the result falls
    by at least 20 dB) and keeps the picture (PSNR against the clean one),
    and the result is numpy's: the source plus the inverse FFT of the
    spectrum times (gain − 1), the gain 0 on the disc and its mirror;
    the mirror disc painted half as bright as well changes nothing (the
    darker wins); the disc painted brighter instead amplifies both sides
    by A'/A, at most 65536, as numpy computes it;
  - bad input fails with a clear message and changes no image: an image
    that is not a spectrum, a resized spectrum, a layer removed or
    renamed, a spectrum converted to 8-bit, a source image resized, two
    drawables passed to the forward FFT;
  - a crafted record (issue 43 item 1: a format, precision, size, scale,
    largest amplitude or layer name the forward never writes, padded sizes
    with the layers resized to match, a megabyte of text) fails naming its
    field in a message under 1000 characters, making and dirtying no
    image, whether the source image is open or closed; so does a NaN or
    infinity in the real or imaginary part (item 2), naming the layer and
    the pixel;
  - called interactively in GIMP with its user interface (under Xvfb),
    the forward opens the spectrum image in a display, the inverse gives
    back the source exactly (8-bit RGB) in the open source image, and in
    a new image with a display once it is closed, all SUCCESS, and the
    plug-in's process prints no GLib, GTK, GEGL or libgimp warning or
    critical (issue 43 item 7; they have no dialog of their own).

Usage: gimp_spectrum_image.py PATH/TO/fft-bandpass"""
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# 32-bit integer and double values pass through float, and babl, which
# picks its conversion paths by timing them, may round them more than
# once: runs of one build gave 3.6e-8 or 1.76e-7.
THROUGH_FLOAT = 2.0 ** -22

# Round trips: name, base, precision, the format the pixels go in and
# come out in, components, size, whether the source image is closed
# before the inverse.
ROUND_TRIPS = [
    ("gray8", "GRAY", "U8_NON_LINEAR", "Y' u8", 1, (200, 300), False),
    ("rgb16", "RGB", "U16_NON_LINEAR", "R'G'B' u16", 3, (130, 200), False),
    ("rgbafloat", "RGB", "FLOAT_LINEAR", "RGBA float", 4, (100, 150), True),
    ("rgb8perceptual", "RGB", "U8_PERCEPTUAL", "R~G~B~ u8", 3, (33, 70), False),
    ("grayahalf", "GRAY", "HALF_NON_LINEAR", "Y'A half", 2, (40, 90), True),
    ("graydouble", "GRAY", "DOUBLE_LINEAR", "Y double", 1, (50, 40), False),
    ("rgba32", "RGB", "U32_NON_LINEAR", "R'G'B'A u32", 4, (36, 64), False),
]
PAINT_SIZE = (192, 256)
PATTERN = (12, 32)       # cycles over the height and the width
PAINT_RADIUS = 6         # bins of the padded grid
DC_GUARD = 8             # bins around the centre left out of peak searches
BRIGHTER = 0.05          # what the brighter painting adds to the log magnitude
LOG_RANGE = np.log1p(2.0 ** 16)
RECORD = "fft-spectrum-image"
# Records the forward never writes: the key, its text, whether the source
# image is closed before the inverse (the result would be a new image).
# The padded sizes come with the spectrum image and its layers resized to
# match. For a 90 × 60 source: padded 128 × 128.
BAD_RECORDS = [
    ("format", "bogus", True), ("format", "", True),
    ("format", "R'G'B'A double", True), ("format", "Y' float", False),
    ("format", "x" * 1000000, True),
    ("precision", "9999", True), ("precision", "-1", False),
    ("padded-width", "16", False), ("padded-width", "1", True),
    ("padded-width", "256", True),
    ("width", "0", True), ("height", "600000", True),
    ("image-width", "-5", False), ("offset-x", "2147483647", False),
    ("source-image", "0", True), ("gray", "2", True), ("has-alpha", "-1", True),
    ("largest", "nan", True), ("largest", "-1", True),
    ("scales", "0;1;1;", True), ("scales", "1;1;0.75;", True),
    ("scales", "1;inf;1;", True),
    ("real-layer", "Log magnitude", True), ("source-layer", "", True),
]
GAIN_LIMIT = 65536.0


def source_pixels(name, components, size, dtype):
    """Smooth colour with fine detail; alpha, where there is one, with 0,
    1 and fractions."""
    rng = np.random.default_rng(sum(map(ord, name)))
    height, width = size
    y, x = np.mgrid[0:height, 0:width] / max(size)
    image = np.empty((height, width, components))
    for c in range(components):
        a, b = rng.uniform(1, 4, 2)
        image[..., c] = (0.5 + 0.25 * np.sin(2 * np.pi * a * x + c) * np.cos(2 * np.pi * b * y)
                         + 0.1 * rng.uniform(-1, 1, (height, width)))
    if components in (2, 4):
        image[..., -1] = rng.choice([0.0, 1.0, 0.25, 0.7, 0.01], (height, width))
    if np.issubdtype(dtype, np.integer):
        top = np.iinfo(dtype).max
        return np.round(np.clip(image, 0, 1) * top).astype(dtype)
    return image.astype(dtype)


def paint_pixels():
    """A clean picture and the same with a sinusoid pattern over it."""
    height, width = PAINT_SIZE
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    clean = 0.45 + 0.2 * np.sin(2 * np.pi * x / 180) * np.cos(2 * np.pi * y / 150) \
        + 0.1 * np.exp(-((x - 90) ** 2 + (y - 80) ** 2) / 800)
    pattern = 0.1 * np.cos(2 * np.pi * (PATTERN[1] * x / width + PATTERN[0] * y / height))
    return clean.astype(np.float32), (clean + pattern).astype(np.float32)


def dtype_of(fmt):
    return {"u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "half": np.float16,
            "float": np.float32, "double": np.float64}[fmt.split()[-1]]


def through_float(fmt):
    """Whether values of the format lose bits in float, the precision
    the plug-in computes in: 32-bit integers and doubles."""
    return fmt.endswith("u32") or fmt.endswith("double")


def integer_top(fmt):
    """The largest value of an integer format, None for a float one."""
    dtype = dtype_of(fmt)
    return np.iinfo(dtype).max if np.issubdtype(dtype, np.integer) else None


# ---- Inside GIMP -------------------------------------------------------


def drive(folder):
    import gimp_driver as gd
    from gi.repository import Gimp

    facts = {}

    def transfer(drawable, fmt, data=None):
        if data is None:
            return gd.take(drawable, fmt, dtype_of(fmt))
        gd.put(drawable, fmt, data, dtype_of(fmt))
        return None

    def new_image(data, base, precision, fmt, name="source"):
        job = {"base": base.lower(), "precision": precision,
               "alpha": data.shape[2] in (2, 4), "format": fmt}
        image = gd.new_image(job, data.shape[1], data.shape[0])
        return image, gd.add_layer(image, job, name, data, dtype=dtype_of(fmt))

    def call(name, image, drawables=()):
        status, result, error = gd.run(name, {"run-mode": Gimp.RunMode.NONINTERACTIVE,
                                              "image": image, "drawables": drawables})
        ok = status == Gimp.PDBStatusType.SUCCESS
        return ok, (result.index(1) if ok else error), status

    def picture_format(gray):
        return "Y' float" if gray else "R'G'B' float"

    def save(name, data):
        np.save(os.path.join(folder, name + ".npy"), data)

    def spectrum_facts(name, spectrum, gray):
        layers = spectrum.get_layers()
        for label, layer in zip(("logmag", "real", "imag"), layers):
            save(f"{name}-{label}", transfer(layer, picture_format(gray)))
        return {"size": [spectrum.get_width(), spectrum.get_height()],
                "float": spectrum.get_precision() == Gimp.Precision.FLOAT_NON_LINEAR,
                "names": [layer.get_name() for layer in layers],
                "visible": [layer.get_visible() for layer in layers]}

    def round_trip(name, base, precision, fmt, components, size, close_source):
        given = source_pixels(name, components, size, dtype_of(fmt))
        save(name + "-in", given)
        image, layer = new_image(given, base, precision, fmt)
        ok, spectrum, _ = call("plug-in-fft-forward", image, [layer])
        if not ok:
            return {"ok": False, "error": spectrum}
        fact = spectrum_facts(name, spectrum, base == "GRAY")
        if close_source:
            image.delete()
        ok, result, _ = call("plug-in-fft-inverse", spectrum)
        if not ok:
            return {"ok": False, "error": result}
        target = result.get_image()
        save(name + "-out", transfer(result, fmt))
        fact.update(ok=True, in_source=not close_source and target == image,
                    above_source=not close_source and
                    target.get_item_position(result) + 1 == target.get_item_position(layer),
                    result_precision=target.get_precision() == getattr(Gimp.Precision, precision),
                    result_size=[result.get_width(), result.get_height()])
        return fact

    def paint():
        clean, given = paint_pixels()
        save("paint-clean", clean)
        save("paint-in", given)
        image, layer = new_image(given[..., None], "GRAY", "FLOAT_LINEAR", "Y float")
        ok, spectrum, _ = call("plug-in-fft-forward", image, [layer])
        if not ok:
            return {"ok": False, "error": spectrum}
        fact = spectrum_facts("paint", spectrum, True)
        logmag = spectrum.get_layers()[0]
        values = transfer(logmag, "Y' float")[..., 0].copy()
        width, height = spectrum.get_width(), spectrum.get_height()
        peak = (height // 2 + round(PATTERN[0] * height / PAINT_SIZE[0]),
                width // 2 + round(PATTERN[1] * width / PAINT_SIZE[1]))
        y, x = np.mgrid[0:height, 0:width]
        values[(y - peak[0]) ** 2 + (x - peak[1]) ** 2 <= PAINT_RADIUS ** 2] = 0.0
        transfer(logmag, "Y' float", values[..., None])
        save("paint-painted", values)
        ok, result, _ = call("plug-in-fft-inverse", spectrum)
        if not ok:
            return {"ok": False, "error": result}
        save("paint-out", transfer(result, "Y float")[..., 0])

        # The mirror disc painted half as bright as it was: the darker
        # (the first disc's 0) still wins.
        made = np.load(os.path.join(folder, "paint-logmag.npy"))[..., 0]
        mirror = np.roll(np.flip(values == 0, (0, 1)), (1, 1), (0, 1))
        both = np.where(mirror, 0.5 * made, values)
        transfer(logmag, "Y' float", both[..., None])
        ok, result, _ = call("plug-in-fft-inverse", spectrum)
        if not ok:
            return {"ok": False, "error": result}
        save("paint-out-both", transfer(result, "Y float")[..., 0])

        # The first disc brighter by BRIGHTER, the mirror as made.
        brighter = np.where(values == 0, made + BRIGHTER, made)
        transfer(logmag, "Y' float", brighter[..., None])
        save("paint-brighter", brighter)
        ok, result, _ = call("plug-in-fft-inverse", spectrum)
        if not ok:
            return {"ok": False, "error": result}
        save("paint-out-brighter", transfer(result, "Y float")[..., 0])
        fact.update(ok=True, peak=list(peak))
        return fact

    def snapshot():
        return [(image.get_id(), image.get_width(), image.get_height(),
                 image.get_precision(),
                 [(layer.get_id(), layer.get_name(), layer.get_width(), layer.get_height())
                  for layer in image.get_layers()])
                for image in Gimp.get_images()]

    def failing(name, procedure, image, drawables=(), names=""):
        before = snapshot()
        dirty = [i.is_dirty() for i in Gimp.get_images()]
        ok, said, status = call(procedure, image, drawables)
        return {"ok": not ok, "error": "" if not ok else "it succeeded",
                "message": said if not ok else "", "names": names,
                "unchanged": snapshot() == before and
                             [i.is_dirty() for i in Gimp.get_images()] == dirty,
                "calling_error": status == Gimp.PDBStatusType.CALLING_ERROR, "case": name}

    def set_record(spectrum, key, value):
        """The spectrum's record with `key` set to `value` as its text."""
        old = spectrum.get_parasite(RECORD)
        lines = [f"{key}={value}" if line.startswith(key + "=") else line
                 for line in bytes(old.get_data()).decode().split("\n")]
        spectrum.attach_parasite(Gimp.Parasite.new(RECORD, old.get_flags(),
                                                   list("\n".join(lines).encode())))

    def errors():
        given = source_pixels("errors", 3, (60, 90), np.uint8)
        reports = []

        def fresh():
            image, layer = new_image(given, "RGB", "U8_NON_LINEAR", "R'G'B' u8")
            ok, spectrum, _ = call("plug-in-fft-forward", image, [layer])
            assert ok, spectrum
            return image, layer, spectrum

        image, layer, spectrum = fresh()
        reports.append(failing("not a spectrum", "plug-in-fft-inverse", image))
        spectrum.resize(spectrum.get_width() + 2, spectrum.get_height(), 0, 0)
        reports.append(failing("spectrum resized", "plug-in-fft-inverse", spectrum))
        image, layer, spectrum = fresh()
        spectrum.remove_layer(spectrum.get_layers()[1])
        reports.append(failing("layer removed", "plug-in-fft-inverse", spectrum,
                               names="FFT Inverse needs every layer FFT Forward made"))
        image, layer, spectrum = fresh()
        spectrum.get_layers()[2].set_name("renamed")
        reports.append(failing("layer renamed", "plug-in-fft-inverse", spectrum))
        image, layer, spectrum = fresh()
        spectrum.convert_precision(Gimp.Precision.U8_NON_LINEAR)
        reports.append(failing("spectrum made 8-bit", "plug-in-fft-inverse", spectrum))
        image, layer, spectrum = fresh()
        image.resize(image.get_width() + 10, image.get_height(), 0, 0)
        reports.append(failing("source image resized", "plug-in-fft-inverse", spectrum))
        second = Gimp.Layer.new(image, "second", 90, 60, Gimp.ImageType.RGB_IMAGE, 100,
                                Gimp.LayerMode.NORMAL)
        image.insert_layer(second, None, 0)
        reports.append(failing("two drawables", "plug-in-fft-forward", image, [layer, second],
                               names="FFT Forward takes exactly one drawable"))

        # Crafted records (issue 43 item 1), the source closed so that a
        # result would be a new image, and one open.
        for key, value, close in BAD_RECORDS:
            image, layer, spectrum = fresh()
            if key.startswith("padded"):
                for picture in spectrum.get_layers()[:3]:
                    picture.resize(int(value), int(value), 0, 0)
                spectrum.resize(int(value), int(value), 0, 0)
                set_record(spectrum, "padded-height", value)
            set_record(spectrum, key, value)
            if close:
                image.delete()
            reports.append(failing(f"record {key}={value[:20]!r}", "plug-in-fft-inverse",
                                   spectrum, names=f'"{key}"'))
        # Non-finite real and imaginary parts (item 2), named with the pixel.
        for which, value, (x, y) in ((1, np.nan, (5, 7)), (2, np.inf, (0, 3)),
                                     (1, -np.inf, (127, 127))):
            image, layer, spectrum = fresh()
            picture = spectrum.get_layers()[which]
            values = transfer(picture, "R'G'B' float")
            values[y, x, 1] = value
            transfer(picture, "R'G'B' float", values)
            image.delete()
            reports.append(failing(f"{picture.get_name()} {value} at ({x}, {y})",
                                   "plug-in-fft-inverse", spectrum,
                                   names=f'"{picture.get_name()}"'
                                         f" of the spectrum image holds a value that "
                                         f"is not finite (NaN or infinity) at pixel "
                                         f"({x}, {y})"))
        return reports

    def guarded(job):
        try:
            return job()
        except Exception as e:
            return {"ok": False, "error": f"driver: {e!r}"}

    for case in ROUND_TRIPS:
        facts[case[0]] = guarded(lambda: round_trip(*case))
    facts["paint"] = guarded(paint)
    facts["errors"] = guarded(errors)
    with open(os.path.join(folder, "facts.json"), "w") as f:
        json.dump(facts, f)


def drive_interactive(folder):
    """The forward, then the inverse with the source image open and again
    with it closed, in INTERACTIVE run mode as the menu calls them: each
    one's status and the displays open after it, the source and each
    inverse's layer as saved arrays."""
    import gimp_driver as gd
    from gi.repository import Gimp

    def run(name, image, drawables):
        status, result, _ = gd.run(name, {"run-mode": Gimp.RunMode.INTERACTIVE,
                                          "image": image, "drawables": drawables})
        displays = sum(Gimp.Display.id_is_valid(i) for i in range(1, 100))
        print(f"STATUS {name} {status.value_nick} {displays}", flush=True)
        return result.index(1) if status == Gimp.PDBStatusType.SUCCESS else None

    given = source_pixels("interactive", 3, (70, 90), np.uint8)
    np.save(os.path.join(folder, "interactive-in.npy"), given)
    job = {"base": "rgb", "precision": "U8_NON_LINEAR", "alpha": False,
           "format": "R'G'B' u8"}
    image = gd.new_image(job, given.shape[1], given.shape[0])
    layer = gd.add_layer(image, job, "source", given, dtype=np.uint8)
    spectrum = run("plug-in-fft-forward", image, [layer])
    for closed in (False, True):
        if closed:
            image.delete()
        result = spectrum and run("plug-in-fft-inverse", spectrum, [])
        if result:
            np.save(os.path.join(folder, f"interactive-out-{closed}.npy"),
                    gd.take(result, job["format"], np.uint8))
    # No image left dirty for --quit to ask about.
    for each in Gimp.get_images():
        each.clean_all()


def check_interactive(harness, folder):
    import gimp_harness as gh
    import gimp_xvfb as gx

    script = (f"import sys; sys.path.insert(0, {HERE!r}); "
              f"import gimp_spectrum_image; gimp_spectrum_image.drive_interactive({folder!r})")
    with gx.GimpSession(harness, script, env={"FFTCL_DEVICE": "cpu"}) as gimp:
        gimp.awaits_end()
    # A display for the spectrum image; none more for the inverse's layer
    # in the open source image, one for the new image once it is closed.
    statuses = gimp.statuses()
    gh.check(statuses == ["STATUS plug-in-fft-forward success 1",
                          "STATUS plug-in-fft-inverse success 1",
                          "STATUS plug-in-fft-inverse success 2"],
             f"interactive: the forward shows its image, the inverse its new "
             f"image, all succeed: {statuses or gimp.output()[-2000:]}")
    given = np.load(os.path.join(folder, "interactive-in.npy"))
    for closed in (False, True):
        out = os.path.join(folder, f"interactive-out-{closed}.npy")
        gh.check(os.path.exists(out) and np.array_equal(np.load(out), given),
                 f"interactive: the inverse (source image "
                 f"{'closed' if closed else 'open'}) gives back the source exactly")
    problems = gx.console_problems(gimp.output())
    gh.check(not problems, f"interactive: the plug-in warns of nothing: {problems}")


# ---- Outside: the checks -----------------------------------------------


def main():
    import gimp_harness as gh
    from gimp_oracle import Params, pad

    harness = gh.Harness(sys.argv[1])
    folder = harness.path("spectrum")
    os.makedirs(folder, exist_ok=True)
    script = (f"import sys; sys.path.insert(0, {HERE!r}); "
              f"import gimp_spectrum_image; gimp_spectrum_image.drive({folder!r})")
    log = harness.run_gimp([script], interpreter="python-fu-eval")
    try:
        with open(os.path.join(folder, "facts.json")) as f:
            facts = json.load(f)
    except FileNotFoundError:
        gh.check(False, "the driver ran; GIMP said:\n" + log[-5000:])
        return gh.finish()

    load = lambda name: np.load(os.path.join(folder, name + ".npy"))
    least = Params(large=0, small=0)

    def planes_of(name, given, fmt):
        """The colour planes the forward FFT transforms: values in 0 … 1
        for integers, composited over their mean where there is alpha."""
        values = given.astype(np.float64) / (integer_top(fmt) or 1)
        if values.shape[2] in (2, 4):
            alpha = np.clip(values[..., -1], 0, 1)
            colour = values[..., :-1]
            mean = (alpha[..., None] * colour).sum((0, 1)) / alpha.sum()
            values = alpha[..., None] * colour + (1 - alpha[..., None]) * mean
        return values

    def check_spectrum(name, fact, planes):
        pictures = [pad(planes[..., c], least) for c in range(planes.shape[2])]
        height, width = pictures[0].shape
        gh.check(fact["size"] == [width, height] and fact["float"],
                 f"{name}: the spectrum image is float (perceptual gamma) and {width}×{height}, "
                 f"the padded size (it is {fact['size']})")
        gh.check(fact["visible"] == [True, False, False, False] and len(fact["names"]) == 4,
                 f"{name}: four layers, only the log magnitude on top visible "
                 f"({list(zip(fact['names'], fact['visible']))})")
        spectra = np.stack([np.fft.fftshift(np.fft.fft2(p)) / p.size for p in pictures], -1)
        real, imag = load(name + "-real"), load(name + "-imag")
        largest = np.abs(spectra).max()
        error = max(np.abs(real - spectra.real).max(), np.abs(imag - spectra.imag).max())
        gh.check(error <= 1e-6 * largest,
                 f"{name}: real and imaginary layers are numpy's centred spectrum / size "
                 f"(largest error {error / largest:.2e} of the largest amplitude)")
        floor = np.abs(real + 1j * imag).max() * 2.0 ** -16
        expected = np.log1p(np.abs(real + 1j * imag) / floor) / LOG_RANGE
        error = np.abs(load(name + "-logmag") - expected).max()
        gh.check(error <= 1e-6, f"{name}: log magnitude is log1p(A/floor)/log1p(2^16) "
                                f"(largest error {error:.2e})")

    for name, base, precision, fmt, components, size, close_source in ROUND_TRIPS:
        fact = facts[name]
        if not gh.check(fact.get("ok"), f"{name}: forward and inverse ran ({fact.get('error')})"):
            continue
        given, got = load(name + "-in"), load(name + "-out")
        check_spectrum(name, fact, planes_of(name, given, fmt))
        gh.check(fact["result_size"] == [size[1], size[0]] and fact["result_precision"],
                 f"{name}: the result has the source's size and precision")
        if close_source:
            gh.check(not fact["in_source"], f"{name}: source closed: the result is a new image")
        else:
            gh.check(fact["in_source"] and fact["above_source"],
                     f"{name}: source open: the result is a layer right above the source")
        colours = components - (components in (2, 4))
        difference = np.abs(got.astype(np.float64) - given.astype(np.float64))
        largest = np.abs(given.astype(np.float64)).max((0, 1))
        if through_float(fmt):
            relative = (difference.max((0, 1)) / largest).max()
            gh.check(relative <= THROUGH_FLOAT,
                     f"{name}: unpainted gives back the source within float rounding "
                     f"(largest {relative:.2e} relative, alpha included)")
        else:
            gh.check(difference.max() == 0,
                     f"{name}: unpainted gives back the source bit for bit, alpha "
                     f"included (largest difference {difference.max():g})")
        if colours < components:
            opaque = integer_top(fmt) or 1
            gh.check(bool((given[..., -1] == 0).any() and (given[..., -1] == opaque).any()),
                     f"{name}: alpha holds 0, 1 and fractions")

    fact = facts["paint"]
    if gh.check(fact.get("ok"), f"paint: forward, painting and inverse ran ({fact.get('error')})"):
        clean, given, got = load("paint-clean"), load("paint-in"), load("paint-out")
        check_spectrum("paint", fact, given.astype(np.float64)[..., None])
        padded = pad(given.astype(np.float64), least)
        height, width = padded.shape
        spectrum = np.fft.fftshift(np.fft.fft2(padded)) / padded.size
        y, x = np.mgrid[0:height, 0:width]
        away = (np.abs(y - height // 2) > DC_GUARD) | (np.abs(x - width // 2) > DC_GUARD)
        peaks = {(height // 2 + s * (fact["peak"][0] - height // 2),
                  width // 2 + s * (fact["peak"][1] - width // 2)) for s in (1, -1)}
        numpy_peak = np.unravel_index(np.argmax(np.where(away, np.abs(spectrum), 0)), spectrum.shape)
        layer_peak = np.unravel_index(np.argmax(np.where(away, load("paint-logmag")[..., 0], 0)),
                                      spectrum.shape)
        gh.check(tuple(numpy_peak) in peaks and tuple(layer_peak) in peaks,
                 f"paint: the log magnitude's peak {tuple(map(int, layer_peak))} is numpy's "
                 f"{tuple(map(int, numpy_peak))}, the pattern's ({sorted(peaks)})")
        amplitude = lambda image: np.abs(np.fft.fft2(image)[PATTERN])
        drop = 20 * np.log10(amplitude(given) / amplitude(got))
        gh.check(drop >= 20, f"paint: the pattern's amplitude falls by {drop:.1f} dB (≥ 20)")
        psnr = 10 * np.log10(1 / np.mean((got - clean) ** 2))
        before = 10 * np.log10(1 / np.mean((given - clean) ** 2))
        gh.check(psnr >= 35, f"paint: PSNR against the clean picture {psnr:.1f} dB (≥ 35; "
                             f"{before:.1f} dB before)")
        disc = load("paint-painted") != load("paint-logmag")[..., 0]
        disc |= np.roll(np.flip(disc, (0, 1)), (1, 1), (0, 1))
        change = np.fft.ifft2(np.fft.ifftshift(np.where(disc, -spectrum, 0))).real * padded.size
        expected = given + change[:given.shape[0], :given.shape[1]]
        error = np.abs(got - expected).max()
        gh.check(error <= 1e-5, f"paint: the result is numpy's source + IFFT(spectrum · "
                                f"(gain − 1)), gain 0 on the disc and its mirror "
                                f"(largest error {error:.2e})")
        both = np.abs(load("paint-out-both") - got).max()
        gh.check(both <= 1e-6, f"paint: the mirror disc painted half as bright too: the "
                               f"darker side wins, the same result (largest difference "
                               f"{both:.2e})")
        made = load("paint-logmag")[..., 0]
        painted = load("paint-brighter")
        # The layers' own spectrum (checked against numpy above): a gain of
        # up to 65536 on a faint frequency magnifies the forward FFT's
        # float rounding there, which is no part of what is checked here.
        kept = (load("paint-real") + 1j * load("paint-imag"))[..., 0]
        floor = np.abs(kept).max() * 2.0 ** -16
        amplitude = np.abs(kept)
        with np.errstate(divide="ignore"):
            gain = np.where((painted != made) & (amplitude > 0),
                            np.minimum(floor * np.expm1(painted * LOG_RANGE) / amplitude,
                                       GAIN_LIMIT), 1)
        mirrored = np.roll(np.flip(gain, (0, 1)), (1, 1), (0, 1))
        gain = np.where(gain == 1, mirrored, gain)
        change = np.fft.ifft2(np.fft.ifftshift(kept * (gain - 1))).real * padded.size
        expected = given + change[:given.shape[0], :given.shape[1]]
        error = np.abs(load("paint-out-brighter") - expected).max() / np.abs(expected).max()
        gh.check(error <= 1e-5 and gain.max() > 1.5,
                 f"paint: brighter by {BRIGHTER} on one side amplifies both by A'/A "
                 f"(gains up to {gain.max():.4g}; at most 65536) as numpy computes it (largest error {error:.2e} of the largest value)")

    reports = facts["errors"]
    if isinstance(reports, dict):
        gh.check(False, f"errors: the cases ran ({reports.get('error')})")
    else:
        for report in reports:
            gh.check(report["ok"] and report["message"] and report["unchanged"]
                     and report["calling_error"] and report.get("names", "") in report["message"]
                     and len(report["message"]) < 1000,
                     f"{report['case']}: a calling error, changing no image: "
                     f"{report['message']!r}"
                     + ("" if report["unchanged"] else " (AN IMAGE CHANGED)")
                     + ("" if report["calling_error"] else " (NOT A CALLING ERROR)"))
    check_interactive(harness, folder)
    return gh.finish()


if __name__ == "__main__":
    sys.exit(main())
