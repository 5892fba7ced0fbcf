# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs real GIMP 3 headless with a freshly built plug-in in a private
config folder, and reads and writes the PFM images the tests exchange
with it; the checks are tests/checks.py's."""
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

from gimp_binaries import gimp_console

# This folder, where the drivers' helper gimp_driver.py lies.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import checks  # noqa: E402
from checks import check, finish  # noqa: E402,F401


def write_pfm(path, image):
    """image: H×W (gray) or H×W×3 (RGB), top row first."""
    data = np.asarray(image, dtype="<f4")
    magic = b"PF" if data.ndim == 3 else b"Pf"
    with open(path, "wb") as f:
        f.write(magic + b"\n%d %d\n-1.0\n" % (data.shape[1], data.shape[0]))
        f.write(np.ascontiguousarray(data[::-1]).tobytes())


def read_netpbm_header(path):
    """The file's bytes, its first four header fields (magic, width,
    height, maximum or scale; # comments skipped) and where the data
    starts: one whitespace byte after the last field."""
    with open(path, "rb") as f:
        raw = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while raw[pos:pos + 1].isspace():
            pos += 1
        if raw[pos:pos + 1] == b"#":
            pos = raw.index(b"\n", pos)
            continue
        end = pos
        while not raw[end:end + 1].isspace():
            end += 1
        fields.append(raw[pos:end])
        pos = end
    return raw, fields, pos + 1


def read_pfm(path):
    raw, tokens, pos = read_netpbm_header(path)
    magic, width, height, scale = tokens[0], int(tokens[1]), int(tokens[2]), float(tokens[3])
    channels = 3 if magic == b"PF" else 1
    dtype = "<f4" if scale < 0 else ">f4"
    data = np.frombuffer(raw, dtype=dtype, count=width * height * channels, offset=pos)
    shape = (height, width, channels) if channels == 3 else (height, width)
    return data.reshape(shape)[::-1].astype(np.float64)


def python_batch(script):
    """The python-fu-eval batch command that runs the driver `script` (a
    path, or the name of a file in this folder) with gimp_driver
    importable."""
    script = os.path.join(HERE, script)
    return f"import sys; sys.path.insert(0, {HERE!r}); exec(open({script!r}).read())"


def scheme_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Harness:
    def __init__(self, plugin_binary, keep=None):
        self.dir = keep or tempfile.mkdtemp(prefix="fft-bandpass-test-")
        os.makedirs(self.dir, exist_ok=True)
        self.gimpdir = os.path.join(self.dir, "gimpdir")
        plugin_dir = os.path.join(self.gimpdir, "plug-ins", "fft-bandpass")
        os.makedirs(plugin_dir, exist_ok=True)
        shutil.copy(plugin_binary, plugin_dir)

    def path(self, name):
        return os.path.join(self.dir, name)

    def write_image(self, name, image):
        path = self.path(name)
        write_pfm(path, image)
        return path

    @staticmethod
    def filter_script(source, target, call):
        return (f"(let* ((img (car (gimp-file-load RUN-NONINTERACTIVE {scheme_string(source)}))))"
                f" {call}"
                f" (gimp-file-save RUN-NONINTERACTIVE img {scheme_string(target)} -1))")

    @staticmethod
    def load_script(source, call):
        return f"(let* ((img (car (gimp-file-load RUN-NONINTERACTIVE {scheme_string(source)})))) {call})"

    def run_gimp(self, scripts, env=None, timeout=900,
                 interpreter="plug-in-script-fu-eval"):
        """GIMP stops at the first batch command that fails: a command
        expected to fail must come last. GIMP's exit status is kept as
        self.returncode."""
        args = [gimp_console(), "-i", "-n", "-c",
                f"--batch-interpreter={interpreter}"]
        for script in scripts:
            args += ["-b", script]
        args += ["--quit"]
        full_env = dict(os.environ, GIMP3_DIRECTORY=self.gimpdir, **(env or {}))
        result = subprocess.run(args, env=full_env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, timeout=timeout)
        self.returncode = result.returncode
        return result.stdout
