/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU backend for QEMU's RISC-V CPUs (QEMU 7.2, target/riscv/pmu.c).
 *
 * QEMU counts only a few events in its hpm counters: the ones below, when
 * mhpmevent holds exactly the SBI event_idx. Cycles and instructions stay
 * on the fixed counters 0 and 2 (decided by the PMU core). Raw events are
 * written to mhpmevent as given; QEMU accepts any value, and counts only
 * the values it knows.
 */
#include "platform/common/pmu_csr.h"
#include "platform/common/qemu_virt.h"

static const unsigned long qemu_events[] = {
	PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS),  /* 0x10019 */
	PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_WRITE, PMU_CACHE_RESULT_MISS), /* 0x1001b */
	PMU_CACHE_EVENT(PMU_CACHE_ITLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS),  /* 0x10021 */
};

static long qemu_match(unsigned ctr, unsigned long event_idx, uint64_t event_data, uint64_t *sel)
{
	(void)ctr;
	switch (PMU_EVENT_TYPE(event_idx)) {
	case PMU_TYPE_RAW:
	case PMU_TYPE_RAW_V2:
		*sel = event_data;   /* width already checked by the core */
		return SBI_SUCCESS;
	case PMU_TYPE_CACHE:
		for (unsigned i = 0; i < sizeof(qemu_events) / sizeof(qemu_events[0]); i++)
			if (qemu_events[i] == event_idx) {
				*sel = event_idx;   /* QEMU expects the event_idx itself */
				return SBI_SUCCESS;
			}
		return SBI_ERR_NOT_SUPPORTED;
	default:
		return SBI_ERR_NOT_SUPPORTED;
	}
}

static const char *qemu_describe(unsigned ctr)
{
	(void)ctr;
	return "DTLB read/write miss, ITLB read miss, raw";
}

const struct pmu_backend pmu_qemu = {
	.name = "qemu (target/riscv/pmu.c)",
	.probe = pmu_csr_probe,
	.match = qemu_match,
	.program = pmu_csr_program,
	.clear = pmu_csr_clear,
	.read = pmu_csr_read,
	.write = pmu_csr_write,
	.start = qemu_pmu_start,
	.stop = qemu_pmu_stop,
	.overflowed = pmu_csr_overflowed,
	.describe = qemu_describe,
};
