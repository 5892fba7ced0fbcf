/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cache_folder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

void fftcl_cache_replace (const char *path, const void *head,
                          size_t head_size, const void *body,
                          size_t body_size)
{
  size_t temporary_size = strlen (path) + 8;
  char *temporary = malloc (temporary_size);
  if (!temporary)
    return;
  snprintf (temporary, temporary_size, "%s.XXXXXX", path);
  int descriptor = mkstemp (temporary);
  FILE *file = descriptor >= 0 ? fdopen (descriptor, "wb") : NULL;
  if (descriptor >= 0 && !file)
    close (descriptor);
  int written = file && fwrite (head, 1, head_size, file) == head_size
                && fwrite (body, 1, body_size, file) == body_size;
  if (file && fclose (file) != 0)
    written = 0;
  if (descriptor >= 0 && !(written && rename (temporary, path) == 0))
    unlink (temporary);
  free (temporary);
}
