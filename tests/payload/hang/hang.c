/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Payloads that used to hang without a word (issue 24): a fault the
 * firmware hands to S-mode while S-mode has no trap handler. The firmware
 * must instead stop the machine with a message naming the cause, sepc,
 * stval and stvec, and QEMU exit with status 3 (tests/qemu/run-expect-panic.sh).
 *   STVEC_UNSET  stvec 0 (its reset value), then a store into the
 *                firmware (PMP): store/AMO access fault
 *   STVEC_SELF   stvec at the firmware's base, where S-mode may not fetch,
 *                then an illegal instruction: the redirect faults at the
 *                vector itself (instruction access fault, sepc = stvec)
 */
#include <tally/sbi.h>
#include "sbicall.h"

#define FW_BASE 0x80000000UL

int main(unsigned long hartid, unsigned long fdt)
{
	(void)fdt;
#if defined(STVEC_UNSET)
	__asm__ volatile("csrw stvec, zero");   /* its reset value (the kit's start set one) */
	printf("# hang: hart %lu, stvec 0x%lx: a store into the firmware\n", hartid,
	       ({ unsigned long v; __asm__ volatile("csrr %0, stvec" : "=r"(v)); v; }));
	*(volatile unsigned long *)FW_BASE = 0;
#elif defined(STVEC_SELF)
	printf("# hang: hart %lu, stvec = 0x%lx (not fetchable): an illegal instruction\n", hartid,
	       FW_BASE);
	__asm__ volatile("csrw stvec, %0" :: "r"(FW_BASE));
	__asm__ volatile("unimp");
#endif
	printf("FAIL - the fault came back to the payload\n");
	sbi_shutdown(1);
}
