/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-confirm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "close-waves.h"
#include "fitted-waves.h"
#include "pattern-channels.h"
#include "pattern-waves.h"
#include "spectrum-source.h"
#include "tracked-waves.h"

/* The pixels confirm a candidate whose cosine's constancy across the
 * image (pattern-waves.h) reaches CONSTANT_WAVE: it joins as a wave, or
 * takes the place of a disc or drifting wave found within
 * PATTERN_NEAR_BINS (whose peak it was); a found wave whose constancy
 * stays below DRIFTING_WAVE becomes a disc. A candidate farther from a
 * found notch than that but within the tiles' main lobe
 * (PATTERN_WAVES_LOBE_BINS) is dropped: the tiles read that notch's peak
 * there, which is constant as it is. On the axes a picture's own rows and
 * columns (lines of text, windows) repeat across the whole image as a
 * pattern does, but not as one cosine: a candidate on an axis is dropped
 * where its second harmonic or its half frequency is as constant with at
 * least HARMONIC_SHARE of its amplitude; a candidate off the axes that
 * the pixels place within AXIS_BINS of one is dropped. A candidate off
 * the axes that is not constant alone is measured again with each other
 * candidate within CLOSE_WAVES_REACH subtracted (a beat, beat_constancy);
 * a confirmed candidate within a disc's radius takes that disc's place
 * (disc_holding). The pixels are read from the image's centre, at most
 * CONFIRM_SIDE a side. */
#define CONSTANT_WAVE   1.4
#define DRIFTING_WAVE   1.0
#define HARMONIC_SHARE  0.25
#define AXIS_BINS       0.5
#define CONFIRM_SIDE    1024

/* The values the finder reads (spectrum_source_value) of the centre of
 * the image, at most CONFIRM_SIDE a side; NULL when memory runs out. */
static float *
confirm_plane (const float       *pixels,
               const PixelLayout *layout,
               size_t             stride,
               size_t             width,
               size_t             height,
               size_t            *side_x,
               size_t            *side_y)
{
  const float *corner;
  float       *plane;

  *side_x = width < CONFIRM_SIDE ? width : CONFIRM_SIDE;
  *side_y = height < CONFIRM_SIDE ? height : CONFIRM_SIDE;
  corner  = pixels + ((height - *side_y) / 2 * stride +
                      (width - *side_x) / 2) * layout->components;
  plane   = malloc (*side_x * *side_y * sizeof *plane);
  for (size_t y = 0; plane && y < *side_y; y++)
    for (size_t x = 0; x < *side_x; x++)
      plane[y * *side_x + x] = spectrum_source_value (corner +
                                                      (y * stride + x) *
                                                      layout->components,
                                                      layout);
  return plane;
}

/* The constancy of the wave near (*fx, *fy) in `plane`, whose frequency
 * is refined first, and its amplitude (where not NULL); −1 when memory
 * runs out. */
static double
refined_constancy (const float *plane,
                   size_t       side_x,
                   size_t       side_y,
                   double      *fx,
                   double      *fy,
                   double      *amplitude,
                   RowSplit     split)
{
  if (! fitted_waves_refine (plane, side_x, side_y, side_x, fx, fy, split))
    return -1;
  return pattern_waves_constancy (plane, side_x, side_y, side_x, *fx, *fy,
                                  amplitude, split);
}

/* A candidate on an axis may be a wave beside it, a fraction of a bin
 * off, whose cell is the axis's: refined_constancy both on the axis and
 * free of it (from a frequency a millionth of a bin off the axis), the
 * more constant of the two. */
static double
axis_constancy (const float *plane,
                size_t       side_x,
                size_t       side_y,
                double      *fx,
                double      *fy,
                double      *amplitude,
                RowSplit     split)
{
  double free_x = *fx == 0 ? 1e-6 / side_x : *fx;
  double free_y = *fy == 0 ? 1e-6 / side_y : *fy;
  double free_amplitude;
  double on  = refined_constancy (plane, side_x, side_y, fx, fy, amplitude,
                                  split);
  double off = on < 0 ? -1
                      : refined_constancy (plane, side_x, side_y, &free_x,
                                           &free_y, &free_amplitude, split);

  if (off > on)
    {
      *fx = free_x, *fy = free_y, *amplitude = free_amplitude;
      return off;
    }
  return off < 0 ? -1 : on;
}

