/* SPDX-License-Identifier: BSD-2-Clause */
#include "arch/mmio.h"
#include "drivers/ibex_timer.h"

uint64_t ibex_timer_value(uintptr_t base)
{
	uint32_t hi, lo;

	/* again if the low half wrapped in between */
	do {
		hi = mmio_read32(base + IBEX_TIMER_MTIME_HI);
		lo = mmio_read32(base + IBEX_TIMER_MTIME_LO);
	} while (hi != mmio_read32(base + IBEX_TIMER_MTIME_HI));
	return ((uint64_t)hi << 32) | lo;
}

void ibex_timer_set(uintptr_t base, unsigned long hartid, uint64_t when)
{
	(void)hartid;   /* one hart, one mtimecmp */
	/* the split write of clint.c */
	mmio_write32(base + IBEX_TIMER_MTIMECMP_LO, 0xffffffff);
	mmio_write32(base + IBEX_TIMER_MTIMECMP_HI, (uint32_t)(when >> 32));
	mmio_write32(base + IBEX_TIMER_MTIMECMP_LO, (uint32_t)when);
}
