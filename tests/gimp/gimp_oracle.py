# SPDX-License-Identifier: GPL-3.0-or-later
"""The band-pass of docs/contract.md computed independently in numpy, in double
precision: the gain G(fx, fy) from the formulas, the padded size and the
margin fill as the plug-in documents them (padding.h, padding.c), and
numpy's FFT. The GIMP tests check the plug-in's output against this."""
import copy
import math
import re

import numpy as np


class Params:
    """The procedure's arguments after run-mode, image and drawables."""

    def __init__(self, large=40, small=3, shape="gaussian", order=2,
                 mode="band-pass", keep_mean=True, stripes="none",
                 tolerance=5, notches=(), padding="mirror", channels="rgb",
                 linear=False, notch_channels=""):
        self.large, self.small, self.shape, self.order = large, small, shape, order
        self.mode, self.keep_mean = mode, keep_mean
        self.stripes, self.tolerance, self.notches = stripes, tolerance, tuple(notches)
        self.padding, self.channels, self.linear = padding, channels, linear
        self.notch_channels = notch_channels

    def script_fu(self):
        """The arguments as Script-Fu writes them."""
        boolean = lambda b: "TRUE" if b else "FALSE"
        notches = "#(" + " ".join(repr(float(v)) for v in self.notches) + ")"
        return (f'{self.large} {self.small} "{self.shape}" {self.order} '
                f'"{self.mode}" {boolean(self.keep_mean)} "{self.stripes}" '
                f'{self.tolerance} {notches} "{self.padding}" '
                f'"{self.channels}" {boolean(self.linear)}'
                # find-patterns … non-destructive as their defaults, then
                # notch-channels, where there are any.
                + (f' FALSE 50 "replace" FALSE FALSE "{self.notch_channels}"'
                   if self.notch_channels else ""))

    def of_plane(self, plane):
        """The arguments as plane `plane` (0 red, 1 green, 2 blue) is
        filtered: only the notches whose notch-channels word names it."""
        words = [w for w in re.split(r"[ \t,;]+", self.notch_channels) if w]
        notches = [self.notches[i:i + 3] for i in range(0, len(self.notches), 3)]
        kept = [n for i, n in enumerate(notches)
                if i >= len(words) or "rgb"[plane] in words[i].lower()]
        other = copy.copy(self)
        other.notches, other.notch_channels = tuple(v for n in kept for v in n), ""
        return other

    def __str__(self):
        text = (f"{self.shape} {self.mode} large={self.large} small={self.small} "
                f"order={self.order} keep-mean={self.keep_mean}")
        if self.stripes != "none":
            text += f" stripes={self.stripes}/{self.tolerance}%"
        if self.notches:
            text += f" notches={list(self.notches)}"
        if self.notch_channels:
            text += f" notch-channels={self.notch_channels!r}"
        if self.padding != "mirror":
            text += f" padding={self.padding}"
        return text


def lowpass(x, shape, order):
    if shape == "gaussian":
        return np.exp(-math.log(2) * x * x)
    if shape == "butterworth":
        return 1 / (1 + x ** (2 * order))
    return (x <= 1).astype(np.float64)


def alias_difference(f, g):
    """f − g between aliases: frequencies repeat every cycle/px, so a disc
    near ±½ reaches on past it (docs/contract.md, Notches)."""
    return (f - g + 0.5) % 1.0 - 0.5


def gain(fx, fy, p, width, height):
    """G(fx, fy) on a width × height grid (fx, fy arrays in cycles/px)."""
    f = np.hypot(fx, fy)
    g = lowpass(f * p.small, p.shape, p.order) if p.small > 0 else np.ones_like(f)
    if p.large > 0:
        g = g * (1 - lowpass(f * p.large, p.shape, p.order))
    if p.mode == "band-reject":
        g = 1 - g
    if p.stripes != "none":
        bins = fx * width if p.stripes == "horizontal" else fy * height
        g = g * (1 - np.exp(-(bins * (1 - p.tolerance / 100)) ** 2))
    for i in range(0, len(p.notches), 3):
        nx, ny, r = p.notches[i:i + 3]
        for sx, sy in ((nx, ny), (-nx, -ny)):
            g = g * (1 - lowpass(np.hypot(alias_difference(fx, sx),
                                          alias_difference(fy, sy)) / r,
                                 p.shape, p.order))
    if p.keep_mean:
        g = np.where((fx == 0) & (fy == 0), 1.0, g)
    return g


def frequencies(n):
    return np.fft.fftfreq(n)


def gain_grid(p, width, height):
    fy, fx = np.meshgrid(frequencies(height), frequencies(width), indexing="ij")
    return gain(fx, fy, p, width, height)