/* Whether the cosine of (fx, fy), of `amplitude`, has a harmonic (twice
 * its frequency) or is one (half of it) that is as constant and not much
 * weaker: a periodic structure of the picture that is no cosine. */
static int
has_harmonics (const float *plane,
               size_t       side_x,
               size_t       side_y,
               double       fx,
               double       fy,
               double       amplitude,
               RowSplit     split)
{
  for (double times = 0.5; times <= 2; times *= 4)
    {
      double other;
      double constancy = pattern_waves_constancy (plane, side_x, side_y,
                                                  side_x, times * fx,
                                                  times * fy, &other, split);

      if (fabs (times * fx) <= 0.5 && fabs (times * fy) <= 0.5 &&
          constancy >= CONSTANT_WAVE && other >= HARMONIC_SHARE * amplitude)
        return 1;
    }
  return 0;
}

/* Whether (fx, fy) lies within AXIS_BINS of an axis of a width × height
 * image. */
static int
beside_axis (double fx,
             double fy,
             size_t width,
             size_t height)
{
  return fabs (fx) * width < AXIS_BINS || fabs (fy) * height < AXIS_BINS;
}

/* Each found wave's constancy (0 for discs); a wave that drifts becomes
 * the disc of its peak, one that does not takes its refined frequency.
 * 0 when memory runs out. */
static int
judge_found (PatternsFound *found,
             const float   *plane,
             size_t         side_x,
             size_t         side_y,
             double        *constancy,
             RowSplit       split)
{
  for (size_t i = 0; i < found->count; i++)
    {
      double *notch = found->notches + 3 * i;
      double  fx = notch[0], fy = notch[1];

      constancy[i] = 0;
      if (notch[2] != 0)
        continue;
      constancy[i] = refined_constancy (plane, side_x, side_y, &fx, &fy,
                                        NULL, split);
      if (constancy[i] < 0)
        return 0;
      if (constancy[i] < DRIFTING_WAVE)
        notch[2] = found->disc_radius[i];
      else
        notch[0] = fx, notch[1] = fy;
    }
  return 1;
}

/* The distance in bins of a side_x × side_y plane, the larger along x
 * or y, from (fx, fy) to (gx, gy) or its mirror, whichever is nearer;
 * *mirror is set where the mirror is. */
static double
bins_apart (double fx,
            double fy,
            double gx,
            double gy,
            size_t side_x,
            size_t side_y,
            int   *mirror)
{
  double same   = fmax (fabs (fx - gx) * side_x, fabs (fy - gy) * side_y);
  double across = fmax (fabs (fx + gx) * side_x, fabs (fy + gy) * side_y);

  *mirror = across < same;
  return fmin (same, across);
}

/* Two cosines within CLOSE_WAVES_REACH bins of each other (a beat) lie
 * within one main lobe of the tiles, where each tile reads both: neither
 * is constant alone. The constancy of the candidate at (fx, fy) on the
 * plane less each other candidate within that reach (refined, the pair
 * fitted jointly, the other one subtracted), the highest, with its
 * amplitude into *amplitude; `measured` (its constancy alone) where no
 * other lies there or none reads higher. −1 when memory runs out. */
static double
beat_constancy (const PatternsFound *found,
                size_t               c,
                const float         *plane,
                size_t               side_x,
                size_t               side_y,
                double               fx,
                double               fy,
                double               measured,
                double              *amplitude,
                RowSplit             split)
{
  float  *copy = NULL;
  double  best = measured;

  for (size_t k = 0; k < found->candidate_count; k++)
    {
      double pair[4] = { fx, fy, found->candidates[2 * k],
                         found->candidates[2 * k + 1] };
      double constancy, heard;
      int    mirror;

      if (k == c || bins_apart (fx, fy, pair[2], pair[3], side_x, side_y,
                                &mirror) > CLOSE_WAVES_REACH)
        continue;
      if (! copy)
        copy = malloc (side_x * side_y * sizeof *copy);
      if (! copy ||
          ! fitted_waves_refine (plane, side_x, side_y, side_x, &pair[2],
                                 &pair[3], split))
        {
          free (copy);
          return -1;
        }
      /* The other climbed the candidate's own peak: no second cosine. */
      if (bins_apart (fx, fy, pair[2], pair[3], side_x, side_y, &mirror) <
          0.5)
        continue;
      memcpy (copy, plane, side_x * side_y * sizeof *copy);
      constancy = fitted_waves_subtract_beside (copy, side_x, side_y, side_x,
                                                pair, 2, 1, split)
                  ? pattern_waves_constancy (copy, side_x, side_y, side_x,
                                             fx, fy, &heard, split)
                  : -1;
      if (constancy < 0)
        {
          free (copy);
          return -1;
        }
      if (constancy > best)
        {
          best       = constancy;
          *amplitude = heard;
        }
    }
  free (copy);
  return best;
}

