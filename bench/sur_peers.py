# SPDX-License-Identifier: GPL-3.0-or-later
"""Two published automatic peers for bench/pattern-quality, written here
in numpy from the papers' descriptions, untuned, with their published
defaults where the papers give them (docs/pattern-quality.md says where
this code departs from them):

  sur_grediac   F. Sur and M. Grédiac, "Automated removal of
                quasiperiodic noise using frequency domain statistics",
                J. Electronic Imaging 24(1) 013003, 2015;
  sur_acontrario  F. Sur, "An a-contrario approach to quasi-periodic
                noise removal", ICIP 2015.

Both read the spectrum of many Hann-windowed patches of 128 px, find
the frequencies where the patches' power stands above what a natural
image's spectrum would give, carry that map to the whole image's
spectrum grid, blur it a little and notch: the image's own FFT times
1 − mask, per channel."""
import numpy as np
from scipy.ndimage import binary_dilation, gaussian_filter, map_coordinates

PATCH = 128
# Sur–Grédiac: patches every PATCH/8 px; outliers above the power law
# by more than OUTLIER_SIGMAS robust (MAD-based) standard deviations.
SG_STEP = PATCH // 8
OUTLIER_SIGMAS = 3.0
# The a-contrario detector: patches every PATCH/2 px; detected where
# log10 NFA < 0.
AC_STEP = PATCH // 2
LOG10_NFA = 0.0
# Frequencies below this (cycles/px) are the picture's own, never
# tested: 4 bins of a patch, periods above 32 px. (Our choice: both
# papers exclude a low-frequency disc.)
LOW = 4.0 / PATCH
MAD_SCALE = 1.4826


def corners(size, step):
    """Patch origins along one side: every `step` px, the last flush
    with the far edge."""
    if size <= PATCH:
        return [0]
    starts = list(range(0, size - PATCH + 1, step))
    if starts[-1] != size - PATCH:
        starts.append(size - PATCH)
    return starts


def patch_log_power_blocks(plane, step, chunk=64):
    """Step 1 of both: the log power spectrum of every Hann-windowed
    patch (its mean removed), chunk patches at a time as arrays
    chunk × L × L (natural log). Computed as real transforms in float32,
    the other half of each spectrum by its symmetry."""
    h, w = plane.shape
    side = min(PATCH, h, w)
    window = np.outer(np.hanning(side), np.hanning(side)).astype(np.float32)
    origins = [(top, left) for top in corners(h, step) for left in corners(w, step)]
    half = side // 2 + 1
    flip = (-np.arange(side)) % side
    rest = np.arange(half, side)
    for start in range(0, len(origins), chunk):
        patches = np.stack([plane[top:top + side, left:left + side]
                            for top, left in origins[start:start + chunk]]).astype(np.float32)
        patches -= patches.mean(axis=(1, 2), keepdims=True)
        power = np.abs(np.fft.rfft2(patches * window)) ** 2
        logs = np.log(np.maximum(power, 1e-12))
        block = np.empty((len(patches), side, side), np.float32)
        block[:, :, :half] = logs
        block[:, :, rest] = logs[:, flip][:, :, side - rest]
        yield block


def radial(side):
    f = np.fft.fftfreq(side)
    return np.hypot(f[None, :], f[:, None])


def to_image_grid(detected, shape):
    """The last steps of both: the patch grid's map of detected
    frequencies (L × L, unshifted) dilated by one bin, carried to the
    image's spectrum grid (H × W) by bilinear interpolation in cycles/px,
    periodic, and blurred a little (σ half the image's bins per patch
    bin): the mask 0 … 1."""
    side = detected.shape[0]
    # Dilated on the shifted map, where the spectrum's wrap lies at the
    # edges (Nyquist), not at the centre.
    shifted = np.fft.fftshift(detected)
    grown = np.fft.ifftshift(binary_dilation(shifted, structure=np.ones((3, 3), bool))
                             ).astype(np.float64)
    h, w = shape
    fy, fx = np.fft.fftfreq(h), np.fft.fftfreq(w)
    rows = np.broadcast_to((fy * side)[:, None], shape)
    cols = np.broadcast_to((fx * side)[None, :], shape)
    mask = map_coordinates(grown, [rows, cols], order=1, mode="grid-wrap")
    sigma = 0.5 * min(h, w) / side
    mask = np.fft.ifftshift(gaussian_filter(np.fft.fftshift(mask), sigma, mode="wrap"))
    return np.clip(mask, 0, 1)


