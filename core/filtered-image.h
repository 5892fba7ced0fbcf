/* SPDX-License-Identifier: GPL-3.0-or-later */
/* filtered-image — the one compute core of the preview and the final run:
 * an image's colour planes, padded and transformed forward once, with
 * their spectrum kept in an fftcl plan; any window of the filtered image
 * then comes back as interleaved pixels, after only the mask and the
 * inverse transform. Plain C (no GLib), so benchmarks run it as is.
 *
 *   FilteredImage *image;
 *   filtered_image_load (context, &source, 0, &image, NULL, &err); // forward
 *   filtered_image_render (image, &gain, &window, pixels, 0, NULL, &err);
 *   filtered_image_destroy (image);
 *
 * A final run that shows no preview loads with FILTERED_IMAGE_ONCE: its
 * one render then runs the whole filter in one call. */
#ifndef FILTERED_IMAGE_H
#define FILTERED_IMAGE_H

#include <stddef.h>

#include "fftcl-filter.h"
#include "fitted-waves.h"
#include "padding.h"
#include "pixel-planes.h"
#include "row-split.h"

typedef struct FilteredImage FilteredImage;

typedef struct
{
  /* geometry.width × geometry.height pixels of layout.components floats,
   * row after row. Every render reads them again, so they must outlive
   * the image. */
  const float   *pixels;
  PixelLayout    layout;
  PlaneGeometry  geometry;
  PaddingKind    padding;
  /* Filter the planes as their mirror extension to twice their size
   * (FFTCL_MIRRORED); geometry's padded size is then the image's own. */
  int            mirrored;
  /* Spreads the passes over rows (gathering, padding) across threads;
   * NULL: all in the calling thread. */
  RowSplit       split;
  /* Cosines fitted and subtracted from the colour planes before they are
   * transformed (the notches of radius 0, fitted-waves.h); count 0:
   * none. The frequencies must outlive the image. */
  FittedWaves    waves;
} FilteredImageSource;

/* The steps of one call, zeroes for those it did not take: pad_ms for a
 * load (and the render of an image loaded with FILTERED_IMAGE_ONCE),
 * scatter_ms for a render into pixels that are not the planes, fft when
 * the plan times its calls (the image was loaded with timings). */
typedef struct
{
  double        pad_ms;     /* gathering the colour planes and padding them,
                               or only surveying pixels read as they lie
                               (padded a row at a time as fftcl reads
                               them: its upload_ms) */
  fftcl_timings fft;
  double        scatter_ms; /* the window's pixels from its filtered planes */
} FilteredImageTimings;

/* How far, in pixels, `gain` mixes values: the widest period it
 * involves, about 5 σ of a Gaussian edge's kernel (σ ≈ 0.19 × period),
 * never less than a few pixels. Stripe suppression reaches along whole
 * rows or columns whatever the margin, so it adds nothing. */
double filtered_image_reach (const fftcl_gain *gain);

/* A width × height image padded so that `gain`'s reach never wraps
 * around. */
PlaneGeometry filtered_image_geometry (size_t            width,
                                       size_t            height,
                                       const fftcl_gain *gain);

/* Whether `padded` (as filtered_image_geometry gives it) is better
 * filtered through a mirrored plan of the image's own size: where mirror
 * padding doubles both axes, the padded planes are the mirror extension,
 * which such a plan filters, on the FFTW backend, with a quarter of the
 * work and memory and the same result, if the gain allows it
 * (fftcl_gain_mirrors: no notch off the axes). On OpenCL the plan would
 * run at the doubled size anyway, so there it never is. */
int filtered_image_mirrors (const PlaneGeometry *padded,
                            PaddingKind          padding,
                            const fftcl_gain    *gain,
                            int                  on_cpu);

typedef enum
{
  /* For filtered_image_load: the image is filtered once, for a final run
   * that never previews. The load gathers and plans but transforms
   * nothing; it keeps what the plan reads until the image's one render,
   * which runs the whole filter in one call (on OpenCL the forward
   * transform's last stage, the gain and the inverse's first stage are
   * one pass through memory) and is its last. */
  FILTERED_IMAGE_ONCE = 1 << 0,
  /* For filtered_image_render: the image's last render. It filters the
   * spectrum where it lies and uses it up (on the CPU, no second
   * spectrum is made: half the memory). */
  FILTERED_IMAGE_LAST = 1 << 1
} FilteredImageFlags;

/* Gathers and pads the colour planes, plans on `context` and keeps their
 * spectrum (the forward transform; with FILTERED_IMAGE_ONCE in `flags`,
 * the planes until the one render). Pixels without alpha whose colour
 * needs no conversion are their planes: those that need no padding either
 * are read where they lie, with no copy, unless they hold what planes
 * must not (pixel-planes.h: colour that is not finite, values beyond
 * PIXEL_PLANES_LIMIT); such an image goes through planes both ways, its
 * colour that is not finite filtered as transparent and kept, its planes
 * scaled, so that a finite image always gives a finite result. `timings`
 * may be NULL; asking for them makes a plan that times every call
 * (FFTCL_TIMINGS), which costs a synchronisation between steps. */
fftcl_status filtered_image_load (fftcl_context              *context,
                                  const FilteredImageSource  *source,
                                  unsigned                    flags,
                                  FilteredImage             **out,
                                  FilteredImageTimings       *timings,
                                  fftcl_error                *err);

/* Writes `window` of the filtered image (in image pixels, as
 * fftcl_filter_apply takes it; its blocks lie inside the image) to
 * `pixels`: window->width × window->height pixels of layout.components
 * floats. Colour components are filtered (written there directly where
 * the pixels are read as their planes) as pixel_planes_scatter writes
 * them, a translucent pixel keeping its colour changed by what the
 * filter removed; the others (alpha, chroma) are the source's, each the
 * mean of its step × step block. At a step above 1 the block's colour is
 * the mean of its filtered values, the part that translucent pixels keep
 * taken from its first pixel and the block's mean alpha. `flags` are
 * FILTERED_IMAGE_LAST or 0. `pixels` may be the source pixels themselves
 * when the window is the whole image at step 1 (a final run that needs
 * no second copy); that render is the last, as FILTERED_IMAGE_LAST makes
 * it, so the image cannot render after that, nor after its
 * last render. The timings of an image loaded with FILTERED_IMAGE_ONCE
 * are its whole filter's, the load's pad_ms included. */
fftcl_status filtered_image_render (FilteredImage        *image,
                                    const fftcl_gain     *gain,
                                    const fftcl_window   *window,
                                    float                *pixels,
                                    unsigned              flags,
                                    FilteredImageTimings *timings,
                                    fftcl_error          *err);

/* The plan that holds the spectrum, for fftcl_filter_spectrum and
 * fftcl_plan_fallback_reason. Owned by the image. */
fftcl_plan *filtered_image_plan (FilteredImage *image);

void filtered_image_destroy (FilteredImage *image);

#endif
