/* SPDX-License-Identifier: GPL-3.0-or-later */
/* wave-fit — the machinery of fitted-waves.h: the waves' windowed
 * transforms over a plane's rows, and their frequencies refined by
 * Gauss–Newton steps on the phase's slope across the window (the first
 * moments of the windowed transform at the frequency). Internal to the
 * core. */
#ifndef WAVE_FIT_H
#define WAVE_FIT_H

#include <complex.h>
#include <stddef.h>

#include "fitted-waves.h"
#include "row-split.h"

/* One axis: the Hann window w, the centred coordinate t, the window's
 * sum and second moment. */
typedef struct
{
  double *window;
  double *centred;
  double  sum, spread; /* Σ w, Σ w t² / Σ w */
  size_t  length;
} Axis;

/* What a pass over a plane takes of a wave: nothing, its windowed
 * transform, or that and its first moments. */
enum
{
  PART_NONE,
  PART_SUM,
  PART_MOMENTS
};

/* One wave: its frequency, and the tables of that frequency along the
 * rows (floats, where every pixel meets them) and down the columns
 * (double): w · e^{-2πi f t} and w · t · e^{-2πi f t} for the transform,
 * then e^{+2πi fx t} for the subtraction. */
typedef struct
{
  double          fx, fy, given_x, given_y;
  int             settled, part;
  size_t          strongest;
  float          *re, *im, *moment_re, *moment_im;
  double complex *phasor, *moment;
} Wave;

typedef struct
{
  Axis            across, down;
  Wave           *waves;
  size_t          count;
  double complex *rows;   /* per row and wave: Σ v·phasor, Σ v·moment */
  double complex *sums;   /* per plane and wave: the windowed transform */
  double complex *along;  /* per wave: its first moments along x and y */
  double         *normal; /* the joint fit's two K × K normal matrices */
  double         *solved; /* per wave: a, b of a plane's fit */
  double complex *amplitudes; /* per wave: its share of a plane's fit */
} Fit;

/* A fit of `count` waves at `frequencies` on width × height planes of
 * which `planes` are fitted (wave_fit_tune makes each wave's tables); 0
 * when memory runs out (nothing is then held). */
int    wave_fit_start   (Fit          *fit,
                         const double *frequencies,
                         size_t        count,
                         size_t        planes,
                         size_t        width,
                         size_t        height);

void   wave_fit_end     (Fit          *fit);

/* The wave's transform tables for its present frequency. */
void   wave_fit_tune    (Wave         *wave,
                         const Axis   *across,
                         const Axis   *down);

/* One pass over `plane` (rows `stride` apart): for each wave taking part
 * (all, where plane_index is (size_t) −1, else those whose strongest
 * plane it is and that have not settled) its windowed transform into
 * sum[i] and, with_moment, its first moments along x and y into
 * along[2 i], along[2 i + 1]. */
void   wave_fit_transform (Fit            *fit,
                           const float    *plane,
                           size_t          stride,
                           size_t          plane_index,
                           int             with_moment,
                           RowSplit        split,
                           double complex *sum,
                           double complex *along);

/* Each wave's plane where it is strongest. */
void   wave_fit_choose_planes (Fit         *fit,
                               const float *values,
                               size_t       planes,
                               size_t       plane_step,
                               size_t       stride,
                               RowSplit     split);

/* Refines every wave's frequency on its strongest plane by up to `steps`
 * Gauss–Newton steps, to where the windowed transform peaks, within 1.5
 * bins of the given one (else the given one stays); a frequency given on
 * an axis stays there. Waves within a few bins of one another are
 * refined jointly, each against the plane less the others' share of
 * their joint least-squares fit (RELAX, Li & Stoica 1996, one
 * Gauss–Newton step a round in place of its search), and no step brings
 * one within half a bin of another. The tables are tuned to the
 * result. */
void   wave_fit_refine  (Fit         *fit,
                         const float *values,
                         size_t       planes,
                         size_t       plane_step,
                         size_t       stride,
                         int          steps,
                         RowSplit     split);

/* The factored normal equations of the waves' joint fit at their present
 * frequencies (wave-least-squares.h), in fit->normal. */
void   wave_fit_factor  (Fit         *fit);

/* Each wave's complex amplitude aᵢ − i bᵢ in a plane's joint fit (the
 * cosine aᵢ cos θᵢ + bᵢ sin θᵢ, θᵢ at centred coordinates), from the
 * plane's windowed transforms sum[i] (wave_fit_transform) and the
 * factored equations (wave_fit_factor). */
void   wave_fit_solve   (Fit                  *fit,
                         const double complex *sum,
                         double complex       *amplitudes);

/* `value` less `wave`, FITTED_WAVES_CLIPPED_SHARE of it where the value
 * lies at the range's limit and the wave would move it inwards. */
static inline float
wave_fit_subtracted (float value,
                     float wave)
{
  int cut = ((value == 1.0f) & (wave > 0)) | ((value == 0.0f) & (wave < 0));

  return value -
         (1.0f - (1.0f - FITTED_WAVES_CLIPPED_SHARE) * (float) cut) * wave;
}

#endif
