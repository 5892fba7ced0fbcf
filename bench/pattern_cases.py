# SPDX-License-Identifier: GPL-3.0-or-later
"""The test images of bench/pattern-quality and their truth: clean
photographs from Debian packages, and the same photographs with a known
periodic pattern added (docs/pattern-quality.md says which and why).

Every image is 8-bit (values 0 … 255 in float64 arrays, H×W×3 or H×W);
every pattern's true peaks are notches in the contract's (fx, fy, radius)
form, fx along rows and fy down columns in cycles/px, one of each mirrored
pair."""
import glob
import math
import os
import subprocess

import numpy as np
from PIL import Image
from scipy.ndimage import gaussian_filter

import press_prints
from print_screens import (lattice_notches, mirrored_once, quantise,  # noqa: F401
                           spot_threshold, to_linear, to_srgb)

OPENCV_DATA = "usr/share/doc/opencv-doc/examples/data"
MATPLOTLIB_DATA = "/usr/share/matplotlib/mpl-data/sample_data"
BACKGROUNDS = "usr/share/backgrounds"

# name: (Debian package, path, what it shows). Licences: the packages'
# copyright files, quoted in docs/pattern-quality.md.
PHOTOS = {
    "grace_hopper": ("python-matplotlib-data", f"{MATPLOTLIB_DATA}/grace_hopper.jpg",
                     "portrait, uniform and cap"),
    "fruits": ("opencv-doc", f"{OPENCV_DATA}/fruits.jpg", "cut fruit, smooth colour"),
    "home": ("opencv-doc", f"{OPENCV_DATA}/home.jpg", "ornate building, sky"),
    "squirrel": ("opencv-doc", f"{OPENCV_DATA}/squirrel_cls.jpg", "squirrel, leaves"),
    "leuven": ("opencv-doc", f"{OPENCV_DATA}/leuvenA.jpg", "brick houses, cobblestones"),
    "building": ("opencv-doc", f"{OPENCV_DATA}/building.jpg", "facade, rows of windows, grass"),
    "baboon": ("opencv-doc", f"{OPENCV_DATA}/baboon.jpg", "fur and hair"),
    "aloe": ("opencv-doc", f"{OPENCV_DATA}/aloeL.jpg", "aloe before printed fabric"),
    "text": ("opencv-doc", f"{OPENCV_DATA}/imageTextN.png", "printed text, lines"),
    "starry_night": ("opencv-doc", f"{OPENCV_DATA}/starry_night.jpg", "painting, brushwork"),
    "board": ("opencv-doc", f"{OPENCV_DATA}/board.jpg", "circuit board, chip pins"),
    "messi": ("opencv-doc", f"{OPENCV_DATA}/messi5.jpg", "footballer, pitch, crowd"),
    "graffiti": ("opencv-doc", f"{OPENCV_DATA}/graf1.png", "graffiti on a wall"),
    "chicky": ("opencv-doc", f"{OPENCV_DATA}/chicky_512.png", "toy chick, plain ground"),
    "butterfly": ("opencv-doc", f"{OPENCV_DATA}/butterfly.jpg", "butterfly on flowers"),
    "rubberwhale": ("opencv-doc", f"{OPENCV_DATA}/rubberwhale1.png",
                    "toys before striped cloth"),
    # The large set (`--large`): camera photographs of 10–20 MP.
    "kleiber": ("lomiri-wallpapers-20.04", f"{BACKGROUNDS}/Kleiber_by_Lukas_Baubkus.jpg",
                "nuthatch on bark, blurred background (6028 × 3391)"),
    "dragonfly": ("lomiri-wallpapers-16.04", f"{BACKGROUNDS}/Dragonfly_by_Bolly.jpg",
                  "dragonfly among leaves, sky (4224 × 3168)"),
    "bridge": ("lomiri-wallpapers-16.04", f"{BACKGROUNDS}/Bridge_by_Sander_Klootwijk.jpg",
               "a bridge's cables before sky and fields (4352 × 2448)"),
    "seeding": ("lomiri-wallpapers-16.04", f"{BACKGROUNDS}/seeding_by_Clements_Engelhardt.jpg",
                "dandelion clocks in grass, against the light (5312 × 2988)"),
    "sunset": ("lomiri-wallpapers-16.04", f"{BACKGROUNDS}/sunset_by_Aitzol_Berasategi.jpg",
               "mountain ridge at sunset, rocks and grass (4272 × 2848)"),
    "wine": ("lomiri-wallpapers-16.04", f"{BACKGROUNDS}/Wine_by_Jakkub_Mede.jpg",
             "a room: drum, table, bottles, window panes (2560 × 3837)"),
}
# The packages fetched as .deb into the photo cache (the others are
# installed in the Debian root).
FETCHED = ("opencv-doc", "lomiri-wallpapers-16.04", "lomiri-wallpapers-20.04")
# Centre crops (height, width) at most: the small set's, and the large
# set's 12 MP; the large set's prints are made at the press prints'
# largest size, since their dots are decided on a grid 4 × 4 finer.
CROP = (512, 512)
LARGE_CROP = (3000, 4000)
LARGE_PRINT_CROP = (1536, 2048)


