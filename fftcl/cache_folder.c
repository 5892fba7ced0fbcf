/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cache_folder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Makes every folder that `path` names before its last component. */
static void make_parents (char *path)
{
  for (char *slash = strchr (path + 1, '/'); slash;
       slash = strchr (slash + 1, '/'))
    {
      *slash = '\0';
      mkdir (path, 0700);
      *slash = '/';
    }
}

char *fftcl_cache_path (const char *folder, const char *name)
{
  const char *cache = folder ? folder : getenv ("XDG_CACHE_HOME");
  const char *home = getenv ("HOME");
  const char *base = cache && cache[0] ? cache : home && home[0] ? home : NULL;
  if (!base)
    return NULL;
  const char *middle = base == cache ? "" : "/.cache";
  size_t size = strlen (base) + strlen (middle) + strlen (name) + 2;
  char *path = malloc (size);
  if (!path)
    return NULL;
  snprintf (path, size, "%s%s/%s", base, middle, name);
  make_parents (path);
  return path;
}
