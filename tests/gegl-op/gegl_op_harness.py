# SPDX-License-Identifier: GPL-3.0-or-later
"""What the tests of tests/gegl-op/ share: fft:band-pass in a graph of
GEGL's own, through Python's GObject bindings, as GIMP drives a filter (a
buffer source, the operation, a buffer it writes to; properties set on the
operation's node and the graph processed again), also run by
bench/op_change_bench.py; and the checks, tests/checks.py's."""
import os
import shutil
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, finish  # noqa: E402,F401


def start_gegl(module, modules_dir, folder):
    """GEGL, initialised with `module` copied into a private folder of
    `folder` that GEGL_PATH names before `modules_dir`."""
    private = os.path.join(folder, "modules")
    os.makedirs(private, exist_ok=True)
    shutil.copy(module, private)
    os.environ["GEGL_PATH"] = private + os.pathsep + modules_dir
    import gi
    gi.require_version("Gegl", "0.4")
    from gi.repository import Gegl
    Gegl.init(None)
    return Gegl


def gegl_buffer(gegl, fmt, pixels):
    """A GEGL buffer holding `pixels` (height × width × components, their
    dtype matching the babl format `fmt`)."""
    height, width = pixels.shape[:2]
    made = gegl.Buffer.new(fmt, 0, 0, width, height)
    made.set(gegl.Rectangle.new(0, 0, width, height), fmt,
             np.ascontiguousarray(pixels).tobytes())
    return made


class Graph:
    """buffer-source → fft:band-pass → write-buffer, for height × width
    pixels in the babl format `fmt`."""

    def __init__(self, gegl, fmt, width, height):
        self.gegl, self.fmt = gegl, fmt
        self.rect = gegl.Rectangle.new(0, 0, width, height)
        self.shape = (height, width)
        self.root = gegl.Node()
        self.source = self.root.create_child("gegl:buffer-source")
        self.op = self.root.create_child("fft:band-pass")
        self.sink = self.root.create_child("gegl:write-buffer")
        self.sink.set_property("buffer", gegl.Buffer.new(fmt, 0, 0, width, height))
        self.source.connect_to("output", self.op, "input")
        self.op.connect_to("output", self.sink, "input")

    def render(self, source, properties):
        """Processes the graph on `source` (a gegl_buffer) with
        `properties` set on the operation. The source node is given
        `source` only where it holds another buffer, as GIMP leaves a
        layer's source node alone while a filter's properties change:
        setting a buffer invalidates the node even where it is the same."""
        if self.source.get_property("buffer") != source:
            self.source.set_property("buffer", source)
        for name, value in properties.items():
            self.op.set_property(name, value)
        self.sink.process()

    def result(self, dtype):
        data = self.sink.get_property("buffer").get(self.rect, 1.0, self.fmt,
                                                    self.gegl.AbyssPolicy.NONE)
        return np.frombuffer(bytes(data), dtype).reshape(*self.shape, -1)


def lines_by_case(stderr, marker):
    """A worker's stderr lines holding `marker`, listed under the case the
    worker last named with a line "CASE NAME" before them."""
    found = {}
    case = None
    for line in stderr.splitlines():
        if line.startswith("CASE "):
            case = line[5:]
        elif marker in line and case:
            found.setdefault(case, []).append(line)
    return found
