#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A property-based test of plug-in-fft-bandpass in real GIMP 3 through
Python-Fu: seeded random and boundary calls, each checked against the
invariants that hold whatever the call (docs/contract.md):

  - every argument of the contract at and beyond its ends: periods 0,
    equal, swapped and huge; each shape; orders 0.5 and 20; stripes with
    tolerance 0 and 100; notches off the range (NaN and inf too), on its
    edge, with a radius 0, negative, NaN or below half a bin of the
    filter's grid, hundreds of them, and arrays not in triples; each
    padding, channels, linear, each output and autoscale (GObject itself
    refuses a NaN or out-of-range number argument, so none reaches the
    plug-in);
  - sizes 1×1, one row or column, odd, prime, tall and wide, layers
    smaller than the image with offsets;
  - 8/16/32-bit integer, half, float and double, linear, non-linear and
    perceptual; RGB, RGBA, GRAY, GRAYA;
  - drawables: layers, a layer mask, a channel, the selection, a layer
    inside a group; and those that must be refused: a layer of another
    image, of an indexed image, never inserted, removed, of a deleted
    image, a group, one passed twice, an indexed image's own layer;
  - NaN, ±inf and values far out of range (1e30, 3e38, 1e300) in visible
    colour, under alpha 0 and as alpha; a half-float step to 60000.

Invariants: the call returns a status (no crash); a failure has a
message and leaves every image's pixels and undo stack untouched (no
image dirty); a success changes only the drawables passed, dirties the
image passed and no other (its undo step: GIMP's PDB cannot count undo
steps), adds one layer per drawable with output new-layer or
removed-part (refused for a channel, a mask or the selection) and none
with replace, leaves the drawables untouched with new-layer, keeps
their type, their alpha
exactly, every visible colour that was finite finite (within ±65504 in
half float), an image that was not black not black (keep-mean, mirror
padding), and visible pixels the same, up to rounding, whatever the
colour under alpha 0. Calls that
the contract refuses must be calling errors; plain valid calls must
succeed.

The reproductions of issue 20's table and each kind of drawable come
first, then the random calls; all run in one GIMP process
(tests/gimp/gimp_properties_driver.py).
FFT_BANDPASS_PROPERTY_CALLS sets how many (default 200),
FFT_BANDPASS_PROPERTY_SEED the seed (default 20), and
FFT_BANDPASS_PROPERTY_CASE='{...}' runs one case as this test prints it
for a failure, to reproduce it.

