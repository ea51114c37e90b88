/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one place that decides whether an address from a lower privilege
 * mode may be used. Every pointer an SBI call receives passes through here
 * before the firmware reads or writes it.
 */
#include "hart.h"
#include "platform.h"

/* [addr, addr + len) lies in RAM, does not wrap, and misses the firmware. */
bool sbi_mem_ok(uint64_t addr, uint64_t len)
{
	uint64_t ram_lo = platform.ram_base, ram_hi = ram_lo + platform.ram_size;
	uint64_t fw_lo = (uintptr_t)_fw_start, fw_hi = (uintptr_t)_fw_end;
	uint64_t end = addr + len;

	if (len == 0 || end < addr)
		return false;
	if (addr < ram_lo || end > ram_hi)
		return false;
	if (addr < fw_hi && end > fw_lo)
		return false;
	/* M-mode can only dereference what fits in a pointer. */
	return end - 1 <= UINTPTR_MAX;
}