def compact(image):
    """8-bit values as uint8, anything else as it is: a 12 MP case holds
    36 MiB per image, not 288."""
    if image.min() >= 0 and image.max() <= 255 and (image == np.round(image)).all():
        return image.astype(np.uint8)
    return image


class Case:
    """clean and given read as float64 arrays (a new one at each read),
    kept compact."""

    def __init__(self, kind, photo, clean, given, notches, pattern, seed):
        self.kind, self.photo, self.seed = kind, photo, seed
        self._clean = compact(clean)
        self._given = self._clean if given is clean else compact(given)
        self.notches = notches      # the expert's, flat (fx, fy, r, …); None: no pattern
        self.pattern = pattern      # what was added, in words
        self.name = f"{kind}-{photo}-{seed}"

    clean = property(lambda self: self._clean.astype(np.float64))
    given = property(lambda self: self._given.astype(np.float64))


def download(package, cache):
    """apt-get download package into cache, refreshing the package lists
    first where they do not know it (a fresh Debian root has none)."""
    command = ["apt-get", "download", "-q", package]
    if subprocess.run(command, cwd=cache).returncode == 0:
        return
    if os.geteuid() != 0:
        raise SystemExit(f"pattern-quality: apt-get does not know {package}; run "
                         f"`apt-get update` as root, or put a {package}_*.deb "
                         f"(Debian 13) into {cache}")
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(command, cwd=cache, check=True)


def fetch(package, cache):
    """Extracts the package's photographs of PHOTOS and its copyright
    file into cache, from a package_*.deb there or one apt-get downloads."""
    debs = glob.glob(os.path.join(cache, f"{package}_*.deb"))
    if not debs:
        download(package, cache)
        debs = glob.glob(os.path.join(cache, f"{package}_*.deb"))
    wanted = [f"./{path}" for owner, path, _ in PHOTOS.values() if owner == package]
    wanted.append(f"./usr/share/doc/{package}/copyright")
    archive = subprocess.run(["dpkg-deb", "--fsys-tarfile", debs[0]], check=True,
                             stdout=subprocess.PIPE).stdout
    subprocess.run(["tar", "-x", "-C", cache] + wanted, input=archive, check=True)


