/* SPDX-License-Identifier: BSD-2-Clause */
/* The one place that decides whether an address from a lower mode may be used. */
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"

/* Boot only. Sorted, touching ranges merged: a buffer across two nodes lies in one. */
bool mem_add_ram(uint64_t base, uint64_t size)
{
	uint64_t lo = base, hi = base + size;
	unsigned i = 0, j, n = features.num_ram;

	if (size == 0 || hi < lo)
		return false;
	while (i < n && features.ram[i].hi < lo)
		i++;
	for (j = i; j < n && features.ram[j].lo <= hi; j++) {
		if (features.ram[j].lo < lo)
			lo = features.ram[j].lo;
		if (features.ram[j].hi > hi)
			hi = features.ram[j].hi;
	}
	if (j == i) {
		if (n == TALLY_MAX_RAM_RANGES)
			return false;
		for (unsigned k = n; k > i; k--)
			features.ram[k] = features.ram[k - 1];
		n++;
	} else {
		for (unsigned k = j; k < n; k++)
			features.ram[k - (j - i - 1)] = features.ram[k];
		n -= j - i - 1;
	}
	features.ram[i].lo = lo;
	features.ram[i].hi = hi;
	features.num_ram = n;
	return true;
}

/* In one RAM range, no wrap, outside the firmware's PMP region: memory the
 * caller may access (SBI binary encoding, "shared memory physical address range").
 * An empty buffer is checked as its first byte: no address passes only because
 * nothing is asked of it, and the caller touches nothing. */
bool sbi_mem_ok(uint64_t addr, uint64_t len)
{
	uint64_t end = addr + (len ? len : 1);
	unsigned i;

	if (end <= addr)
		return false;
	for (i = 0; i < features.num_ram; i++)
		if (addr >= features.ram[i].lo && end <= features.ram[i].hi)
			break;
	if (i == features.num_ram)
		return false;
	if (addr < features.fw_hi && end > features.fw_lo)
		return false;
	/* rv32: RAM above 4 GiB is S-mode's (Sv32), out of M-mode's pointers' reach */
	return end - 1 <= UINTPTR_MAX;
}
