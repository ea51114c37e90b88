/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdbool.h>
#include "arch/mmio.h"
#include "platform/common/pmu_csr.h"
#include "qemu_virt.h"

/*
 * QEMU's SiFive test finisher (hw/misc/sifive_test.c): the low 16 bits of
 * the word say what to do, the high 16 bits are the exit status for FAIL.
 * Normal shutdown is PASS, status 0. A failure (SRST reason
 * SYSTEM_FAILURE, a checksum mismatch, a panic) is FAIL with status 3,
 * never 1: harnesses built on QEMU's isa-debug-exit convention (status =
 * code << 1 | 1), kvm-unit-tests' runner among them, read status 1 as
 * "the test passed", and read 3 as the failure code 1. The README's
 * "Exit status" section documents the mapping.
 */
#define TEST_PASS  0x5555
#define TEST_FAIL  0x3333
#define TEST_RESET 0x7777
#define EXIT_SYSTEM_FAILURE 3u

void qemu_virt_reset(uintptr_t test, unsigned long type, unsigned long reason)
{
	if (type != 0)
		mmio_write32(test, TEST_RESET);
	else if (reason != 0)
		mmio_write32(test, TEST_FAIL | (EXIT_SYSTEM_FAILURE << 16));
	else
		mmio_write32(test, TEST_PASS);
}

/* Does QEMU count this counter from its tick source (cycles or instret)? */
static bool ticking(unsigned ctr, uint64_t sel)
{
	uint32_t ev = sel & 0xfffff;   /* QEMU's event number, as programmed */

	return ctr < 3 || ev == 1 || ev == 2;
}

void qemu_pmu_stop(unsigned ctr, uint64_t sel)
{
	pmu_csr_stop(ctr, sel);
	if (ticking(ctr, sel))
		pmu_csr_write(ctr, pmu_csr_read(ctr));
}

void qemu_pmu_start(unsigned ctr, uint64_t sel)
{
	if (ticking(ctr, sel))
		pmu_csr_write(ctr, pmu_csr_read(ctr));
	pmu_csr_start(ctr, sel);
}

/*
 * configure in one call. Zeroing the counter is a write, and a write is
 * what QEMU measures a stopped tick counter from, so with CLEAR_VALUE the
 * freeze workaround has nothing left to do: the plain CSR sequence is
 * right. Without it, stop and start as above.
 */
void qemu_pmu_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags)
{
	if (cfg_flags & PMU_CFG_CLEAR_VALUE) {
		pmu_csr_configure(ctr, sel, cfg_flags);
		return;
	}
	qemu_pmu_stop(ctr, sel);
	pmu_csr_configure(ctr, sel, cfg_flags & PMU_CFG_INH_MASK);   /* program it, stopped */
	if (cfg_flags & PMU_CFG_AUTO_START)
		qemu_pmu_start(ctr, sel);
}
