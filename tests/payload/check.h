/* SPDX-License-Identifier: BSD-2-Clause */
/* One result line per check, as tests/qemu/run-payload.sh reads them (check.c). */
#ifndef PAYLOAD_CHECK_H
#define PAYLOAD_CHECK_H
#include <stdbool.h>
#include "sbicall.h"

extern unsigned passed, failed;

/* check that got == expected; fmt names the check (printf format) */
bool check_eq(unsigned long got, unsigned long expected, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* check a condition; what describes the expectation for the FAIL line */
bool check_that(bool ok, unsigned long got, const char *what, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
#endif