def reach(p):
    widest = max(p.large, p.small,
                 *(1 / p.notches[i + 2] for i in range(0, len(p.notches), 3)))
    return max(widest, 8.0)


def padded_size(size, p):
    margin = math.ceil(reach(p)) if reach(p) < size else size
    padded = 1
    while padded < size + margin:
        padded *= 2
    return padded


def reflect(i, n, whole):
    """Index i of the symmetric extension of 0 … n−1 about the half samples
    beyond the ends, or about the end samples when `whole`."""
    period = 2 * n - 2 if whole else 2 * n
    if period == 0:
        return np.zeros_like(i)
    i = np.asarray(i) % period
    return np.where(i < n, i, period - i - (0 if whole else 1))


def reflect_axis(plane, padded, axis, point):
    """Pads `axis` of `plane` to `padded` values: the reflection across the
    near edge fading (raised cosine) into that across the wrapped far edge;
    mirror reflections, or point reflections 2·edge − mirror when `point`."""
    data = np.moveaxis(plane, axis, 0)
    n = data.shape[0]
    margin = padded - n
    if margin == 0:
        return plane
    k = np.arange(margin)
    near = data[reflect(n + k, n, point)]
    far = data[reflect(-(margin - k), n, point)]
    if point:
        near, far = 2 * data[-1] - near, 2 * data[0] - far
    w = 0.5 * (1 + np.cos(np.pi * (k + 0.5) / margin))
    w = w.reshape((-1,) + (1,) * (data.ndim - 1))
    fill = w * near + (1 - w) * far
    return np.moveaxis(np.concatenate([data, fill]), 0, axis)


def pad(plane, p):
    h, w = plane.shape
    hp, wp = padded_size(h, p), padded_size(w, p)
    if p.padding == "zero":
        out = np.zeros((hp, wp))
        out[:h, :w] = plane
        return out
    point = p.padding == "smooth"
    return reflect_axis(reflect_axis(plane, wp, 1, point), hp, 0, point)


def filter_plane(plane, p):
    """One real plane, as the plug-in filters it."""
    h, w = plane.shape
    padded = pad(np.asarray(plane, dtype=np.float64), p)
    hp, wp = padded.shape
    spectrum = np.fft.fft2(padded) * gain_grid(p, wp, hp)
    return np.fft.ifft2(spectrum).real[:h, :w]


def filter_image(image, p, alpha=None):
    """H×W or H×W×C colour planes; with alpha (H×W, straight), every plane
    is composited over its alpha-weighted mean first and that composite
    filtered: an opaque pixel takes the filtered composite, a translucent
    one its own colour plus what the filter changed in the composite, and
    one under alpha 0 its own colour."""
    image = np.asarray(image, dtype=np.float64)
    planes = image[..., None] if image.ndim == 2 else image
    out = np.empty_like(planes)
    for c in range(planes.shape[2]):
        plane = seen = planes[..., c]
        if alpha is not None:
            a = np.clip(alpha, 0, 1)
            mean = (a * plane).sum() / a.sum() if a.sum() > 0 else 0.0
            seen = a * plane + (1 - a) * mean
        one_plane = planes.shape[2] == 1 or p.channels == "luminance"
        out[..., c] = filter_plane(seen, p if one_plane else p.of_plane(c))
        if alpha is not None:
            kept = plane + (out[..., c] - seen)
            out[..., c] = np.where(alpha <= 0, plane, np.where(alpha >= 1, out[..., c], kept))
    return out[..., 0] if image.ndim == 2 else out



def srgb_to_linear(encoded):
    """sRGB's transfer curve undone, as babl does it in float: its linear
    part carries on below 0."""
    return np.where(encoded <= 0.04045, encoded / 12.92,
                    ((np.maximum(encoded, 0.04045) + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(linear):
    """sRGB's transfer curve, as babl does it in float."""
    return np.where(linear <= 0.0031308, 12.92 * linear,
                    1.055 * np.maximum(linear, 0.0031308) ** (1 / 2.4) - 0.055)


def paper_share(value):
    """The share of a cell of the tests' amplitude-modulated screen
    (0.5 + 0.25 (cos 2πu + cos 2πv) over the cell, inked where the ink
    wanted, 1 − value, exceeds it) left without ink, for each of
    `value`'s: the print's mean reflectance in linear light, as it looks
    from a distance."""
    u = (np.arange(512) + 0.5) / 512
    screen = np.sort((0.5 + 0.25 * (np.cos(2 * np.pi * u)[:, None] +
                                    np.cos(2 * np.pi * u)[None, :])).ravel())
    return 1 - np.searchsorted(screen, 1 - value, side="right") / screen.size
