# SPDX-License-Identifier: GPL-3.0-or-later
"""A classical automatic peer for bench/pattern-quality: a mask made by
thresholding the distance-weighted log amplitude spectrum, dilated and
blurred, as the fft-descreen script of github.com/6o6o/fft-descreen
describes it (its README and defaults: threshold 92, dilation radius 6,
the middle quarter of the spectrum kept), written here from that
description in numpy:

  per channel, the centred DFT F; its weighted log amplitude
  20 · ln(|F| · (√|x − cx| + √|y − cy|)²); cells above the threshold,
  outside the ellipse of half the spectrum's width and height around the
  centre, make a mask, dilated by a disc of the radius and blurred by a
  Gaussian of a third of it; F times (1 − mask), transformed back.

No tuning: the script's defaults, for every image."""
import numpy as np
from scipy.ndimage import binary_dilation, gaussian_filter

THRESHOLD = 92.0
RADIUS = 6
MIDDLE = 4


def weights(h, w):
    cx = np.abs(np.arange(w) - w // 2) ** 0.5
    cy = np.abs(np.arange(h) - h // 2) ** 0.5
    return np.maximum((cx[None, :] + cy[:, None]) ** 2, 0.01)


def ellipse(half_w, half_h):
    """The cells of the ellipse of half axes half_w, half_h, as a
    (2 half_h + 1) × (2 half_w + 1) boolean array."""
    y, x = np.ogrid[-half_h:half_h + 1.0, -half_w:half_w + 1.0]
    slack = (half_w + half_h) / 2.0 / (half_w * half_h)
    return (x / half_w) ** 2 + (y / half_h) ** 2 - slack <= 1


def middle_mask(h, w):
    """The kept middle: an ellipse of half axes w / (2 MIDDLE), h / (2
    MIDDLE) around the centre."""
    ew, eh = w // (2 * MIDDLE), h // (2 * MIDDLE)
    middle = np.zeros((h, w), bool)
    top, left = (h - 2 * eh) // 2, (w - 2 * ew) // 2
    middle[top:top + 2 * eh + 1, left:left + 2 * ew + 1] = ellipse(ew, eh)
    return middle


def descreen_plane(plane):
    h, w = plane.shape
    spectrum = np.fft.fftshift(np.fft.fft2(plane))
    with np.errstate(divide="ignore"):
        level = 20 * np.log(np.abs(spectrum) * weights(h, w))
    mask = (np.maximum(level, 0) > THRESHOLD) & ~middle_mask(h, w)
    mask = binary_dilation(mask, structure=ellipse(RADIUS, RADIUS))
    mask = gaussian_filter(mask.astype(np.float64), RADIUS / 3.0, mode="nearest")
    return np.real(np.fft.ifft2(np.fft.ifftshift(spectrum * (1 - mask))))


def descreen(image):
    """The peer's result for an 8-bit image (H×W or H×W×3), rounded to 8
    bits."""
    if image.ndim == 2:
        out = descreen_plane(image)
    else:
        out = np.stack([descreen_plane(image[..., c]) for c in range(image.shape[2])], axis=-1)
    return np.clip(np.round(out), 0, 255)
