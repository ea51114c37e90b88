/* SPDX-License-Identifier: BSD-2-Clause */
/* printf for payloads, through the SBI debug console. */
#include <stdio.h>
#include "sbicall.h"

static int sbi_put(char c, FILE *f)
{
	(void)f;
	sbi_call(SBI_EXT_DBCN, 2, (unsigned char)c, 0, 0, 0, 0, 0);
	return (unsigned char)c;
}

static FILE sbi_file = FDEV_SETUP_STREAM(sbi_put, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdout = &sbi_file;
FILE *const stderr = &sbi_file;

void sbi_shutdown(int failure)
{
	sbi_call(SBI_EXT_SRST, 0, 0, failure ? 1 : 0, 0, 0, 0, 0);
	for (;;)
		;
}
