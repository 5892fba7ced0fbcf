# SPDX-License-Identifier: GPL-3.0-or-later
"""Every benchmark that README and docs/ quote, each in two forms: full,
which gives the figures (tools/bench), and quick, the smallest that still
does all the work (tiny sizes, one seed, one run; the test suite runs it
so that a benchmark that stops working fails, its times meaning
nothing). Commands run from the checkout inside tools/gimp3-env, after
the README's test command has built BUILD."""
import collections
import os
import re
import subprocess
import tempfile

CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

Form = collections.namedtuple("Form", "name what full quick table env gimp")
Form.__doc__ = """name: its test's name; what: what README and docs/ quote
from it; full, quick: its arguments, {build} standing for the build
folder and {gegl_modules} for GEGL's own module folder; table: a pattern
every run's output holds; env: what its environment adds, {cache} an
empty folder of its own; gimp: whether it needs GIMP."""

FORMS = [
    Form("fftcl-bench-pocl",
         "fftcl against VkFFT, clFFT and FFTW (2 threads) on PoCL's CPU device",
         ["{build}/bench/fftcl-bench", "512", "1024", "2048"],
         ["{build}/bench/fftcl-bench", "64"],
         r"ratio  filter fftcl/vkfft", {"FFTCL_DEVICE": "pocl"}, False),
    Form("preview-bench",
         "the live preview's refresh, full resolution beside the coarse copy; "
         "a final run in one pass beside a load and an apply",
         ["{build}/bench/preview-bench"],
         ["{build}/bench/preview-bench", "1"],
         r"filter_once .* ms \(", {"FFTCL_DEVICE": "cpu"}, False),
    Form("floor-bench",
         "the CPU filter's steps beside FFTW's own transforms of its size",
         ["{build}/bench/floor-bench", "5"],
         ["{build}/bench/floor-bench", "1", "64x64", "60x40"],
         r"ratio whole ÷ floor: c2c pairs [0-9.]+×", {"FFTCL_DEVICE": "cpu"}, False),
    Form("pattern-bench",
         "finding and removing patterns at 12 MP beside the spectrum",
         ["{build}/bench/pattern-bench", "7"],
         ["{build}/bench/pattern-bench", "1"],
         r"median ms: spectrum [0-9.]+, search", {"FFTCL_DEVICE": "cpu"}, False),
    Form("pattern-bench-halftone",
         "finding a colour print's screens at 12 MP and giving each notch "
         "its channels, beside the spectrum",
         ["{build}/bench/pattern-bench", "7", "halftone"],
         ["{build}/bench/pattern-bench", "1", "halftone"],
         r"halftone print, .* median ms: spectrum [0-9.]+, search",
         {"FFTCL_DEVICE": "cpu"}, False),
    Form("first-use-bench",
         "a new size's first filter beside a size seen before",
         ["{build}/bench/first-use-bench", "4096", "3"],
         ["{build}/bench/first-use-bench", "256", "1"],
         r"first use [0-9.]+×", {"XDG_CACHE_HOME": "{cache}"}, False),
    Form("op-change-bench",
         "a property of the GEGL operation changed, the spectrum kept, "
         "beside a whole filter",
         ["python3", "bench/op_change_bench.py", "{build}/gegl-op/fft-band-pass.so",
          "{gegl_modules}", "7"],
         ["python3", "bench/op_change_bench.py", "{build}/gegl-op/fft-band-pass.so",
          "{gegl_modules}", "1"],
         r"whole ÷ kept +[0-9.]+×", {}, True),
    Form("plugin-io-bench",
         "a layer read and written over GIMP's plug-in protocol in each way "
         "libgimp offers, beside the plug-in's own steps and GIMP's own filters",
         ["python3", "bench/plugin_io_bench.py", "{build}/plugin/fft-bandpass", "5"],
         ["python3", "bench/plugin_io_bench.py", "{build}/plugin/fft-bandpass", "1",
          "256"],
         r"read  64-row bands, 2 threads +[0-9]+", {}, True),
    Form("imagej",
         "a whole image: the plug-in and the operation in GIMP and the "
         "operation in the gegl CLI beside ImageJ, G'MIC, scikit-image and "
         "GIMP's own gegl:invert-gamma, with issue 33's ratios",
         ["tools/bench-imagej", "--build", "{build}", "--runs", "3"],
         ["tools/bench-imagej", "--build", "{build}", "--quick"],
         r"\| ImageJ Bandpass Filter +\|", {}, True),
    Form("imagej-first-use",
         "the first filter of a size in GIMP beside warm runs",
         ["tools/bench-imagej", "--build", "{build}", "--first-use", "--runs", "3"],
         ["tools/bench-imagej", "--build", "{build}", "--first-use", "--quick"],
         r"merged in GIMP: first use .* first use ÷ warm", {}, True),
    Form("halftone-model",
         "halftone removal on numpy's model of the gain, one gain for all "
         "channels beside a gain per channel, against the best blur",
         ["python3", "bench/halftone_model.py", "--seeds", "31-35"],
         ["python3", "bench/halftone_model.py", "--seeds", "31", "--quick"],
         r"own: PSNR .* meet \+1 dB", {}, False),
    Form("pattern-quality",
         "pattern removal's quality on the tuning seeds 21-22 and three seeds "
         "drawn from the commit's hash, every family of issue 42, beside an "
         "expert, a classical and two published automatic methods and the best blur",
         ["bench/pattern-quality", "--build", "{build}"],
         ["bench/pattern-quality", "--build", "{build}", "--quick"],
         r"\| case \| margin \| mean \| worst", {}, True),
]


def by_name(name):
    return next(form for form in FORMS if form.name == name)


def command(arguments, build):
    """The arguments with {build} and {gegl_modules} filled in."""
    modules = ""
    if any("{gegl_modules}" in argument for argument in arguments):
        modules = subprocess.run(["pkg-config", "--variable=pluginsdir", "gegl-0.4"],
                                 stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    return [argument.format(build=build, gegl_modules=modules) for argument in arguments]


def run(form, arguments):
    """Runs the command from the checkout with the form's environment:
    (its output, stdout and stderr together; what failed, or None)."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, **{name: value.format(cache=cache)
                                  for name, value in form.env.items()})
        result = subprocess.run(arguments, cwd=CHECKOUT, env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        return result.stdout, f"exit status {result.returncode}"
    if not re.search(form.table, result.stdout):
        return result.stdout, f"no table printed (/{form.table}/)"
    return result.stdout, None