def notch(plane, mask):
    return np.real(np.fft.ifft2(np.fft.fft2(plane) * (1 - mask)))


def lad_fit(x, y, iterations=30):
    """A robust line y ≈ a + b x: least absolute deviations by
    iteratively reweighted least squares (weights 1 / |residual|)."""
    design = np.stack([np.ones_like(x), x], axis=1)
    coefficients = np.linalg.lstsq(design, y, rcond=None)[0]
    for _ in range(iterations):
        residual = np.abs(y - design @ coefficients)
        weights = 1 / np.maximum(residual, 1e-6)
        root = np.sqrt(weights)
        coefficients = np.linalg.lstsq(design * root[:, None], y * root, rcond=None)[0]
    return coefficients


def sur_grediac_mask(plane):
    """Sur & Grédiac 2015, per channel:
    1. the log power spectra of Hann-windowed patches of L = 128 px at
       step L/8;
    2. per frequency their mean over the patches (the log of the
       geometric mean of the power);
    3. a robust fit of that mean against log radial frequency (the power
       law of natural images' spectra), low frequencies excluded;
    4. outliers: frequencies above the fit by more than 3 robust sigmas
       (1.4826 × the median absolute deviation of the residuals);
    5. the outlier map carried to the image's spectrum grid, dilated and
       blurred a little: the mask."""
    # The mean by chunks, in float64: at 12 MP the patches at step 16
    # would hold 3 GiB per channel.
    total, count = 0.0, 0
    for block in patch_log_power_blocks(plane, SG_STEP):
        total, count = total + block.sum(axis=0, dtype=np.float64), count + len(block)
    mean = total / count
    r = radial(mean.shape[0])
    tested = r >= LOW
    log_r = np.log(r[tested])
    a, b = lad_fit(log_r, mean[tested])
    residual = mean[tested] - (a + b * log_r)
    sigma = MAD_SCALE * np.median(np.abs(residual - np.median(residual)))
    detected = np.zeros(mean.shape, bool)
    detected[tested] = residual > OUTLIER_SIGMAS * sigma
    return to_image_grid(detected, plane.shape)


def sur_acontrario_mask(plane):
    """Sur 2015 (ICIP), per channel:
    1. the log power spectra of Hann-windowed patches of 128 px at
       step 64;
    2. per frequency the minimum over the patches: a quasi-periodic
       noise's spike stands out in every patch, a picture's own
       structure in few;
    3. the background law per ring of radial frequency (one patch bin
       wide): the empirical distribution of every patch's log power at
       every frequency of the ring;
    4. NFA(ξ) = number of tests × S(min)^M, S the ring's empirical
       survival function, M the number of patches (the probability,
       under the background law with independent patches, that all M
       reach the minimum); the tests are the frequencies of the half
       plane outside the low-frequency disc;
    5. detected where log10 NFA < 0; the map carried to the image's
       spectrum grid, dilated and blurred a little: the mask."""
    logs = np.concatenate(list(patch_log_power_blocks(plane, AC_STEP)))
    count, side = logs.shape[0], logs.shape[1]
    lowest = logs.min(axis=0)
    r = radial(side)
    ring = np.rint(r * side).astype(int)
    tested = r >= LOW
    tests = max(1, int(tested.sum()) // 2)
    log10_nfa = np.full(lowest.shape, np.inf)
    for index in np.unique(ring[tested]):
        cells = (ring == index) & tested
        pooled = np.sort(logs[:, cells].ravel())
        # S(t): the share of the ring's values ≥ t, at least one value's.
        above = pooled.size - np.searchsorted(pooled, lowest[cells], side="left")
        survival = np.maximum(above, 1) / pooled.size
        log10_nfa[cells] = np.log10(tests) + count * np.log10(survival)
    return to_image_grid(log10_nfa < LOG10_NFA, plane.shape)


def planes(image):
    return [image] if image.ndim == 2 else [image[..., c] for c in range(image.shape[2])]


def apply(image, make_mask):
    out = [notch(p, make_mask(p)) for p in planes(image)]
    out = out[0] if image.ndim == 2 else np.stack(out, axis=-1)
    return np.clip(np.round(out), 0, 255)


def sur_grediac(image):
    """Sur & Grédiac's result for an 8-bit image, rounded to 8 bits."""
    return apply(image, sur_grediac_mask)


def sur_acontrario(image):
    """The a-contrario detector's result for an 8-bit image, rounded to
    8 bits."""
    return apply(image, sur_acontrario_mask)
