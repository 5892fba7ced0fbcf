#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The German catalogue is complete: every message of the files
po/POTFILES.in lists (the plug-in's and the GEGL operation's labels and
descriptions) has a German translation, none fuzzy, and msgfmt --check
passes. Installed into the plug-in's own locale/ folder as meson installs
it, it is loaded: GIMP 3 run in a German locale shows the German menu
label and blurb, and without it the English ones. The dialog's own
strings, which the plug-in's process translates when it builds the
dialog, are German too: under Xvfb the dialog's window title and the
device label under its preview (as the preview's dump reports it) read
"Bandpass" and "Gerät: …" in German, "Band-pass" and "Device: …" in
English; the dialog runs on the automatic choice with PoCL as its
candidate (FFTCL_AUTOMATIC_CANDIDATE), so that the label also says, in
its language, why the choice took its device: the measured speeds. The
first language measures them; the second reads the same from the record
the first wrote (which its locale's decimal comma must not spoil). (GIMP 3.0.4 once showed the menu German and the dialog English:
plugin-locale.h says why.)

Usage: gimp_translation.py PATH/TO/fft-bandpass PATH/TO/de/fft-bandpass.mo"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import gimp_harness as gh
import gimp_preview as gp
import gimp_xvfb as gx

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The keywords of meson's i18n 'glib' preset, as po/meson.build uses it.
KEYWORDS = ["_", "N_", "C_:1c,2", "NC_:1c,2", "g_dcgettext:2", "g_dngettext:2,3",
            "g_dpgettext2:2c,3"]

LABEL_SCRIPT = r'''
import gi
gi.require_version("Gimp", "3.0")
from gi.repository import Gimp
proc = Gimp.get_pdb().lookup_procedure("plug-in-fft-bandpass")
print("LABEL " + proc.get_menu_label() + " | " + proc.get_blurb())
'''

EXPECTED = {"de_DE.UTF-8": ("_Bandpass …", "Strukturen entfernen"),
            "C.UTF-8": ("_Band-pass…", "Remove structures")}
# The dialog's title and the device label under the preview: the device
# the automatic choice took, the speed it measured over the other's, and
# the day.
DIALOG = {"de_DE.UTF-8": ("Bandpass", r"Gerät: .+: [0-9]+[.,][0-9]-fache Geschwindigkeit "
                          r"(von .+|der CPU \([0-9]+ Threads?\)), gemessen am "
                          r"[0-9]{4}-[0-9]{2}-[0-9]{2}"),
          "C.UTF-8": ("Band-pass", r"Device: .+: [0-9]+[.,][0-9]× (the speed of .+|"
                      r"the CPU's speed \([0-9]+ threads?\)), measured "
                      r"[0-9]{4}-[0-9]{2}-[0-9]{2}")}
COFFEE = os.path.join(SOURCE, "examples", "coffee.png")


def german_locale(folder):
    """gettext ignores LANGUAGE under the C locale, and the root has no
    other: compile de_DE.UTF-8 into a folder of the test's own."""
    os.makedirs(folder, exist_ok=True)
    subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8",
                    os.path.join(folder, "de_DE.UTF-8")], check=True)
    return folder


