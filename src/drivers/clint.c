/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SiFive CLINT's timer and software interrupts. mtime and each hart's
 * mtimecmp are 64-bit registers (priv spec 3.2.1 "Machine Timer Registers"). How wide the firmware
 * may access them depends on the bus behind them:
 *
 *   rv64: one 64-bit load or store, always. CVA6's 64-bit CLINT
 *   (corev_apu/clint/clint.sv in openhwgroup/cva6) ignores the byte
 *   strobes: every write replaces all 64 bits of the register with the
 *   whole data word, and a 32-bit store reaches it with the word in both
 *   halves. A "low, high, low" sequence of 32-bit stores therefore leaves
 *   mtimecmp = (low << 32) | low, a deadline hours away, and the timer
 *   interrupt never comes. A single 64-bit store is also atomic on every
 *   CLINT, so no intermediate value can fire early.
 *
 *   rv32: 32-bit accesses are all there is. The split write follows the
 *   sequence of priv spec 3.2.1 "Machine Timer Registers": low half all ones first, then the high
 *   half, then the low half, so no intermediate value lies below both the
 *   old and the new deadline and no early interrupt fires.
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

	/* Re-read if the low half wrapped between the two reads. */
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
