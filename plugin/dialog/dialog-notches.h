/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dialog-notches — the dialog's changes to the notches, with their
 * colour channels following them: the "notch-channels" argument holds a
 * word per notch by position. Where as many notches remain, each keeps
 * its word (a number edited in place); otherwise a notch that stays keeps
 * its word wherever it moves, and a new one filters every channel.
 * Notches match as the notches field writes them (found-notches.h). */
#ifndef DIALOG_NOTCHES_H
#define DIALOG_NOTCHES_H

#include <libgimp/gimp.h>

/* Sets the config's "notches" to `count` numbers, and its
 * "notch-channels" to follow them. */
void dialog_notches_set          (GimpProcedureConfig *config,
                                  const gdouble       *notches,
                                  gsize                count);

/* Gives each of the config's notches that is among the `notch_count`
 * triples of `notches` the channels of the same index in `masks` (bit p
 * for colour plane p; NULL: every channel). */
void dialog_notches_set_channels (GimpProcedureConfig *config,
                                  const gdouble       *notches,
                                  const unsigned      *masks,
                                  gsize                notch_count);

#endif
