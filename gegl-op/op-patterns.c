#include "op-patterns.h"

#include <stdlib.h>
#include <string.h>

#include "pattern-finder.h"
#include "row-split-gegl.h"

/* In band-pass mode only the frequencies between the cut-offs (a cut-off
 * of 0 sets no limit); in band-reject mode all above the finder's
 * floor. */
static PatternSearch
search_for (const BandpassSettings *settings)
{
  const fftcl_gain *gain   = &settings->gain;
  PatternSearch     search = { .sensitivity = settings->pattern_sensitivity };

  if (! gain->reject && gain->large_period > 0.0)
    search.lowest_frequency = 1.0 / gain->large_period;
  if (! gain->reject && gain->small_period > 0.0)
    search.highest_frequency = 1.0 / gain->small_period;
  return search;
}

static gboolean
add_found (BandpassSettings       *with_found,
           const BandpassSettings *settings,
           const PatternsFound    *found,
           gchar                 **message)
{
  gsize given = settings->notch_values;

  *with_found         = *settings;
  with_found->notches = malloc ((given + 3 * found->count + 1) *
                                sizeof (double));
  if (! with_found->notches)
    {
      *with_found = (BandpassSettings) { 0 };
      *message    = g_strdup ("out of memory for the patterns found");
      return FALSE;
    }

  if (given > 0)
    memcpy (with_found->notches, settings->notches, given * sizeof (double));
  if (found->count > 0)
    memcpy (with_found->notches + given, found->notches,
            3 * found->count * sizeof (double));
  with_found->notch_values     = given + 3 * found->count;
  with_found->gain.notches     = with_found->notches;
  with_found->gain.notch_count = with_found->notch_values / 3;

  if (! settings->gain.reject && settings->gain.small_period == 0.0)
    with_found->gain.small_period = found->small_period;
  return TRUE;
}

gboolean
op_patterns_add (fftcl_context          *context,
                 const gfloat           *pixels,
                 const PixelLayout      *layout,
                 gsize                   width,
                 gsize                   height,
                 const BandpassSettings *settings,
                 BandpassSettings       *with_found,
                 gchar                 **message)
{
  PatternSearch search = search_for (settings);
  PatternsFound found  = { 0 };
  fftcl_error   fft_error;
  gboolean      added;

  *with_found = (BandpassSettings) { 0 };
  if (patterns_find (context, pixels, layout, width, width, height, &search,
                     row_split_gegl, &found, &fft_error) != FFTCL_OK)
    {
      *message = g_strdup_printf ("finding patterns failed: %s",
                                  fft_error.message);
      return FALSE;
    }

  added = add_found (with_found, settings, &found, message);
  patterns_found_clear (&found);
  return added;
}
