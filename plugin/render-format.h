/* render-format — the float format a drawable is filtered in, and the
 * 8-bit one its preview is shown in. */
#ifndef RENDER_FORMAT_H
#define RENDER_FORMAT_H

#include <libgimp/gimp.h>

#include "bandpass-settings.h"
#include "pixel-planes.h"

typedef struct
{
  const Babl  *format; /* in the image's space */
  PixelLayout  layout;
} RenderFormat;

/* `stored` is the drawable's format: linear light when asked for,
 * otherwise the values as the drawable stores them (linear light too in a
 * linear image); CIE Lab when only luminance is filtered. */
RenderFormat  render_format_for     (const Babl             *stored,
                                     gboolean                gray,
                                     gboolean                has_alpha,
                                     const BandpassSettings *settings);

/* The drawable's colours and alpha in 8 bits per channel, in its space:
 * what GIMP's drawable previews draw. */
const Babl   *render_format_display (const Babl             *stored,
                                     gboolean                gray,
                                     gboolean                has_alpha);

#endif
