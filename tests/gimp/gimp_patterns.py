#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""find-patterns (docs/contract.md) in real headless GIMP 3, one session,
on 8-bit pictures made from a photograph Debian ships
(matplotlib's grace_hopper.jpg, scaled so that no JPEG block grid is
left), each checked against the clean picture in numpy:

  - two oblique sinusoids of 20/255 over an RGB photo, band off
    (large-structures 0, small-structures 0): the result's PSNR against
    the clean photo rises by at least 10 dB and comes within 1.5 dB of
    the numpy oracle (gimp_oracle.py) notching the true frequencies;
  - the clean photo alone: unchanged, within one 8-bit step;
  - scan lines (horizontal bands with a harmonic): removed as well;
  - a simulated halftone print (45°, period 6 px, blurred, noisy): the
    result is closer than the print to the print seen from a distance
    (its paper's share as linear reflectance, encoded), smoother, and of
    its tone (the screen averaged in linear light); the screen's period
    became small-structures: the result is close to that of a call whose
    small-structures of 1e-6 px removes nothing but keeps the finder's
    period out (the same search, the same notches), low-passed in linear
    light in numpy (gimp_oracle.py) at a period of 4 … 12 px (close, not
    equal: a print's tone is joined from a filter in linear light to its
    detail filtered as stored, core/print-tone.h);
  - the same print with its screen's notches given and print-screen 6:
    its tone kept as find-patterns keeps it, and by at least half closer
    to the print seen from a distance than without print-screen;
  - given notches are kept beside the found ones: a weak third sinusoid
    that only a given notch removes goes too;
  - two layers in one call, each with its own pattern, each searched on
    its own;
  - pattern-sensitivity reaches the finder: a faint sinusoid (5/255)
    goes at 100 and stays at 0;
  - positional Script-Fu calls with the twelve arguments written before
    find-patterns existed leave it off (the picture unchanged with the
    band off); with fourteen, TRUE finds the patterns.

Usage: gimp_patterns.py PATH/TO/fft-bandpass"""
import json
import math
import os
import sys

import numpy as np
from PIL import Image

import gimp_harness as gh
from gimp_oracle import (Params, filter_image, linear_to_srgb, paper_share,
                         srgb_to_linear)

PHOTO = "/usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg"
WIDTH, HEIGHT = 352, 416
STEP = 1 / 255
BAND_OFF = {"large-structures": 0.0, "small-structures": 0.0}
FIND = dict(BAND_OFF, **{"find-patterns": True})
# The expert's notch radius: about one and a half bins of the picture's
# own grid.
EXPERT_RADIUS = 0.004

DRIVER = r'''
import json, os
import gimp_driver as gd
from gi.repository import Gimp
import numpy as np

FOLDER = os.environ["PATTERNS_FOLDER"]
FORMATS = {1: "Y' float", 3: "R'G'B' float"}


def build(inputs, precision):
    first = np.load(os.path.join(FOLDER, inputs[0]))
    h, w = first.shape[:2]
    base = "rgb" if first.ndim == 3 and first.shape[2] == 3 else "gray"
    job = {"base": base, "precision": precision, "alpha": False,
           "format": FORMATS[3 if base == "rgb" else 1]}
    image = gd.new_image(job, w, h)
    layers = [gd.add_layer(image, job, name, np.load(os.path.join(FOLDER, name)))
              for name in inputs]
    return image, layers, job["format"]


def call_script_fu(image, layers, arguments):
    code = (f"(plug-in-fft-bandpass RUN-NONINTERACTIVE {image.get_id()} "
            f"(vector {' '.join(str(l.get_id()) for l in layers)}) {arguments})")
    status, _, error = gd.run("plug-in-script-fu-eval",
                              {"run-mode": Gimp.RunMode.NONINTERACTIVE, "script": code})
    return status == Gimp.PDBStatusType.SUCCESS, error


def run(job):
    image, layers, fmt = build(job["inputs"], job["precision"])
    if "script_fu" in job:
        ok, error = call_script_fu(image, layers, job["script_fu"])
    else:
        ok, error = gd.call(image, layers, job["params"])
    for i, layer in enumerate(layers):
        gd.save(FOLDER, job["name"], f"out{i}", gd.take(layer, fmt))
    image.delete()
    return {"name": job["name"], "ok": ok, "error": error}


reports = []
for job in json.load(open(os.path.join(FOLDER, "jobs.json"))):
    try:
        reports.append(run(job))
    except Exception as e:
        reports.append({"name": job["name"], "ok": False, "error": f"driver: {e!r}"})
json.dump(reports, open(os.path.join(FOLDER, "reports.json"), "w"))
'''


def photo(planes):
    """The photograph in 0.1 … 0.9 (room for the patterns), scaled by a
    factor that leaves no trace of JPEG's 8-pixel blocks."""
    picture = Image.open(PHOTO).convert("RGB" if planes == 3 else "L")
    picture = picture.resize((WIDTH, HEIGHT), Image.LANCZOS)
    return 0.1 + 0.8 * np.asarray(picture, dtype=np.float64) / 255


def quantised(image):
    return np.round(np.clip(image, 0, 1) * 255) / 255


def wave(fx, fy, amplitude, phase=0.0):
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH]
    return amplitude * np.sin(2 * np.pi * (fx * x + fy * y) + phase)


