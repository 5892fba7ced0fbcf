/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "patterns-found.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void
patterns_found_clear (PatternsFound *found)
{
  free (found->notches);
  free (found->disc_radius);
  free (found->candidates);
  free (found->planes);
  *found = (PatternsFound) { 0 };
}

void
pattern_found_tidy (PatternsFound *found)
{
  if (found->count == 0 && found->candidate_count == 0)
    {
      double small_period = found->small_period;

      patterns_found_clear (found);
      found->small_period = small_period;
    }
}

long
pattern_found_near (const PatternsFound *found,
                    double               fx,
                    double               fy,
                    size_t               width,
                    size_t               height,
                    int                  waves_only,
                    double               bins)
{
  long   nearest  = -1;
  double distance = bins;

  for (size_t i = 0; i < found->count; i++)
    for (int sign = -1; sign <= 1; sign += 2)
      {
        double dx = fabs (fx - sign * found->notches[3 * i]) * width;
        double dy = fabs (fy - sign * found->notches[3 * i + 1]) * height;

        if ((! waves_only || found->notches[3 * i + 2] == 0) &&
            fmax (dx, dy) <= distance)
          {
            distance = fmax (dx, dy);
            nearest  = (long) i;
          }
      }
  return nearest;
}

fftcl_status
pattern_search_fail (fftcl_error  *err,
                     fftcl_status  status,
                     const char   *message)
{
  err->status = status;
  snprintf (err->message, sizeof err->message, "%s", message);
  return status;
}
