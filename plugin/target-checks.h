/* SPDX-License-Identifier: GPL-3.0-or-later */
/* target-checks — whether a call's image and drawables can be filtered:
 * each drawable checked on its own, before anything changes, so that a
 * script that passes the wrong ones gets a message naming the drawable
 * and the problem, never a filtered layer of another image or a silent
 * no-op. */
#ifndef TARGET_CHECKS_H
#define TARGET_CHECKS_H

#include <libgimp/gimp.h>

/* FALSE, with a message for the user, when `drawables` cannot be
 * filtered as part of `image`; `title` names the procedure there as the
 * user knows it (translated: "Band-pass", "Remove Periodic Pattern"). */
gboolean target_checks_pass (GimpImage     *image,
                             GimpDrawable **drawables,
                             const gchar   *title,
                             GError       **error);

#endif