def photo(name, cache, crop=CROP):
    """The photograph, centre-cropped to at most crop (height, width):
    RGB, or grey where the file is."""
    package, path, _ = PHOTOS[name]
    if package in FETCHED:
        path = os.path.join(cache, path)
        if not os.path.exists(path):
            os.makedirs(cache, exist_ok=True)
            fetch(package, cache)
    data = np.asarray(Image.open(path).convert("RGB"), dtype=np.float64)
    if (data == data[..., :1]).all():
        data = data[..., 0]
    h, w = data.shape[:2]
    top, left = max(0, (h - crop[0]) // 2), max(0, (w - crop[1]) // 2)
    return data[top:top + crop[0], left:left + crop[1]]


def grey(image):
    return image if image.ndim == 2 else quantise(image @ [0.299, 0.587, 0.114])


def expert_radius(image):
    """A notch radius of a few frequency bins of the image: wide enough
    for a pattern's peak blurred by the image's edges, narrow enough to
    leave the photograph's own frequencies."""
    return 3.0 / min(image.shape[:2])


def add_everywhere(clean, pattern):
    return quantise(clean + (pattern if clean.ndim == 2 else pattern[..., None]))


# How far from the nearest axis a cosine of (a) lies, in degrees: on it,
# near it (where a photograph's own horizontal and vertical structure and
# its borders' leakage lie), or oblique.
ANGLE_RANGES = {"on an axis": (0, 0), "near an axis": (1, 10), "oblique": (10, 45)}


def wave_frequency(rng, where):
    """A frequency of period 4 … 40 px, `where` (ANGLE_RANGES) from an
    axis, on either side of either axis."""
    period = math.exp(rng.uniform(math.log(4), math.log(40)))
    low, high = ANGLE_RANGES[where]
    off = rng.uniform(low, high)
    angle = math.radians(90 * rng.integers(0, 2) + (off if rng.integers(0, 2) else -off))
    return mirrored_once(round(math.cos(angle) / period, 15), round(math.sin(angle) / period, 15))


def sinusoids(clean, rng, index):
    """(a): two or three cosines at least 0.02 cycles/px apart, amplitudes
    10 … 25; the first on an axis, near one or oblique by the image's
    index, the others anywhere in 0 … 90°."""
    h, w = clean.shape[:2]
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    count, waves = rng.integers(2, 4), []
    kinds = list(ANGLE_RANGES)
    while len(waves) < count:
        where = kinds[index % 3] if not waves else kinds[int(rng.integers(0, 3))]
        fx, fy = wave_frequency(rng, where)
        if all(math.hypot(fx - gx, fy - gy) > 0.02 and math.hypot(fx + gx, fy + gy) > 0.02
               for gx, gy, _ in waves):
            waves.append((fx, fy, rng.uniform(10, 25)))
    pattern = sum(a * np.cos(2 * np.pi * (fx * x + fy * y) + rng.uniform(0, 2 * np.pi))
                  for fx, fy, a in waves)
    r = expert_radius(clean)
    notches = [v for fx, fy, _ in waves for v in (fx, fy, r)]
    words = ", ".join(f"{1 / math.hypot(fx, fy):.1f} px at {math.degrees(math.atan2(fy, fx)):.0f}° "
                      f"({a:.0f})" for fx, fy, a in waves)
    return add_everywhere(clean, pattern), notches, words


def scan_lines(clean, rng, index):
    """(c): rows darkened and lightened periodically, period 2 … 10 px,
    a profile of up to three harmonics, peak amplitude 10 … 25."""
    h = clean.shape[0]
    period = rng.uniform(2, 10)
    harmonics = [k for k in (1, 2, 3) if k / period <= 0.5][:int(rng.integers(1, 4))]
    y = np.arange(h, dtype=np.float64)
    profile = sum(rng.uniform(0.3, 1) / k * np.cos(2 * np.pi * k * y / period + rng.uniform(0, 6.3))
                  for k in harmonics)
    amplitude = rng.uniform(10, 25)
    profile *= amplitude / np.abs(profile).max()
    pattern = np.broadcast_to(profile[:, None], clean.shape[:2])
    r = expert_radius(clean)
    notches = [v for k in harmonics for v in (0.0, k / period, r)]
    words = f"period {period:.2f} px, {len(harmonics)} harmonic(s), amplitude {amplitude:.0f}"
    return add_everywhere(clean, pattern), notches, words


SUPERSAMPLE = 4
SCREEN_ANGLES = {"rgb": (15.0, 75.0, 45.0), "grey": (45.0,)}


def screen(density, period, angle):
    """Ink coverage 0 … 1 of an AM screen: dots on a square lattice of
    `period` px turned by `angle`, each covering `density` of its cell,
    printed SUPERSAMPLE times finer than the scan and averaged into its
    pixels."""
    h, w = density.shape
    s = SUPERSAMPLE
    fine = np.repeat(np.repeat(density, s, 0), s, 1)
    y, x = (np.mgrid[0:h * s, 0:w * s] + 0.5) / s
    a = math.radians(angle)
    u = (x * math.cos(a) + y * math.sin(a)) / period
    v = (-x * math.sin(a) + y * math.cos(a)) / period
    ink = 0.5 * (np.cos(2 * np.pi * u) + np.cos(2 * np.pi * v)) > spot_threshold(fine)
    return ink.reshape(h, s, w, s).mean(axis=(1, 3))


def halftone(clean, rng, index):
    """(b): a print of the photograph, one screen per ink (C, M, Y at 15°,
    75°, 45°; grey K at 45°), period 4 … 8 px, each ink ideal (it takes
    its own channel's light alone) and covering what that channel lacks
    in linear light, so that the print seen from a distance is the
    photograph; scanned as light adds up: the paper's reflectance
    averaged over each pixel and a Gaussian of σ 0.5 … 1 px in linear
    light, encoded to sRGB, noise of σ 1 … 3."""
    period = rng.uniform(4, 8)
    angles = SCREEN_ANGLES["grey" if clean.ndim == 2 else "rgb"]
    inks = 1 - to_linear((clean[..., None] if clean.ndim == 2 else clean) / 255)
    paper = np.stack([1 - screen(inks[..., i], period, angle)
                      for i, angle in enumerate(angles)], axis=-1)
    blur = rng.uniform(0.5, 1)
    noise = rng.uniform(1, 3)
    scanned = 255 * to_srgb(gaussian_filter(paper, (blur, blur, 0), mode="reflect"))
    scanned += noise * rng.standard_normal(scanned.shape)
    scanned = scanned[..., 0] if clean.ndim == 2 else scanned
    # The dots' sidebands spread around each lattice point; discs of 0.3
    # lattice spacings take most of them while one screen's stay apart.
    r = 0.3 / period
    notches = [v for angle in angles for v in lattice_notches(period, angle, r)]
    words = (f"period {period:.2f} px at {', '.join(f'{a:.0f}°' for a in angles)}, "
             f"blur σ {blur:.2f}, noise σ {noise:.1f}")
    return quantise(scanned), notches, words


def screen_frequency(notches):
    """A halftone's screen frequency: its lattice's nearest point."""
    return min(math.hypot(fx, fy) for fx, fy, _ in np.reshape(notches, (-1, 3)))


# The families of issue 42 (e)–(j). Each draws from its own generator,
# amplitudes in (a)'s range (10 … 25 of 255), and gives the expert
# notches of radius expert_radius (3 frequency bins) at its true peaks.

def log_uniform(rng, low, high):
    return math.exp(rng.uniform(math.log(low), math.log(high)))


def frequency_of(rng, period, where):
    """A frequency of `period` px, `where` (ANGLE_RANGES, or a (low,
    high) range of degrees) from an axis, on either side of either axis."""
    low, high = ANGLE_RANGES[where] if isinstance(where, str) else where
    off = rng.uniform(low, high)
    angle = math.radians(90 * rng.integers(0, 2) + (off if rng.integers(0, 2) else -off))
    return mirrored_once(round(math.cos(angle) / period, 15), round(math.sin(angle) / period, 15))


def apart(fx, fy, others, distance):
    """Whether (fx, fy) lies further than `distance` from every other
    frequency and its mirror."""
    return all(math.hypot(fx - gx, fy - gy) > distance and math.hypot(fx + gx, fy + gy) > distance
               for gx, gy in others)


def grid(clean):
    h, w = clean.shape[:2]
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    return y, x


def in_words(fx, fy):
    return f"{1 / math.hypot(fx, fy):.1f} px at {math.degrees(math.atan2(fy, fx)):.1f}°"


def modulated(clean, rng, index):
    """(e): one or two cosines of period 4 … 40 px whose amplitude swells
    and fades: a · (1 − depth + depth · envelope), depth 0.2 … 0.8, the
    envelope a slow cosine (period 0.5 … 2 image sides, any direction) or
    a Gaussian (σ 0.2 … 0.5 image side, centred anywhere in the image)."""
    y, x = grid(clean)
    h, w = clean.shape[:2]
    side = min(h, w)
    kinds = list(ANGLE_RANGES)
    pattern, frequencies, words = 0.0, [], []
    for k in range(int(rng.integers(1, 3))):
        while True:
            fx, fy = frequency_of(rng, log_uniform(rng, 4, 40), kinds[(index + k) % 3])
            if apart(fx, fy, frequencies, 0.02):
                break
        a, depth = rng.uniform(10, 25), rng.uniform(0.2, 0.8)
        if rng.integers(0, 2):
            period, turn = rng.uniform(0.5, 2) * side, rng.uniform(0, math.pi)
            envelope = 0.5 * (1 + np.cos(2 * np.pi * (x * math.cos(turn) + y * math.sin(turn))
                                         / period + rng.uniform(0, 2 * np.pi)))
            how = f"cosine envelope of {period:.0f} px"
        else:
            sigma = rng.uniform(0.2, 0.5) * side
            cy, cx = rng.uniform(0, h), rng.uniform(0, w)
            envelope = np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * sigma ** 2))
            how = f"Gaussian envelope σ {sigma:.0f} px at ({cx:.0f}, {cy:.0f})"
        pattern = pattern + a * (1 - depth + depth * envelope) * np.cos(
            2 * np.pi * (fx * x + fy * y) + rng.uniform(0, 2 * np.pi))
        frequencies.append((fx, fy))
        words.append(f"{in_words(fx, fy)} ({a:.0f}, depth {depth:.2f}, {how})")
    r = expert_radius(clean)
    notches = [v for fx, fy in frequencies for v in (fx, fy, r)]
    return add_everywhere(clean, pattern), notches, "; ".join(words)


