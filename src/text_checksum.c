/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Build option TALLY_TEXT_CHECKSUM: the firmware checksums its own .text
 * and .rodata (linker/tally.ld: _text_start .. _rodata_end) at boot and
 * again at SRST, and reports any change. A stray write by the firmware
 * through a pointer an SBI call handed it, or a lower mode getting past
 * PMP, would otherwise go unnoticed until the changed code ran. The fuzz
 * test's firmware image (tests/payload/fuzz) is built with it.
 *
 * 64-bit FNV-1a: a few instructions a byte, no table, and on rv32 GCC
 * does the 64-bit multiply inline with the M extension.
 */
#include <stdint.h>
#include <stdio.h>
#include "text_checksum.h"

extern const unsigned char _text_start[], _rodata_end[];

static uint64_t boot_sum;

static uint64_t checksum(void)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	/* volatile: the compiler must really read the bytes both times */
	for (const volatile unsigned char *p = _text_start; p < _rodata_end; p++)
		h = (h ^ *p) * 0x100000001b3ULL;
	return h;
}

void text_checksum_boot(void)
{
	boot_sum = checksum();
	printf("tally: text checksum 0x%llx over [0x%lx, 0x%lx)\n", (unsigned long long)boot_sum,
	       (unsigned long)(uintptr_t)_text_start, (unsigned long)(uintptr_t)_rodata_end);
}

bool text_checksum_check(void)
{
	uint64_t now = checksum();

	if (now == boot_sum) {
		printf("tally: text checksum ok\n");
		return true;
	}
	printf("tally: TEXT CHANGED (checksum 0x%llx at boot, 0x%llx now)\n",
	       (unsigned long long)boot_sum, (unsigned long long)now);
	return false;
}