/* The disc of `found` whose radius holds (fx, fy) or its mirror: a
 * disc whose peak is the shoulder of a wave's, as where the wave lies
 * within an axis's band, whose top the plane's search does not read
 * (pattern-background.h). −1 where none does. */
static long
disc_holding (const PatternsFound *found,
              double               fx,
              double               fy)
{
  for (size_t i = 0; i < found->count; i++)
    {
      const double *notch = found->notches + 3 * i;

      if (notch[2] > 0 &&
          (hypot (fx - notch[0], fy - notch[1]) <= notch[2] ||
           hypot (fx + notch[0], fy + notch[1]) <= notch[2]))
        return (long) i;
    }
  return -1;
}

/* Confirms each candidate whose cosine is constant: it joins as a wave,
 * or replaces the disc it lies near; *joined counts them. 0 when memory
 * runs out. */
static int
judge_candidates (PatternsFound *found,
                  const float   *plane,
                  size_t         side_x,
                  size_t         side_y,
                  double        *constancy,
                  size_t        *joined,
                  RowSplit       split)
{
  *joined = 0;
  for (size_t c = 0; c < found->candidate_count; c++)
    {
      double fx = found->candidates[2 * c], fy = found->candidates[2 * c + 1];
      int    on_axis = fx == 0 || fy == 0;
      double amplitude;
      double measured = on_axis
                        ? axis_constancy (plane, side_x, side_y, &fx, &fy,
                                          &amplitude, split)
                        : refined_constancy (plane, side_x, side_y, &fx, &fy,
                                             &amplitude, split);
      long   near;

      if (measured >= 0 && measured < CONSTANT_WAVE && ! on_axis)
        measured = beat_constancy (found, c, plane, side_x, side_y, fx, fy,
                                   measured, &amplitude, split);
      if (measured < 0)
        return 0;
      if (measured < CONSTANT_WAVE ||
          (on_axis ? has_harmonics (plane, side_x, side_y, fx, fy, amplitude,
                                    split)
                   : beside_axis (fx, fy, side_x, side_y)))
        continue;
      near = pattern_found_near (found, fx, fy, side_x, side_y, 0,
                                 PATTERN_NEAR_BINS);
      if (near < 0)
        near = disc_holding (found, fx, fy);
      if (near < 0 && pattern_found_near (found, fx, fy, side_x, side_y, 0,
                                          PATTERN_WAVES_LOBE_BINS) >= 0)
        continue;
      if (near >= 0 && constancy[near] >= DRIFTING_WAVE)
        continue;
      if (near < 0)
        near = (long) found->count++;
      found->notches[3 * near]     = fx;
      found->notches[3 * near + 1] = fy;
      found->notches[3 * near + 2] = 0;
      found->disc_radius[near]     = 0;
      constancy[near]              = measured;
      (*joined)++;
    }
  return 1;
}

/* Subtracts the waves found from the plane, so that what a strong one
 * leaks near it is no candidate of its own. 0 when memory runs out. */
static int
remove_found_waves (const PatternsFound *found,
                    float               *plane,
                    size_t               side_x,
                    size_t               side_y,
                    RowSplit             split)
{
  double *waves = malloc (2 * found->count * sizeof *waves + 1);
  double *discs = malloc (3 * found->count * sizeof *discs + 1);
  size_t  disc_count, count;
  int     ok;

  ok = waves && discs;
  if (ok)
    {
      count = fitted_waves_split (found->notches, found->count, waves, discs,
                                  &disc_count);
      ok = fitted_waves_remove (plane, 1, 0, side_x, side_y, side_x, waves,
                                count, split);
    }
  free (waves);
  free (discs);
  return ok;
}

