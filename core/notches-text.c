/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "notches-text.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEPARATORS " \t,;"

/* One number per word at most, so a word count bounds the numbers. */
static size_t
count_words (const char *text)
{
  size_t words = 0;

  for (text += strspn (text, SEPARATORS); *text;
       text += strspn (text, SEPARATORS))
    {
      words++;
      text += strcspn (text, SEPARATORS);
    }
  return words;
}

/* The word at `text` (it ends at a separator or the end) as a number in
 * `c_locale`; 0 when it is not one whole. */
static int
read_word (const char *text,
           locale_t    c_locale,
           double     *number)
{
  size_t  length = strcspn (text, SEPARATORS);
  char   *end;

  *number = strtod_l (text, &end, c_locale);
  return end == text + length;
}

static NotchesTextStatus
read_words (const char *text,
            locale_t    c_locale,
            double     *numbers,
            size_t     *count,
            size_t     *bad)
{
  const char *start = text;

  for (text += strspn (text, SEPARATORS); *text;
       text += strspn (text, SEPARATORS))
    {
      if (! read_word (text, c_locale, numbers + *count))
        {
          if (bad)
            *bad = (size_t) (text - start);
          return NOTCHES_TEXT_NOT_A_NUMBER;
        }
      (*count)++;
      text += strcspn (text, SEPARATORS);
    }
  return NOTCHES_TEXT_OK;
}

NotchesTextStatus
notches_text_read (const char  *text,
                   double     **numbers,
                   size_t      *count,
                   size_t      *bad)
{
  size_t            words = text ? count_words (text) : 0;
  locale_t          c_locale;
  NotchesTextStatus status;

  *numbers = NULL;
  *count   = 0;
  if (words == 0)
    return NOTCHES_TEXT_OK;

  c_locale = newlocale (LC_NUMERIC_MASK, "C", (locale_t) 0);
  *numbers = calloc (words, sizeof **numbers);
  if (c_locale == (locale_t) 0 || ! *numbers)
    status = NOTCHES_TEXT_MEMORY;
  else
    status = read_words (text, c_locale, *numbers, count, bad);

  if (c_locale != (locale_t) 0)
    freelocale (c_locale);
  if (status != NOTCHES_TEXT_OK)
    {
      free (*numbers);
      *numbers = NULL;
      *count   = 0;
    }
  return status;
}

char *
notches_text_write (const double *numbers,
                    size_t        count,
                    int           digits)
{
  /* "-d.ddde-ddd" at most: the digits, sign, point, exponent, a space. */
  size_t    room     = (size_t) digits + 12;
  char     *text     = malloc (count * room + 1);
  locale_t  c_locale = newlocale (LC_NUMERIC_MASK, "C", (locale_t) 0);
  size_t    length   = 0;

  if (! text || c_locale == (locale_t) 0)
    {
      free (text);
      if (c_locale != (locale_t) 0)
        freelocale (c_locale);
      return NULL;
    }

  locale_t previous = uselocale (c_locale);
  text[0] = '\0';
  for (size_t i = 0; i < count; i++)
    length += (size_t) snprintf (text + length, room, "%s%.*g",
                                 i > 0 ? " " : "", digits, numbers[i]);
  uselocale (previous);
  freelocale (c_locale);
  return text;
}
