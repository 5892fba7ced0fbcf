/* SPDX-License-Identifier: GPL-3.0-or-later */
/* notches-text — the notches as text, as the dialog's Notches field and
 * the GEGL operation's property (GEGL has no array properties) hold them:
 * numbers separated by spaces, tabs, commas or semicolons, three per
 * notch (fx, fy, radius), read in the C locale whatever the user's.
 * Plain C (no GLib). */
#ifndef NOTCHES_TEXT_H
#define NOTCHES_TEXT_H

#include <stddef.h>

typedef enum
{
  NOTCHES_TEXT_OK,
  NOTCHES_TEXT_NOT_A_NUMBER, /* a word that does not read as a number */
  NOTCHES_TEXT_MEMORY
} NotchesTextStatus;

/* The numbers of `text` (NULL reads as empty) in *numbers (malloc'ed;
 * NULL when there are none) and their count in *count. On failure
 * *numbers is NULL, *count 0, and for NOTCHES_TEXT_NOT_A_NUMBER *bad
 * (when not NULL) the offset of the word in `text`. */
NotchesTextStatus notches_text_read (const char  *text,
                                     double     **numbers,
                                     size_t      *count,
                                     size_t      *bad);

/* `count` numbers as such text, separated by spaces, each with `digits`
 * significant digits (17 read back as the same double) in the C locale;
 * malloc'ed, NULL when memory runs out. */
char *notches_text_write (const double *numbers,
                          size_t        count,
                          int           digits);

#endif
