#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""fft:band-pass warns in German where German is asked for: the module
reads its catalogue from the folder fixed when it was built (the plug-in's
locale/ folder, where meson installs the .mo files), so the test builds
the module in a build folder of its own whose plug-ins folder is a
temporary one (meson setup -Dplugin_dir=…), installs the catalogues there
with meson install (tag i18n), and runs that module through GEGL with
LANGUAGE=de in a German locale (de_DE.UTF-8, compiled into a folder of
the test's own, as the root has none). Notches holding a word that is no
number must give one warning, and it must be po/de.po's translation of
the notches' message (op-settings.c) and of "the input passes through
unchanged", as pass-through.c joins them into one sentence. The same
module in the C locale warns in English: the German comes from the
catalogue.

Usage: gegl_op_german.py SOURCE-ROOT SCRATCH-FOLDER GEGL-MODULES-DIR"""
import locale
import os
import re
import shutil
import subprocess
import sys

import numpy as np

from gegl_op_harness import Graph, check, finish, gegl_buffer, start_gegl

WIDTH, HEIGHT = 32, 24
FMT = "R'G'B' float"
PREFIX = "fft:band-pass: "
NOTCHES = "0.1 0.1 x"
WORD_MSGID = "the notches %s hold a word that is not a number at character %lu"
ENDING_MSGID = "the input passes through unchanged"


def po_messages(path):
    """msgid → msgstr of the catalogue `path` (singular entries)."""
    messages, key, field = {}, None, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            match = re.match(r'(msgid|msgstr) "(.*)"$', line)
            if match:
                field = match.group(1)
                text = match.group(2)
            elif line.startswith('"') and field:
                text = line[1:-1]
            else:
                field = None
                continue
            text = text.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
            if field == "msgid":
                key = text if line.startswith("msgid") else key + text
                messages[key] = ""
            else:
                messages[key] += text
    return messages


def sentence_pattern(reason, ending):
    """A regular expression of the warning pass-through.c makes of the
    printf format `reason` and `ending`: its first letter a capital."""
    parts = re.split(r"(%s|%lu)", reason[:1].upper() + reason[1:])
    body = "".join({"%s": ".+", "%lu": r"\d+"}.get(p, re.escape(p)) for p in parts)
    return re.compile(re.escape(PREFIX) + body + re.escape("; " + ending + ".") + "$")


def build_and_install(source, scratch):
    """The module built with its catalogue folder in scratch/plug-ins,
    the catalogues installed there; the module's path."""
    build = os.path.join(scratch, "build")
    plugins = os.path.join(scratch, "plug-ins")
    shutil.rmtree(plugins, ignore_errors=True)
    options = [f"-Dplugin_dir={plugins}", f"-Dgegl_op_dir={scratch}/gegl", "-Dtests=false"]
    setup = ["meson", "setup", build, source] + options
    if os.path.exists(os.path.join(build, "build.ninja")):
        setup.insert(2, "--reconfigure")
    steps = [setup,
             ["ninja", "-C", build, "gegl-op/fft-band-pass.so", "fft-bandpass-gmo"],
             ["meson", "install", "-C", build, "--no-rebuild", "--tags", "i18n"]]
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True)
        if not check(done.returncode == 0, " ".join(step[:3]) + " …"):
            print(done.stdout[-3000:], done.stderr[-3000:])
            return None
    return os.path.join(build, "gegl-op", "fft-band-pass.so")


def worker(folder, module, modules_dir):
    """Python sets only LC_CTYPE from the environment; gettext reads
    LC_MESSAGES, which GIMP and the gegl program set from it too."""
    locale.setlocale(locale.LC_ALL, "")
    gegl = start_gegl(module, modules_dir, folder)
    given = np.random.default_rng(43).uniform(0, 1, (HEIGHT, WIDTH, 3)).astype(np.float32)
    graph = Graph(gegl, FMT, WIDTH, HEIGHT)
    graph.render(gegl_buffer(gegl, FMT, given), {"notches": NOTCHES})


def warnings_of(module, modules_dir, folder, env):
    run = subprocess.run([sys.executable, __file__, "--worker", folder, module, modules_dir],
                         capture_output=True, text=True, encoding="utf-8", errors="replace",
                         env=env, timeout=300)
    return [line[line.index(PREFIX):] for line in run.stderr.splitlines() if PREFIX in line]


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--worker":
        worker(*sys.argv[2:])
        return 0
    source, scratch, modules_dir = sys.argv[1:4]
    os.makedirs(scratch, exist_ok=True)
    german = po_messages(os.path.join(source, "po", "de.po"))
    check(german.get(WORD_MSGID) and german.get(ENDING_MSGID),
          "po/de.po translates both messages")
    module = build_and_install(source, scratch)
    if not module:
        return finish()
    catalogue = os.path.join(scratch, "plug-ins", "fft-bandpass", "locale", "de",
                             "LC_MESSAGES", "fft-bandpass.mo")
    check(os.path.exists(catalogue), "meson install put the German catalogue into "
                                     "the plug-ins folder the build was given")

    locales = os.path.join(scratch, "locales")
    os.makedirs(locales, exist_ok=True)
    subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8",
                    os.path.join(locales, "de_DE.UTF-8")], check=True)
    base = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env_de = dict(base, LOCPATH=locales, LC_ALL="de_DE.UTF-8", LANGUAGE="de")
    env_c = dict(base, LC_ALL="C.UTF-8")

    said = warnings_of(module, modules_dir, os.path.join(scratch, "de"), env_de)
    want = sentence_pattern(german.get(WORD_MSGID, ""), german.get(ENDING_MSGID, ""))
    check(len(said) == 1 and want.match(said[0]) is not None,
          f"LANGUAGE=de: one warning, po/de.po's German ({said!r:.400}, "
          f"pattern {want.pattern!r:.300})")
    said = warnings_of(module, modules_dir, os.path.join(scratch, "c"), env_c)
    english = sentence_pattern(WORD_MSGID, ENDING_MSGID)
    check(len(said) == 1 and english.match(said[0]) is not None,
          f"C locale: the same warning in English ({said!r:.400})")
    return finish()


if __name__ == "__main__":
    sys.exit(main())
