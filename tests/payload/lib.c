/* SPDX-License-Identifier: BSD-2-Clause */
/* printf for payloads, through the SBI debug console. */
#include <stdarg.h>
#include <stdio.h>
#include "check.h"
#include "sbicall.h"

static int sbi_put(char c, FILE *f)
{
	(void)f;
	/*
	 * DBCN write_byte (SBI 2.0); a firmware without DBCN (OpenSBI 1.1,
	 * which the benchmark also runs on) gets the legacy putchar instead.
	 */
	if (sbi_call(SBI_EXT_DBCN, 2, (unsigned char)c, 0, 0, 0, 0, 0).error)
		sbi_call(SBI_EXT_LEGACY_PUTCHAR, 0, (unsigned char)c, 0, 0, 0, 0, 0);
	return (unsigned char)c;
}

static FILE sbi_file = FDEV_SETUP_STREAM(sbi_put, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdout = &sbi_file;
FILE *const stderr = &sbi_file;

/*
 * Every payload ends here, and on rv64 it sets the bits above the uint32_t
 * reset_type and reset_reason (SBI 10.1) on purpose: a firmware that reads
 * the whole register refuses the call, and the run then ends with a
 * failure status instead of the one asked for.
 */
void sbi_shutdown(int failure)
{
	struct sbiret r = sbi_call(SBI_EXT_SRST, 0, UPPER_GARBAGE | 0,
				   UPPER_GARBAGE | (failure ? 1 : 0), 0, 0, 0, 0);

	printf("FAIL - srst shutdown with bits above 32 set returned %ld\n", r.error);
	sbi_call(SBI_EXT_SRST, 0, 0, 1, 0, 0, 0, 0);
	for (;;)
		;
}

unsigned passed, failed;

static void vreport(bool ok, const char *fmt, va_list ap)
{
	printf(ok ? "ok - " : "FAIL - ");
	vprintf(fmt, ap);
}

bool check_eq(unsigned long got, unsigned long expected, const char *fmt, ...)
{
	va_list ap;
	bool ok = got == expected;

	va_start(ap, fmt);
	vreport(ok, fmt, ap);
	va_end(ap);
	if (ok) {
		passed++;
		printf("\n");
	} else {
		failed++;
		printf(" got 0x%lx (%ld) expected 0x%lx (%ld)\n", got, (long)got,
		       expected, (long)expected);
	}
	return ok;
}

bool check_that(bool ok, unsigned long got, const char *what, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(ok, fmt, ap);
	va_end(ap);
	if (ok) {
		passed++;
		printf("\n");
	} else {
		failed++;
		printf(" got 0x%lx (%ld) expected %s\n", got, (long)got, what);
	}
	return ok;
}
