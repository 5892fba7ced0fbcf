/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The context and plan structures that context.c and plan.c share. */
#ifndef FFTCL_CONTEXT_H
#define FFTCL_CONTEXT_H

#include "backend.h"

struct fftcl_context {
  const fftcl_backend *backend;
  void *device;
  char name[256];
  fftcl_context_options options; /* cache_folder: the context's own copy */
  fftcl_choice choice;
};

/* Opens `backend`'s device that `choice` names (NULL: its default) into
 * ctx, as ctx's options say. */
fftcl_status fftcl_context_open_backend (fftcl_context *ctx,
                                         const fftcl_backend *backend,
                                         const char *choice, fftcl_error *err);

#endif