def drifting(clean, rng, index):
    """(f): one or two chirps: along the wave's direction u (0 at the
    image's first corner in that direction), phase 2π(f0 · u + ½ k u²),
    the frequency drifting linearly by 0.5 … 5 % of f0 (up or down)
    across the image; f0 of period 4 … 40 px, amplitude 10 … 25. The
    expert's notches: discs of 3 bins every 2 bins or less along the
    chirp's span of frequencies, both ends included."""
    y, x = grid(clean)
    side = min(clean.shape[:2])
    kinds = list(ANGLE_RANGES)
    pattern, frequencies, notches, words = 0.0, [], [], []
    r = expert_radius(clean)
    for k in range(int(rng.integers(1, 3))):
        while True:
            fx, fy = frequency_of(rng, log_uniform(rng, 4, 40), kinds[(index + k) % 3])
            if apart(fx, fy, frequencies, 0.03):
                break
        f0 = math.hypot(fx, fy)
        ux, uy = fx / f0, fy / f0
        u = x * ux + y * uy
        u -= u.min()
        drift = rng.uniform(0.005, 0.05) * (1 if rng.integers(0, 2) else -1)
        rate = drift * f0 / u.max()
        a = rng.uniform(10, 25)
        pattern = pattern + a * np.cos(2 * np.pi * (f0 * u + 0.5 * rate * u ** 2)
                                       + rng.uniform(0, 2 * np.pi))
        frequencies.append((fx, fy))
        span = abs(drift) * f0
        steps = int(math.ceil(span / (2.0 / side)))
        for t in np.linspace(0, 1, steps + 1):
            f = f0 * (1 + drift * t)
            notches += [*mirrored_once(ux * f, uy * f), r]
        words.append(f"{in_words(fx, fy)} drifting {100 * drift:+.1f}% ({a:.0f}, "
                     f"{steps + 1} notches)")
    return add_everywhere(clean, pattern), notches, "; ".join(words)


