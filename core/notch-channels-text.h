/* SPDX-License-Identifier: GPL-3.0-or-later */
/* notch-channels-text — the colour channels each notch filters, as text
 * (docs/contract.md, `notch-channels`): one word per notch, in the order
 * of the notches, separated by spaces, tabs, commas or semicolons; a word
 * is a set of the letters r, g and b (either case), the channels red,
 * green and blue, planes 0, 1 and 2 of the filter. Plain C (no GLib). */
#ifndef NOTCH_CHANNELS_TEXT_H
#define NOTCH_CHANNELS_TEXT_H

#include <stddef.h>

/* The mask of every channel, as a notch without a word has it. */
#define NOTCH_CHANNELS_ALL (~0u)

typedef enum
{
  NOTCH_CHANNELS_TEXT_OK,
  NOTCH_CHANNELS_TEXT_NOT_CHANNELS, /* a word with another letter */
  NOTCH_CHANNELS_TEXT_MEMORY
} NotchChannelsTextStatus;

/* The masks of `text` (NULL reads as empty; bit 0 red, 1 green, 2 blue,
 * "rgb" NOTCH_CHANNELS_ALL) in *masks (malloc'ed; NULL when there are
 * none) and their count in *count. On failure *masks is NULL, *count 0,
 * and for NOTCH_CHANNELS_TEXT_NOT_CHANNELS *bad (when not NULL) the
 * offset of the word in `text`. */
NotchChannelsTextStatus notch_channels_text_read (const char  *text,
                                                  unsigned   **masks,
                                                  size_t      *count,
                                                  size_t      *bad);

/* `count` masks as such text, a word per mask: the letters of its bits
 * 0 … 2 in the order r, g, b ("rgb" where it holds none of them); the
 * empty text where every mask holds all three. malloc'ed, NULL when
 * memory runs out. */
char *notch_channels_text_write (const unsigned *masks,
                                 size_t          count);

#endif