/* Each wave chosen by what its removal leaves in `residual`, the plane
 * less every wave of `found` as the filter removes them (each wave's
 * cosine, the second cosines beside it, the tracking). Where the
 * residual's power at a wave on tiles sized for it exceeds twice the
 * tiles' own spectrum beside it beyond the F bound of a false alarm of
 * 10⁻³ (tracked_waves_left), a disc there would take the picture's power
 * and gain the residual's, more than it takes: no cosine, even followed
 * tile by tile, takes that pattern whole, and the wave becomes a disc.
 * Its radius follows the residual's spread: one bin (of the plane's
 * shorter side) beyond the farthest bin within CLOSE_WAVES_REACH where
 * the residual alone stands above the plane's own spectrum around the
 * wave (close_waves_left; none: the wave's own bin), so that the disc's
 * edge, where its gain is ½, lies beyond it, and no less than the disc
 * its peak's width gives. A wave that leaves less stays a wave and takes
 * none of the picture. 0 when memory runs out. */
static int
choose_kinds (PatternsFound *found,
              const float   *residual,
              size_t         side_x,
              size_t         side_y,
              RowSplit       split)
{
  double bin = 1.0 / (double) (side_x < side_y ? side_x : side_y);
  int    ok  = 1;

  /* The residual's spread is read only where the wave is left. */
  for (size_t i = 0; ok && i < found->count; i++)
    {
      double *notch  = &found->notches[3 * i];
      double  spread = -1;
      int     left;

      if (notch[2] != 0)
        continue;
      left = tracked_waves_left (residual, side_x, side_y, side_x, notch[0],
                                 notch[1], split);
      ok   = left >= 0 &&
             (left == 0 || close_waves_left (residual, side_x, side_y, side_x,
                                             notch, 1, &spread, split));
      if (ok && left > 0)
        notch[2] = fmax (found->disc_radius[i], fmax (spread, 0) + bin);
    }
  return ok;
}

fftcl_status
patterns_confirm_waves (PatternsFound     *found,
                        const float       *pixels,
                        const PixelLayout *layout,
                        size_t             stride,
                        size_t             width,
                        size_t             height,
                        RowSplit           split,
                        fftcl_error       *err)
{
  size_t  side_x, side_y, joined = 0;
  float  *plane, *given;
  double *constancy;
  int     ok;

  if (found->small_period > 0)
    return pattern_channels_assign (found, pixels, layout, stride, width,
                                    height, split)
           ? FFTCL_OK
           : pattern_search_fail (err, FFTCL_ERROR_MEMORY, "out of memory");
  if (! found->notches ||
      width < 2 * PATTERN_FLOOR_CYCLES || height < 2 * PATTERN_FLOOR_CYCLES)
    return FFTCL_OK;
  plane     = confirm_plane (pixels, layout, stride, width, height, &side_x,
                             &side_y);
  given     = malloc (side_x * side_y * sizeof *given);
  constancy = malloc ((found->count + found->candidate_count) *
                      sizeof *constancy + 1);
  ok = plane && given && constancy &&
       judge_found (found, plane, side_x, side_y, constancy, split);
  if (ok)
    memcpy (given, plane, side_x * side_y * sizeof *given);
  ok = ok && remove_found_waves (found, plane, side_x, side_y, split) &&
       judge_candidates (found, plane, side_x, side_y, constancy, &joined,
                         split);
  /* Where candidates joined, the waves are removed again, all together,
   * from the plane as given; else the plane holds that removal. */
  ok = ok &&
       (joined == 0 ||
        remove_found_waves (found, given, side_x, side_y, split)) &&
       choose_kinds (found, joined ? given : plane, side_x, side_y, split);
  found->candidate_count = 0;
  free (constancy);
  free (given);
  free (plane);
  pattern_found_tidy (found);
  return ok ? FFTCL_OK
            : pattern_search_fail (err, FFTCL_ERROR_MEMORY, "out of memory");
}

