# SPDX-License-Identifier: GPL-3.0-or-later
"""What a benchmark report states about where it ran: the commit, the
processor and its cores, the GIMP and GEGL at hand, the load."""
import datetime
import os
import platform
import subprocess

CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def processor():
    with open("/proc/cpuinfo") as f:
        names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
    return f"{names[0] if names else platform.machine()} × {os.cpu_count()}"


def commit():
    """HEAD's commit, read from .git (the Debian 13 root has no git); the
    tree may differ from it. A git worktree's .git points outside the
    checkout, which the Debian roots do not see: then "unknown"."""
    git = os.path.join(CHECKOUT, ".git")
    try:
        head = open(os.path.join(git, "HEAD")).read().strip()
        if head.startswith("ref: "):
            ref = head[5:]
            loose = os.path.join(git, ref)
            packed = os.path.join(git, "packed-refs")
            head = (open(loose).read() if os.path.exists(loose) else
                    next(line.split()[0] for line in open(packed) if line.strip().endswith(ref)))
        return f"{head.strip()[:7]} (working tree of {datetime.date.today()})"
    except (OSError, StopIteration):
        return f"unknown (working tree of {datetime.date.today()})"


def package_version(name):
    """The version pkg-config gives for name, else "none"."""
    found = subprocess.run(["pkg-config", "--modversion", name], text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return found.stdout.strip() if found.returncode == 0 else "none"


def system():
    try:
        with open("/etc/os-release") as f:
            fields = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
        return fields.get("PRETTY_NAME", "?").strip('"')
    except OSError:
        return platform.platform()


def memory_gib():
    with open("/proc/meminfo") as f:
        kib = next(int(line.split()[1]) for line in f if line.startswith("MemTotal"))
    return kib / 2**20


def load():
    return " ".join(f"{value:.2f}" for value in os.getloadavg())
