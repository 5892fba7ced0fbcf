/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW plan's memory: the spectrum and scratch planes, mapped
 * populated and lent back and forth through the device's spare. */
#include "cpu_plan.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>

void cpu_unmap_complex (fftwf_complex *array, size_t count)
{
  if (array)
    munmap (array, count * sizeof (fftwf_complex));
}

/* Fresh pages cost a page fault each, about as much as the filter's
 * other passes together (docs/performance.md, "Rules in the code":
 * populated mappings), so the device keeps one array of complex planes
 * that a destroyed plan gave back, for the next plan that asks for as
 * many; one of another size frees it. Its values are stale: every user
 * writes all of them before reading any. */
static fftwf_complex *map_complex (const cpu_plan *plan, size_t count)
{
  cpu_device *cpu = plan->device;
  pthread_mutex_lock (&cpu->lock);
  fftwf_complex *spare = cpu->spare;
  size_t spare_count = cpu->spare_count;
  cpu->spare = NULL;
  pthread_mutex_unlock (&cpu->lock);
  if (spare && spare_count == count)
    return spare;
  cpu_unmap_complex (spare, spare_count);
  return fftcl_map_populated (count * sizeof (fftwf_complex),
                              (size_t) plan->threads);
}

void cpu_give_back_complex (const cpu_plan *plan, fftwf_complex *array,
                            size_t count)
{
  cpu_device *cpu = plan->device;
  pthread_mutex_lock (&cpu->lock);
  int kept = array && !cpu->spare;
  if (kept)
    {
      cpu->spare = array;
      cpu->spare_count = count;
    }
  pthread_mutex_unlock (&cpu->lock);
  if (!kept)
    cpu_unmap_complex (array, count);
}

fftcl_status cpu_prepare_filter (cpu_plan *plan, fftcl_error *err)
{
  if (plan->spectrum)
    return FFTCL_OK;
  size_t area = plan->width * plan->height;
  plan->spectrum = map_complex (plan, area * cpu_spectrum_planes (plan));
  if (!plan->spectrum)
    {
      cpu_release_filter (plan);
      return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: no host memory "
                         "for a %zu×%zu spectrum", plan->width, plan->height);
    }
  size_t planes = cpu_spectrum_planes (plan), threads = (size_t) plan->threads;
  if (!cpu_planes_fft_make (&plan->spectrum_forward, plan->width,
                            plan->height, planes, threads, plan->spectrum,
                            FFTW_FORWARD)
      || !cpu_planes_fft_make (&plan->scratch_inverse, plan->width,
                               plan->height, planes, threads, plan->spectrum,
                               FFTW_BACKWARD))
    {
      cpu_release_filter (plan);
      return fftcl_fail (err, FFTCL_ERROR_FFTW, "fftcl: FFTW could not plan "
                         "a %zu×%zu transform", plan->width, plan->height);
    }
  return FFTCL_OK;
}

fftcl_status cpu_prepare_scratch (cpu_plan *plan, fftcl_error *err)
{
  if (!plan->scratch)
    plan->scratch = map_complex (plan, plan->width * plan->height
                                 * cpu_spectrum_planes (plan));
  if (!plan->scratch)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: no host memory "
                       "for a %zu×%zu spectrum", plan->width, plan->height);
  return FFTCL_OK;
}

void cpu_release_filter (cpu_plan *plan)
{
  cpu_planes_fft_clear (&plan->spectrum_forward);
  cpu_planes_fft_clear (&plan->scratch_inverse);
  size_t area = plan->width * plan->height;
  cpu_give_back_complex (plan, plan->spectrum,
                         area * cpu_spectrum_planes (plan));
  cpu_give_back_complex (plan, plan->scratch,
                         area * cpu_spectrum_planes (plan));
  plan->spectrum = plan->scratch = NULL;
}
