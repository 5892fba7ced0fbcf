/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bandpass-settings — the procedure's arguments (docs/contract.md): how they
 * are registered, read back from a config, and checked before a call
 * touches the image. */
#ifndef BANDPASS_SETTINGS_H
#define BANDPASS_SETTINGS_H

#include <libgimp/gimp.h>

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
  gdouble         *discs;        /* the notches of radius > 0 */
  gdouble         *waves;        /* (fx, fy) of those of radius 0 */
  gsize            wave_count;   /* settings-notches.h */
  PaddingKind      padding;
  BandpassChannels channels;
  gboolean         linear;       /* filter linear light */
  gboolean         find_patterns;       /* add each drawable's patterns
                                           (found-patterns.h) */
  gdouble          pattern_sensitivity; /* how weak a pattern it finds */
  BandpassOutput   output;
  gboolean         autoscale;           /* stretch the result (autoscale.h) */
  gboolean         non_destructive;     /* append fft:band-pass instead of
                                           writing pixels
                                           (drawable-filter-append.h) */
} BandpassSettings;

/* Adds the arguments that follow run-mode, image and drawables. */
void     bandpass_settings_add_arguments (GimpProcedure          *procedure);

void     bandpass_settings_from_config   (BandpassSettings       *settings,
                                          GimpProcedureConfig    *config);

/* Frees what bandpass_settings_from_config allocated. */
void     bandpass_settings_clear         (BandpassSettings       *settings);

/* The config's "notches" numbers, however many it holds (*count), with
 * room after them for one more notch. Free with g_free. */
gdouble *bandpass_settings_get_notches   (GimpProcedureConfig    *config,
                                          gsize                  *count);

/* Sets the config's "notches" to `count` numbers. */
void     bandpass_settings_set_notches   (GimpProcedureConfig    *config,
                                          const gdouble          *notches,
                                          gsize                   count);

/* FALSE, with a message for the user, when the call must not run. */
gboolean bandpass_settings_check         (const BandpassSettings *settings,
                                          GError                **error);

/* FALSE, with a message naming `drawable`, when a notch is narrower than
 * the grid `drawable` is padded to resolves. */
gboolean bandpass_settings_check_drawable (const BandpassSettings *settings,
                                           GimpDrawable           *drawable,
                                           GError                **error);

#endif
