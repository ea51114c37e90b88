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
/* a check named by fmt that holds or not, without values */
bool check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* "N passed, M failed", the line the runners judge by */
void check_summary(void);
/* the summary, then sbi_shutdown(failure) */
void check_end(int failure) __attribute__((noreturn));
/*
 * An S-mode trap a multi-hart payload did not expect (sscratch holds the
 * hart's id): a FAIL line with scause, sepc, stval, counted in *count;
 * on the boot hart the run ends (check_end(failure)), another hart waits.
 */
void check_stray_trap(unsigned long boot, volatile unsigned long *count, int failure)
	__attribute__((noreturn));
#endif
