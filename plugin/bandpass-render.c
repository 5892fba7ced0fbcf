#include "bandpass-render.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "padding.h"
#include "pixel-planes.h"
#include "step-timings.h"

/* The transfer curve of the values that get filtered. */
typedef enum
{
  TRC_LINEAR,
  TRC_NONLINEAR,
  TRC_PERCEPTUAL
} Trc;

/* [gray][trc][alpha]. */
static const gchar *const channel_formats[2][3][2] =
{
  { [TRC_LINEAR]     = { "RGB float",    "RGBA float"    },
    [TRC_NONLINEAR]  = { "R'G'B' float", "R'G'B'A float" },
    [TRC_PERCEPTUAL] = { "R~G~B~ float", "R~G~B~A float" } },
  { [TRC_LINEAR]     = { "Y float",      "YA float"      },
    [TRC_NONLINEAR]  = { "Y' float",     "Y'A float"     },
    [TRC_PERCEPTUAL] = { "Y~ float",     "Y~A float"     } },
};

/* [alpha]. Linear luminance is computed from L* (see pixel-planes.c). */
static const gchar *const lab_formats[2] =
  { "CIE Lab float", "CIE Lab alpha float" };

typedef struct
{
  const BandpassSettings *settings;
  const Babl             *format;   /* of `pixels`, in the image's space */
  PixelLayout             layout;
  PlaneGeometry           geometry;
  gfloat                 *pixels;   /* the whole drawable, interleaved */
  gfloat                 *planes;   /* the padded colour planes */
  gboolean                timed;
  StepTimings             timings;
  gchar                  *device_name; /* of the context that filtered */
} RenderJob;

/* Linear light when asked for; otherwise the values as the drawable
 * stores them, which are linear light too in a linear image. */
static Trc
filtered_trc (GimpDrawable           *drawable,
              const BandpassSettings *settings)
{
  const Babl    *stored = babl_format_get_model (gimp_drawable_get_format (drawable));
  BablModelFlag  flags  = babl_get_model_flags (stored);

  if (settings->linear || (flags & BABL_MODEL_FLAG_LINEAR))
    return TRC_LINEAR;

  return (flags & BABL_MODEL_FLAG_PERCEPTUAL) ? TRC_PERCEPTUAL
                                              : TRC_NONLINEAR;
}

static void
choose_format (RenderJob              *job,
               GimpDrawable           *drawable,
               const BandpassSettings *settings)
{
  gboolean     gray      = gimp_drawable_is_gray (drawable) != FALSE;
  gboolean     has_alpha = gimp_drawable_has_alpha (drawable) != FALSE;
  gboolean     lab       = ! gray &&
                           settings->channels == BANDPASS_CHANNELS_LUMINANCE;
  Trc          trc       = filtered_trc (drawable, settings);
  const gchar *name      = lab ? lab_formats[has_alpha]
                               : channel_formats[gray][trc][has_alpha];

  job->format = babl_format_with_space (name,
                                        gimp_drawable_get_format (drawable));

  job->layout.components             = babl_format_get_n_components (job->format);
  job->layout.has_alpha              = has_alpha;
  job->layout.colour_planes          = lab ? 1
                                           : job->layout.components - has_alpha;
  job->layout.lightness_as_luminance = lab && trc == TRC_LINEAR;
}

/* How far, in pixels, the filter mixes values: the widest period it
 * involves, which is about 5 σ of a Gaussian edge's kernel (σ ≈ 0.19 ×
 * period), and never less than a few pixels. Stripe suppression reaches
 * along whole rows or columns whatever the margin, so it adds nothing. */
static gdouble
filter_reach (const fftcl_gain *gain)
{
  gdouble widest = MAX (gain->large_period, gain->small_period);

  for (gsize i = 0; i < gain->notch_count; i++)
    widest = MAX (widest, 1.0 / gain->notches[3 * i + 2]);

  return MAX (widest, 8.0);
}

static void
set_padding (RenderJob *job,
             gdouble    reach)
{
  job->geometry.padded_width  = padding_size_for (job->geometry.width, reach);
  job->geometry.padded_height = padding_size_for (job->geometry.height, reach);
}

static void
render_job_init (RenderJob              *job,
                 GimpDrawable           *drawable,
                 const BandpassSettings *settings)
{
  *job = (RenderJob) { .settings = settings, .timed = step_timings_wanted () };

  choose_format (job, drawable, settings);

  job->geometry.width  = gimp_drawable_get_width (drawable);
  job->geometry.height = gimp_drawable_get_height (drawable);
  set_padding (job, filter_reach (&settings->gain));
}

/* What a render holds at its peak: the pixels, the padded planes, and
 * the CPU backend's spectra of plane pairs, twice: kept and filtered (a
 * GPU's failure falls back to the CPU, so its need counts too). */
