/* SPDX-License-Identifier: GPL-3.0-or-later */
/* notch-channels-text (core/notch-channels-text.h) against words built
 * here from random channel sets: each reads back as its set (letters in
 * any order and case, repeated or not, any separators), a word with
 * another letter is refused at its offset, and what
 * notch_channels_text_write gives reads back as the sets it wrote. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "notch-channels-text.h"

static const char *const separators[] = { " ", "\t", ",", ";", ", ", " ;\t" };

/* A word naming the channels of `set` (1 … 7), its letters shuffled,
 * some doubled, some upper case. */
static void
random_word (unsigned set,
             char    *word)
{
  size_t length = 0;

  for (int k = 0; k < 3; k++)
    if (set & (1u << k))
      {
        int times = 1 + rand () % 2;

        for (int t = 0; t < times; t++)
          word[length++] = (char) ((rand () % 2 ? 'a' - 'A' : 0) +
                                   "RGB"[k]);
      }
  for (size_t i = length; i > 1; i--)
    {
      size_t j   = (size_t) rand () % i;
      char   tmp = word[i - 1];

      word[i - 1] = word[j];
      word[j]     = tmp;
    }
  word[length] = '\0';
}

static unsigned
mask_of (unsigned set)
{
  return set == 7 ? NOTCH_CHANNELS_ALL : set;
}

static void
check_read (unsigned seed)
{
  char      text[4096] = "";
  unsigned  expected[200];
  size_t    count, got_count = 0, bad = 0;
  unsigned *got = NULL;
  int       same;

  srand (seed);
  count = 1 + rand () % 150;
  for (size_t i = 0; i < count; i++)
    {
      char     word[8];
      unsigned set = 1 + rand () % 7;

      random_word (set, word);
      expected[i] = mask_of (set);
      strcat (text, separators[rand () % 6]);
      strcat (text, word);
    }
  same = notch_channels_text_read (text, &got, &got_count, &bad) ==
         NOTCH_CHANNELS_TEXT_OK && got_count == count;
  for (size_t i = 0; same && i < count; i++)
    same = got[i] == expected[i];
  check (same, "seed %u: %zu words read back as their channels", seed,
         count);

  /* Written and read again: the same sets. */
  char     *written = notch_channels_text_write (got, got_count);
  unsigned *again   = NULL;
  size_t    again_count = 0;
  int       every = 1;

  for (size_t i = 0; i < count; i++)
    every = every && expected[i] == NOTCH_CHANNELS_ALL;
  same = written &&
         notch_channels_text_read (written, &again, &again_count, NULL) ==
         NOTCH_CHANNELS_TEXT_OK &&
         again_count == (every ? 0 : count);
  for (size_t i = 0; same && i < again_count; i++)
    same = again[i] == expected[i];
  check (same, "seed %u: \"%.40s…\" reads back as the masks written", seed,
         written ? written : "(null)");
  free (got);
  free (again);
  free (written);
}

/* A bad word among good ones: refused at its offset. */
static void
check_refused (const char *text,
               size_t      offset)
{
  unsigned *got = NULL;
  size_t    count = 9, bad = 0;
  int       refused = notch_channels_text_read (text, &got, &count, &bad) ==
                      NOTCH_CHANNELS_TEXT_NOT_CHANNELS;

  check (refused && ! got && count == 0 && bad == offset,
         "\"%s\" refused at offset %zu (got %zu)", text, offset, bad);
}

int
main (void)
{
  unsigned *got = (unsigned *) 1;
  size_t    count = 9;

  for (unsigned seed = 1; seed <= 200; seed++)
    check_read (seed);
  check_refused ("r g x", 4);
  check_refused ("rgb,rgba", 4);
  check_refused ("r 1", 2);
  check_refused ("  \xc3\xa9", 2);
  check_refused ("R;G;-", 4);
  check (notch_channels_text_read ("  ,; ", &got, &count, NULL) ==
         NOTCH_CHANNELS_TEXT_OK && ! got && count == 0,
         "separators alone are no words");
  check (notch_channels_text_read (NULL, &got, &count, NULL) ==
         NOTCH_CHANNELS_TEXT_OK && ! got && count == 0,
         "NULL reads as empty");
  return check_finish ();
}
