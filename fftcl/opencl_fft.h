/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 2-D FFTs of one plane of width × height complex floats on an OpenCL
 * device, as a list of stages of kernels/fft.cl.
 *
 * An axis whose length fits in a work-group's local memory takes one stage.
 * A longer axis of length N = R1 · R2 · … takes one stage per factor, in one
 * of two orders:
 *  - natural: Stockham passes over global memory (the first passes write
 *    to a spare plane), spectrum in natural order, for fftcl_transform;
 *  - in place: decimation in frequency, the spectrum's positions in
 *    digit-reversed order, inverted in place by the same stages backwards.
 *    The filter uses it: it has no spare plane while it keeps its spectrum,
 *    and the gain only needs to know which frequency each position holds. */
#ifndef FFTCL_OPENCL_FFT_H
#define FFTCL_OPENCL_FFT_H

#include "opencl_device.h"

typedef struct fftcl_ocl_fft fftcl_ocl_fft;

fftcl_status fftcl_ocl_fft_create (fftcl_ocl_device *device, size_t width,
                                   size_t height, fftcl_ocl_fft **out,
                                   fftcl_error *err);
/* The FFT of a lone real plane of 2·width × height floats, held as the
 * width × height complex plane of its even and odd columns (the floats
 * as they lie): half the work of transforming it as a complex plane of
 * its own size. It runs fftcl_ocl_fft_in_place and
 * fftcl_ocl_fft_filtered_inverse only, whose first stage turns that
 * plane's spectrum into the spectrum of the filtered real plane
 * (kernels/fft.cl's FFT_MIX). Its gain arguments are
 * fftcl_ocl_fft_set_gain's, with this FFT's frequencies and width, and
 * the real plane's stripe scale. */
fftcl_status fftcl_ocl_fft_create_lone (fftcl_ocl_device *device,
                                        size_t width, size_t height,
                                        fftcl_ocl_fft **out,
                                        fftcl_error *err);
void fftcl_ocl_fft_destroy (fftcl_ocl_fft *fft);

/* Whether natural-order transforms need a spare plane. */
int fftcl_ocl_fft_needs_spare (const fftcl_ocl_fft *fft);

/* Enqueues a natural-order transform of `data`, using `spare` when
 * fftcl_ocl_fft_needs_spare says so; *result is the one that ends up
 * holding the result. The inverse is scaled by 1/(width · height). */
fftcl_status fftcl_ocl_fft_natural (const fftcl_ocl_fft *fft,
                                    fftcl_direction direction, cl_mem data,
                                    cl_mem spare, cl_mem *result,
                                    fftcl_error *err);

/* How many planes the stages of an in-place transform take per launch: 2
 * for small planes, else 1. */
size_t fftcl_ocl_fft_planes_per_launch (const fftcl_ocl_fft *fft);

/* Enqueues in-place transforms of `count` planes between natural order and
 * the in-place spectrum order, fftcl_ocl_fft_planes_per_launch at a time. */
fftcl_status fftcl_ocl_fft_in_place (const fftcl_ocl_fft *fft,
                                     fftcl_direction direction,
                                     const cl_mem *planes, size_t count,
                                     fftcl_error *err);

/* Sets the gain arguments of the filter's first inverse stage and of the
 * round trip, in the order of gain.h's GAIN_PARAMETERS: frequencies (the
 * buffer below), width, large_period, small_period, shape, order, reject,
 * keep_mean, stripes, stripe_scale, notches, notch_count, factors,
 * separable. */
fftcl_status fftcl_ocl_fft_set_gain (const fftcl_ocl_fft *fft,
                                     const fftcl_ocl_arg *args, size_t count,
                                     fftcl_error *err);

/* Enqueues the inverse in-place transform of `spectrum` times the gain,
 * into `out`; `spectrum` is left as it is. */
fftcl_status fftcl_ocl_fft_filtered_inverse (const fftcl_ocl_fft *fft,
                                             cl_mem spectrum, cl_mem out,
                                             fftcl_error *err);

/* The same for `count` spectrum planes, in place, as many at a time as
 * one launch takes: the spectra become the filtered planes. */
fftcl_status fftcl_ocl_fft_filter_in_place (const fftcl_ocl_fft *fft,
                                            const cl_mem *spectra,
                                            size_t count, fftcl_error *err);

/* A filter that keeps no spectrum, in two calls over `count` planes in
 * place, as many at a time as one launch takes: the forward transform,
 * stopping short of the last stage when the transform has more than one;
 * then the rest: that last stage forward, the gain and back in one pass
 * (the "round trip", which reads the gain from the table set below), else
 * the gain and the first inverse stage, and the inverse. The planes end up
 * filtered. */
fftcl_status fftcl_ocl_fft_filter_forward (const fftcl_ocl_fft *fft,
                                           const cl_mem *planes, size_t count,
                                           fftcl_error *err);
fftcl_status fftcl_ocl_fft_filter_rest (const fftcl_ocl_fft *fft,
                                        const cl_mem *planes, size_t count,
                                        fftcl_error *err);

/* Whether fftcl_ocl_fft_filter_rest makes the round trip, and the buffer
 * of one float per position (in the in-place spectrum order) that it reads
 * the gain from; kernels/filter.cl's gain_table fills one. */
int fftcl_ocl_fft_has_round_trip (const fftcl_ocl_fft *fft);
fftcl_status fftcl_ocl_fft_set_gain_table (const fftcl_ocl_fft *fft,
                                          cl_mem gains, fftcl_error *err);

/* The frequency, in cycles per pixel, of each position of the in-place
 * spectrum order: width floats for x, then height floats for y. */
cl_mem fftcl_ocl_fft_frequencies (const fftcl_ocl_fft *fft);

#endif
