/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The user's cache folder for what fftcl keeps between processes. */
#ifndef FFTCL_CACHE_FOLDER_H
#define FFTCL_CACHE_FOLDER_H

#include <stddef.h>

/* "FOLDER/NAME" where `folder` is not NULL, else "$XDG_CACHE_HOME/NAME",
 * else "$HOME/.cache/NAME", with the folders leading to it made (mode
 * 0700) when they are missing. NULL when `folder` is NULL and neither
 * variable is set, or memory runs out; the caller frees it. */
char *fftcl_cache_path (const char *folder, const char *name);

/* Writes `head` and then `body` (either may be empty) as the file at
 * `path`, atomically: through a temporary file beside it renamed over
 * it, so that readers see the old file or the whole new one. Best
 * effort: nothing is written where that fails. */
void fftcl_cache_replace (const char *path, const void *head,
                          size_t head_size, const void *body,
                          size_t body_size);

#endif