WAVE_SHAPES = ("square", "sawtooth", "clipped")
PROFILE_SAMPLES = 4096


def profile_harmonics(shape, rng):
    """The complex Fourier coefficients c_k (k = 1 …) of one period of a
    square wave, a sawtooth or a cosine clipped at 1/c of its peak (c
    1.5 … 4), scaled to peak 1, and what was drawn."""
    t = np.arange(PROFILE_SAMPLES) / PROFILE_SAMPLES
    if shape == "square":
        profile, how = np.where(t < 0.5, 1.0, -1.0), "square"
    elif shape == "sawtooth":
        profile, how = 2 * t - 1, "sawtooth"
    else:
        c = rng.uniform(1.5, 4)
        profile, how = np.clip(c * np.cos(2 * np.pi * t), -1, 1), f"cosine clipped at 1/{c:.1f}"
    return 2 * np.fft.rfft(profile)[1:] / PROFILE_SAMPLES, how


def harmonic_waves(clean, rng, index):
    """(g): one non-sinusoidal periodic profile along a direction at any
    angle (on an axis, near one or oblique by the image's index), period
    6 … 40 px: a square wave, a sawtooth or a clipped cosine, drawn as its
    Fourier series up to Nyquist (every harmonic k with |k fx|, |k fy| <
    0.5, so none aliases), scaled to a peak of 10 … 25. The expert notches
    every harmonic drawn."""
    y, x = grid(clean)
    kinds = list(ANGLE_RANGES)
    period = log_uniform(rng, 6, 40)
    fx, fy = frequency_of(rng, period, kinds[index % 3])
    shape = WAVE_SHAPES[int(rng.integers(0, 3))]
    coefficients, how = profile_harmonics(shape, rng)
    phase = 2 * np.pi * (fx * x + fy * y) + rng.uniform(0, 2 * np.pi)
    kept = [k for k in range(1, len(coefficients) + 1)
            if abs(k * fx) < 0.5 and abs(k * fy) < 0.5 and abs(coefficients[k - 1]) > 1e-3]
    pattern = sum(abs(coefficients[k - 1]) * np.cos(k * phase + np.angle(coefficients[k - 1]))
                  for k in kept)
    a = rng.uniform(10, 25)
    pattern *= a / np.abs(pattern).max()
    r = expert_radius(clean)
    notches = [v for k in kept for v in (*mirrored_once(k * fx, k * fy), r)]
    return (add_everywhere(clean, pattern), notches,
            f"{how}, {in_words(fx, fy)}, {len(kept)} harmonics, peak {a:.0f}")


