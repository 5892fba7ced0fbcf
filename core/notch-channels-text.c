/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "notch-channels-text.h"

#include <stdlib.h>
#include <string.h>

#define SEPARATORS " \t,;"
#define LETTERS    "rgb"
#define RGB        7u

/* The mask of the word at `text` (it ends at a separator or the end);
 * 0 where a letter names no channel. */
static unsigned
read_word (const char *text)
{
  size_t   length = strcspn (text, SEPARATORS);
  unsigned mask   = 0;

  for (size_t i = 0; i < length; i++)
    {
      char        lower  = (char) (text[i] | 0x20);
      const char *letter = lower ? strchr (LETTERS, lower) : NULL;

      if (! letter || text[i] < 'A')
        return 0;
      mask |= 1u << (letter - LETTERS);
    }
  return mask == RGB ? NOTCH_CHANNELS_ALL : mask;
}

NotchChannelsTextStatus
notch_channels_text_read (const char  *text,
                          unsigned   **masks,
                          size_t      *count,
                          size_t      *bad)
{
  const char *start = text;

  *masks = NULL;
  *count = 0;
  if (! text)
    return NOTCH_CHANNELS_TEXT_OK;
  /* Each word is at least one letter and a separator, less the last's. */
  *masks = malloc ((strlen (text) / 2 + 1) * sizeof **masks);
  if (! *masks)
    return NOTCH_CHANNELS_TEXT_MEMORY;
  for (text += strspn (text, SEPARATORS); *text;
       text += strspn (text, SEPARATORS))
    {
      unsigned mask = read_word (text);

      if (! mask)
        {
          if (bad)
            *bad = (size_t) (text - start);
          free (*masks);
          *masks = NULL;
          *count = 0;
          return NOTCH_CHANNELS_TEXT_NOT_CHANNELS;
        }
      (*masks)[(*count)++] = mask;
      text += strcspn (text, SEPARATORS);
    }
  if (*count == 0)
    {
      free (*masks);
      *masks = NULL;
    }
  return NOTCH_CHANNELS_TEXT_OK;
}

char *
notch_channels_text_write (const unsigned *masks,
                           size_t          count)
{
  char   *text   = malloc (4 * count + 1);
  size_t  length = 0;
  int     every  = 1;

  if (! text)
    return NULL;
  for (size_t i = 0; i < count; i++)
    every = every && (masks[i] & RGB) == RGB;
  for (size_t i = 0; i < count && ! every; i++)
    {
      unsigned mask = (masks[i] & RGB) ? masks[i] & RGB : RGB;

      if (i > 0)
        text[length++] = ' ';
      for (size_t k = 0; k < 3; k++)
        if (mask & (1u << k))
          text[length++] = LETTERS[k];
    }
  text[length] = '\0';
  return text;
}
