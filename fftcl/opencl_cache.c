/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "opencl_cache.h"

#include "cache_folder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The version of the file layout below; a new layout changes it. Eight
   bytes with no terminating NUL, hence a list of characters. */
static const char magic[8] = { 'f', 'f', 't', 'c', 'l', 'b', 'n', '1' };

/* No kernel binary comes near this; a larger size is corruption. */
#define MAX_BINARY_BYTES ((uint64_t) 256 << 20)

typedef struct {
  char magic[8];
  uint64_t check;    /* the key's check hash */
  uint64_t size;     /* bytes of binary after the header */
  uint64_t checksum; /* FNV-1a of those bytes */
} entry_header;

#define FNV_PRIME 0x100000001b3u

static uint64_t fnv1a (uint64_t hash, const unsigned char *bytes, size_t size)
{
  for (size_t i = 0; i < size; i++)
    hash = (hash ^ bytes[i]) * FNV_PRIME;
  return hash;
}

fftcl_ocl_cache_key fftcl_ocl_cache_key_start (void)
{
  return (fftcl_ocl_cache_key) { 0xcbf29ce484222325u, 0x84222325cbf29ce4u };
}

fftcl_ocl_cache_key fftcl_ocl_cache_key_add (fftcl_ocl_cache_key key,
                                             const char *text)
{
  const unsigned char *bytes = (const unsigned char *) text;
  size_t size = strlen (text) + 1;
  return (fftcl_ocl_cache_key) { fnv1a (key.name, bytes, size),
                                 fnv1a (key.check, bytes, size) };
}

static char *entry_path (const char *cache_folder, fftcl_ocl_cache_key key)
{
  char name[64];
  snprintf (name, sizeof name, "fftcl/%016llx.bin",
            (unsigned long long) key.name);
  return fftcl_cache_path (cache_folder, name);
}

static int header_matches (const entry_header *header,
                           fftcl_ocl_cache_key key)
{
  return memcmp (header->magic, magic, sizeof magic) == 0
         && header->check == key.check && header->size > 0
         && header->size <= MAX_BINARY_BYTES;
}

/* The binary the file at `path` holds for `key`, or NULL. */
static unsigned char *read_entry (const char *path, fftcl_ocl_cache_key key,
                                  size_t *size)
{
  FILE *file = fopen (path, "rb");
  if (!file)
    return NULL;
  entry_header header;
  unsigned char *binary = NULL;
  if (fread (&header, sizeof header, 1, file) == 1
      && header_matches (&header, key)
      && (binary = malloc (header.size))
      && (fread (binary, 1, header.size, file) != header.size
          || fnv1a (key.check, binary, header.size) != header.checksum))
    {
      free (binary);
      binary = NULL;
    }
  fclose (file);
  *size = binary ? header.size : 0;
  return binary;
}

cl_program fftcl_ocl_cache_load (const char *cache_folder, cl_context context,
                                 cl_device_id device, const char *options,
                                 fftcl_ocl_cache_key key)
{
  char *path = entry_path (cache_folder, key);
  size_t size = 0;
  unsigned char *binary = path ? read_entry (path, key, &size) : NULL;
  free (path);
  if (!binary)
    return NULL;
  const unsigned char *binaries[] = { binary };
  cl_int binary_status, code;
  cl_program program = clCreateProgramWithBinary (
    context, 1, &device, &size, binaries, &binary_status, &code);
  free (binary);
  if (code != CL_SUCCESS)
    return NULL;
  if (binary_status != CL_SUCCESS
      || clBuildProgram (program, 1, &device, options, NULL, NULL)
           != CL_SUCCESS)
    {
      clReleaseProgram (program);
      return NULL;
    }
  return program;
}

static unsigned char *program_binary (cl_program program, size_t *size)
{
  if (clGetProgramInfo (program, CL_PROGRAM_BINARY_SIZES, sizeof *size, size,
                        NULL)
        != CL_SUCCESS
      || *size == 0 || *size > MAX_BINARY_BYTES)
    return NULL;
  unsigned char *binary = malloc (*size);
  if (binary
      && clGetProgramInfo (program, CL_PROGRAM_BINARIES, sizeof binary,
                           &binary, NULL)
           != CL_SUCCESS)
    {
      free (binary);
      binary = NULL;
    }
  return binary;
}

void fftcl_ocl_cache_store (const char *cache_folder, cl_program program,
                            fftcl_ocl_cache_key key)
{
  size_t size = 0;
  unsigned char *binary = program_binary (program, &size);
  char *path = binary ? entry_path (cache_folder, key) : NULL;
  entry_header header = { .check = key.check,
                          .size = size,
                          .checksum = binary ? fnv1a (key.check, binary, size)
                                             : 0 };
  memcpy (header.magic, magic, sizeof magic);
  if (path)
    fftcl_cache_replace (path, &header, sizeof header, binary, size);
  free (path);
  free (binary);
}
