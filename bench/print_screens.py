# SPDX-License-Identifier: GPL-3.0-or-later
"""What the benchmark's prints and their scoring share: 8-bit rounding,
sRGB's transfer curve, an AM screen's spot threshold and its frequency
lattice (bench/pattern_cases.py's (b), bench/press_prints.py's (k))."""
import math

import numpy as np


def quantise(image):
    return np.clip(np.round(image), 0, 255)


def to_linear(encoded):
    """sRGB's transfer curve, values 0 … 1."""
    return np.where(encoded <= 0.04045, encoded / 12.92, ((encoded + 0.055) / 1.055) ** 2.4)


def to_srgb(linear):
    linear = np.clip(linear, 0, 1)
    return np.where(linear <= 0.0031308, 12.92 * linear,
                    1.055 * linear ** (1 / 2.4) - 0.055)


def mirrored_once(fx, fy):
    """The one of (fx, fy) and (−fx, −fy) the contract's finder reports."""
    return (fx, fy) if fy > 0 or (fy == 0 and fx > 0) else (-fx, -fy)


def spot_threshold(density, samples=256):
    """The threshold of the round-square spot function ½(cos 2πu + cos 2πv)
    whose area above it is `density` of a cell."""
    u = (np.arange(samples) + 0.5) / samples
    spot = np.sort((0.5 * (np.cos(2 * np.pi * u)[:, None] + np.cos(2 * np.pi * u)[None, :])).ravel())
    index = np.clip(((1 - density) * spot.size).astype(int), 0, spot.size - 1)
    return np.where(density <= 0, 2.0, np.where(density >= 1, -2.0, spot[index]))


def lattice_notches(period, angle, radius):
    """Every point of the screen's frequency lattice within Nyquist but the
    origin, one of each mirrored pair."""
    a = math.radians(angle)
    g1 = np.array([math.cos(a), math.sin(a)]) / period
    g2 = np.array([-math.sin(a), math.cos(a)]) / period
    reach = int(math.ceil(period))
    points = set()
    for m in range(-reach, reach + 1):
        for n in range(-reach, reach + 1):
            fx, fy = m * g1 + n * g2
            if (m, n) != (0, 0) and abs(fx) <= 0.5 and abs(fy) <= 0.5:
                points.add(tuple(np.round(mirrored_once(fx, fy), 12)))
    return [v for fx, fy in sorted(points) for v in (fx, fy, radius)]
