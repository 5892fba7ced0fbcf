# SPDX-License-Identifier: GPL-3.0-or-later
"""The GEGL module stands on GEGL alone: no libgimp among the libraries
it needs (readelf -d), no gimp_ symbol it leaves undefined (readelf
--dyn-syms), and none of GIMP's headers on the command lines that
compiled it and common/ (compile_commands.json).

    gegl_op_no_gimp.py MODULE COMPILE_COMMANDS"""
import json
import subprocess
import sys

from gegl_op_harness import check, finish


def readelf(*args):
    return subprocess.run(["readelf", *args], capture_output=True, text=True,
                          check=True).stdout


def main():
    module, commands = sys.argv[1], sys.argv[2]
    needed = [line.split("[")[1].rstrip("]") for line in readelf("-d", module).splitlines()
              if "(NEEDED)" in line]
    check(bool(needed) and not any("gimp" in n for n in needed),
          f"libraries needed: {', '.join(needed)}")
    undefined = [line.split()[-1] for line in readelf("--dyn-syms", "-W", module).splitlines()
                 if " UND " in line and line.split()[-1].startswith("gimp")]
    check(not undefined, f"no gimp symbol undefined {undefined[:5]}")
    compiled = [entry for entry in json.load(open(commands))
                if "/gegl-op/" in entry["file"] or "/common/" in entry["file"]]
    with_gimp = [entry["file"] for entry in compiled
                 if "include/gimp-3.0" in entry.get("command", " ".join(entry.get("arguments", [])))]
    check(len(compiled) > 0 and not with_gimp,
          f"{len(compiled)} files of gegl-op/ and common/ compiled without GIMP's headers"
          + (f": {with_gimp}" if with_gimp else ""))
    return finish()


sys.exit(main())
