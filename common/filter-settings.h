/* SPDX-License-Identifier: GPL-3.0-or-later */
/* filter-settings — what one filter call is asked to do, as a plain
 * struct: the plug-in fills it from its procedure's arguments
 * (bandpass-settings.h), the GEGL operation from its properties
 * (op-settings.h); everything in common/ reads it. No libgimp. */
#ifndef FILTER_SETTINGS_H
#define FILTER_SETTINGS_H

#include <glib.h>

#include "fftcl-filter.h"
#include "padding.h"

typedef enum
{
  BANDPASS_CHANNELS_RGB,       /* every colour channel */
  BANDPASS_CHANNELS_LUMINANCE  /* CIE L* only, keeping a* and b* */
} BandpassChannels;

/* Where the result goes (result-layers.h). */
typedef enum
{
  BANDPASS_OUTPUT_REPLACE,     /* into the drawable */
  BANDPASS_OUTPUT_NEW_LAYER,   /* a new layer above it */
  BANDPASS_OUTPUT_REMOVED_PART /* into the drawable, and what the filter
                                  took away as a layer above it */
} BandpassOutput;

typedef struct
{
  fftcl_gain       gain;         /* gain.notches points to `discs` */
  gdouble         *notches;      /* as the caller gave them */
  gsize            notch_values; /* how many numbers `notches` holds */
  guint           *notch_channels; /* per notch, the colour channels it
                                      filters (bit p: plane p); NULL:
                                      every one (docs/contract.md) */
  gdouble         *discs;        /* the notches of radius > 0 */
  guint           *disc_planes;  /* their channels; gain.notch_planes
                                    points here (NULL: every plane) */
  gdouble         *waves;        /* (fx, fy) of those of radius 0 */
  gsize            wave_count;   /* settings-notches.h */
  PaddingKind      padding;
  BandpassChannels channels;
  gboolean         linear;       /* filter linear light */
  gboolean         find_patterns;       /* add each drawable's patterns
                                           (filter_buffer) */
  gdouble          pattern_sensitivity; /* how weak a pattern it finds */
  gdouble          print_screen;        /* the period (px) of the halftone
                                           screen the notches remove: the
                                           print's tone is joined from a
                                           filter in linear light
                                           (print-tone.h); 0: no print */
  BandpassOutput   output;
  gboolean         autoscale;           /* stretch the result (autoscale.h) */
  gboolean         non_destructive;     /* append fft:band-pass instead of
                                           writing pixels
                                           (drawable-filter-append.h) */
} BandpassSettings;

#endif
