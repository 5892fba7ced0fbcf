#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Adds up the checks of every test that meson ran and prints one closing
line, "N passed, M failed". A test that printed no such line of its own
counts as one check, passed or failed by its exit status."""
import json
import re
import sys

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$", re.M)
passed = failed = 0
for log in sys.argv[1:]:
    run = log.split("/")[0] + (" valgrind" if "valgrind" in log else "")
    with open(log, encoding="utf-8") as f:
        for line in f:
            test = json.loads(line)
            found = SUMMARY.findall(test.get("stdout") or "")
            ok = test["result"] == "OK"
            p, fl = (int(found[-1][0]), int(found[-1][1])) if found else (int(ok), int(not ok))
            if not ok and fl == 0:
                fl = 1
            print(f"{'ok  ' if ok else 'FAIL'} {run}: {test['name']}: {p} passed, {fl} failed")
            passed += p
            failed += fl
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