def check_complete(folder):
    """Every message xgettext finds in po/POTFILES.in's files is translated
    in po/de.po."""
    template = os.path.join(folder, "fft-bandpass.pot")
    os.makedirs(folder, exist_ok=True)
    subprocess.run(["xgettext", "--from-code=UTF-8", "--language=C",
                    "--directory", SOURCE, "--files-from",
                    os.path.join(SOURCE, "po", "POTFILES.in"), "--output", template] +
                   [f"--keyword={k}" for k in KEYWORDS], check=True)
    german = os.path.join(SOURCE, "po", "de.po")
    compared = subprocess.run(["msgcmp", german, template], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    gh.check(compared.returncode == 0,
             "po/de.po translates every message of po/POTFILES.in's files, none "
             "fuzzy" + ("" if compared.returncode == 0 else ":\n" + compared.stdout[-3000:]))
    checked = subprocess.run(["msgfmt", "--check", "--statistics", "-o", os.devnull, german],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    gh.check(checked.returncode == 0 and "untranslated" not in checked.stdout and
             "fuzzy" not in checked.stdout, f"msgfmt --check po/de.po: {checked.stdout.strip()}")


def installed(binary, catalogue):
    """A harness with the catalogue in the plug-in's locale/ folder."""
    harness = gh.Harness(binary)
    messages = os.path.join(harness.gimpdir, "plug-ins", "fft-bandpass",
                            "locale", "de", "LC_MESSAGES")
    os.makedirs(messages)
    shutil.copy(catalogue, os.path.join(messages, "fft-bandpass.mo"))
    return harness


def speedup(label):
    """The speedup a device label gives, or None."""
    found = re.search(r": ([0-9]+[.,][0-9])[-×]", label or "")
    return found.group(1).replace(",", ".") if found else None


def check_dialog(binary, catalogue, language, cache):
    """Opens the dialog under Xvfb in `language` and reads its title and
    the device label the preview's dump reports, which it returns. The
    automatic choice keeps its record in the folder `cache`."""
    harness = installed(binary, catalogue)
    folder = harness.path("dumps")
    os.makedirs(folder)
    env = {"LOCPATH": german_locale(harness.path("locales")), "LANG": language,
           "LC_ALL": language, "FFT_BANDPASS_PREVIEW_DUMP": folder,
           "FFTCL_DEVICE": "", "FFTCL_AUTOMATIC_CANDIDATE": "pocl",
           "XDG_CACHE_HOME": cache}
    title, device = DIALOG[language]
    label = None
    with gx.InteractiveCall(harness, COFFEE, None, env) as call:
        window = call.wait_for_dialog("Band")
        if gh.check(window is not None, f"LANG={language}: the dialog opens"):
            shown = subprocess.run(["xdotool", "getwindowname", window], env=call.env,
                                   stdout=subprocess.PIPE, text=True).stdout.strip()
            gh.check(shown == title, f"LANG={language}: the dialog's title is "
                     f"{title!r}: {shown!r}")
            dump = gp.settle(folder, 0)
            label = dump[5] if dump else None
            gh.check(bool(label) and re.fullmatch(device, label) is not None,
                     f"LANG={language}: the label under the preview is "
                     f"{device!r}: {label!r}")
            # alt+o reaches OK in the focused dialog only.
            gx.xdotool(call.env, "windowfocus", "--sync", window)
            call.press_ok(window)
    gh.check(call.statuses() == ["STATUS success"],
             f"LANG={language}: OK filters: {call.statuses() or call.output()[-2000:]}")
    problems = gx.console_problems(call.output())
    gh.check(not problems, f"LANG={language}: the plug-in warns of nothing: {problems}")
    return label


def main():
    binary, catalogue = sys.argv[1], sys.argv[2]
    check_complete(tempfile.mkdtemp(prefix="fft-bandpass-po-"))
    cache = tempfile.mkdtemp(prefix="fft-bandpass-cache-")
    labels = []
    for language, (label, blurb) in EXPECTED.items():
        harness = installed(binary, catalogue)
        locales = german_locale(harness.path("locales"))
        script = harness.path("label.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(LABEL_SCRIPT)
        output = harness.run_gimp([f"exec(open({script!r}).read())"],
                                  env={"LOCPATH": locales, "LANG": language,
                                       "LC_ALL": language},
                                  interpreter="python-fu-eval")
        lines = [l[len("LABEL "):] for l in output.splitlines() if l.startswith("LABEL ")]
        seen = lines[0] if lines else output[-2000:]
        gh.check(bool(lines) and lines[0].startswith(label + " | " + blurb),
                 f"LANG={language}: {seen}")
        labels.append(check_dialog(binary, catalogue, language, cache))
    shown = [speedup(label) for label in labels]
    gh.check(shown[0] is not None and len(set(shown)) == 1,
             f"the second language's dialog reads the speedup the first measured: {shown}")
    shutil.rmtree(cache, ignore_errors=True)
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
