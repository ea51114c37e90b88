/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * U-mode payload that writes into the firmware. On an M+U hart PMP is all
 * that protects the firmware, and a U-mode fault has no S-mode to go to:
 * the store must fault (store access fault, cause 7, at the firmware's
 * address) and the firmware must report it and halt, never execute the
 * write. tests/qemu/run-expect-panic.sh checks exactly that.
 */
#include <stdint.h>
#include <tally/sbi.h>
#include "sbicall.h"

int main(unsigned long hartid, unsigned long fdt)
{
	(void)hartid; (void)fdt;
	printf("pmp: writing into the firmware at 0x%lx\n", (unsigned long)FW_BASE);
	*(volatile uint32_t *)FW_BASE = 0xdeadbeef;
	printf("pmp: FAIL - the write went through\n");
	sbi_shutdown(0);    /* exit 0: the runner wants a failure exit and the dump */
}