def beats(clean, rng, index):
    """(h): two cosines 1 … 3 frequency bins apart (the second's offset in
    any direction), period 4 … 40 px, amplitudes 10 … 25 each: beats
    whose envelope spans a third to a whole image side."""
    y, x = grid(clean)
    side = min(clean.shape[:2])
    kinds = list(ANGLE_RANGES)
    fx, fy = frequency_of(rng, log_uniform(rng, 4, 40), kinds[index % 3])
    offset, turn = rng.uniform(1, 3) / side, rng.uniform(0, 2 * math.pi)
    gx, gy = mirrored_once(fx + offset * math.cos(turn), fy + offset * math.sin(turn))
    waves = [(fx, fy, rng.uniform(10, 25)), (gx, gy, rng.uniform(10, 25))]
    pattern = sum(a * np.cos(2 * np.pi * (vx * x + vy * y) + rng.uniform(0, 2 * np.pi))
                  for vx, vy, a in waves)
    r = expert_radius(clean)
    notches = [v for vx, vy, _ in waves for v in (vx, vy, r)]
    return (add_everywhere(clean, pattern), notches,
            f"{in_words(fx, fy)} ({waves[0][2]:.0f}) and {in_words(gx, gy)} "
            f"({waves[1][2]:.0f}), {offset * side:.1f} bins apart")


def axis_waves(clean, rng, index):
    """(i): two or three cosines, amplitudes 10 … 25: the first exactly on
    an axis at a long period, 20 … 60 px; the second 0 … 3° off an axis,
    period 4 … 40 px; a third, if any, of either kind; all at least 5
    bins apart."""
    y, x = grid(clean)
    side = min(clean.shape[:2])
    count, waves = int(rng.integers(2, 4)), []
    while len(waves) < count:
        long_axis = len(waves) == 0 or (len(waves) == 2 and rng.integers(0, 2))
        if long_axis:
            fx, fy = frequency_of(rng, log_uniform(rng, 20, 60), "on an axis")
        else:
            fx, fy = frequency_of(rng, log_uniform(rng, 4, 40), (0, 3))
        if apart(fx, fy, [(gx, gy) for gx, gy, _ in waves], 5.0 / side):
            waves.append((fx, fy, rng.uniform(10, 25)))
    pattern = sum(a * np.cos(2 * np.pi * (fx * x + fy * y) + rng.uniform(0, 2 * np.pi))
                  for fx, fy, a in waves)
    r = expert_radius(clean)
    notches = [v for fx, fy, _ in waves for v in (fx, fy, r)]
    return (add_everywhere(clean, pattern), notches,
            ", ".join(f"{in_words(fx, fy)} ({a:.0f})" for fx, fy, a in waves))


