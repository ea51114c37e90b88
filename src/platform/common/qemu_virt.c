/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdbool.h>
#include "arch/mmio.h"
#include "platform/common/pmu_csr.h"
#include "qemu_virt.h"

#define TEST_PASS  0x5555      /* QEMU exits with status 0 */
#define TEST_FAIL  0x3333      /* exit status in the upper half */
#define TEST_RESET 0x7777

void qemu_virt_reset(uintptr_t test, unsigned long type, unsigned long reason)
{
	if (type != 0)
		mmio_write32(test, TEST_RESET);
	else if (reason != 0)
		mmio_write32(test, TEST_FAIL | (1u << 16));
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
