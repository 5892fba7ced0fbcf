/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "filter-output.h"

#include "autoscale.h"
#include "buffer-pixels.h"

void
filter_output_stretch (const RenderFormat *format,
                       const gfloat       *found_in,
                       gsize               found_count,
                       gfloat             *pixels,
                       gsize               count)
{
  autoscale_stretch (found_in, found_count, pixels, count, &format->layout,
                     render_format_full_scale (format->format));
}

/* Where the removed part replaces the result, the result's buffer holds
 * values of neither format, so every non-finite colour of the source is
 * written back (a NULL format); else those the conversion from the
 * filtered format may have spread. */
gboolean
filter_output_write (const FilterOutput      *output,
                     const BandpassSettings  *settings,
                     gfloat                  *pixels,
                     GError                 **error)
{
  const RenderFormat *format   = output->format;
  gsize               count    = (gsize) output->area->width *
                                 output->area->height;
  gboolean            replaced = output->removed.buffer == output->result;

  if (settings->autoscale)
    filter_output_stretch (format, pixels, count, pixels, count);

  buffer_pixels_write (output->result, output->area, format->format, pixels);
  if (output->keep_unseen && ! replaced)
    buffer_pixels_keep_unseen (output->source, output->result, output->area,
                               format->format);
  if (output->removed.buffer &&
      ! removed_part_write (output->source, output->result, &output->removed,
                            output->area, error))
    return FALSE;
  if (output->keep_unseen && replaced)
    buffer_pixels_keep_unseen (output->source, output->result, output->area,
                               NULL);
  return TRUE;
}