static guint64
bytes_needed (const RenderJob *job)
{
  guint64 pixels = (guint64) job->geometry.width * job->geometry.height *
                   babl_format_get_bytes_per_pixel (job->format);
  guint64 area   = (guint64) job->geometry.padded_width *
                   job->geometry.padded_height;
  gsize   planes = job->layout.colour_planes;

  return pixels + area * planes * sizeof (gfloat) +
         area * 2 * sizeof (gfloat) * 2 * ((planes + 1) / 2);
}

/* MemAvailable of /proc/meminfo; G_MAXUINT64 where it cannot be read. */
static guint64
bytes_available (void)
{
  gchar   *meminfo   = NULL;
  gchar   *line;
  guint64  available = G_MAXUINT64;

  if (g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL) &&
      (line = strstr (meminfo, "MemAvailable:")) != NULL)
    available = g_ascii_strtoull (line + strlen ("MemAvailable:"), NULL, 10)
                * 1024;

  g_free (meminfo);
  return available;
}

static gdouble
gibibytes (guint64 bytes)
{
  return bytes / (gdouble) (1u << 30);
}

/* The margin that keeps the FFT's wrap-around away from the image can
 * double each axis: when that does not fit in memory but the image
 * without a margin does, it is filtered so, with a warning, since only a
 * band along the edges (the filter's reach) is affected. FALSE, with a
 * message, when not even that fits: nothing has been touched then. */
static gboolean
fit_in_memory (RenderJob     *job,
               GimpDrawable  *drawable,
               GError       **error)
{
  guint64 available = bytes_available ();
  guint64 needed    = bytes_needed (job);
  gchar  *name;

  if (needed <= available)
    return TRUE;

  set_padding (job, 0.0);
  if (bytes_needed (job) <= available)
    {
      g_message (_("There is not enough memory (%.1f GiB needed, %.1f GiB "
                   "available) to pad this drawable with a margin; it is "
                   "filtered without one, so its opposite edges may blend "
                   "within the filter's reach."),
                 gibibytes (needed), gibibytes (available));
      return TRUE;
    }

  name = gimp_item_get_name (GIMP_ITEM (drawable));
  g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
               _("\"%s\" (%d×%d) needs about %.1f GiB of memory to filter, "
                 "but only %.1f GiB are available. Nothing was changed."),
               name, (gint) job->geometry.width, (gint) job->geometry.height,
               gibibytes (bytes_needed (job)), gibibytes (available));
  g_free (name);
  return FALSE;
}

static void
render_job_clear (RenderJob *job)
{
  g_free (job->pixels);
  g_free (job->planes);
  g_free (job->device_name);
}

static GeglRectangle
whole_drawable (const RenderJob *job)
{
  return (GeglRectangle) { 0, 0, job->geometry.width, job->geometry.height };
}

static gboolean
out_of_memory (GError **error)
{
  g_set_error_literal (error, GIMP_PLUG_IN_ERROR, 0,
                       _("There is not enough memory to filter this "
                         "drawable."));
  return FALSE;
}

