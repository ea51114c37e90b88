/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one place that decides whether an address from a lower privilege
 * mode may be used. Every pointer an SBI call receives passes through here
 * before the firmware reads or writes it.
 */
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"

/*
 * Boot only (one hart, before any SBI call): add a RAM range. The set is
 * kept sorted by address with overlapping or touching ranges merged, so a
 * buffer that runs from one memory node's range into the next, adjacent
 * one is one range here, and sbi_mem_ok only has to find the range that
 * holds the start.
 */
bool mem_add_ram(uint64_t base, uint64_t size)
{
	uint64_t lo = base, hi = base + size;
	unsigned i = 0, j, n = features.num_ram;

	if (size == 0 || hi < lo)
		return false;
	/* Skip the ranges that end before this one starts (not touching). */
	while (i < n && features.ram[i].hi < lo)
		i++;
	/* Swallow every range that overlaps or touches [lo, hi). */
	for (j = i; j < n && features.ram[j].lo <= hi; j++) {
		if (features.ram[j].lo < lo)
			lo = features.ram[j].lo;
		if (features.ram[j].hi > hi)
			hi = features.ram[j].hi;
	}
	if (j == i) {
		/* Nothing to merge with: make room at i. */
		if (n == TALLY_MAX_RAM_RANGES)
			return false;
		for (unsigned k = n; k > i; k--)
			features.ram[k] = features.ram[k - 1];
		n++;
	} else {
		/* ram[i..j) becomes one range at i: close the gap after it. */
		for (unsigned k = j; k < n; k++)
			features.ram[k - (j - i - 1)] = features.ram[k];
		n -= j - i - 1;
	}
	features.ram[i].lo = lo;
	features.ram[i].hi = hi;
	features.num_ram = n;
	return true;
}

/*
 * [addr, addr + len) lies in RAM (within one of the ranges: they are
 * merged, so a gap between two is not RAM), does not wrap, and misses the
 * firmware's region: the image rounded up to a power of two, as init.c's
 * PMP entry and the device tree's reservation cover it. S-mode cannot
 * touch the rounded tail either, and the SBI spec wants memory the caller
 * may access (binary encoding, "shared memory physical address range").
 */
bool sbi_mem_ok(uint64_t addr, uint64_t len)
{
	uint64_t end = addr + len;
	unsigned i;

	if (len == 0 || end < addr)
		return false;
	for (i = 0; i < features.num_ram; i++)
		if (addr >= features.ram[i].lo && end <= features.ram[i].hi)
			break;
	if (i == features.num_ram)
		return false;
	if (addr < features.fw_hi && end > features.fw_lo)
		return false;
	/*
	 * M-mode can only dereference what fits in a pointer: on rv32, RAM
	 * above 4 GiB (QEMU virt gives up to 10 GiB) is S-mode's through
	 * Sv32's 34-bit physical addresses, but the firmware runs with
	 * translation off and cannot reach it.
	 */
	return end - 1 <= UINTPTR_MAX;
}
