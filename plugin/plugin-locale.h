/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plugin-locale — where the plug-in's message catalogs are: locale/
 * beside its executable, as po/meson.build installs them. GIMP 3.0's
 * libgimp binds the plug-in's domain to the folder set_i18n names as the
 * relative path it is ("locale"), and gettext reads a relative folder
 * from the working directory at each lookup: the plug-in runs in GIMP's
 * working directory, not its own folder, so 3.0.4 found no catalog for
 * the dialog's strings and showed them in English (3.2 binds the
 * absolute path). Each run binds the absolute folder itself. */
#ifndef PLUGIN_LOCALE_H
#define PLUGIN_LOCALE_H

#include <glib.h>

/* The absolute path of the catalogs' folder, or NULL where it is missing
 * (no translations installed, or the executable copied alone). Free with
 * g_free. */
gchar *plugin_locale_folder (void);

/* Binds the plug-in's gettext domain to plugin_locale_folder(), where
 * there is one; called first in each procedure's run. */
void   plugin_locale_bind   (void);

#endif
