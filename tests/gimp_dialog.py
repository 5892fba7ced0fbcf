#!/usr/bin/env python3
"""Opens the real dialog: GIMP 3 runs under Xvfb and calls the procedure
interactively on examples/coffee.png while this test finds the dialog
window, takes screenshots of it, edits large-structures and the device,
and presses OK. The screenshots must not be blank, must change with the
edit, and the call must succeed on the chosen device.

Usage: gimp_dialog.py PATH/TO/fft-bandpass [SCREENSHOT-FOLDER]"""
import os
import shutil
import subprocess
import sys
import time

import gimp_harness as gh

HERE = os.path.dirname(os.path.abspath(__file__))
COFFEE = os.path.join(HERE, "..", "examples", "coffee.png")

CALL_SCRIPT = r'''
import gi
gi.require_version("Gimp", "3.0")
from gi.repository import Gimp, Gio
image = Gimp.file_load(Gimp.RunMode.NONINTERACTIVE, Gio.File.new_for_path({coffee!r}))
proc = Gimp.get_pdb().lookup_procedure("plug-in-fft-bandpass")
config = proc.create_config()
config.set_property("run-mode", Gimp.RunMode.INTERACTIVE)
config.set_property("image", image)
config.set_core_object_array("drawables", image.get_layers())
result = proc.run(config)
print("STATUS " + result.index(0).value_nick, flush=True)
'''


def start_xvfb():
    """Xvfb picks a free display and writes its number to a pipe."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end),
                               "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
                              pass_fds=[write_end], stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as f:
        display = ":" + f.readline().strip()
    return server, display


def xdotool(env, *args):
    return subprocess.run(["xdotool", *args], env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True).stdout.split()


def wait_for_window(env, name, timeout=180):
    deadline = time.time() + timeout
    while time.time() < deadline:
        windows = xdotool(env, "search", "--onlyvisible", "--name", name)
        if windows:
            return windows[0]
        time.sleep(1)
    return None


def screenshot(env, window, path):
    subprocess.run(["import", "-window", window, path], env=env, check=True)
    return path


def colours(path):
    out = subprocess.run(["identify", "-format", "%k", path],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    return int(out)


def differs(first, second):
    """The number of pixels that differ; `compare` exits 1 when any do."""
    result = subprocess.run(["compare", "-metric", "AE", first, second, "null:"],
                            stderr=subprocess.PIPE, text=True)
    return int(float(result.stderr.split()[0]))


def type_into(env, window, mnemonic, text):
    """Focuses a field through its mnemonic and replaces its text."""
    xdotool(env, "windowfocus", "--sync", window)
    xdotool(env, "key", "--window", window, "--clearmodifiers", mnemonic)
    xdotool(env, "key", "--clearmodifiers", "ctrl+a")
    xdotool(env, "type", "--delay", "50", text)
    xdotool(env, "key", "Tab")
    time.sleep(1)


def drive(harness, env, window):
    before = screenshot(env, window, harness.path("before.png"))
    type_into(env, window, "alt+g", "123")
    after = screenshot(env, window, harness.path("after.png"))

    gh.check(colours(before) > 50, f"the dialog is not blank: {colours(before)} colours")
    gh.check(differs(before, after) > 20,
             f"typing into large-structures changes the dialog: "
             f"{differs(before, after)} pixels")

    # The "Advanced" expander sits above the settings buttons; with no
    # window manager the dialog grows in place when it opens.
    height = window_height(env, window)
    xdotool(env, "mousemove", "--window", window, "30", str(height - 125),
            "click", "1")
    time.sleep(1)
    gh.check(window_height(env, window) > height, "Advanced expands")

    expanded = screenshot(env, window, harness.path("expanded.png"))
    xdotool(env, "key", "--window", window, "--clearmodifiers", "alt+v")
    xdotool(env, "key", "Down")
    time.sleep(1)
    chosen = screenshot(env, window, harness.path("chosen.png"))
    gh.check(differs(expanded, chosen) > 20,
             f"the device combo moves to the CPU: {differs(expanded, chosen)} pixels")
    return chosen


def window_height(env, window):
    lines = xdotool(env, "getwindowgeometry", "--shell", window)
    return int(dict(l.split("=") for l in lines)["HEIGHT"])


def main():
    binary = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    harness = gh.Harness(binary)
    server, display = start_xvfb()
    # FFTCL_DEVICE would make the device combo insensitive.
    env = dict(os.environ, DISPLAY=display, GIMP3_DIRECTORY=harness.gimpdir,
               NO_AT_BRIDGE="1")
    env.pop("FFTCL_DEVICE", None)
    script = harness.path("call.py")
    with open(script, "w", encoding="utf-8") as f:
        f.write(CALL_SCRIPT.format(coffee=os.path.abspath(COFFEE)))
    log = open(harness.path("gimp.log"), "w")
    gimp = subprocess.Popen(["gimp-3.0", "-n", "-d", "-f", "--no-splash",
                             "--batch-interpreter=python-fu-eval",
                             "-b", f"exec(open({script!r}).read())", "--quit"],
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        window = wait_for_window(env, "Band-pass")
        if gh.check(window is not None, "the dialog opens"):
            shot = drive(harness, env, window)
            if shots:
                os.makedirs(shots, exist_ok=True)
                shutil.copy(shot, os.path.join(shots, "dialog.png"))
            xdotool(env, "key", "--window", window, "--clearmodifiers", "alt+o")
        gimp.wait(timeout=120)
    finally:
        if gimp.poll() is None:
            gimp.kill()
        server.terminate()
        server.wait()
        log.close()
    with open(harness.path("gimp.log")) as f:
        output = f.read()
    statuses = [l for l in output.splitlines() if l.startswith("STATUS ")]
    gh.check(statuses == ["STATUS success"],
             f"OK filters: {statuses or output[-2000:]}")
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
