/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "f-quantile.h"

#include <math.h>

double
f_quantile (double d1,
            double d2,
            double z)
{
  double c1 = 2 / (9 * d1), c2 = 2 / (9 * d2);
  double a = 1 - c2, b = 1 - c1;
  double lead = a * a - z * z * c2;
  double u = (a * b + sqrt (a * a * b * b - lead * (b * b - z * z * c1))) /
             lead;

  return u * u * u;
}
