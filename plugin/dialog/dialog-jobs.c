/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "dialog-jobs.h"

#include <glib/gi18n-lib.h>

#include "bandpass-settings.h"
#include "dialog-notches.h"

/* A job's periods: fixed, or a share of the drawable's shorter side
 * (uneven light spans a good part of the picture; the detail a retoucher
 * separates is a few pixels at any size up to a few thousand). */
typedef struct
{
  const gchar *nick;
  gdouble      large, small;       /* px; 0 removes nothing */
  gdouble      large_share;        /* > 0: large = shorter side × this */
  gdouble      small_share;        /* > 0: small = shorter side × this, */
  gdouble      small_least;        /*      at least this */
  const gchar *output;
  gboolean     find;               /* press Find patterns after */
} Job;

static const Job jobs[] = {
  { DIALOG_JOB_REMOVE_PATTERN, 0.0,  0.0, 0.0,   0.0,   0.0, "replace",      TRUE  },
  { "flatten-light",           0.0,  0.0, 0.125, 0.0,   0.0, "replace",      FALSE },
  { "separate-detail",         0.0,  0.0, 0.0,   0.004, 4.0, "removed-part", FALSE },
  { "imagej",                  40.0, 3.0, 0.0,   0.0,   0.0, "replace",      FALSE },
};

/* The arguments a job sets whose change by the user makes it "Custom";
 * small-structures only where Find patterns leaves it alone. */
static const gchar *const watched[] =
  { "large-structures", "mode", "stripes", "output", "small-structures" };

typedef struct
{
  GimpProcedureConfig *config;
  gsize                shorter;
  DialogJobsFindFunc   find;
  gpointer             find_data;
  gboolean             applying;
} Jobs;

void
dialog_jobs_add_argument (GimpProcedure *procedure,
                          const gchar   *initial)
{
  gimp_procedure_add_choice_aux_argument (
    procedure, "job", _("_Job"),
    _("Set the arguments for a common job; each stays editable"),
    gimp_choice_new_with_values (
      DIALOG_JOB_CUSTOM,         0, _("Custom"), NULL,
      DIALOG_JOB_REMOVE_PATTERN, 1,
      _("Remove a periodic pattern (descreen, moiré, scan lines)"), NULL,
      "flatten-light",           2, _("Flatten uneven light"), NULL,
      "separate-detail",         3,
      _("Separate fine detail into a layer (frequency separation)"), NULL,
      "imagej",                  4,
      _("Band-pass for scientific images (ImageJ's 40 / 3 px)"), NULL,
      NULL),
    initial, G_PARAM_READWRITE);
}

static const Job *
job_of (const gchar *nick)
{
  for (gsize i = 0; i < G_N_ELEMENTS (jobs); i++)
    if (g_strcmp0 (jobs[i].nick, nick) == 0)
      return &jobs[i];
  return NULL;
}

static const Job *
current_job (Jobs *jobs_)
{
  gchar     *nick = NULL;
  const Job *job;

  g_object_get (jobs_->config, "job", &nick, NULL);
  job = job_of (nick);
  g_free (nick);
  return job;
}

static void
set_arguments (Jobs      *jobs_,
               const Job *job)
{
  gdouble large = job->large_share > 0.0 ?
                  MAX (8.0, round (jobs_->shorter * job->large_share)) :
                  job->large;
  gdouble small = job->small_share > 0.0 ?
                  MAX (job->small_least,
                       round (jobs_->shorter * job->small_share)) :
                  job->small;

  jobs_->applying = TRUE;
  dialog_notches_set (jobs_->config, NULL, 0);
  g_object_set (jobs_->config,
                "large-structures", large,
                "small-structures", small,
                "mode",             "band-pass",
                "stripes",          "none",
                "output",           job->output,
                "autoscale",        FALSE,
                NULL);
  jobs_->applying = FALSE;

  if (job->find && jobs_->find)
    jobs_->find (jobs_->find_data);
}

static void
job_chosen (GimpProcedureConfig *config G_GNUC_UNUSED,
            GParamSpec          *pspec G_GNUC_UNUSED,
            Jobs                *jobs_)
{
  const Job *job = current_job (jobs_);

  if (job && ! jobs_->applying)
    set_arguments (jobs_, job);
}

static void
argument_edited (GimpProcedureConfig *config,
                 GParamSpec          *pspec,
                 Jobs                *jobs_)
{
  const Job *job = current_job (jobs_);

  if (jobs_->applying || ! job)
    return;
  if (job->find && g_strcmp0 (pspec->name, "small-structures") == 0)
    return;

  jobs_->applying = TRUE;
  g_object_set (config, "job", DIALOG_JOB_CUSTOM, NULL);
  jobs_->applying = FALSE;
}

static void
jobs_free (gpointer jobs_pointer)
{
  Jobs *jobs_ = jobs_pointer;

  g_signal_handlers_disconnect_by_data (jobs_->config, jobs_);
  g_object_unref (jobs_->config);
  g_free (jobs_);
}

GtkWidget *
dialog_jobs_new (GimpProcedureDialog *dialog,
                 GimpProcedureConfig *config,
                 gsize                width,
                 gsize                height,
                 DialogJobsFindFunc   find,
                 gpointer             find_data)
{
  Jobs      *jobs_  = g_new0 (Jobs, 1);
  GtkWidget *widget = gimp_procedure_dialog_get_widget (dialog, "job",
                                                        G_TYPE_NONE);

  jobs_->config    = g_object_ref (config);
  jobs_->shorter   = MIN (width, height);
  jobs_->find      = find;
  jobs_->find_data = find_data;
  g_object_set_data_full (G_OBJECT (widget), "dialog-jobs", jobs_,
                          jobs_free);

  g_signal_connect (config, "notify::job", G_CALLBACK (job_chosen), jobs_);
  for (gsize i = 0; i < G_N_ELEMENTS (watched); i++)
    {
      gchar *signal = g_strconcat ("notify::", watched[i], NULL);

      g_signal_connect (config, signal, G_CALLBACK (argument_edited), jobs_);
      g_free (signal);
    }
  return widget;
}

void
dialog_jobs_apply (GtkWidget *jobs)
{
  Jobs      *jobs_ = g_object_get_data (G_OBJECT (jobs), "dialog-jobs");
  const Job *job   = current_job (jobs_);

  if (job)
    set_arguments (jobs_, job);
}
