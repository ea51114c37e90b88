/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>
#include "harness.h"

static unsigned n_pass, n_fail, n_tests, n_failed_tests;
static const char *filter, *current;
static unsigned current_fails;

void h_init(int argc, char **argv)
{
	filter = argc > 1 ? argv[1] : NULL;
	setvbuf(stdout, NULL, _IOLBF, 0);
}

void h_run(const char *name, void (*fn)(void))
{
	if (filter && !strstr(name, filter))
		return;
	current = name;
	current_fails = 0;
	printf("== %s\n", name);
	fn();
	n_tests++;
	if (current_fails)
		n_failed_tests++;
	current = NULL;
}

void h_check(int ok, const char *file, int line, const char *expr, const char *detail)
{
	if (ok) {
		n_pass++;
		printf("  ok   %s\n", expr);
		return;
	}
	n_fail++;
	current_fails++;
	printf("  FAIL %s:%d: %s%s%s%s%s\n", file, line, expr,
	       detail ? " (" : "", detail ? detail : "", detail ? ")" : "",
	       current ? "" : " [outside a test]");
}

int h_done(void)
{
	printf("%u tests, %u with failures\n", n_tests, n_failed_tests);
	printf("%u passed, %u failed\n", n_pass, n_fail);
	if (!n_tests) {
		printf("no test ran\n");
		return 1;
	}
	return n_fail ? 1 : 0;
}

const char *h_err_name(long err)
{
	static char buf[32];

	switch (err) {
	case 0: return "SBI_SUCCESS";
	case -1: return "SBI_ERR_FAILED";
	case -2: return "SBI_ERR_NOT_SUPPORTED";
	case -3: return "SBI_ERR_INVALID_PARAM";
	case -4: return "SBI_ERR_DENIED";
	case -5: return "SBI_ERR_INVALID_ADDRESS";
	case -6: return "SBI_ERR_ALREADY_AVAILABLE";
	case -7: return "SBI_ERR_ALREADY_STARTED";
	case -8: return "SBI_ERR_ALREADY_STOPPED";
	case -9: return "SBI_ERR_NO_SHMEM";
	default:
		snprintf(buf, sizeof(buf), "error %ld", err);
		return buf;
	}
}
