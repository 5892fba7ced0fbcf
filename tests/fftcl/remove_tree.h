/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The tests' clean-up of a cache folder they made: the folder and all
 * below it (fftcl's files, and PoCL's own cache, which it keeps there
 * too). */
#ifndef REMOVE_TREE_H
#define REMOVE_TREE_H

#include <dirent.h>
#include <stdio.h>
#include <string.h>

static void remove_tree (const char *path)
{
  DIR *dir = opendir (path);
  for (struct dirent *e; dir && (e = readdir (dir));)
    if (strcmp (e->d_name, ".") && strcmp (e->d_name, ".."))
      {
        char child[1024];
        snprintf (child, sizeof child, "%s/%s", path, e->d_name);
        remove_tree (child);
      }
  if (dir)
    closedir (dir);
  remove (path);
}

#endif
