/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum_record_broken_field against the rules as docs/contract.md §7
 * states them, written out here on their own: records the forward could
 * write pass, and records with fields set to boundary and random values
 * (one field or several at once, from a seeded generator) name the
 * first field, in the record's order, that breaks a rule. */
#include "check.h"
#include "spectrum-record-rules.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define SEED 0x5eed43u
#define RECORDS 200000
#define MAX SPECTRUM_RECORD_MAX_SIZE

static uint64_t state = SEED;

/* splitmix64 */
static uint64_t next (void)
{
  uint64_t z = (state += 0x9e3779b97f4a7c15u);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static int below (int n)
{
  return (int) (next () % (uint64_t) n);
}

static int any_int (void)
{
  return (int) (uint32_t) next ();
}

/* The oracle. */

/* The forward pads a side to the smallest power of two that leaves a
 * margin of 8 px after it, or of the side itself when that is shorter. */
static long long padded_side (long long side)
{
  long long margin = side < 8 ? side : 8, padded = 1;

  while (padded < side + margin)
    padded *= 2;
  return padded;
}

/* 1, or 2^−k for 65 ≤ k ≤ 128: a plane whose largest magnitude exceeds
 * 2^64 is brought into [½, 1). */
static int forward_scale (double scale)
{
  if (scale == 1.0)
    return 1;
  for (int k = 65; k <= 128; k++)
    if (scale == ldexp (1.0, -k))
      return 1;
  return 0;
}

static const char *oracle (const SpectrumRecord *r)
{
  static const char *const layer_keys[] = {
    "log-magnitude-layer", "real-layer", "imaginary-layer", "source-layer" };

  if (r->source_image < 1) return "source-image";
  if (r->source_drawable < 1) return "source-drawable";
  if (r->image_width < 1 || r->image_width > MAX) return "image-width";
  if (r->image_height < 1 || r->image_height > MAX) return "image-height";
  if (r->offset_x < -MAX || r->offset_x > MAX) return "offset-x";
  if (r->offset_y < -MAX || r->offset_y > MAX) return "offset-y";
  if (r->width < 1 || r->width > MAX) return "width";
  if (r->height < 1 || r->height > MAX) return "height";
  if (r->padded_width < 1) return "padded-width";
  if (r->padded_height < 1) return "padded-height";
  if (r->gray != 0 && r->gray != 1) return "gray";
  if (r->has_alpha != 0 && r->has_alpha != 1) return "has-alpha";
  if (r->padded_width != padded_side (r->width)) return "padded-width";
  if (r->padded_height != padded_side (r->height)) return "padded-height";
  if (! (r->largest >= 0.0 && r->largest <= DBL_MAX)) return "largest";
  for (int p = 0; p < 3; p++)
    if (r->gray && p > 0 ? r->scales[p] != 1.0 : ! forward_scale (r->scales[p]))
      return "scales";
  for (int i = 0; i < 4; i++)
    {
      if (! r->layers[i] || ! r->layers[i][0])
        return layer_keys[i];
      for (int j = 0; j < i; j++)
        if (strcmp (r->layers[i], r->layers[j]) == 0)
          return layer_keys[i];
    }
  return NULL;
}

/* Values to try. */

static const int sizes[] = { INT_MIN, -MAX - 1, -MAX, -1, 0, 1, 2, 7, 8, 9,
                             16, 17, 60, 90, 128, MAX - 1, MAX, MAX + 1,
                             2 * MAX, INT_MAX };

static int some_int (void)
{
  switch (below (3))
    {
    case 0:  return sizes[below ((int) (sizeof sizes / sizeof *sizes))];
    case 1:  return below (2 * MAX + 3) - MAX - 1;
    default: return any_int ();
    }
}

/* `value` as an int, saturated at the int range. */
static int saturated (long long value)
{
  return value > INT_MAX ? INT_MAX : value < INT_MIN ? INT_MIN : (int) value;
}

/* A padded side next to the right one for `side`: one off, twice, half,
 * a power of two or any. Computed in long long: a side near INT_MAX pads
 * to 2^32, whose neighbours int does not hold. */
static int some_padded (int side)
{
  long long padded = padded_side (side < 1 ? 1 : side);

  switch (below (5))
    {
    case 0:  return saturated (padded + below (3) - 1);
    case 1:  return saturated (padded * 2);
    case 2:  return saturated (padded / 2);
    case 3:  return 1 << below (31);
    default: return some_int ();
    }
}

static double some_double (void)
{
  static const double values[] = { 1.0, 0.5, 0x1p-64, 0x1p-65, 0x1p-66,
                                   0x1p-100, 0x1p-128, 0x1p-129, 0x1p-149,
                                   0x1p-1074, 0.0, -0.0, -0x1p-70, -1.0,
                                   3 * 0x1p-70, 2.0, DBL_MAX, DBL_MIN };

  switch (below (4))
    {
    case 0:  return values[below ((int) (sizeof values / sizeof *values))];
    case 1:  return ldexp (1.0, below (400) - 200);
    case 2:  return below (2) ? NAN : (below (2) ? INFINITY : -INFINITY);
    default:
      {
        uint64_t bits = next ();
        double   value;

        memcpy (&value, &bits, sizeof value);
        return value;
      }
    }
}

static const char *const names[] = { "Log magnitude", "Real part",
                                     "Imaginary part", "Source pixels",
                                     "", "Real part ", "real part" };

static SpectrumRecord forward_record (void)
{
  int            small = below (2);
  int            width = small ? 1 + below (300) : 1 + below (MAX);
  int            height = small ? 1 + below (300) : 1 + below (MAX);
  SpectrumRecord r = {
    .source_image = 1 + below (INT_MAX), .source_drawable = 1 + below (INT_MAX),
    .image_width = 1 + below (MAX), .image_height = 1 + below (MAX),
    .offset_x = below (2 * MAX + 1) - MAX, .offset_y = below (2 * MAX + 1) - MAX,
    .width = width, .height = height,
    .padded_width = (int) padded_side (width),
    .padded_height = (int) padded_side (height),
    .precision = any_int (), .gray = below (2), .has_alpha = below (2),
    .largest = below (2) ? 0.0 : ldexp (1.0, below (200) - 100),
    .scales = { 1.0, 1.0, 1.0 },
    .layers = { (char *) names[0], (char *) names[1], (char *) names[2],
                (char *) names[3] },
  };

  for (int p = 0; p < (r.gray ? 1 : 3); p++)
    if (below (4) == 0)
      r.scales[p] = ldexp (1.0, -65 - below (64));
  return r;
}

/* One field of `r`, chosen at random, set to a value that may break its
 * rule. */
static void mutate (SpectrumRecord *r)
{
  int  field = below (17);
  int *integer = field < 13 ? (int *) ((char *) r +
                                       spectrum_record_integers[field].offset)
                            : NULL;

  if (field == 8 || field == 9)
    *integer = some_padded (field == 8 ? r->width : r->height);
  else if (field == 11 || field == 12)
    *integer = below (2) ? below (4) - 1 : some_int ();
  else if (integer)
    *integer = some_int ();
  else if (field == 13)
    r->largest = some_double ();
  else if (field == 14)
    r->scales[below (3)] = some_double ();
  else
    r->layers[below (4)] = below (8) ? (char *) names[below (7)] : NULL;
}

int main (void)
{
  size_t          agreed = 0, valid = 0, broken = 0;
  SpectrumRecord  first_miss = { 0 };
  const char     *got_miss = NULL, *want_miss = NULL;

  printf ("seed %#x\n", SEED);
  check (spectrum_record_integer_count == 13 &&
         strcmp (spectrum_record_integers[8].key, "padded-width") == 0 &&
         strcmp (spectrum_record_integers[12].key, "has-alpha") == 0,
         "the integer fields in the record's order");

  for (int i = 0; i < RECORDS; i++)
    {
      SpectrumRecord r = forward_record ();
      int            changes = below (3);
      const char    *want, *got;

      for (int c = 0; c < changes; c++)
        mutate (&r);
      want = oracle (&r);
      got  = spectrum_record_broken_field (&r);
      if ((! want && ! got) || (want && got && strcmp (want, got) == 0))
        agreed++;
      else if (! want_miss && ! got_miss)
        {
          first_miss = r;
          want_miss  = want ? want : "(none)";
          got_miss   = got ? got : "(none)";
        }
      want ? broken++ : valid++;
    }

  check (agreed == RECORDS,
         "%zu of %d records (%zu the forward could write, %zu not) named "
         "as the rules say", agreed, RECORDS, valid, broken);
  if (want_miss)
    printf ("first miss: want %s, got %s (width %d, padded %d, height %d, "
            "padded %d, largest %g, scales %g %g %g)\n", want_miss, got_miss,
            first_miss.width, first_miss.padded_width, first_miss.height,
            first_miss.padded_height, first_miss.largest,
            first_miss.scales[0], first_miss.scales[1], first_miss.scales[2]);
  check (valid > RECORDS / 10 && broken > RECORDS / 10,
         "both kinds drawn often");
  return check_finish ();
}
