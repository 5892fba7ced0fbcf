/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The user's cache folder for what fftcl keeps between processes. */
#ifndef FFTCL_CACHE_FOLDER_H
#define FFTCL_CACHE_FOLDER_H

/* "FOLDER/NAME" where `folder` is not NULL, else "$XDG_CACHE_HOME/NAME",
 * else "$HOME/.cache/NAME", with the folders leading to it made (mode
 * 0700) when they are missing. NULL when `folder` is NULL and neither
 * variable is set, or memory runs out; the caller frees it. */
char *fftcl_cache_path (const char *folder, const char *name);

#endif
