/* SPDX-License-Identifier: BSD-2-Clause */
/* The one place that decides whether an address from a lower mode may be used. */
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"

/*
 * Boot only. Sorted, touching ranges merged: a buffer across two nodes lies
 * in one. The list is rebuilt in a copy and written back whole, so a list
 * with no room is left as it was, and every write checks its own index.
 * Every slot of the copy starts as the new range and all are written back:
 * the proof, which does not relate a slot to n, sees a range in every slot.
 */
bool mem_add_ram(uint64_t base, uint64_t size)
{
	struct ram_range out[TALLY_MAX_RAM_RANGES], r = { base, base + size };
	unsigned n = 0, k;
	bool placed = false;

	if (size == 0 || r.hi < r.lo)
		return false;
	/*@ loop unroll TALLY_MAX_RAM_RANGES; */
	for (k = 0; k < TALLY_MAX_RAM_RANGES; k++)
		out[k] = r;
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
	/*@ loop unroll TALLY_MAX_RAM_RANGES; */
	for (k = 0; k < TALLY_MAX_RAM_RANGES; k++)
		features.ram[k] = out[k];
	features.num_ram = n;
	return true;
}

/*
 * In one RAM range, no wrap, outside the firmware's PMP region (SBI binary
 * encoding, "shared memory physical address range"). An empty buffer is
 * checked as its first byte. The answer is the address, or 0 for no, and
 * the end callers walk to: docs/proof.md, "Lower-mode memory".
 */
uintptr_t sbi_mem_window(uint64_t addr, uint64_t len, uint64_t *endp)
{
	uint64_t n = len ? len : 1, end = addr + n;
	unsigned i;

#if UINTPTR_MAX < UINT64_MAX
	/* rv32: RAM above 4 GiB is S-mode's (Sv32), out of M-mode's pointers'
	 * reach. What passes does not wrap and ends by 4 GiB. */
	if (end <= addr || end > (uint64_t)UINTPTR_MAX + 1)
		return 0;
#endif
	/* checked inside the loop, where the proof knows addr >= lo, end <= hi */
	for (i = 0; i < features.num_ram; i++) {
		if (addr < features.ram[i].lo || end > features.ram[i].hi)
			continue;
#if UINTPTR_MAX == UINT64_MAX
		/* the proof, which knows end is at most hi, learns addr is too */
		if (end <= addr)
			return 0;
#endif
		if (addr < features.fw_hi && end > features.fw_lo)
			return 0;
		*endp = len ? end : addr;
		return (uintptr_t)addr;
	}
	return 0;
}
