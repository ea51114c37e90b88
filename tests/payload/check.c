/* SPDX-License-Identifier: BSD-2-Clause */
/* The test payloads' checks and their end, on the kit's printf. */
#include <stdarg.h>
#include "check.h"

/*
 * Every payload ends here, and on rv64 it sets the bits above the uint32_t
 * reset_type and reset_reason (SBI 10.1) on purpose: a firmware that reads
 * the whole register refuses the call, and the run then ends with a
 * failure status instead of the one asked for.
 */
void sbi_shutdown(int failure)
{
	struct sbiret r = sbi_ecall(SBI_EXT_SRST, 0, UPPER_GARBAGE | 0,
				    UPPER_GARBAGE | (failure ? 1 : 0), 0, 0, 0, 0);

	printf("FAIL - srst shutdown with bits above 32 set returned %ld\n", r.error);
	sbi_ecall(SBI_EXT_SRST, 0, 0, 1, 0, 0, 0, 0);
	for (;;)
		;
}

unsigned passed, failed;
static const char report_bare[] = "";   /* what: a check without values */

/* "ok - name" or "FAIL - name got ... expected <what>", one line, counted. */
static bool report(bool ok, unsigned long got, const char *what, unsigned long expected,
		   const char *fmt, va_list ap)
{
	printf(ok ? "ok - " : "FAIL - ");
	vprintf(fmt, ap);
	if (ok)
		passed++;
	else
		failed++;
	if (ok || what == report_bare)
		printf("\n");
	else if (what)
		printf(" got 0x%lx (%ld) expected %s\n", got, (long)got, what);
	else
		printf(" got 0x%lx (%ld) expected 0x%lx (%ld)\n", got, (long)got,
		       expected, (long)expected);
	return ok;
}

bool check_eq(unsigned long got, unsigned long expected, const char *fmt, ...)
{
	va_list ap;
	bool ok;

	va_start(ap, fmt);
	ok = report(got == expected, got, NULL, expected, fmt, ap);
	va_end(ap);
	return ok;
}

bool check_that(bool ok, unsigned long got, const char *what, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ok = report(ok, got, what, 0, fmt, ap);
	va_end(ap);
	return ok;
}

bool check(bool ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ok = report(ok, 0, report_bare, 0, fmt, ap);
	va_end(ap);
	return ok;
}

void check_summary(void)
{
	printf("%u passed, %u failed\n", passed, failed);
}

void check_end(int failure)
{
	check_summary();
	sbi_shutdown(failure);
}

#define CSR(name) ({ unsigned long v_; __asm__ volatile("csrr %0, " #name : "=r"(v_)); v_; })

void check_stray_trap(unsigned long boot, volatile unsigned long *count, int failure)
{
	unsigned long h = CSR(sscratch);

	printf("FAIL - unexpected trap on hart %lu: scause 0x%lx sepc 0x%lx stval 0x%lx\n", h,
	       CSR(scause), CSR(sepc), CSR(stval));
	__atomic_fetch_add(count, 1, __ATOMIC_SEQ_CST);
	if (h == boot) {
		failed++;
		check_end(failure);
	}
	for (;;)
		__asm__ volatile("wfi");
}
