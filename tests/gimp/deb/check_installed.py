#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The installed package gimp-plugin-fft-bandpass in headless GIMP 3, in
a Debian 13 root where apt installed it with its dependencies and nothing
to build with (tools/test-deb-install makes it):

  - no compiler, meson, pkg-config or dpkg-buildpackage is there;
  - the plug-in, its German catalog, the GEGL operation and the Script-Fu
    batch lie where GIMP and GEGL look for them;
  - GIMP registers plug-in-fft-bandpass and script-fu-fft-bandpass-batch;
  - a Script-Fu call of plug-in-fft-bandpass and the batch over a folder
    filter examples/coffee.png: changed, not black, the batch's pixels
    the call's;
  - `gegl --list-all` lists fft:band-pass, and the gegl command line and
    GimpDrawableFilter (Python-Fu) apply it with the pixels of the plug-in
    within 1/255.

Standard library only: the root has no numpy. Pixels are read inside GIMP
(installed_driver.py). Usage: check_installed.py FOLDER (holding
coffee.png, gimp_binaries.py and deb/)."""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from gimp_binaries import gimp_console  # noqa: E402

FOLDER = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
INPUT = os.path.join(FOLDER, "coffee.png")
BAND = {"large-structures": 40, "small-structures": 3}
GIMP = [gimp_console(), "-i", "-n", "-c"]

passed = failed = 0


def check(ok, label):
    global passed, failed
    print(("ok   " if ok else "FAIL ") + label, flush=True)
    passed, failed = passed + bool(ok), failed + (not ok)
    return ok


def path(name):
    return os.path.join(FOLDER, name)


def run(args, timeout=600):
    result = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, timeout=timeout)
    return result.returncode, result.stdout


def scheme_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def check_no_build_tools():
    found = [t for t in ("cc", "gcc", "meson", "ninja", "pkg-config",
                         "dpkg-buildpackage") if shutil.which(t)]
    check(not found, f"no build tool in the root ({' '.join(found) or 'none found'})")


def check_installed_files():
    code, listing = run(["dpkg", "-L", "gimp-plugin-fft-bandpass"])
    files = set(listing.split())
    for wanted in ("/usr/lib/x86_64-linux-gnu/gimp/3.0/plug-ins/fft-bandpass/fft-bandpass",
                   "/usr/lib/x86_64-linux-gnu/gimp/3.0/plug-ins/fft-bandpass/locale/de/"
                   "LC_MESSAGES/fft-bandpass.mo",
                   "/usr/lib/x86_64-linux-gnu/gegl-0.4/fft-band-pass.so",
                   "/usr/share/gimp/3.0/scripts/fft-bandpass-batch.scm",
                   "/usr/share/doc/gimp-plugin-fft-bandpass/contract.md.gz"):
        check(code == 0 and wanted in files, f"installed: {wanted}")


def run_script_fu():
    """plug-in-fft-bandpass called from Script-Fu, and the batch script
    over a folder holding the picture."""
    batch_in, batch_out = path("batch-in"), path("batch-out")
    for folder in (batch_in, batch_out):
        os.makedirs(folder, exist_ok=True)
    shutil.copy(INPUT, batch_in)
    call = ("(let* ((img (car (gimp-file-load RUN-NONINTERACTIVE "
            f"{scheme_string(INPUT)}))))"
            " (plug-in-fft-bandpass #:run-mode RUN-NONINTERACTIVE #:image img"
            " #:drawables (car (gimp-image-get-selected-drawables img))"
            f" #:large-structures {BAND['large-structures']}"
            f" #:small-structures {BAND['small-structures']})"
            f" (gimp-file-save RUN-NONINTERACTIVE img {scheme_string(path('script-fu.png'))}"
            " -1))")
    batch = (f"(script-fu-fft-bandpass-batch {scheme_string(batch_in)} \"*.png\""
             f" {scheme_string(batch_out)} {BAND['large-structures']}"
             f" {BAND['small-structures']} \"gaussian\" 2 \"band-pass\" TRUE \"none\" 5 \"\""
             " \"mirror\" \"rgb\" FALSE FALSE 50 \"replace\" FALSE)")
    code, log = run(GIMP + ["--batch-interpreter=plug-in-script-fu-eval",
                            "-b", call, "-b", batch, "--quit"])
    made = all(os.path.exists(p) for p in (path("script-fu.png"),
                                           os.path.join(batch_out, "coffee.png")))
    if not check(code == 0 and made, "Script-Fu: plug-in-fft-bandpass and "
                                     "script-fu-fft-bandpass-batch wrote their images"):
        print(log[-5000:])


def run_gegl_cli():
    code, listing = run(["gegl", "--list-all"])
    check(code == 0 and "fft:band-pass" in listing.split(),
          "gegl --list-all lists fft:band-pass")
    code, log = run(["gegl", INPUT, "-o", path("gegl-cli.png"), "--", "fft:band-pass"]
                    + [f"{k}={v}" for k, v in BAND.items()])
    if not check(code == 0 and os.path.exists(path("gegl-cli.png")),
                 "gegl coffee.png -o gegl-cli.png -- fft:band-pass ran"):
        print(log[-3000:])


def run_python_fu():
    """installed_driver.py inside GIMP: the registrations, the operation
    through GimpDrawableFilter and every image's pixels."""
    job = {"input": INPUT, "band": BAND, "report": path("report.json"),
           "compared": {"script-fu": path("script-fu.png"),
                        "batch": os.path.join(path("batch-out"), "coffee.png"),
                        "gegl-cli": path("gegl-cli.png")}}
    with open(path("job.json"), "w") as f:
        json.dump(job, f)
    driver = os.path.join(HERE, "installed_driver.py")
    code, log = run(GIMP + ["--batch-interpreter=python-fu-eval", "-b",
                            f"import sys; sys.argv = [{driver!r}, {path('job.json')!r}]; "
                            f"exec(open({driver!r}).read())", "--quit"])
    if not check(os.path.exists(job["report"]), "the Python-Fu driver ran"):
        print(log[-5000:])
        return None
    with open(job["report"]) as f:
        return json.load(f)


def check_report(report):
    for name in ("plug-in-fft-bandpass", "script-fu-fft-bandpass-batch"):
        check(report["registered"].get(name), f"GIMP registered {name}")
    check(report["drawable_filter_error"] == "",
          "GimpDrawableFilter fft:band-pass appended and merged "
          f"({report['drawable_filter_error'] or 'no error'})")
    given, images = report["input"], report.get("images", {})
    for name, image in images.items():
        if not check("error" not in image, f"{name}: read ({image.get('error', 'ok')})"):
            continue
        check(image["max_change"] > 2,
              f"{name}: the filter changed the picture (largest change "
              f"{image['max_change']} of 255)")
        check(image["mean"] > given["mean"] / 2,
              f"{name}: not black (mean {image['mean']:.1f}, the input's "
              f"{given['mean']:.1f})")
    script_fu = images.get("script-fu", {})
    for name in ("batch", "gegl-cli", "drawable-filter"):
        difference = images.get(name, {}).get("max_difference_to_script-fu")
        check(difference is not None and "error" not in script_fu and difference <= 1,
              f"{name}: the pixels of the Script-Fu call within 1/255 "
              f"(largest difference {difference})")


def main():
    check_no_build_tools()
    check_installed_files()
    run_script_fu()
    run_gegl_cli()
    report = run_python_fu()
    if report is not None:
        check_report(report)
    print(f"{passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
