#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The procedure GIMP 3 registered, read back through Python-Fu, against
the contract of docs/contract.md (names, order, types, ranges, defaults, menu,
image types), and the refusals of bad input that Script-Fu cannot reach:
an indexed image (each procedure, band-pass and remove-pattern, naming
itself), a layer group, no drawable; and plug-in-fft-forward's refusals of
an indexed image, no drawable and two, naming FFT Forward.

Usage: gimp_contract.py PATH/TO/fft-bandpass"""
import json
import sys

import gimp_harness as gh

# name, type, minimum, maximum, default (choices: the list of nicks)
CONTRACT = [
    ("large-structures", "gdouble", 0, 1e6, 40),
    ("small-structures", "gdouble", 0, 1e6, 3),
    ("shape", "choice", ["gaussian", "butterworth", "ideal"], None, "gaussian"),
    ("order", "gdouble", 0.5, 20, 2),
    ("mode", "choice", ["band-pass", "band-reject"], None, "band-pass"),
    ("keep-mean", "gboolean", None, None, True),
    ("stripes", "choice", ["none", "horizontal", "vertical"], None, "none"),
    ("stripe-tolerance", "gdouble", 0, 100, 5),
    ("notches", "GimpDoubleArray", None, None, None),
    ("padding", "choice", ["mirror", "zero", "smooth"], None, "mirror"),
    ("channels", "choice", ["rgb", "luminance"], None, "rgb"),
    ("linear", "gboolean", None, None, False),
    ("find-patterns", "gboolean", None, None, False),
    ("pattern-sensitivity", "gdouble", 0, 100, 50),
    ("output", "choice", ["replace", "new-layer", "removed-part"], None,
     "replace"),
    ("autoscale", "gboolean", None, None, False),
    ("non-destructive", "gboolean", None, None, False),
    ("notch-channels", "gchararray", None, None, ""),
    ("print-screen", "gdouble", 0, 1e6, 0),
]

INTROSPECT = r'''
import json, gi
gi.require_version("Gimp", "3.0")
from gi.repository import Gimp, GObject
proc = Gimp.get_pdb().lookup_procedure("plug-in-fft-bandpass")
def describe(p):
    d = {"name": p.name, "type": GObject.type_name(p.value_type)}
    if isinstance(p, GObject.ParamSpecDouble):
        d.update(min=p.minimum, max=p.maximum, default=p.default_value)
    elif isinstance(p, (GObject.ParamSpecBoolean, GObject.ParamSpecString)):
        d["default"] = p.default_value
    if GObject.type_name(p.__gtype__) == "GimpParamChoice":
        d.update(type="choice",
                 choices=Gimp.param_spec_choice_get_choice(p).list_nicks(),
                 default=Gimp.param_spec_choice_get_default(p))
    return d
def refusal(img, drawables, procedure=proc):
    cfg = procedure.create_config()
    cfg.set_property("run-mode", Gimp.RunMode.NONINTERACTIVE)
    cfg.set_property("image", img)
    cfg.set_core_object_array("drawables", drawables)
    img.clean_all()
    result = procedure.run(cfg)
    ok = result.index(0) == Gimp.PDBStatusType.SUCCESS
    return {"ok": ok, "error": "" if ok else Gimp.get_pdb().get_last_error(),
            "dirty": bool(img.is_dirty())}
indexed = Gimp.Image.new(16, 16, Gimp.ImageBaseType.INDEXED)
layer = Gimp.Layer.new(indexed, "i", 16, 16, Gimp.ImageType.INDEXED_IMAGE, 100,
                       Gimp.LayerMode.NORMAL)
indexed.insert_layer(layer, None, 0)
grouped = Gimp.Image.new(16, 16, Gimp.ImageBaseType.RGB)
group = Gimp.GroupLayer.new(grouped, "group")
grouped.insert_layer(group, None, 0)
inner = Gimp.Layer.new(grouped, "inner", 16, 16, Gimp.ImageType.RGB_IMAGE, 100,
                       Gimp.LayerMode.NORMAL)
grouped.insert_layer(inner, group, 0)
report = {
    "arguments": [describe(p) for p in proc.get_arguments()],
    "menu_label": proc.get_menu_label(),
    "menu_paths": list(proc.get_menu_paths()),
    "image_types": proc.get_image_types(),
    "indexed": refusal(indexed, [layer]),
    "group": refusal(grouped, [group]),
    "none": refusal(grouped, []),
}
remove = Gimp.get_pdb().lookup_procedure("plug-in-fft-remove-pattern")
report["remove_pattern"] = {
    "arguments": [describe(p) for p in remove.get_arguments()],
    "menu_label": remove.get_menu_label(),
    "menu_paths": list(remove.get_menu_paths()),
    "indexed": refusal(indexed, [layer], remove),
}
forward = Gimp.get_pdb().lookup_procedure("plug-in-fft-forward")
report["forward"] = {
    "indexed": refusal(indexed, [layer], forward),
    "none": refusal(grouped, [], forward),
    "two": refusal(grouped, [inner, group], forward),
}
print("CONTRACT-JSON " + json.dumps(report))
'''


def main():
    harness = gh.Harness(sys.argv[1])
    script = harness.path("introspect.py")
    with open(script, "w", encoding="utf-8") as f:
        f.write(INTROSPECT)
    output = harness.run_gimp([f"exec(open({script!r}).read())"],
                              interpreter="python-fu-eval")
    lines = [l for l in output.splitlines() if l.startswith("CONTRACT-JSON ")]
    if not gh.check(len(lines) == 1, "GIMP described the procedure"):
        print(output[-4000:])
        sys.exit(gh.finish())
    report = json.loads(lines[0][len("CONTRACT-JSON "):])

    arguments = report["arguments"][3:]  # after run-mode, image, drawables
    leading = [a["name"] for a in report["arguments"][:3]]
    gh.check(leading == ["run-mode", "image", "drawables"],
             f"leading arguments {leading}")
    gh.check([a["name"] for a in arguments] == [c[0] for c in CONTRACT],
             "argument names and order: " + " ".join(a["name"] for a in arguments))
    by_name = {a["name"]: a for a in arguments}
    for name, kind, low, high, default in CONTRACT:
        got = by_name.get(name, {})
        if kind == "choice":
            want = {"type": "choice", "choices": low, "default": default}
        elif kind == "gdouble":
            want = {"type": kind, "min": low, "max": high, "default": default}
        elif kind in ("gboolean", "gchararray"):
            want = {"type": kind, "default": default}
        else:
            want = {"type": kind}
        seen = {k: got.get(k) for k in want}
        gh.check(seen == want, f"{name}: {seen}")
    gh.check(report["menu_label"] == "_Band-pass…", f"menu label {report['menu_label']!r}")
    gh.check(report["menu_paths"] == ["<Image>/Filters/Frequency"],
             f"menu path {report['menu_paths']}")
    # Filters › Enhance's entry: the same arguments, its own menu.
    remove = report["remove_pattern"]
    gh.check(remove["arguments"] == report["arguments"],
             "plug-in-fft-remove-pattern takes the same arguments")
    gh.check(remove["menu_label"] == "Remove _Periodic Pattern…"
             and remove["menu_paths"] == ["<Image>/Filters/Enhance"],
             f"remove-pattern menu {remove['menu_label']!r} {remove['menu_paths']}")
    gh.check(report["image_types"].replace(" ", "") == "RGB*,GRAY*",
             f"image types {report['image_types']!r}")
    # Each procedure names itself in its refusal.
    for result, title in ((report["indexed"], "Band-pass"),
                          (remove["indexed"], "Remove Periodic Pattern")):
        gh.check(result["error"].startswith(f"{title} does not work on indexed"),
                 f"indexed: {title!r} names itself ({result['error']!r})")
    for case, word in (("indexed", "indexed"), ("group", "group"), ("none", "drawable")):
        result = report[case]
        gh.check(not result["ok"] and word in result["error"].lower(),
                 f"{case}: refused with {result['error']!r}")
        gh.check(not result["dirty"], f"{case}: image left clean, no undo step")
    for case, words in (("indexed", "does not work on indexed images"),
                        ("none", "has no drawable to make the spectrum of"),
                        ("two", "takes exactly one drawable")):
        result = report["forward"][case]
        gh.check(not result["ok"] and result["error"].startswith(f"FFT Forward {words}")
                 and not result["dirty"],
                 f"forward, {case}: refused naming FFT Forward, image clean "
                 f"({result['error']!r})")
    sys.exit(gh.finish())


if __name__ == "__main__":
    main()
