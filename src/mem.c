/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one place that decides whether an address from a lower privilege
 * mode may be used. Every pointer an SBI call receives passes through here
 * before the firmware reads or writes it.
 */
#include "hart.h"
#include "platform.h"

/*
 * [addr, addr + len) lies in RAM, does not wrap, and misses the firmware's
 * region: the image rounded up to a power of two, as init.c's PMP entry and
 * the device tree's reservation cover it. S-mode cannot touch the rounded
 * tail either, and the SBI spec wants memory the caller may access. The
 * bounds are worked out once at boot (init.c).
 */
bool sbi_mem_ok(uint64_t addr, uint64_t len)
{
	uint64_t end = addr + len;

	if (len == 0 || end < addr)
		return false;
	if (addr < features.ram_lo || end > features.ram_hi)
		return false;
	if (addr < features.fw_hi && end > features.fw_lo)
		return false;
	/* M-mode can only dereference what fits in a pointer. */
	return end - 1 <= UINTPTR_MAX;
}
