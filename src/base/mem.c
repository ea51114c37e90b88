/* SPDX-License-Identifier: BSD-2-Clause */
/* The one place that decides whether an address from a lower mode may be used. */
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"

/*
 * Boot only. Sorted, touching ranges merged: a buffer across two nodes lies
 * in one. The list is rebuilt in a copy (zeroed: what is copied back was
 * written) and written back whole, so a list with no room is left as it
 * was, and every write checks its own index.
 */
bool mem_add_ram(uint64_t base, uint64_t size)
{
	struct ram_range out[TALLY_MAX_RAM_RANGES] = { 0 }, r = { base, base + size };
	unsigned n = 0, k;
	bool placed = false;

	if (size == 0 || r.hi < r.lo)
		return false;
	for (k = 0; k < features.num_ram; k++) {
		struct ram_range c = features.ram[k];

		if (c.lo > r.hi && !placed) {     /* the new one goes before c */
			if (n == TALLY_MAX_RAM_RANGES)
				return false;
			out[n++] = r;
			placed = true;
		}
		if (c.hi < r.lo || c.lo > r.hi) { /* apart: c stays as it is */
			if (n == TALLY_MAX_RAM_RANGES)
				return false;
			out[n++] = c;
		} else {                          /* touching: the new one swallows c */
			r.lo = c.lo < r.lo ? c.lo : r.lo;
			r.hi = c.hi > r.hi ? c.hi : r.hi;
		}
	}
	if (!placed) {
		if (n == TALLY_MAX_RAM_RANGES)
			return false;
		out[n++] = r;
	}
	for (k = 0; k < n; k++)
		features.ram[k] = out[k];
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
