/* SPDX-License-Identifier: GPL-3.0-or-later */
/* f-quantile — the F distribution's quantile, for the tests of what a
 * wave leaves (tracked-waves.h, close-waves.h). Internal to the core;
 * plain C. */
#ifndef F_QUANTILE_H
#define F_QUANTILE_H

/* The quantile of the F distribution of d1 and d2 degrees of freedom
 * (any positive reals) at the standard normal quantile z (the false
 * alarm's), by Paulson's normal approximation of F^(1/3). */
double f_quantile (double d1,
                   double d2,
                   double z);

#endif
