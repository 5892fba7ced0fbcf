# SPDX-License-Identifier: GPL-3.0-or-later
"""The checks of every Python test, as check.h is for the C ones: each
check prints one line, "ok   LABEL" or "FAIL LABEL", and is counted;
finish() prints the closing "N passed, M failed" that
tools/test-summary.py adds up and gives the test's exit status."""
passed = 0
failed = 0


def check(ok, label):
    """Prints and counts one check; gives `ok` back."""
    global passed, failed
    print(("ok   " if ok else "FAIL ") + label, flush=True)
    if ok:
        passed += 1
    else:
        failed += 1
    return ok


def finish():
    print(f"{passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0
