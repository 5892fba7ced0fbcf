# SPDX-License-Identifier: GPL-3.0-or-later
"""The binaries of the GIMP 3 that is installed, for every Python script
that runs GIMP (tests/, tests/deb/, tools/): no script names a GIMP minor
version. tools/gimp-console is the same lookup for shell scripts."""
import functools
import shutil
import subprocess


def installed_version():
    """MAJOR.MINOR of the installed GIMP 3 as pkg-config (gimp-3.0) or
    gimptool reports it; None where neither is there (a root with GIMP and
    no development files)."""
    for args in (["pkg-config", "--modversion", "gimp-3.0"], ["gimptool", "--version"]):
        if shutil.which(args[0]):
            result = subprocess.run(args, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True)
            if result.returncode == 0 and result.stdout.strip():
                return ".".join(result.stdout.strip().split(".")[:2])
    return None


@functools.cache
def gimp_binary(name):
    """name: "gimp-console" (headless) or "gimp" (the GUI). NAME-MAJOR.MINOR
    of the installed version, else the unversioned NAME (GIMP 3.0.4 and 3.2
    both ship it)."""
    version = installed_version()
    binary = ((version and shutil.which(f"{name}-{version}")) or shutil.which(name))
    if not binary:
        raise RuntimeError(f"no GIMP 3 binary {name} on PATH")
    return binary


def gimp_console():
    return gimp_binary("gimp-console")