static gboolean
read_pixels (RenderJob    *job,
             GimpDrawable *drawable,
             GError      **error)
{
  gdouble        start_ms = step_timings_now_ms ();
  GeglRectangle  extent   = whole_drawable (job);
  GeglBuffer    *source;

  job->pixels = g_try_malloc_n (job->geometry.width * job->geometry.height,
                                babl_format_get_bytes_per_pixel (job->format));
  if (! job->pixels)
    return out_of_memory (error);

  source = gimp_drawable_get_buffer (drawable);
  gegl_buffer_get (source, &extent, 1.0, job->format,
                   job->pixels, GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
  g_object_unref (source);

  job->timings.read_ms = step_timings_now_ms () - start_ms;
  return TRUE;
}

static gsize
plane_size (const RenderJob *job)
{
  return job->geometry.padded_width * job->geometry.padded_height;
}

static gboolean
allocate_planes (RenderJob *job,
                 GError   **error)
{
  job->planes = g_try_malloc_n (plane_size (job) * job->layout.colour_planes,
                                sizeof (gfloat));

  return job->planes != NULL || out_of_memory (error);
}

static void
pad_planes (RenderJob *job)
{
  gdouble start_ms = step_timings_now_ms ();

  pixel_planes_gather (&job->layout, &job->geometry, job->pixels,
                       job->planes);

  for (gsize plane = 0; plane < job->layout.colour_planes; plane++)
    padding_fill (job->planes + plane * plane_size (job),
                  job->geometry.width, job->geometry.height,
                  job->geometry.padded_width, job->geometry.padded_height,
                  job->settings->padding);

  job->timings.pad_ms = step_timings_now_ms () - start_ms;
}

static void
add_timings (fftcl_timings       *sum,
             const fftcl_timings *part)
{
  sum->upload_ms   += part->upload_ms;
  sum->forward_ms  += part->forward_ms;
  sum->mask_ms     += part->mask_ms;
  sum->inverse_ms  += part->inverse_ms;
  sum->download_ms += part->download_ms;
}

/* fftcl moves a plan whose GPU fails to the CPU and redoes the call, so
 * the result is right; the user is told, and the timings say where it ran. */
static void
note_device (RenderJob           *job,
             const fftcl_context *context,
             const gchar         *fallback_reason)
{
  const gchar *device = fftcl_context_device_name (context);

  if (! fallback_reason)
    {
      job->device_name = g_strdup (device);
      return;
    }

  g_message (_("Filtering on %s failed (%s); filtering on the CPU "
               "instead."),
             device, fallback_reason);
  job->device_name = g_strdup_printf ("CPU (FFTW), after %s failed", device);
}

static gboolean
filter_planes (RenderJob     *job,
               fftcl_context *context,
               fftcl_error   *fft_error)
{
  fftcl_timings  load_timings  = { 0 };
  fftcl_timings  apply_timings = { 0 };
  fftcl_plan    *plan;
  gboolean       filtered;

  if (fftcl_plan_create (context,
                         job->geometry.padded_width,
                         job->geometry.padded_height,
                         job->layout.colour_planes,
                         &plan, fft_error) != FFTCL_OK)
    return FALSE;

  filtered =
    fftcl_filter_load (plan, job->planes,
                       job->timed ? &load_timings : NULL,
                       fft_error) == FFTCL_OK &&
    fftcl_filter_apply (plan, &job->settings->gain, job->planes,
                        job->timed ? &apply_timings : NULL,
                        fft_error) == FFTCL_OK;

  if (filtered)
    note_device (job, context, fftcl_plan_fallback_reason (plan));

  fftcl_plan_destroy (plan);

  job->timings.fft = load_timings;
  add_timings (&job->timings.fft, &apply_timings);

  return filtered;
}

static gboolean
fft_failed (GError            **error,
            const fftcl_error  *fft_error)
{
  g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
               _("Band-pass filtering failed: %s"), fft_error->message);
  return FALSE;
}

static gboolean
filter (RenderJob     *job,
        fftcl_context *context,
        GError       **error)
{
  fftcl_error fft_error;

  return filter_planes (job, context, &fft_error) ||
         fft_failed (error, &fft_error);
}

static void
write_pixels (RenderJob  *job,
              GeglBuffer *target)
{
  gdouble       start_ms = step_timings_now_ms ();
  GeglRectangle extent   = whole_drawable (job);

  pixel_planes_scatter (&job->layout, &job->geometry, job->planes,
                        job->pixels);
  gegl_buffer_set (target, &extent, 0, job->format,
                   job->pixels, GEGL_AUTO_ROWSTRIDE);

  job->timings.crop_write_ms = step_timings_now_ms () - start_ms;
}

static void
report (BandpassProgressFunc progress,
        gpointer             progress_data,
        gdouble              fraction)
{
  if (progress)
    progress (fraction, progress_data);
}

static void
print_timings (const RenderJob *job,
               GimpDrawable    *drawable)
{
  gchar *drawable_name = gimp_item_get_name (GIMP_ITEM (drawable));

  step_timings_print (&job->timings, drawable_name, job->device_name,
                      &job->geometry);
  g_free (drawable_name);
}

static gboolean
run_job (RenderJob            *job,
         GimpDrawable         *drawable,
         fftcl_context        *context,
         GeglBuffer           *target,
         BandpassProgressFunc  progress,
         gpointer              progress_data,
         GError              **error)
{
  if (! fit_in_memory (job, drawable, error) ||
      ! read_pixels (job, drawable, error) || ! allocate_planes (job, error))
    return FALSE;
  report (progress, progress_data, 0.2);

  pad_planes (job);
  report (progress, progress_data, 0.3);

  if (! filter (job, context, error))
    return FALSE;
  report (progress, progress_data, 0.8);

  write_pixels (job, target);
  report (progress, progress_data, 1.0);

  if (job->timed)
    print_timings (job, drawable);

  return TRUE;
}

gboolean
bandpass_render (GimpDrawable           *drawable,
                 const BandpassSettings *settings,
                 fftcl_context          *context,
                 GeglBuffer             *target,
                 BandpassProgressFunc    progress,
                 gpointer                progress_data,
                 GError                **error)
{
  RenderJob job;
  gboolean  rendered;

  render_job_init (&job, drawable, settings);
  rendered = run_job (&job, drawable, context, target,
                      progress, progress_data, error);
  render_job_clear (&job);

  return rendered;
}
