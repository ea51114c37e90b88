/* SPDX-License-Identifier: BSD-2-Clause */
#include "arch/mmio.h"
#include "clint.h"

uint64_t clint_mtime(uintptr_t base)
{
	uintptr_t t = base + CLINT_MTIME;
	uint32_t hi, lo;

	/* Two 32-bit reads work on rv32 and rv64; re-read if the low half wrapped. */
	do {
		hi = mmio_read32(t + 4);
		lo = mmio_read32(t);
	} while (hi != mmio_read32(t + 4));
	return ((uint64_t)hi << 32) | lo;
}

void clint_set_mtimecmp(uintptr_t base, unsigned long hartid, uint64_t when)
{
	uintptr_t c = base + CLINT_MTIMECMP + 8 * hartid;

	/* High half last-but-one: all-ones low first so no early match fires. */
	mmio_write32(c, 0xffffffff);
	mmio_write32(c + 4, (uint32_t)(when >> 32));
	mmio_write32(c, (uint32_t)when);
}

void clint_send_ipi(uintptr_t base, unsigned long hartid)
{
	mmio_write32(base + CLINT_MSIP + 4 * hartid, 1);
}

void clint_clear_ipi(uintptr_t base, unsigned long hartid)
{
	mmio_write32(base + CLINT_MSIP + 4 * hartid, 0);
}
