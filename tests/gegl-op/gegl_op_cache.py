#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""fft:band-pass keeps the spectrum of the input it filtered last
(gegl-op/op-spectrum-cache.c): a property changed on the same input runs
only the gain and the inverse transform. Through GEGL itself (Python's
GObject bindings), in one graph whose properties change as GIMP's do:

  - the input's pixels are the key: after a change of a property that
    leaves the padded geometry and the format as they were, the kept
    spectrum serves (the operation's debug message says so); a changed
    pixel, another format (luminance only) or another geometry loads the
    input again;
  - where GEGL did not invalidate the node that feeds the input, its
    pixels are not read again (another debug message); a pixel written
    into that node's buffer in place invalidates it, and the pixels read
    then are not the kept ones;
  - every result, kept spectrum or not, equals the same settings filtered
    where nothing is kept, within single precision's rounding (the FFTW
    plans differ once a size's measured plans exist); the oracle is the
    operation's own uncached path, itself checked against the plug-in and
    numpy by gimp_gegl_op.py;
  - the kept spectrum is released when the operation is finalized, when
    GEGL's tile cache is made smaller (a larger one keeps it), and after
    30 s without a filter while GLib's main loop runs: the process's
    resident memory then drops by at least the kept pixels and two
    spectra (each at least as many bytes as the pixels), malloc's mmap
    threshold fixed so that blocks freed go back to the system at once.

Usage: gegl_op_cache.py PATH/TO/fft-band-pass.so GEGL-MODULES-DIR"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

from gegl_op_harness import Graph, check, finish, gegl_buffer, start_gegl

HIT = "only the gain and the inverse transform run"
NOT_READ = "its pixels are not read again"
WIDTH, HEIGHT = 300, 200
TOLERANCE = 1e-5

BAND = {"large-structures": 40.0, "small-structures": 3.0}
# (name, input, properties set on the node, whether the kept spectrum
# must serve); each step changes the node of the step before.
STEPS = [
    ("first", "p", BAND, False),
    ("smaller", "p", {"small-structures": 6.0}, True),
    ("butterworth", "p", {"shape": "butterworth", "order": 3.0}, True),
    ("reject", "p", {"mode": "band-reject"}, True),
    ("notch on axis", "p", {"mode": "band-pass", "notches": "0.2 0 0.05"},
     True),
    ("removed part", "p", {"output": "removed-part"}, True),
    ("autoscale", "p", {"output": "result", "autoscale": True}, True),
    ("pixel changed", "q", {}, False),
    ("back to p", "p", {}, False),
    ("luminance", "p", {"channels": "luminance"}, False),
    ("luminance again", "p", {"small-structures": 4.0}, True),
    ("notch off axis", "p", {"channels": "rgb",
                             "notches": "0.1 0.1 0.01"}, None),
    ("large", "p", {"large-structures": 150.0}, None),
    # p's buffer written in place with r's pixels: the same node and
    # buffer, invalidated by the write.
    ("written in place", "p<r", {"small-structures": 3.0}, False),
    ("written back", "p<p", {}, False),
]
# After the steps, on p: GEGL's tile-cache-size multiplied by the factor
# before a change, which the kept spectrum serves where the cache grew
# and not where it shrank.
CACHE_STEPS = [("cache grown", {"small-structures": 4.0}, 2, True),
               ("cache shrunk", {"small-structures": 3.0}, 0.25, False)]
# Then a change the kept spectrum serves, then the same
# change back after the operation's idle time (OP_SPECTRUM_CACHE_IDLE_S)
# with GLib's main loop running, which nothing kept serves.
IDLE_S = 30
# Blocks above this many bytes are mapped, and unmapped when freed
# (glibc's threshold, else raised by frees, fixed).
MMAP_THRESHOLD = 128 * 1024
# What the idle let-go frees at least: the pixels, 3 float channels, and
# two spectra no smaller.
KEPT_BYTES = 3 * WIDTH * HEIGHT * 3 * 4
IDLE_STEPS = [("before idle", {"small-structures": 5.0}),
              ("after idle", {"small-structures": 3.0})]


def pictures():
    rng = np.random.default_rng(24)
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH]
    base = 0.5 + 0.2 * np.sin(x / 7.0)[..., None] * np.cos(y / 11.0)[..., None]
    p = np.clip(base + 0.05 * rng.standard_normal((HEIGHT, WIDTH, 3)), 0, 1)
    q = p.copy()
    q[HEIGHT // 2, WIDTH // 3, 1] += 0.25
    r = p.copy()
    r[HEIGHT // 3, WIDTH // 2, 0] -= 0.25
    return {"p": p.astype(np.float32), "q": q.astype(np.float32),
            "r": r.astype(np.float32),
            "z": np.full((HEIGHT, WIDTH, 3), 0.3, np.float32)}


def idle(seconds):
    """GLib's main loop run for `seconds`, as GIMP's runs between filters."""
    from gi.repository import GLib
    loop = GLib.MainLoop()
    GLib.timeout_add_seconds(seconds, loop.quit)
    loop.run()


def resident_bytes():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise SystemExit("no VmRSS in /proc/self/status")


def worker(mode, folder, module, modules_dir):
    """Runs the steps: `kept` in one graph as GIMP would, `fresh` each in
    a graph of its own after another input emptied the cache. Prints a
    line per step before it runs; saves the results."""
    gegl = start_gegl(module, modules_dir, folder)
    fmt = "R'G'B' float"
    given = pictures()
    buffers = {name: gegl_buffer(gegl, fmt, data) for name, data in given.items()}

    def result(graph, picture, properties):
        """"a<b": buffer a, written with b's pixels in place where the
        graph holds it already (else b's own buffer)."""
        target, _, written = picture.partition("<")
        if written and mode == "kept":
            buffers[target].set(graph.rect, fmt, given[written].tobytes())
        elif written:
            target = written
        graph.render(buffers[target], properties)
        return graph.result(np.float32)

    results = {}
    if mode == "kept":
        graph = Graph(gegl, fmt, WIDTH, HEIGHT)
        for name, picture, properties, _ in STEPS:
            print("STEP", name, flush=True)
            results[name] = result(graph, picture, properties)
        config = gegl.config()
        for name, properties, factor, _ in CACHE_STEPS:
            config.props.tile_cache_size = int(config.props.tile_cache_size * factor)
            print("STEP", name, flush=True)
            results[name] = result(graph, "p", properties)
        for name, properties in IDLE_STEPS:
            if name == "after idle":
                before = resident_bytes()
                idle(IDLE_S + 2)
                print(f"IDLE FREED {before - resident_bytes()}", flush=True)
            print("STEP", name, flush=True)
            results[name] = result(graph, "p", properties)
        del graph
        print("STEP released", flush=True)
        results["after release"] = result(Graph(gegl, fmt, WIDTH, HEIGHT),
                                          "p", BAND)
    else:
        settled = {}
        for name, picture, properties, _ in STEPS:
            settled.update(properties)
            for step_input in ("z", picture):
                print("STEP", name if step_input == picture else "empty",
                      flush=True)
                results[name] = result(Graph(gegl, fmt, WIDTH, HEIGHT),
                                       step_input, settled)
    np.savez(os.path.join(folder, mode + ".npz"),
             **{k.replace(" ", "_"): v for k, v in results.items()})


def hits_by_step(output, message):
    """The steps whose run printed the operation's `message`."""
    hits, step = {}, None
    for line in output.splitlines():
        if line.startswith("STEP "):
            step = line[5:]
            hits[step] = False
        elif message in line and step is not None:
            hits[step] = True
    return hits


def run_worker(mode, folder, module, modules_dir, env):
    run = subprocess.run([sys.executable, __file__, "--worker", mode, folder,
                          module, modules_dir],
                         env=env, capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        sys.stderr.write(run.stdout + run.stderr)
        raise SystemExit(f"the {mode} worker failed ({run.returncode})")
    output = run.stdout + run.stderr
    freed = [int(line.split()[2]) for line in run.stdout.splitlines()
             if line.startswith("IDLE FREED ")]
    return (hits_by_step(output, HIT), hits_by_step(output, NOT_READ),
            freed[0] if freed else None)


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "--worker":
        worker(*sys.argv[2:])
        return 0
    module, modules_dir = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, XDG_CACHE_HOME=folder,
                   G_MESSAGES_DEBUG="fft-band-pass",
                   MALLOC_MMAP_THRESHOLD_=str(MMAP_THRESHOLD))
        kept_hits, kept_unread, freed = run_worker("kept", folder, module,
                                                   modules_dir, env)
        fresh_hits, _, _ = run_worker("fresh", folder, module, modules_dir, env)
        kept = np.load(os.path.join(folder, "kept.npz"))
        fresh = np.load(os.path.join(folder, "fresh.npz"))

        check(not any(fresh_hits.values()),
              "fresh runs: nothing kept served (%s)"
              % json.dumps([k for k, v in fresh_hits.items() if v]))
        for name, _, _, must_hit in STEPS:
            key = name.replace(" ", "_")
            if must_hit is not None:
                check(kept_hits.get(name) == must_hit,
                      f"{name}: kept spectrum {'serves' if must_hit else 'not used'}"
                      f" (it {'did' if kept_hits.get(name) else 'did not'})")
                check(kept_unread.get(name) == must_hit,
                      f"{name}: the input {'not ' if must_hit else ''}read again"
                      f" ({'not read' if kept_unread.get(name) else 'read'})")
            difference = float(np.abs(kept[key] - fresh[key]).max())
            check(difference <= TOLERANCE and np.isfinite(kept[key]).all(),
                  f"{name}: equal to a fresh run (max |difference| {difference:.2e})")
        check(not np.array_equal(kept["first"], kept["smaller"]),
              "the changes change the result")
        for name, _, factor, must_hit in CACHE_STEPS:
            check(kept_hits.get(name) == must_hit,
                  f"{name} (tile-cache-size times {factor}): kept spectrum "
                  f"{'serves' if must_hit else 'let go'} (it "
                  f"{'did' if kept_hits.get(name) else 'did not'} serve)")
        check(np.abs(kept["cache_shrunk"] - kept["written_back"]).max() <= TOLERANCE,
              "and after the shrink it filters as before")
        check(kept_hits.get("before idle") and not kept_hits.get("after idle"),
              f"the kept spectrum serves, and after {IDLE_S} s idle it is let go "
              f"(before: {kept_hits.get('before idle')}, after: "
              f"{kept_hits.get('after idle')})")
        check(freed is not None and freed >= KEPT_BYTES,
              f"while idle the process's resident memory dropped by {freed} "
              f"bytes, at least the {KEPT_BYTES} kept")
        check(np.isfinite(kept["after_idle"]).all()
              and np.abs(kept["after_idle"] - kept["written_back"]).max() <= TOLERANCE,
              "and then it filters as before")
        check(not kept_hits.get("released"),
              "after the operation is finalized, nothing kept serves "
              "a new one")
        check(np.abs(kept["after_release"] - kept["first"]).max() <= TOLERANCE,
              "and it filters as the first time")

    return finish()


if __name__ == "__main__":
    sys.exit(main())
