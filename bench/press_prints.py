# SPDX-License-Identifier: GPL-3.0-or-later
"""(k): prints as a press and a scanner make them (issue 42, items 3 and
4), where light adds up. A photograph is separated into four inks (C, M,
Y and a K that replaces half their common grey), each printed as an AM
screen (C 15°, M 75°, Y 0°, K 45°; one period of 4 … 9 px for all) whose
dots are decided on a grid SUPERSAMPLE times finer than the scan, with dot
gain and each screen shifted by its own misregistration. The paper's
reflectance in linear light is the product over the inks of
1 − ink · absorption, each ink absorbing in more than one channel (INKS);
the scanner averages it over each of its pixels and its optics (a
Gaussian of σ 0.5 … 1 px) in linear light, encodes it to sRGB, adds noise,
and half of the scans are saved as JPEG. The truth is the print seen with
an infinitely fine screen: each ink's coverage averaged, the inks' screens
independent, so the reflectance is the same product of the mean
coverages, encoded to sRGB. A mean taken of the stored values lies below
that truth wherever the screen is strong (the encoding is concave)."""
import io
import math

import numpy as np
from PIL import Image
from scipy.ndimage import gaussian_filter

import print_screens as ps

SUPERSAMPLE = 4
# The share of each channel's light (R, G, B) an ink absorbs where it
# covers the paper: process inks are not ideal filters.
INKS = {"C": (0.85, 0.25, 0.06), "M": (0.10, 0.82, 0.30),
        "Y": (0.02, 0.10, 0.88), "K": (0.92, 0.92, 0.90)}
ANGLES = {"C": 15.0, "M": 75.0, "Y": 0.0, "K": 45.0}


def separate(clean):
    """Coverages 0 … 1 of C, M, Y, K for a photograph: each of C, M and Y
    takes what its channel lacks in linear light, K half of their common
    part (grey component replacement)."""
    lack = 1 - ps.to_linear(clean / 255)
    grey = 0.5 * lack.min(axis=2)
    cmy = (lack - grey[..., None]) / np.maximum(1 - grey[..., None], 1e-6)
    return {"C": cmy[..., 0], "M": cmy[..., 1], "Y": cmy[..., 2], "K": grey}


def reflectance(coverages):
    """The paper's linear-light reflectance (R, G, B) under inks that
    cover `coverages` of it (each H × W), independent of each other."""
    shape = next(iter(coverages.values())).shape
    light = np.ones(shape + (3,))
    for ink, cover in coverages.items():
        light *= 1 - cover[..., None] * np.asarray(INKS[ink])
    return light


def dots(density, period, angle, shift):
    """An AM screen's ink (0 or 1) on the fine grid: round-square dots on
    a lattice of `period` scan pixels turned by `angle`, displaced by
    `shift` (px), each covering `density` of its cell."""
    h, w = density.shape
    s = SUPERSAMPLE
    fine = np.repeat(np.repeat(density, s, 0), s, 1)
    y, x = (np.mgrid[0:h * s, 0:w * s] + 0.5) / s
    x, y = x - shift[0], y - shift[1]
    a = math.radians(angle)
    u = (x * math.cos(a) + y * math.sin(a)) / period
    v = (-x * math.sin(a) + y * math.cos(a)) / period
    spot = 0.5 * (np.cos(2 * np.pi * u) + np.cos(2 * np.pi * v))
    return (spot > ps.spot_threshold(fine)).astype(float)


def jpeg(image, quality):
    buffer = io.BytesIO()
    Image.fromarray(image.astype(np.uint8)).save(buffer, "JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buffer.getvalue())), dtype=float)


def press_print(clean, rng, index):
    """(k) for an RGB photograph: (given, expert notches, words, truth)."""
    period = rng.uniform(4, 9)
    gain = rng.uniform(0.08, 0.2)
    blur = rng.uniform(0.5, 1)
    noise = rng.uniform(1, 2)
    quality = int(rng.integers(75, 92)) if index % 2 else None
    coverages = separate(clean)
    printed = {ink: np.clip(c + gain * c * (1 - c), 0, 1) for ink, c in coverages.items()}
    truth = ps.quantise(255 * ps.to_srgb(reflectance(printed)))
    fine = reflectance({ink: dots(c, period, ANGLES[ink], rng.uniform(0, 1, 2))
                        for ink, c in printed.items()})
    h, w = clean.shape[:2]
    s = SUPERSAMPLE
    scanned = fine.reshape(h, s, w, s, 3).mean(axis=(1, 3))
    scanned = gaussian_filter(scanned, (blur, blur, 0), mode="reflect")
    given = 255 * ps.to_srgb(scanned) + noise * rng.standard_normal(scanned.shape)
    given = ps.quantise(given)
    if quality:
        given = jpeg(given, quality)
    r = 0.3 / period
    notches = [v for angle in ANGLES.values() for v in ps.lattice_notches(period, angle, r)]
    words = (f"CMYK press print, period {period:.2f} px at C 15° M 75° Y 0° K 45°, "
             f"dot gain {gain:.2f}, misregistered, optics σ {blur:.2f}, noise σ {noise:.1f}"
             + (f", JPEG quality {quality}" if quality else ""))
    return given, notches, words, truth


def blurred_in_light(given, sigma):
    """A Gaussian blur of σ px done in linear light, as GIMP's own Gaussian
    blur does it: decoded, blurred, encoded."""
    sigmas = (sigma, sigma) if given.ndim == 2 else (sigma, sigma, 0)
    light = gaussian_filter(ps.to_linear(given / 255), sigmas, mode="reflect")
    return ps.quantise(255 * ps.to_srgb(light))
