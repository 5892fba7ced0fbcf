/* SPDX-License-Identifier: GPL-3.0-or-later */
/* notches-text (core/notches-text.h) against the C library: text made
 * with printf from random numbers and separators reads back as strtod
 * reads each number; a word that is not a number is refused at its
 * offset; what notches_text_write gives reads back as printf's rounding
 * to its digits. */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "notches-text.h"

static const char *const separators[] = { " ", "\t", ",", ";", ", ", " ;\t" };

static double
random_number (void)
{
  double mantissa = rand () / (double) RAND_MAX - 0.5;

  return mantissa * pow (10.0, rand () % 9 - 4);
}

/* Random numbers written with `digits` significant digits, joined by
 * random separators (and some before and after); each reads back as
 * strtod reads its own text. */
static void
check_read (unsigned seed,
            int      digits)
{
  char     text[8192] = "";
  double   expected[200];
  size_t   count, got_count = 0, bad = 0;
  double  *got = NULL;
  int      same;

  srand (seed);
  count = 30 + rand () % 100;
  if (rand () % 2)
    strcat (text, " \t");
  for (size_t i = 0; i < count; i++)
    {
      char number[64];

      snprintf (number, sizeof number, "%.*g", digits, random_number ());
      expected[i] = strtod (number, NULL);
      if (i > 0)
        strcat (text, separators[rand () % 6]);
      strcat (text, number);
    }
  if (rand () % 2)
    strcat (text, "; ");

  same = notches_text_read (text, &got, &got_count, &bad) == NOTCHES_TEXT_OK &&
         got_count == count;
  for (size_t i = 0; same && i < count; i++)
    same = got[i] == expected[i];
  check (same, "seed %u: %zu numbers of %d digits read back as strtod reads "
         "them", seed, count, digits);
  free (got);
}

/* A word that is not a number: refused, its offset given, nothing kept. */
static void
check_refused (const char *text,
               const char *word)
{
  double           *got    = (double *) 1;
  size_t            count  = 99, bad = 0;
  NotchesTextStatus status = notches_text_read (text, &got, &count, &bad);

  check (status == NOTCHES_TEXT_NOT_A_NUMBER && got == NULL && count == 0 &&
         bad == (size_t) (strstr (text, word) - text),
         "\"%s\": refused at \"%s\" (offset %zu)", text, word, bad);
}

/* A comma separates: "0,5" is two numbers, never a decimal comma. */
static void
check_separators (void)
{
  double *got   = NULL;
  size_t  count = 0;

  check (notches_text_read ("1e-3 0,5;2", &got, &count, NULL) ==
         NOTCHES_TEXT_OK && count == 4 && got[0] == 1e-3 && got[1] == 0.0 &&
         got[2] == 5.0 && got[3] == 2.0,
         "\"1e-3 0,5;2\": 0.001, 0, 5, 2");
  free (got);
}

static void
check_empty (const char *text)
{
  double *got   = (double *) 1;
  size_t  count = 99;

  check (notches_text_read (text, &got, &count, NULL) == NOTCHES_TEXT_OK &&
         got == NULL && count == 0, "\"%s\": no numbers",
         text ? text : "(null)");
}

/* notches_text_write: each number as printf writes it with `digits`
 * significant digits, separated by spaces; 17 digits give the double
 * back. */
static void
check_write (unsigned seed,
             int      digits)
{
  double  numbers[40];
  char   *text, *word, *rest;
  int     same = 1;
  size_t  i    = 0;

  srand (seed);
  for (size_t n = 0; n < 40; n++)
    numbers[n] = random_number ();
  text = notches_text_write (numbers, 40, digits);
  for (word = strtok_r (text, " ", &rest); word && i < 40;
       word = strtok_r (NULL, " ", &rest), i++)
    {
      char printed[64];

      snprintf (printed, sizeof printed, "%.*g", digits, numbers[i]);
      same &= strtod (word, NULL) == strtod (printed, NULL) &&
              (digits < 17 || strtod (word, NULL) == numbers[i]);
    }
  check (same && i == 40 && word == NULL,
         "seed %u: 40 numbers written with %d digits read back as printf "
         "rounds them", seed, digits);
  free (text);
}

int
main (void)
{
  for (unsigned seed = 1; seed <= 20; seed++)
    check_read (seed, 1 + (int) (seed % 17));
  check_refused ("0.1 0.2 abc 0.3", "abc");
  check_refused ("0.1,0.2;0.5x", "0.5x");
  check_separators ();
  check_empty (NULL);
  check_empty ("");
  check_empty (" \t,; ");
  for (unsigned seed = 1; seed <= 10; seed++)
    check_write (seed, seed % 2 ? 17 : 4);

  /* The C locale whatever the user's: a German locale's decimal comma
   * does not change how "0.5" reads. */
  if (setlocale (LC_NUMERIC, "de_DE.UTF-8"))
    {
      double *got = NULL;
      size_t  count = 0;

      check (notches_text_read ("0.5 0.25", &got, &count, NULL) ==
             NOTCHES_TEXT_OK && count == 2 && got[0] == 0.5 &&
             got[1] == 0.25, "de_DE locale: \"0.5 0.25\" reads as 0.5, 0.25");
      free (got);
      setlocale (LC_NUMERIC, "C");
    }
  return check_finish ();
}
