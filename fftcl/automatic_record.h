/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The automatic choice's record: what a measurement found, kept as a small
 * text file in the cache folder so that later contexts read it instead of
 * measuring. One file per key, fftcl/automatic-HASH.txt:
 *
 *   fftcl-automatic 1
 *   KEY (lines "FIELD VALUE" naming what the times depend on)
 *   gpu-us 12345   (whole microseconds: no locale reads them otherwise)
 *   cpu-us 67890
 *   measured 2026-12-03
 *
 * Best effort, as the kernel cache: a file that is missing, unreadable,
 * of another key or not whole is no record, and one that cannot be
 * written is none. */
#ifndef FFTCL_AUTOMATIC_RECORD_H
#define FFTCL_AUTOMATIC_RECORD_H

typedef struct {
  double gpu_ms, cpu_ms; /* positive, whole microseconds in the file */
  char measured[11];     /* "YYYY-MM-DD" */
} fftcl_record;

/* Nonzero, with *record filled, when the file of `key` in `cache_folder`
 * (NULL: the user's) holds a whole record of exactly that key. */
int fftcl_record_read (const char *cache_folder, const char *key,
                       fftcl_record *record);

/* Writes *record as the file of `key`, replacing it atomically. */
void fftcl_record_write (const char *cache_folder, const char *key,
                         const fftcl_record *record);

#endif
