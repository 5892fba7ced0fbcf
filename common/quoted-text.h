/* SPDX-License-Identifier: GPL-3.0-or-later */
/* quoted-text — an argument as a message quotes it: whole when short, else
 * only its start and its length, so that a refusal of a megabyte of text
 * stays a sentence. */
#ifndef QUOTED_TEXT_H
#define QUOTED_TEXT_H

#include <glib.h>

/* Characters of an argument a message quotes at most. */
#define QUOTED_TEXT_MAX 40

/* `text` in double quotes when it holds at most QUOTED_TEXT_MAX
 * characters; else its first QUOTED_TEXT_MAX, an ellipsis, and its
 * length ("…" (1000092 characters)). Bytes that are not UTF-8 show as
 * U+FFFD. Free with g_free. */
gchar *quoted_text (const gchar *text);

#endif
