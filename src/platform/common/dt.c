/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The payload's device tree (docs/boot.md, section 3): harts and RAM read,
 * a no-map /reserved-memory node (devicetree spec 3.5.4) for the firmware's
 * PMP region, and the harts' ISA without what S-mode is not given; a tree
 * that cannot be edited passes unchanged, with a warning.
 */
#include <stdio.h>
#include "lib/fdt.h"
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"
#include "platform/common/dt.h"

/* RAM is the memory nodes' ranges (the board's ram_base/size only without one:
 * S-mode must not name memory that is not there); extra ranges are left out. */
static void dt_read_memory(unsigned long fdt)
{
	struct fdt_range r[TALLY_MAX_RAM_RANGES];
	int n = fdt_memory_ranges(fdt, r, TALLY_MAX_RAM_RANGES);
	unsigned kept = 0;

	if (n > TALLY_MAX_RAM_RANGES)
		printf("tally: WARNING: %d memory ranges in the device tree, only the first %u "
		       "are used for SBI buffers\n", n, TALLY_MAX_RAM_RANGES);
	if (n <= 0) {
		printf("tally: WARNING: no memory node in the device tree: the board's "
		       "0x%lx bytes at 0x%lx are RAM\n", (unsigned long)platform.ram_size,
		       (unsigned long)platform.ram_base);
		return;
	}
	features.num_ram = 0;
	for (int i = 0; i < n && i < TALLY_MAX_RAM_RANGES; i++)
		kept += mem_add_ram(r[i].base, r[i].size);
	if (!kept) {   /* every range empty or wrapping: a broken tree */
		features.num_ram = 0;
		mem_add_ram(platform.ram_base, platform.ram_size);
	}
}

int dt_for_each_hart(unsigned long fdt, void (*fn)(void *ctx, uint64_t hartid), void *ctx)
{
	return fdt_cpu_harts(fdt, fn, ctx);
}

void dt_fixup(unsigned long *fdtp, uintptr_t fw_base, uintptr_t fw_size)
{
	unsigned long fdt = *fdtp;
	char name[32];
	int err;

	if (!fdt_totalsize(fdt)) {
		printf("tally: WARNING: no valid device tree at 0x%lx: nothing reserved\n", fdt);
		return;
	}
	dt_read_memory(fdt);
	snprintf(name, sizeof(name), "mmode_resv@%lx", (unsigned long)fw_base);
	err = fdt_reserve_memory(fdt, platform.fdt_room, name, fw_base, fw_size);
	if (err && err != FDT_ERR_EXISTS)
		printf("tally: WARNING: could not add /reserved-memory/%s (%s): the OS must "
		       "keep out of [0x%lx, 0x%lx) by itself\n", name,
		       err == FDT_ERR_NOSPACE ? "no room" : "malformed tree",
		       (unsigned long)fw_base, (unsigned long)(fw_base + fw_size));
}

/* A tree in ROM: copied past the firmware's PMP region, below the payload, then
 * edited; its timebase-frequency made the board timer's (the CVA6 testharness's is wrong). */
void dt_fixup_copy(unsigned long *fdtp, uintptr_t fw_base, uintptr_t fw_size)
{
	uintptr_t dst = fw_base + fw_size, end = platform.payload_base;
	uint32_t size = fdt_totalsize(*fdtp), hz = platform.timer.hz, was;

	if (!size) {
		printf("tally: WARNING: no valid device tree at 0x%lx: nothing reserved\n", *fdtp);
		return;
	}
	if (dst >= end || end - dst < (uintptr_t)size + platform.fdt_room ||
	    fdt_copy(dst, *fdtp, size)) {
		printf("tally: WARNING: no room to copy the device tree at 0x%lx below the "
		       "payload: passed on unchanged, nothing reserved\n", *fdtp);
		return;
	}
	*fdtp = dst;
	if (hz && fdt_set_timebase(dst, 0, &was) > 0 && was != hz) {
		fdt_set_timebase(dst, hz, &was);
		printf("tally: device tree timebase-frequency %lu -> %lu Hz, the board timer's rate\n",
		       (unsigned long)was, (unsigned long)hz);
	}
	dt_fixup(fdtp, fw_base, fw_size);
}

/* An extension the harts have but S-mode does not get must not be in the tree:
 * Linux reads sstc there and writes stimecmp, which traps while menvcfg.STCE
 * is clear (the CVA6 images on QEMU: no time CSR, so no Sstc). */
void dt_hide_extensions(unsigned long fdt, bool sstc, bool sscofpmf, bool h)
{
	const char *hide[3];
	unsigned n = 0;

	if (sstc)
		hide[n++] = "sstc";
	if (sscofpmf)
		hide[n++] = "sscofpmf";
	if (h)
		hide[n++] = "h";
	if (n && fdt_isa_remove(fdt, hide, n) > 0) {
		printf("tally: device tree: the harts' ISA lists no");
		for (unsigned i = 0; i < n; i++)
			printf(" %s", hide[i]);
		printf(" (not given to S-mode)\n");
	}
}
