/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Mirrored planes, written once in the common subset of C11 and OpenCL C
 * 1.2 (like gain.h).
 *
 * A mirrored plane x of W × H values is filtered as the 2W × 2H plane it
 * makes with its half-sample mirror images, so its edges never wrap onto
 * each other. That extension is even, so its spectrum is the plane's 2-D
 * DCT-II, which a W × H complex FFT yields (Makhoul): reorder each axis,
 * value m to position mirror_position (m), transform, and untwist each
 * group of the four frequencies (±ky, ±kx) into four DCT coefficients.
 * Two real planes travel packed in one complex plane, as elsewhere.
 *
 * With θ = π·ky / (2H) and φ = π·kx / (2W), and A, B a real plane's
 * transform V at (ky, kx) and (ky, W − kx):
 *   P = e^(−iφ)·A, Q = e^(iφ)·B, R1 = e^(−iθ)·(P + Q)/2,
 *   R2 = e^(−iθ)·i(P − Q)/2,
 * and the real and imaginary parts of R1 and R2 are, up to sign, the DCT
 * coefficients c at (ky, kx), (H − ky, kx), (ky, W − kx), (H − ky, W − kx).
 * Each coefficient is the extension's spectrum at (ky/(2H), kx/(2W))
 * cycles per pixel, times 4·e^(i(θ+φ)): a real gain even in fx and in fy
 * multiplies it, and the steps run backwards rebuild V. */
#ifndef FFTCL_MIRROR_H
#define FFTCL_MIRROR_H

#ifdef __OPENCL_VERSION__
#define MIRROR_FN
#else
#define MIRROR_FN static inline
#endif

typedef struct {
  float re, im;
} mirror_complex;

/* The four members of a group, in this order: (ky, kx), (ky, W − kx),
 * (H − ky, kx), (H − ky, W − kx), indices taken modulo W and H. Members
 * coincide where ky or kx is 0 or half the length. */
#define MIRROR_GROUP 4

/* Where value m of an axis of `length` values goes before the FFT: the
 * even values first, then the odd ones backwards. */
MIRROR_FN unsigned mirror_position (unsigned m, unsigned length)
{
  return (m & 1) ? length - 1 - (m >> 1) : m >> 1;
}

MIRROR_FN mirror_complex mirror_mul (mirror_complex a, mirror_complex b)
{
  mirror_complex p = { a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re };
  return p;
}

MIRROR_FN mirror_complex mirror_conj (mirror_complex a)
{
  mirror_complex c = { a.re, -a.im };
  return c;
}

/* The transforms of the two real planes packed in z: the one in the real
 * parts (a) and the one in the imaginary parts (b), at (ky, kx) and
 * (ky, W − kx). */
MIRROR_FN void mirror_unpack (const mirror_complex *z, mirror_complex *a,
                              mirror_complex *b)
{
  for (int m = 0; m < 2; m++)
    {
      mirror_complex here = z[m], opposite = mirror_conj (z[3 - m]);
      mirror_complex sum = { (here.re + opposite.re) / 2,
                             (here.im + opposite.im) / 2 };
      mirror_complex difference = { (here.im - opposite.im) / 2,
                                    (opposite.re - here.re) / 2 };
      a[m] = sum;
      b[m] = difference;
    }
}

/* The inverse of mirror_unpack for the whole group. */
MIRROR_FN void mirror_pack (const mirror_complex *a, const mirror_complex *b,
                            mirror_complex *z)
{
  for (int m = 0; m < 2; m++)
    {
      mirror_complex here = { a[m].re - b[m].im, a[m].im + b[m].re };
      mirror_complex opposite = { a[m].re + b[m].im, b[m].re - a[m].im };
      z[m] = here;
      z[3 - m] = opposite;
    }
}

/* One real plane's V at (ky, kx) and (ky, W − kx) → its four DCT
 * coefficients, in group order. `theta` is e^(−iθ), `phi` e^(−iφ). */
MIRROR_FN void mirror_coefficients (const mirror_complex *v,
                                    mirror_complex theta, mirror_complex phi,
                                    float *c)
{
  mirror_complex p = mirror_mul (phi, v[0]);
  mirror_complex q = mirror_mul (mirror_conj (phi), v[1]);
  mirror_complex e1 = { (p.re + q.re) / 2, (p.im + q.im) / 2 };
  mirror_complex e2 = { (q.im - p.im) / 2, (p.re - q.re) / 2 };
  mirror_complex r1 = mirror_mul (theta, e1), r2 = mirror_mul (theta, e2);
  c[0] = r1.re;
  c[1] = r2.re;
  c[2] = r1.im;
  c[3] = r2.im;
}

/* The inverse of mirror_coefficients. */
MIRROR_FN void mirror_rebuild (const float *c, mirror_complex theta,
                               mirror_complex phi, mirror_complex *v)
{
  mirror_complex r1 = { c[0], c[2] }, r2 = { c[1], c[3] };
  mirror_complex e1 = mirror_mul (mirror_conj (theta), r1);
  mirror_complex e2 = mirror_mul (mirror_conj (theta), r2);
  mirror_complex p = { e1.re + e2.im, e1.im - e2.re };
  mirror_complex q = { e1.re - e2.im, e1.im + e2.re };
  v[0] = mirror_mul (mirror_conj (phi), p);
  v[1] = mirror_mul (phi, q);
}

/* Filters one group of a packed plane in place: z holds the group,
 * `gains_a` and `gains_b` the gains of its two real planes (in the real
 * and the imaginary parts) at each member's frequency, in group order. */
MIRROR_FN void mirror_filter_group (mirror_complex *z, const float *gains_a,
                                    const float *gains_b,
                                    mirror_complex theta, mirror_complex phi)
{
  mirror_complex a[2], b[2];
  float ca[MIRROR_GROUP], cb[MIRROR_GROUP];
  mirror_unpack (z, a, b);
  mirror_coefficients (a, theta, phi, ca);
  mirror_coefficients (b, theta, phi, cb);
  for (int m = 0; m < MIRROR_GROUP; m++)
    {
      ca[m] *= gains_a[m];
      cb[m] *= gains_b[m];
    }
  mirror_rebuild (ca, theta, phi, a);
  mirror_rebuild (cb, theta, phi, b);
  mirror_pack (a, b, z);
}

/* mirror_filter_group for a plane that packs one real plane only (its
 * imaginary parts zero): its transform is z itself, half the work. */
MIRROR_FN void mirror_filter_group_real (mirror_complex *z,
                                         const float *gains,
                                         mirror_complex theta,
                                         mirror_complex phi)
{
  mirror_complex a[2] = { z[0], z[1] };
  float c[MIRROR_GROUP];
  mirror_coefficients (a, theta, phi, c);
  for (int m = 0; m < MIRROR_GROUP; m++)
    c[m] *= gains[m];
  mirror_rebuild (c, theta, phi, a);
  z[0] = a[0];
  z[1] = a[1];
  z[2] = mirror_conj (a[1]);
  z[3] = mirror_conj (a[0]);
}

#endif
