/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pixel-planes — moves values between interleaved float pixels, as GEGL
 * hands them over, and the separate padded planes that the FFT filters.
 *
 * Plane p starts at planes + p · padded_width · padded_height; the image
 * sits in its top-left width × height corner, rows padded_width apart.
 *
 * What the planes never hold: a value that is not finite, and a
 * magnitude above PIXEL_PLANES_LIMIT. A pixel whose colour holds NaN or
 * ±inf is filtered as if fully transparent, and a NaN alpha counts as 0,
 * so no such value reaches another pixel. A plane whose values reach
 * beyond the limit is filtered scaled down by a power of two (exactly:
 * the filter is linear) and scaled back when written, saturating at the
 * largest float, so that the FFT's sums cannot overflow. */
#ifndef PIXEL_PLANES_H
#define PIXEL_PLANES_H

#include <stddef.h>

/* 2^64: the FFT of a plane of 2^31 values within it stays below 2^95,
 * far inside float's range. */
#define PIXEL_PLANES_LIMIT 0x1p64f

typedef struct
{
  size_t components;             /* floats per pixel */
  size_t colour_planes;          /* the leading components that are filtered */
  int    has_alpha;              /* the last component is straight alpha */
  int    lightness_as_luminance; /* component 0 is CIE L*, filtered as
                                    linear relative luminance Y */
} PixelLayout;

typedef struct
{
  size_t width, height;               /* the image */
  size_t padded_width, padded_height; /* each plane */
} PlaneGeometry;

/* What the gathering of rows found, each row in its own place, so that
 * threads gather side by side. */
typedef struct
{
  size_t         rows, planes;
  float         *largest; /* rows × planes: the largest magnitude of each
                             row's values in each plane (NaN left out;
                             in a row that is unseen, up to the
                             compositing, inf counting); where only the
                             survey is made and every value of the row
                             is finite and within PIXEL_PLANES_LIMIT, the
                             row's largest over all its components, which
                             gives the same scales */
  unsigned char *unseen;  /* rows: whether a pixel of the row has a colour
                             that is not finite */
  float         *means;   /* planes: the mean colour each plane is
                             composited over (0 where it is not), as
                             pixel_planes_scatter takes it */
} PlaneSurvey;

/* A survey of `rows` rows of `planes` planes; 0 when memory runs out. */
int   plane_survey_init   (PlaneSurvey       *survey,
                           size_t             rows,
                           size_t             planes);
void  plane_survey_clear  (PlaneSurvey       *survey);

/* Whether any pixel had a colour that is not finite. */
int   plane_survey_unseen (const PlaneSurvey *survey);

/* What plane p is filtered multiplied by: 1, or the power of two that
 * brings its largest magnitude into [½, 1) where that exceeds
 * PIXEL_PLANES_LIMIT. */
float plane_survey_scale  (const PlaneSurvey *survey,
                           size_t             plane);

/* Whether the values are their planes as they are: nothing unseen and
 * nothing scaled. */
int   plane_survey_plain  (const PlaneSurvey *survey);

/* Copies the colour planes out of `pixels`: with alpha, or where a
 * pixel's colour is not finite, every plane is the layer composited over
 * its own alpha-weighted mean colour (such a pixel weighing nothing), so
 * that whatever colour hides under full transparency never reaches the
 * filter; each plane's mean goes to means[plane]. The planes are not
 * scaled (padded-planes.h scales them). 0 when memory runs out. */
int  pixel_planes_gather  (const PixelLayout   *layout,
                           const PlaneGeometry *geometry,
                           const float         *pixels,
                           float               *planes,
                           float               *means);

/* pixel_planes_gather in parts, for threads, with `survey` set up for
 * geometry->height rows and layout->colour_planes planes: the colour
 * values of rows [first, end) and what they hold (`planes` NULL: only
 * the survey); then, once every row is there, the compositing (where
 * there is alpha or something unseen), which brings the survey up to
 * date. */
void pixel_planes_gather_rows (const PixelLayout   *layout,
                               const PlaneGeometry *geometry,
                               const float         *pixels,
                               float               *planes,
                               PlaneSurvey         *survey,
                               size_t               first,
                               size_t               end);
void pixel_planes_composite   (const PixelLayout   *layout,
                               const PlaneGeometry *geometry,
                               const float         *pixels,
                               float               *planes,
                               PlaneSurvey         *survey);

/* Writes the colour planes back into `pixels`, which hold the values as
 * read, each plane divided by its scale and kept within ±FLT_MAX: an
 * opaque pixel (alpha 1 or more, or no alpha) takes its filtered value;
 * a translucent one (0 < alpha < 1) keeps its own colour changed only by
 * what the filter removed from its composite, v + (c′ − c) where c is
 * α·v + (1 − α)·means[plane] (pixel_planes_gather's mean) and c′ that
 * filtered, so that a filter that removes nothing gives it back as read.
 * Every other component, and the colour of pixels that are fully
 * transparent (alpha 0 or NaN) or whose colour is not finite, stay as
 * they were. Rows [first, end) of the geometry only, so that threads may
 * take the rows between them. */
void pixel_planes_scatter (const PixelLayout   *layout,
                           const PlaneGeometry *geometry,
                           const float         *planes,
                           const float         *scales,
                           const float         *means,
                           float               *pixels,
                           size_t               first,
                           size_t               end);

/* Copies, whole, each of the `count` pixels of `read` whose colour (its
 * layout->colour_planes leading components) is not finite into
 * `written`, both laid out as `layout`; `written` NULL: only counts
 * them. Such a pixel is not filtered, but a conversion there and back
 * (to CIE Lab, to linear light) may have spread its NaN or inf over all
 * its channels: this puts its colour back as it was read. The number of
 * such pixels. */
size_t pixel_planes_keep_unseen (const PixelLayout *layout,
                                 const float       *read,
                                 float             *written,
                                 size_t             count);

#endif
