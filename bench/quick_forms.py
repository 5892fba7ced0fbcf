#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs one benchmark's quick form (bench/forms.py) once and fails if it
fails or prints no table; its times are not looked at. So a benchmark
that stops working fails the test suite.

  quick_forms.py --list [--no-gimp]   the names, one a line
  quick_forms.py NAME BUILD           run NAME's quick form with BUILD"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import forms  # noqa: E402


def main():
    if sys.argv[1] == "--list":
        gimp = "--no-gimp" not in sys.argv
        print("\n".join(form.name for form in forms.FORMS if gimp or not form.gimp))
        return 0
    form = forms.by_name(sys.argv[1])
    arguments = forms.command(form.quick, os.path.abspath(sys.argv[2]))
    print(" ".join(arguments), flush=True)
    output, failure = forms.run(form, arguments)
    print(output)
    if failure:
        print(f"FAIL: {form.name}: {failure}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
