/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A very small test harness. Each check prints one line; a test program
 * ends with "N passed, M failed" and exits non-zero if any check failed.
 *
 *   static void t_something(void) { CHECK(x == 1); CHECK_EQ(a, b); }
 *   int main(int argc, char **argv) { RUN(t_something); return h_done(); }
 *
 * A test program given an argument runs only the tests whose name
 * contains it.
 */
#ifndef TALLY_TEST_HARNESS_H
#define TALLY_TEST_HARNESS_H

#include <stdio.h>

void h_init(int argc, char **argv);
void h_run(const char *name, void (*fn)(void));
void h_check(int ok, const char *file, int line, const char *expr, const char *detail);
int h_done(void);
const char *h_err_name(long err);

#define RUN(fn) h_run(#fn, fn)

#define CHECK(c) h_check(!!(c), __FILE__, __LINE__, #c, NULL)

/* Compare as 64-bit unsigned values (unsigned long, uint64_t, pointers as integers). */
#define CHECK_EQ(a, b) do { \
	unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b); \
	char d_[96]; \
	snprintf(d_, sizeof(d_), "got %#llx, want %#llx", a_, b_); \
	h_check(a_ == b_, __FILE__, __LINE__, #a " == " #b, d_); \
} while (0)

/* An SBI error code, printed by name. */
#define CHECK_ERR(e, want) do { \
	long e_ = (long)(e), w_ = (long)(want); \
	char d_[96]; \
	snprintf(d_, sizeof(d_), "got %s, want %s", h_err_name(e_), h_err_name(w_)); \
	h_check(e_ == w_, __FILE__, __LINE__, #e " is " #want, d_); \
} while (0)

/* struct sbiret r: error is `want`, and on success value is `val`. */
#define CHECK_OK(r, val) do { \
	struct sbiret r_ = (r); \
	CHECK_ERR(r_.error, SBI_SUCCESS); \
	CHECK_EQ(r_.value, (val)); \
} while (0)

#endif