def jittered_lines_and_colour(clean, rng, index):
    """(j): scan lines whose period jitters, and a colour cosine. The
    lines: each cycle's length drawn at its own, mean period P 3 … 10 px
    times 1 + ε, ε uniform in ±(1 … 5 %), the phase running linearly
    through each cycle; the profile one or two harmonics of that phase
    (random weights and phases), peak 10 … 25, the same in every channel.
    The colour noise: one cosine, period 4 … 40 px at any angle,
    amplitude 10 … 25, its phase drawn anew for each channel (in a grey
    image, one). The expert notches (0, k/P) with P the mean of the drawn
    cycles, and the cosine, each of 3 bins."""
    y, x = grid(clean)
    h = clean.shape[0]
    period, jitter = rng.uniform(3, 10), rng.uniform(0.01, 0.05)
    lengths = period * (1 + rng.uniform(-jitter, jitter, int(h / period * 1.2) + 4))
    starts = np.concatenate([[-rng.uniform(0, lengths[0])], np.cumsum(lengths)])
    starts[1:] += starts[0]
    rows = np.arange(h, dtype=np.float64)
    cycle = np.searchsorted(starts, rows, side="right") - 1
    phase = 2 * np.pi * (cycle + (rows - starts[cycle]) / (starts[cycle + 1] - starts[cycle]))
    mean_period = float(np.mean(np.diff(starts[cycle.min():cycle.max() + 2])))
    harmonics = [k for k in (1, 2) if k / period < 0.45][:int(rng.integers(1, 3))]
    profile = sum(rng.uniform(0.3, 1) / k * np.cos(k * phase + rng.uniform(0, 2 * np.pi))
                  for k in harmonics)
    lines = rng.uniform(10, 25)
    profile *= lines / np.abs(profile).max()
    fx, fy = frequency_of(rng, log_uniform(rng, 4, 40), list(ANGLE_RANGES)[index % 3])
    a = rng.uniform(10, 25)
    channels = 1 if clean.ndim == 2 else clean.shape[2]
    colour = np.stack([a * np.cos(2 * np.pi * (fx * x + fy * y) + rng.uniform(0, 2 * np.pi))
                       for _ in range(channels)], axis=-1)
    pattern = profile[:, None, None] + colour
    given = quantise(clean + (pattern[..., 0] if clean.ndim == 2 else pattern))
    r = expert_radius(clean)
    notches = [v for k in harmonics for v in (0.0, k / mean_period, r)] + [fx, fy, r]
    return (given, notches,
            f"lines of mean period {mean_period:.2f} px jittering ±{100 * jitter:.1f}%, "
            f"{len(harmonics)} harmonic(s), peak {lines:.0f}; colour cosine {in_words(fx, fy)} "
            f"({a:.0f}), a phase per channel")


CASES = {
    "a": (sinusoids, ["grace_hopper", "fruits", "home", "squirrel", "messi", "graffiti",
                      "chicky"]),
    "b": (halftone, ["grace_hopper", "fruits", "squirrel", "home", "messi"]),
    "c": (scan_lines, ["grace_hopper", "leuven", "starry_night", "fruits", "butterfly",
                       "rubberwhale"]),
    "d": (None, ["leuven", "building", "aloe", "squirrel", "baboon", "text",
                 "starry_night", "board"]),
    # Issue 42's families, four photographs each.
    "e": (modulated, ["grace_hopper", "home", "leuven", "butterfly"]),
    "f": (drifting, ["fruits", "messi", "graffiti", "starry_night"]),
    "g": (harmonic_waves, ["chicky", "squirrel", "building", "grace_hopper"]),
    "h": (beats, ["home", "rubberwhale", "fruits", "aloe"]),
    "i": (axis_waves, ["graffiti", "grace_hopper", "butterfly", "leuven"]),
    "j": (jittered_lines_and_colour, ["fruits", "chicky", "messi", "home"]),
    "k": (press_prints.press_print, ["fruits", "home", "butterfly", "grace_hopper"]),
}
# The large set's photographs per family (`--large`).
LARGE = {"a": ["kleiber"], "b": ["dragonfly"], "c": ["bridge"], "d": ["seeding", "wine"],
         "e": ["sunset"], "f": ["dragonfly"], "g": ["wine"], "h": ["seeding"],
         "i": ["bridge"], "j": ["kleiber"], "k": ["sunset"]}
# The families with a pattern added, in the order the tables give them.
PATTERN_KINDS = "abcefghijk"
# The families of prints, whose reference is the best blur.
PRINT_KINDS = "bk"
# (b)'s photographs printed in grey (one K screen), by index.
GREY_PRINTS = {0, 3}


def make_cases(cache, seed, quick, kinds=None, large=False):
    cases = []
    for kind, (make, names) in CASES.items():
        if kinds is not None and kind not in kinds:
            continue
        if large:
            names = LARGE[kind]
        crop = (CROP if not large else LARGE_PRINT_CROP if kind in PRINT_KINDS else LARGE_CROP)
        for i, name in enumerate(names[:1] if quick else names):
            clean = photo(name, cache, crop)
            if kind == "b" and i in GREY_PRINTS:
                clean = grey(clean)
            if make is None:
                cases.append(Case(kind, name, clean, clean, None, "nothing", seed))
                continue
            rng = np.random.default_rng([seed, ord(kind), i])
            given, notches, words, *truth = make(clean, rng, i)
            cases.append(Case(kind, name, truth[0] if truth else clean, given, notches,
                              words, seed))
    return cases
