/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The whole payload is one SRST shutdown with reason SYSTEM_FAILURE (bits
 * above 32 set on rv64, as check.c always does). The test around it
 * (tests/qemu/run-expect-status.sh) wants QEMU's exit status to be 3:
 * neither 0 (success) nor 1, which isa-debug-exit harnesses such as
 * kvm-unit-tests' runner read as "passed".
 */
#include <tally/sbi.h>
#include "sbicall.h"

int main(unsigned long hartid, unsigned long fdt)
{
	printf("# srst_fail: hart %lu, fdt 0x%lx: shutdown, reason SYSTEM_FAILURE\n", hartid, fdt);
	sbi_shutdown(1);
}