def over(clean, pattern):
    return clean + (pattern[..., None] if clean.ndim == 3 else pattern)


def psnr(image, clean):
    return 10 * math.log10(1 / np.mean((image - clean) ** 2))


def blurred(image, sigma):
    fy = np.fft.fftfreq(image.shape[0])[:, None]
    fx = np.fft.fftfreq(image.shape[1])[None, :]
    gain = np.exp(-2 * (np.pi * sigma) ** 2 * (fx ** 2 + fy ** 2))
    return np.fft.ifft2(np.fft.fft2(image) * gain).real


def halftone(clean, period, angle, rng):
    """An AM screen: a dot grows with the ink (1 − value) on a lattice of
    `period` px turned by `angle`; then the scanner's blur, in linear
    light as optics blur, its encoding to sRGB, and noise."""
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float64)
    c, s = math.cos(angle), math.sin(angle)
    u, v = (c * x + s * y) / period, (-s * x + c * y) / period
    screen = 0.5 + 0.25 * (np.cos(2 * np.pi * u) + np.cos(2 * np.pi * v))
    printed = np.where(1 - clean > screen, 0.0, 1.0)
    return (linear_to_srgb(blurred(printed, 0.8)) +
            0.01 * rng.standard_normal(clean.shape))


def high_energy(image, lowest):
    """The spectrum's energy beyond `lowest` cycles/px (mean removed)."""
    fy = np.fft.fftfreq(image.shape[0])[:, None]
    fx = np.fft.fftfreq(image.shape[1])[None, :]
    spectrum = np.abs(np.fft.fft2(image - image.mean())) ** 2
    return spectrum[np.hypot(fx, fy) > lowest].sum()


def amplitude_at(image, fx, fy):
    """The amplitude of the sinusoid at (fx, fy) in `image` (mean of
    planes), by projection through a Hann window, so that the other
    sinusoids leak nothing into it."""
    plane = image.mean(axis=2) if image.ndim == 3 else image
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH]
    window = np.outer(np.hanning(HEIGHT), np.hanning(WIDTH))
    basis = np.exp(-2j * np.pi * (fx * x + fy * y))
    return 2 * abs(np.sum(window * (plane - plane.mean()) * basis)) / window.sum()


