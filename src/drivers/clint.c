/* SPDX-License-Identifier: BSD-2-Clause */
#include "clint.h"

uint64_t clint_mtime(uintptr_t base)
{
	volatile uint32_t *t = (volatile uint32_t *)(base + CLINT_MTIME);
	uint32_t hi, lo;

	/* Two 32-bit reads work on rv32 and rv64; re-read if the low half wrapped. */
	do {
		hi = t[1];
		lo = t[0];
	} while (hi != t[1]);
	return ((uint64_t)hi << 32) | lo;
}

void clint_set_mtimecmp(uintptr_t base, unsigned long hartid, uint64_t when)
{
	volatile uint32_t *c = (volatile uint32_t *)(base + CLINT_MTIMECMP + 8 * hartid);

	/* High half last-but-one: all-ones low first so no early match fires. */
	c[0] = 0xffffffff;
	c[1] = (uint32_t)(when >> 32);
	c[0] = (uint32_t)when;
}

void clint_send_ipi(uintptr_t base, unsigned long hartid)
{
	((volatile uint32_t *)(base + CLINT_MSIP))[hartid] = 1;
}

void clint_clear_ipi(uintptr_t base, unsigned long hartid)
{
	((volatile uint32_t *)(base + CLINT_MSIP))[hartid] = 0;
}
