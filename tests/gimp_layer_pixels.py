# SPDX-License-Identifier: GPL-3.0-or-later
"""For drivers that run inside GIMP 3 (python-fu-eval): layers of a given
type, and their pixels moved whole as numpy float32 arrays in a babl
format."""
import gi
gi.require_version("Gimp", "3.0")
gi.require_version("Gegl", "0.4")
from gi.repository import Gegl, Gimp  # noqa: E402
import numpy as np  # noqa: E402


def rectangle(w, h):
    return Gegl.Rectangle.new(0, 0, w, h)


def put(drawable, fmt, data):
    buffer = drawable.get_buffer()
    h, w = data.shape[:2]
    buffer.set(rectangle(w, h), fmt, np.ascontiguousarray(data, dtype=np.float32).tobytes())
    buffer.flush()
    drawable.update(0, 0, w, h)


def take(drawable, fmt):
    w, h = drawable.get_width(), drawable.get_height()
    raw = drawable.get_buffer().get(rectangle(w, h), 1.0, fmt, Gegl.AbyssPolicy.CLAMP)
    return np.frombuffer(bytes(raw), dtype=np.float32).reshape(h, w, -1).copy()


def layer_type(base, alpha):
    if base == "gray":
        return Gimp.ImageType.GRAYA_IMAGE if alpha else Gimp.ImageType.GRAY_IMAGE
    return Gimp.ImageType.RGBA_IMAGE if alpha else Gimp.ImageType.RGB_IMAGE
