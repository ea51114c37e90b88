/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The device tree the payload receives (boards that have one set
 * platform.dt_fixup = dt_fixup; boards without one link none of this).
 * Tally reads the number of harts from it, and adds a no-map
 * /reserved-memory node (devicetree spec 3.5.4) for its own region, or the
 * OS would allocate that memory and take PMP faults. A tree it cannot edit
 * is passed on unchanged, with a warning.
 */
#include <stdio.h>
#include "fdt.h"
#include "hart.h"
#include "platform.h"

unsigned dt_fixup(unsigned long fdt, uintptr_t fw_base, uintptr_t fw_size)
{
	char name[32];
	int err;

	if (!fdt_totalsize(fdt)) {
		printf("tally: WARNING: no valid device tree at 0x%lx: nothing reserved\n", fdt);
		return 0;
	}
	snprintf(name, sizeof(name), "mmode_resv@%lx", (unsigned long)fw_base);
	err = fdt_reserve_memory(fdt, platform.fdt_room, name, fw_base, fw_size);
	if (err && err != FDT_ERR_EXISTS)
		printf("tally: WARNING: could not add /reserved-memory/%s (%s): the OS must "
		       "keep out of [0x%lx, 0x%lx) by itself\n", name,
		       err == FDT_ERR_NOSPACE ? "no room" : "malformed tree",
		       (unsigned long)fw_base, (unsigned long)(fw_base + fw_size));
	return fdt_count_cpus(fdt);
}
