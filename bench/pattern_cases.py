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

OPENCV_DATA = "usr/share/doc/opencv-doc/examples/data"
MATPLOTLIB_DATA = "/usr/share/matplotlib/mpl-data/sample_data"

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
}
CROP = 512


class Case:
    def __init__(self, kind, photo, clean, given, notches, pattern, seed):
        self.kind, self.photo, self.seed = kind, photo, seed
        self.clean, self.given = clean, given
        self.notches = notches      # the expert's, flat (fx, fy, r, …); None: no pattern
        self.pattern = pattern      # what was added, in words
        self.name = f"{kind}-{photo}-{seed}"


def quantise(image):
    return np.clip(np.round(image), 0, 255)


def download_opencv_doc(cache):
    """apt-get download opencv-doc into cache, refreshing the package lists
    first where they do not know it (a fresh Debian root has none)."""
    download = ["apt-get", "download", "-q", "opencv-doc"]
    if subprocess.run(download, cwd=cache).returncode == 0:
        return
    if os.geteuid() != 0:
        raise SystemExit("pattern-quality: apt-get does not know opencv-doc; run "
                         "`apt-get update` as root, or put an opencv-doc_*.deb "
                         f"(Debian 13) into {cache}")
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(download, cwd=cache, check=True)


def fetch_opencv_doc(cache):
    """Extracts opencv-doc's example images into cache, from an
    opencv-doc_*.deb there or one apt-get downloads."""
    debs = glob.glob(os.path.join(cache, "opencv-doc_*.deb"))
    if not debs:
        download_opencv_doc(cache)
        debs = glob.glob(os.path.join(cache, "opencv-doc_*.deb"))
    wanted = [f"./{path}" for package, path, _ in PHOTOS.values() if package == "opencv-doc"]
    wanted.append("./usr/share/doc/opencv-doc/copyright")
    archive = subprocess.run(["dpkg-deb", "--fsys-tarfile", debs[0]], check=True,
                             stdout=subprocess.PIPE).stdout
    subprocess.run(["tar", "-x", "-C", cache] + wanted, input=archive, check=True)


def photo(name, cache):
    """The photograph, centre-cropped to at most CROP × CROP: RGB, or grey
    where the file is."""
    package, path, _ = PHOTOS[name]
    if package == "opencv-doc":
        path = os.path.join(cache, path)
        if not os.path.exists(path):
            os.makedirs(cache, exist_ok=True)
            fetch_opencv_doc(cache)
    data = np.asarray(Image.open(path).convert("RGB"), dtype=np.float64)
    if (data == data[..., :1]).all():
        data = data[..., 0]
    h, w = data.shape[:2]
    top, left = max(0, (h - CROP) // 2), max(0, (w - CROP) // 2)
    return data[top:top + CROP, left:left + CROP]


def grey(image):
    return image if image.ndim == 2 else quantise(image @ [0.299, 0.587, 0.114])


def mirrored_once(fx, fy):
    """The one of (fx, fy) and (−fx, −fy) the contract's finder reports."""
    return (fx, fy) if fy > 0 or (fy == 0 and fx > 0) else (-fx, -fy)


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


def spot_threshold(density, samples=256):
    """The threshold of the round-square spot function ½(cos 2πu + cos 2πv)
    whose area above it is `density` of a cell."""
    u = (np.arange(samples) + 0.5) / samples
    spot = np.sort((0.5 * (np.cos(2 * np.pi * u)[:, None] + np.cos(2 * np.pi * u)[None, :])).ravel())
    index = np.clip(((1 - density) * spot.size).astype(int), 0, spot.size - 1)
    return np.where(density <= 0, 2.0, np.where(density >= 1, -2.0, spot[index]))


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


def halftone(clean, rng, index):
    """(b): a print of the photograph, one screen per ink (C, M, Y at 15°,
    75°, 45°; grey K at 45°), period 4 … 8 px, scanned with a Gaussian
    blur of σ 0.5 … 1 px and noise of σ 1 … 3."""
    period = rng.uniform(4, 8)
    angles = SCREEN_ANGLES["grey" if clean.ndim == 2 else "rgb"]
    inks = 1 - (clean[..., None] if clean.ndim == 2 else clean) / 255
    paper = np.stack([1 - screen(inks[..., i], period, angle)
                      for i, angle in enumerate(angles)], axis=-1)
    blur = rng.uniform(0.5, 1)
    noise = rng.uniform(1, 3)
    scanned = gaussian_filter(255 * paper, (blur, blur, 0), mode="reflect")
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


CASES = {
    "a": (sinusoids, ["grace_hopper", "fruits", "home", "squirrel", "messi", "graffiti",
                      "chicky"]),
    "b": (halftone, ["grace_hopper", "fruits", "squirrel", "home", "messi"]),
    "c": (scan_lines, ["grace_hopper", "leuven", "starry_night", "fruits", "butterfly",
                       "rubberwhale"]),
    "d": (None, ["leuven", "building", "aloe", "squirrel", "baboon", "text",
                 "starry_night", "board"]),
}
# (b)'s photographs printed in grey (one K screen), by index.
GREY_PRINTS = {0, 3}


def make_cases(cache, seed, quick):
    cases = []
    for kind, (make, names) in CASES.items():
        for i, name in enumerate(names[:1] if quick else names):
            clean = photo(name, cache)
            if kind == "b" and i in GREY_PRINTS:
                clean = grey(clean)
            if make is None:
                cases.append(Case(kind, name, clean, clean, None, "nothing", seed))
                continue
            rng = np.random.default_rng([seed, ord(kind), i])
            given, notches, words = make(clean, rng, i)
            cases.append(Case(kind, name, clean, given, notches, words, seed))
    return cases