Usage: gimp_properties.py PATH/TO/fft-bandpass"""
import json
import math
import os
import sys
import time

import numpy as np

import gimp_harness as gh

CALLS = int(os.environ.get("FFT_BANDPASS_PROPERTY_CALLS", "200"))
SEED = int(os.environ.get("FFT_BANDPASS_PROPERTY_SEED", "20"))
ONE_CASE = os.environ.get("FFT_BANDPASS_PROPERTY_CASE")

PRECISIONS = [f"{depth}_{trc}" for depth in ("U8", "U16", "U32", "HALF", "FLOAT", "DOUBLE")
              for trc in ("LINEAR", "NON_LINEAR", "PERCEPTUAL")]
SIZES = [(1, 1), (1, 9), (9, 1), (2, 2), (3, 5), (13, 17), (31, 37), (64, 64), (97, 89),
         (3, 200), (200, 3), (128, 1), (257, 2), (100, 75)]
VALID_LABELS = ["layer0", "layer1", "inner", "mask", "channel", "selection"]
REFUSED_LABELS = ["other", "indexed", "detached", "group"]
# GIMP drops a drawable that no longer exists, and every one after it,
# from the array before the plug-in sees it: first in the array, the
# call has no drawable and is refused; later, the ones before it are
# filtered.
DROPPED_LABELS = ["removed", "deleted"]
DEFAULTS = {"large-structures": 40.0, "small-structures": 3.0, "shape": "gaussian",
            "order": 2.0, "mode": "band-pass", "keep-mean": True, "stripes": "none",
            "stripe-tolerance": 5.0, "notches": [], "padding": "mirror",
            "channels": "rgb", "linear": False, "output": "replace", "autoscale": False}
# The outputs that add a layer above each drawable passed.
LAYER_OUTPUTS = ("new-layer", "removed-part")
HALF_MAX = 65504.0
# How far two runs of one call may differ (FFTW may plan each run's
# transform differently): relative to the value, at least 1; one step
# of an integer precision, as the float result may round either way.
ROUNDING = {"U8": 1.01 / 255, "U16": 1.01 / 65535, "HALF": 1e-3}
FLOAT_ROUNDING = 1e-5
CRASH_WORDS = ("crash", "returned no return values", "terminated")


def log_uniform(rng, low, high):
    return float(math.exp(rng.uniform(math.log(low), math.log(high))))


def periods(rng):
    r = rng.random()
    large = 0.0 if rng.random() < 0.2 else log_uniform(rng, 2, 300)
    small = float(rng.choice([0.0, 1.0, 2.0, 3.0, log_uniform(rng, 0.5, 20)]))
    if r < 0.06:
        return 0.0, 0.0
    if r < 0.1:
        return large or 10.0, large or 10.0
    if r < 0.14:
        return small, large
    if r < 0.2:
        return 1e6, float(rng.choice([0.0, 1e6, 3.0]))
    return large, small


def random_notches(rng, count):
    values = []
    for _ in range(count):
        fx, fy = rng.uniform(-0.5, 0.5, 2)
        if rng.random() < 0.1:
            fx = float(rng.choice([-0.5, 0.5]))
        values += [float(fx), float(fy), log_uniform(rng, 0.005, 0.1)]
    return values


def notches(rng):
    r = rng.random()
    if r < 0.55:
        return []
    if r < 0.77:
        return random_notches(rng, int(rng.integers(1, 7)))
    if r < 0.82:
        return random_notches(rng, int(rng.integers(200, 1000)))
    values = random_notches(rng, int(rng.integers(1, 4)))
    slot = 3 * int(rng.integers(len(values) // 3))
    if r < 0.86:
        values[slot + int(rng.integers(2))] = float(rng.choice([0.5000001, -0.5000001, 0.7, -0.6]))
    elif r < 0.89:
        values[slot + int(rng.integers(2))] = str(rng.choice(["nan", "inf"]))
    elif r < 0.92:
        values[slot + 2] = float(rng.choice([0.0, -0.01])) if rng.random() < 0.6 else "nan"
    elif r < 0.97:
        values[slot + 2] = float(rng.choice([1e-300, 1e-9, 1e-6, 1e-4]))
    else:
        del values[-int(rng.integers(1, 3)):]
    return values


def arguments(rng):
    large, small = periods(rng)
    args = {"large-structures": large, "small-structures": small,
            "shape": str(rng.choice(["gaussian", "butterworth", "ideal"])),
            "order": float(rng.choice([0.5, 20.0, rng.uniform(0.5, 20)])),
            "mode": str(rng.choice(["band-pass", "band-reject"])),
            "keep-mean": bool(rng.random() < 0.7),
            "stripes": str(rng.choice(["none", "none", "horizontal", "vertical"])),
            "stripe-tolerance": float(rng.choice([0.0, 100.0, rng.uniform(0, 100)])),
            "notches": notches(rng),
            "padding": str(rng.choice(["mirror", "zero", "smooth"])),
            "channels": str(rng.choice(["rgb", "luminance"])),
            "linear": bool(rng.random() < 0.3),
            "output": str(rng.choice(["replace", "replace", "new-layer", "removed-part"])),
            "autoscale": bool(rng.random() < 0.3)}
    return args


def specials(rng, precision, alpha):
    if precision.split("_")[0] not in ("HALF", "FLOAT", "DOUBLE") or rng.random() < 0.7:
        return []
    values = ["nan", "inf", "-inf", 1e30, -1e30, 3e38, 1e16]
    if precision.startswith("DOUBLE"):
        values.append(1e300)
    places = ["visible", "hidden", "alpha"] if alpha else ["visible"]
    chosen = []
    for _ in range(int(rng.integers(1, 3))):
        place = str(rng.choice(places))
        value = "nan" if place == "alpha" else values[int(rng.integers(len(values)))]
        chosen.append({"where": place, "value": value})
    return chosen


def layers(rng, size):
    w, h = size
    made = []
    for _ in range(1 if rng.random() < 0.7 else 2):
        alpha = bool(rng.random() < 0.5)
        spec = {"size": [w, h], "offsets": [0, 0], "alpha": alpha}
        if rng.random() < 0.15:
            spec["size"] = [int(rng.integers(1, w + 8)), int(rng.integers(1, h + 8))]
            spec["offsets"] = [int(rng.integers(-4, w)), int(rng.integers(-4, h))]
        made.append(spec)
    return made


def targets(rng, case):
    available = [l for l in VALID_LABELS
                 if (l != "layer1" or len(case["layers"]) > 1) and
                 (l not in ("inner", "mask", "channel") or l in case["extras"] or
                  (l == "inner" and "group" in case["extras"]))]
    chosen = list(rng.choice(available, size=min(len(available), int(rng.integers(1, 3))),
                             replace=False))
    if not chosen or rng.random() < 0.6:
        chosen = ["layer0"] + [c for c in chosen if c != "layer0"][:1]
    r = rng.random()
    if r < 0.16:
        hostile = str(rng.choice(REFUSED_LABELS + ["twice"]))
        if hostile == "twice":
            chosen.append(chosen[0])
        else:
            if hostile == "group" and "group" not in case["extras"]:
                case["extras"].append("group")
            chosen.insert(int(rng.integers(len(chosen) + 1)), hostile)
    elif r < 0.21:
        chosen.insert(int(rng.integers(len(chosen) + 1)), str(rng.choice(DROPPED_LABELS)))
    return [str(c) for c in chosen]


def make_case(rng, index):
    base = "indexed" if rng.random() < 0.03 else str(rng.choice(["rgb", "rgb", "gray"]))
    precision = "U8_NON_LINEAR" if base == "indexed" else str(rng.choice(PRECISIONS))
    size = list(SIZES[int(rng.integers(len(SIZES)))]) if rng.random() < 0.6 else \
        [int(rng.integers(1, 121)), int(rng.integers(1, 121))]
    case = {"id": index, "seed": int(rng.integers(2 ** 31)), "base": base,
            "precision": precision, "size": size, "layers": layers(rng, size),
            "extras": [], "pattern": str(rng.choice(["noise", "smooth", "step", "constant"]))}
    if base != "indexed":
        case["extras"] = [e for e, p in (("mask", 0.15), ("channel", 0.1), ("group", 0.08),
                                         ("selection", 0.15)) if rng.random() < p]
    case["targets"] = targets(rng, case)
    for spec in case["layers"]:
        spec["specials"] = specials(rng, precision, spec["alpha"])
    if precision.startswith("HALF") and rng.random() < 0.3:
        case["pattern"] = "step60000"
    case["arguments"] = arguments(rng)
    case["twin"] = any(s["alpha"] for s in case["layers"]) and rng.random() < 0.25
    return case


def padded(n, reach):
    """An axis of n pixels padded as docs/contract.md §4 says."""
    margin = n if reach >= n else math.ceil(reach)
    return 1 << (n + margin - 1).bit_length()


def drawable_size(case, label):
    if label.startswith("layer"):
        return case["layers"][int(label[5:])]["size"]
    if label == "mask":
        return case["layers"][0]["size"]
    return case["size"]


def radius_min(case, drawables):
    """The smallest notch radius the filter grids of `drawables` resolve:
    half a bin of the longer padded axis (fftcl_notch_radius_min)."""
    args = case["arguments"]
    radii = args["notches"][2::3]
    reach = max([args["large-structures"], args["small-structures"], 8] +
                [1 / r for r in radii])
    sizes = [drawable_size(case, l) for l in drawables if l in VALID_LABELS]
    return max((0.5 / max(padded(w, reach), padded(h, reach)) for w, h in sizes), default=0)


def fixed_case(name, **changes):
    """A case of its own: a 64×64 RGB 8-bit layer, defaults, but for
    `changes` (arguments merged into the defaults)."""
    case = {"id": name, "seed": 1, "base": "rgb", "precision": "U8_NON_LINEAR",
            "size": [64, 64], "extras": [], "pattern": "smooth", "targets": ["layer0"],
            "twin": False,
            "layers": [{"size": [64, 64], "offsets": [0, 0], "alpha": False, "specials": []}]}
    case["arguments"] = dict(DEFAULTS, **changes.pop("arguments", {}))
    case.update(changes)
    return case


def float_layer(size, alpha, *specials):
    return [{"size": size, "offsets": [0, 0], "alpha": alpha, "specials": list(specials)}]


def fixed_cases():
    """Issue 20's reproductions, each drawable kind and each refusal of
    a drawable, run before the random cases."""
    rng = np.random.default_rng(20)
    many = []
    for _ in range(3000):
        many += [float(v) for v in rng.uniform(-0.5, 0.5, 2)] + [float(rng.uniform(0.001, 0.01))]
    hidden = lambda value, **at: {"where": "hidden", "value": value, **at}
    visible = lambda value, **at: {"where": "visible", "value": value, **at}
    rgba = ("FLOAT_LINEAR", [64, 48])
    return [
        fixed_case("row1-radius-1e-300", arguments={"notches": [0.25, 0.25, 1e-300]}),
        fixed_case("row1-radius-1e-300-at-0", arguments={"notches": [0.0, 0.0, 1e-300],
                                                         "keep-mean": False}),
        fixed_case("row2-3000-notches", size=[997, 1009], arguments={"notches": many},
                   layers=float_layer([997, 1009], False)),
        fixed_case("row3-1e30-luminance", precision=rgba[0], size=rgba[1],
                   layers=float_layer(rgba[1], True, visible(1e30)),
                   arguments={"channels": "luminance"}),
        fixed_case("row3-1e16-linear", precision="FLOAT_NON_LINEAR", size=rgba[1],
                   layers=float_layer(rgba[1], False, visible(1e16)),
                   arguments={"linear": True}),
        fixed_case("row3-3e38-rgb", precision=rgba[0], size=rgba[1],
                   layers=float_layer(rgba[1], False, visible(3e38))),
        fixed_case("row3-double-1e300", precision="DOUBLE_LINEAR", size=rgba[1],
                   layers=float_layer(rgba[1], False, visible(1e300))),
        fixed_case("row4-nan-hidden", precision=rgba[0], size=rgba[1], twin=True,
                   layers=float_layer(rgba[1], True, hidden("nan"))),
        fixed_case("row4-inf-hidden", precision=rgba[0], size=rgba[1], twin=True,
                   layers=float_layer(rgba[1], True, hidden("inf"))),
        fixed_case("row4-1e30-hidden-luminance", precision=rgba[0], size=rgba[1], twin=True,
                   layers=float_layer(rgba[1], True, hidden(1e30)),
                   arguments={"channels": "luminance"}),
        fixed_case("row4-nan-alpha", precision=rgba[0], size=rgba[1], twin=True,
                   layers=float_layer(rgba[1], True, {"where": "alpha", "value": "nan"})),
        fixed_case("row5-nan-red", precision=rgba[0], size=rgba[1],
                   layers=float_layer(rgba[1], True, visible("nan", at=[5, 5, 0]))),
        fixed_case("row6-half-step-ideal", precision="HALF_LINEAR", pattern="step60000",
                   arguments={"shape": "ideal", "small-structures": 4.0}),
        fixed_case("row6-half-step-butterworth", precision="HALF_LINEAR", pattern="step60000",
                   arguments={"shape": "butterworth", "order": 20.0,
                              "small-structures": 4.0}),
        fixed_case("row7-indexed-image-layer", targets=["indexed"]),
        fixed_case("row8-other-image-layer", targets=["other"]),
        fixed_case("row9-detached", targets=["detached"]),
        fixed_case("row9-inserted-detached", targets=["layer0", "detached"]),
        fixed_case("row10-notch-beyond-edge", arguments={"notches": [0.5000001, 0.1, 0.01]},
                   message_has=["0.5000001"]),
        fixed_case("row11-removed", targets=["removed"]),
        fixed_case("row11-deleted-image-layer", targets=["deleted"]),
        fixed_case("row11-good-removed", targets=["layer0", "removed"]),
        fixed_case("group", extras=["group"], targets=["group"]),
        fixed_case("passed-twice", targets=["layer0", "layer0"]),
        fixed_case("indexed-image", base="indexed"),
        fixed_case("mask-channel-selection", extras=["mask", "channel", "selection"],
                   targets=["mask", "channel", "selection"]),
        fixed_case("inside-group", extras=["group"], targets=["inner", "layer0"]),
    ]


def refusals(case):
    """Why the contract refuses the call; empty when it does not."""
    why = []
    drawables = case["targets"]
    if case["base"] == "indexed":
        why.append("indexed image")
    if drawables and drawables[0] in DROPPED_LABELS:
        why.append("no drawable")
    passed = drawables[:min([drawables.index(l) for l in DROPPED_LABELS if l in drawables],
                            default=len(drawables))]
    why += [f"drawable {l}" for l in passed if l in REFUSED_LABELS]
    if len(set(passed)) < len(passed):
        why.append("drawable twice")
    args = case["arguments"]
    if args.get("output", "replace") in LAYER_OUTPUTS:
        why += [f"output {args['output']} on {l}, not a layer" for l in passed
                if l in ("mask", "channel", "selection")]
    large, small = args["large-structures"], args["small-structures"]
    if large > 0 and small > 0 and small >= large:
        why.append("empty band")
    values = args["notches"]
    if len(values) % 3:
        why.append("notches not in triples")
    triples = [values[i:i + 3] for i in range(0, len(values) - len(values) % 3, 3)]
    for fx, fy, radius in triples:
        if any(isinstance(v, str) for v in (fx, fy)) or abs(fx) > 0.5 or abs(fy) > 0.5:
            why.append("notch off the range")
        if isinstance(radius, str) or radius < 0:
            why.append("notch radius negative or not a number")
        elif radius == 0 and fx == 0 and fy == 0:
            why.append("wave (radius 0) at the mean")
    if why or not triples:
        return why
    smallest = radius_min(case, passed)
    if any(0 < radius < smallest for _, _, radius in triples):
        why.append(f"notch radius below half a bin ({smallest:.6g})")
    return why


def plain(case):
    """A call that must succeed: valid drawables and arguments, finite
    pixels."""
    return not refusals(case) and \
        not any(s["specials"] for s in case["layers"]) and \
        case["pattern"] != "step60000"


def passed_labels(case):
    drawables = case["targets"]
    cut = min([drawables.index(l) for l in DROPPED_LABELS if l in drawables],
              default=len(drawables))
    return drawables[:cut]


def broken(case, report):
    """The invariants the call broke, each with what shows it."""
    failures = []

    def fail(name, detail):
        failures.append((name, detail))

    status, message = report["status"], report.get("message", "")
    if status not in ("success", "calling-error", "execution-error") or \
            any(w in message.lower() for w in CRASH_WORDS):
        fail("returns a status", f"{status}: {message}")
        return failures
    if report.get("not_set"):
        return failures  # GIMP kept its own value: no longer the case generated
    why = refusals(case)
    if why and status != "calling-error":
        fail("refused calls are calling errors", f"refused for: {'; '.join(why)}")
    if plain(case) and status != "success":
        fail("valid calls succeed", "a valid call")
    missing = [w for w in case.get("message_has", []) if w not in message]
    if missing:
        fail("messages name the values exactly", f"{missing} not in the message")
    dirty = [name for name, d in report["dirty"].items() if d]
    if status != "success":
        if not message.strip() or message.strip() == "success":
            fail("a failure has a message", repr(message))
        if report["changed"] or dirty or report.get("layers_added"):
            fail("a failure leaves every image untouched",
                 f"changed {report['changed']}, dirty {dirty}, "
                 f"{report.get('layers_added')} layers added")
        return failures
    added = len(passed_labels(case)) \
        if case["arguments"].get("output", "replace") in LAYER_OUTPUTS else 0
    if report.get("layers_added", 0) != added:
        fail("new-layer and removed-part add one layer per drawable, replace none",
             f"{report.get('layers_added')} layers added, {added} expected")
    if case["arguments"].get("output") == "new-layer" and report["changed"]:
        fail("new-layer leaves the drawables untouched", f"changed {report['changed']}")
    extra = set(report["changed"]) - set(passed_labels(case))
    if extra:
        fail("only the drawables passed change", f"also changed: {sorted(extra)}")
    if dirty != ["main"]:
        fail("an undo step in the image passed only", f"dirty: {dirty}")
    if not report["type_kept"]:
        fail("types and precision kept", "changed")
    for target in report["targets"]:
        label = target["label"]
        if target["nonfinite_out"]:
            fail("finite visible colour stays finite",
                 f"{label}: {target['nonfinite_out']} of {target['visible']} visible pixels, "
                 f"first at (row, column) {target['first_nonfinite']}")
        if target["alpha_changed"]:
            fail("alpha kept exactly", f"{label}: {target['alpha_changed']} values changed")
        if case["precision"].startswith("HALF") and target["max_abs_out"] > HALF_MAX:
            fail("half float stays within ±65504", f"{label}: {target['max_abs_out']}")
        # Mirror padding fills the margin with means of image values, so
        # with the mean kept the result cannot be all black where every
        # visible input value was bright.
        args = case["arguments"]
        if args["keep-mean"] and args["mode"] == "band-pass" and args["padding"] == "mirror" \
                and target["min_in"] > 0.05 and target["max_out"] <= 0 and target["visible"]:
            fail("an image that was not black is not black",
                 f"{label}: input {target['min_in']:.3g} … {target['max_in']:.3g}, "
                 f"output at most {target['max_out']:.3g}")
    leak = report.get("hidden_leak")
    if leak and leak > ROUNDING.get(case["precision"].split("_")[0], FLOAT_ROUNDING):
        fail("colour under alpha 0 never reaches visible pixels",
             f"visible pixels moved by {leak:.3g} (relative) when it changed")
    return failures


def describe(case):
    """The case in a line, arguments that differ from the defaults only."""
    w, h = case["size"]
    args = {k: v for k, v in case["arguments"].items() if v != DEFAULTS[k]}
    if len(args.get("notches", [])) > 9:
        args["notches"] = f"{len(args['notches']) // 3} notches"
    layers = ", ".join(f"{'RGB' if case['base'] == 'rgb' else case['base'].upper()}"
                       f"{'A' if s['alpha'] else ''} {s['size'][0]}×{s['size'][1]}"
                       + (f" {s['specials']}" if s['specials'] else "") for s in case["layers"])
    return (f"#{case['id']} {case['precision']} image {w}×{h} [{layers}] {case['pattern']} "
            f"extras {case['extras']} → {case['targets']} args {args}")


def weight(case):
    """Smaller is a simpler reproduction."""
    w, h = case["size"]
    return (len(case["arguments"]["notches"]), len(case["targets"]), w * h)


def run(harness, cases):
    folder = harness.path("properties")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "cases.json"), "w") as f:
        json.dump(cases, f)
    start = time.time()
    output = harness.run_gimp([gh.python_batch("gimp_properties_driver.py")],
                              env={"PROPERTIES_FOLDER": folder},
                              interpreter="python-fu-eval", timeout=3000)
    reports = {}
    path = os.path.join(folder, "reports.jsonl")
    if os.path.exists(path):
        reports = {r["id"]: r for r in map(json.loads, open(path))}
    calls = sorted(((r.get("seconds", 0), r["id"]) for r in reports.values()),
                   key=lambda call: call[0])
    print(f"{len(reports)} of {len(cases)} calls in {time.time() - start:.0f} s, "
          f"{sum(c[0] for c in calls):.0f} s of them in the plug-in; slowest: "
          + ", ".join(f"#{i} {t:.1f} s" for t, i in calls[-3:][::-1]), flush=True)
    if len(reports) < len(cases):
        current = open(os.path.join(folder, "current.json")).read()
        print(f"GIMP ended during case {current}\n{output[-3000:]}")
    return reports


def main():
    harness = gh.Harness(sys.argv[1])
    rng = np.random.default_rng(SEED)
    cases = [json.loads(ONE_CASE)] if ONE_CASE else \
        fixed_cases() + [make_case(rng, i) for i in range(CALLS)]
    reports = run(harness, cases)
    gh.check(len(reports) == len(cases), f"every call returned ({len(reports)} of {len(cases)})")
    statuses = {}
    broken_by = {}
    for case in cases:
        report = reports.get(case["id"])
        if report is None:
            continue
        statuses[report["status"]] = statuses.get(report["status"], 0) + 1
        for name, detail in broken(case, report):
            broken_by.setdefault(name, []).append((case, detail, report))
    not_set = sum(bool(r.get("not_set")) for r in reports.values())
    print(f"statuses: {statuses}; {not_set} calls with an argument GIMP would not set",
          flush=True)
    for name in sorted(broken_by):
        failures = sorted(broken_by[name], key=lambda f: weight(f[0]))
        gh.check(False, f"{name}: broken in {len(failures)} calls")
        for case, detail, report in failures[:5]:
            print(f"    {describe(case)}\n      {detail} ({report['status']}: "
                  f"{report.get('message', '')[:200]!r})")
        case = failures[0][0]
        print(f"    simplest, to reproduce: FFT_BANDPASS_PROPERTY_CASE='{json.dumps(case)}'")
    gh.check(not broken_by, f"every invariant held in every call ({len(reports)} calls)")
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
