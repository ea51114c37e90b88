/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SiFive CLINT's timer and software interrupts; mtime and mtimecmp are
 * 64-bit (priv spec 3.2.1 "Machine Timer Registers").
 * rv64: one 64-bit access, always. CVA6's CLINT (corev_apu/clint/clint.sv)
 * ignores byte strobes, so 32-bit stores would write the word into both
 * halves and leave a deadline hours away.
 * rv32: the spec's split write, low half all ones first, so no value in
 * between lies below both deadlines (the same in ibex_timer.c, csr.h).
 */
#include "arch/mmio.h"
#include "drivers/clint.h"

uint64_t clint_mtime(uintptr_t base)
{
	uintptr_t t = base + CLINT_MTIME;
#if __riscv_xlen == 64
	return mmio_read64(t);
#else
	uint32_t hi, lo;

	/* again if the low half wrapped in between */
	do {
		hi = mmio_read32(t + 4);
		lo = mmio_read32(t);
	} while (hi != mmio_read32(t + 4));
	return ((uint64_t)hi << 32) | lo;
#endif
}

void clint_set_mtimecmp(uintptr_t base, unsigned long hartid, uint64_t when)
{
	uintptr_t c = base + CLINT_MTIMECMP + 8 * hartid;

#if __riscv_xlen == 64
	mmio_write64(c, when);
#else
	mmio_write32(c, 0xffffffff);
	mmio_write32(c + 4, (uint32_t)(when >> 32));
	mmio_write32(c, (uint32_t)when);
#endif
}

void clint_send_ipi(uintptr_t base, unsigned long hartid)
{
	mmio_write32(base + CLINT_MSIP + 4 * hartid, 1);
}

void clint_clear_ipi(uintptr_t base, unsigned long hartid)
{
	mmio_write32(base + CLINT_MSIP + 4 * hartid, 0);
}