class Jobs:
    def __init__(self, harness):
        self.harness = harness
        self.folder = harness.path("patterns")
        os.makedirs(self.folder, exist_ok=True)
        self.jobs = []

    def add(self, name, inputs, params=None, script_fu=None,
            precision="U8_NON_LINEAR"):
        files = []
        for i, data in enumerate(inputs):
            files.append(f"{name}-in{i}.npy")
            np.save(os.path.join(self.folder, files[-1]), data.astype(np.float32))
        job = {"name": name, "inputs": files, "precision": precision}
        if script_fu is None:
            job["params"] = params
        else:
            job["script_fu"] = script_fu
        self.jobs.append(job)

    def run(self):
        with open(os.path.join(self.folder, "jobs.json"), "w") as f:
            json.dump(self.jobs, f)
        script = os.path.join(self.folder, "driver.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(DRIVER)
        output = self.harness.run_gimp([gh.python_batch(script)],
                                       env={"PATTERNS_FOLDER": self.folder},
                                       interpreter="python-fu-eval")
        path = os.path.join(self.folder, "reports.json")
        if not gh.check(os.path.exists(path), "the driver ran every job"):
            print(output[-5000:])
            return {}
        return {r["name"]: r for r in json.load(open(path))}

    def output(self, name, index=0):
        out = np.load(os.path.join(self.folder, f"{name}-out{index}.npy"))
        return out[..., 0].astype(np.float64) if out.shape[2] == 1 \
            else out.astype(np.float64)


def ran(reports, name):
    report = reports.get(name, {"ok": False, "error": "no report"})
    return gh.check(report["ok"], f"{name}: ran ({report['error']})")


def expect_removed(label, got, given, clean, oracle=None):
    before, after = psnr(given, clean), psnr(got, clean)
    gh.check(after >= before + 10,
             f"{label}: PSNR {before:.1f} → {after:.1f} dB (≥ +10)")
    if oracle is not None:
        expert = psnr(quantised(oracle), clean)
        gh.check(after >= expert - 1.5,
                 f"{label}: within 1.5 dB of notches at the true peaks "
                 f"({expert:.1f} dB)")


def expect_low_passed(label, got, notched):
    """`got` is `notched` (the same notches) low-passed as a
    small-structures of some period does in linear light, where a found
    screen is filtered, away from the edges, where the two padded grids
    differ: the period that fits best lies near the screen's, and fits
    far better than no low-pass."""
    inside = (slice(40, -40), slice(40, -40))
    light = srgb_to_linear(notched)
    misfit = {period: np.sqrt(np.mean((got - linear_to_srgb(filter_image(light, Params(0, period))))
                                      [inside] ** 2))
              for period in np.arange(3, 12.5, 0.5)}
    best = min(misfit, key=misfit.get)
    none = np.sqrt(np.mean((got - notched)[inside] ** 2))
    gh.check(4 <= best <= 12 and misfit[best] <= none / 4,
             f"{label}: small-structures set from the screen: the result is the "
             f"found notches' low-passed at {best:.1f} px (misfit {misfit[best]:.1e}, "
             f"without low-pass {none:.1e})")


class Pictures:
    """The clean photo, in colour and gray, and the patterns over it."""

    def __init__(self):
        rng = np.random.default_rng(21)
        self.colour, self.gray = photo(3), photo(1)
        self.waves = [(0.137, 0.071, 20 * STEP, 0.3), (-0.213, 0.168, 20 * STEP, 1.1)]
        self.interference = sum(wave(*w) for w in self.waves)
        self.oblique = quantised(over(self.colour, self.interference))
        self.print_like = quantised(halftone(self.gray, 6.0, math.radians(45), rng))


def oblique_case(jobs, p):
    jobs.add("oblique", [p.oblique], FIND)
    notches = [v for fx, fy, _, _ in p.waves for v in (fx, fy, EXPERT_RADIUS)]

    def check(reports):
        if ran(reports, "oblique"):
            oracle = filter_image(p.oblique, Params(0, 0, notches=notches))
            expect_removed("oblique", jobs.output("oblique"), p.oblique, p.colour, oracle)
    return check


def clean_case(jobs, p):
    clean = quantised(p.gray)
    jobs.add("clean", [clean], FIND)

    def check(reports):
        if ran(reports, "clean"):
            change = np.abs(jobs.output("clean") - clean).max()
            gh.check(change <= STEP + 1e-6,
                     f"clean: unchanged within one 8-bit step (max |change| "
                     f"{change * 255:.2f}/255)")
    return check


def scan_lines_case(jobs, p):
    lines = wave(0, 1 / 6.4, 18 * STEP, 0.5) + wave(0, 2 / 6.4, 8 * STEP)
    scan_lines = quantised(p.gray + lines)
    jobs.add("scan-lines", [scan_lines], FIND)

    def check(reports):
        if ran(reports, "scan-lines"):
            expect_removed("scan-lines", jobs.output("scan-lines"), scan_lines, p.gray)
    return check


def halftone_case(jobs, p):
    # In float, so that 8-bit rounding hides nothing the filter leaves.
    jobs.add("halftone", [p.print_like], FIND, precision="FLOAT_NON_LINEAR")
    # A small-structures that removes nothing, yet is not 0: the same
    # search, the same notches, no period from the screen.
    jobs.add("halftone-notches-only", [p.print_like],
             dict(FIND, **{"small-structures": 1e-6}),
             precision="FLOAT_NON_LINEAR")

    def check(reports):
        if not (ran(reports, "halftone") and ran(reports, "halftone-notches-only")):
            return
        got, notched = jobs.output("halftone"), jobs.output("halftone-notches-only")
        # The print as seen from a distance: its paper's share is its
        # mean reflectance in linear light.
        seen = linear_to_srgb(paper_share(p.gray))
        before, after = psnr(p.print_like, seen), psnr(got, seen)
        gh.check(after >= before + 3,
                 f"halftone: PSNR against the print seen from a distance "
                 f"{before:.1f} → {after:.1f} dB (≥ +3)")
        tone = np.mean(got) - np.mean(seen)
        gh.check(abs(tone) <= 0.01,
                 f"halftone: the print's tone kept (the screen averaged in "
                 f"linear light): mean {tone:+.4f} from it (within ±0.01; "
                 f"a mean of the stored values is {np.mean(p.print_like) - np.mean(seen):+.4f})")
        left = high_energy(got, 1 / 6.0) / high_energy(p.print_like, 1 / 6.0)
        gh.check(left <= 0.5, f"halftone: smoother: the energy beyond the "
                              f"screen's frequency {left:.1%} of the print's (≤ 50 %)")
        expect_low_passed("halftone", got, notched)
    return check


def print_screen_case(jobs, p):
    """The screen's notches given (its two fundamentals; the band's
    small-structures, 0.9 of the period, takes the dots), as the dialog's
    OK passes found ones: with print-screen the print keeps its tone as
    find-patterns keeps it; without, it is the mean of the stored values,
    darker."""
    a = 1 / 6.0 / math.sqrt(2)
    given = dict(BAND_OFF, **{"small-structures": 5.4,
                              "notches": [a, a, 0.04, -a, a, 0.04]})
    jobs.add("print-screen", [p.print_like], dict(given, **{"print-screen": 6.0}),
             precision="FLOAT_NON_LINEAR")
    jobs.add("print-screen-none", [p.print_like], given, precision="FLOAT_NON_LINEAR")

    def check(reports):
        if not (ran(reports, "print-screen") and ran(reports, "print-screen-none")):
            return
        seen = linear_to_srgb(paper_share(p.gray))
        joined = np.mean(jobs.output("print-screen")) - np.mean(seen)
        stored = np.mean(jobs.output("print-screen-none")) - np.mean(seen)
        gh.check(abs(joined) <= 0.01 and abs(joined) <= abs(stored) / 2,
                 f"print-screen: the print's tone kept with the given notches: "
                 f"mean {joined:+.4f} from the print seen from a distance "
                 f"(within ±0.01, and at most half of {stored:+.4f}, the "
                 f"same notches without print-screen)")
    return check


def given_notches_case(jobs, p):
    weak = (0.312, -0.117, 3 * STEP)
    with_weak = quantised(over(p.colour, p.interference + wave(*weak)))
    jobs.add("given-and-found", [with_weak],
             dict(FIND, notches=[weak[0], weak[1], EXPERT_RADIUS]))
    jobs.add("found-only", [with_weak], FIND)

    def check(reports):
        if not (ran(reports, "given-and-found") and ran(reports, "found-only")):
            return
        both, found = jobs.output("given-and-found"), jobs.output("found-only")
        expect_removed("given-and-found", both, with_weak, p.colour)
        left = amplitude_at(both, weak[0], weak[1]) / weak[2]
        gh.check(left <= 0.1, f"given-and-found: the given notch's sinusoid "
                              f"down to {left:.1%} (≤ 10 %)")
        gh.check(psnr(both, p.colour) >= psnr(found, p.colour),
                 f"given-and-found: at least as close to the clean photo as "
                 f"found only ({psnr(both, p.colour):.1f} ≥ "
                 f"{psnr(found, p.colour):.1f} dB)")
    return check


def two_layers_case(jobs, p):
    layers = [quantised(p.gray + wave(0.243, 0.052, 20 * STEP)),
              quantised(p.gray + wave(0.091, -0.187, 20 * STEP))]
    jobs.add("two-layers", layers, FIND)

    def check(reports):
        if ran(reports, "two-layers"):
            for i, given in enumerate(layers):
                expect_removed(f"two-layers layer {i}",
                               jobs.output("two-layers", i), given, p.gray)
    return check


def sensitivity_case(jobs, p):
    faint = (0.312, -0.117, 5 * STEP)
    with_faint = quantised(p.gray + wave(*faint))
    bounds = {0: (0.8, 1.2), 100: (0, 0.2)}  # the share of it left
    for sensitivity in bounds:
        jobs.add(f"sensitivity-{sensitivity}", [with_faint],
                 dict(FIND, **{"pattern-sensitivity": float(sensitivity)}))

    def check(reports):
        for sensitivity, (least, most) in bounds.items():
            name = f"sensitivity-{sensitivity}"
            if ran(reports, name):
                left = amplitude_at(jobs.output(name), faint[0], faint[1]) / faint[2]
                gh.check(least <= left <= most,
                         f"{name}: the faint sinusoid {left:.0%} left "
                         f"({least:.0%} … {most:.0%})")
    return check


def positional_case(jobs, p):
    old = '0 0 "gaussian" 2 "band-pass" TRUE "none" 5 #() "mirror" "rgb" FALSE'
    jobs.add("positional-12", [p.oblique], script_fu=old)
    jobs.add("positional-14", [p.oblique], script_fu=old + " TRUE 50")

    def check(reports):
        if ran(reports, "positional-12"):
            change = np.abs(jobs.output("positional-12") - p.oblique).max()
            gh.check(change <= STEP + 1e-6,
                     f"positional-12: find-patterns off, band off: unchanged "
                     f"(max |change| {change * 255:.2f}/255)")
        if ran(reports, "positional-14"):
            expect_removed("positional-14", jobs.output("positional-14"),
                           p.oblique, p.colour)
    return check


CASES = [oblique_case, clean_case, scan_lines_case, halftone_case, print_screen_case,
         given_notches_case, two_layers_case, sensitivity_case, positional_case]


def main():
    jobs = Jobs(gh.Harness(sys.argv[1]))
    pictures = Pictures()
    checks = [case(jobs, pictures) for case in CASES]
    reports = jobs.run()
    for check in checks if reports else []:
        check(reports)
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
