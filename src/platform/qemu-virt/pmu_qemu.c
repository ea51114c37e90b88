/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU backend for QEMU's RISC-V CPUs (QEMU 7.2, target/riscv/pmu.c).
 *
 * QEMU counts only a few events in its hpm counters: cycles and
 * instructions, and the cache events below, when mhpmevent holds exactly
 * the SBI event_idx. (The PMU core still gives cycles and instructions the
 * fixed counters 0 and 2 first, unless Sscofpmf makes an hpm counter
 * better.) Raw events are
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

/*
 * QEMU maps each event to one counter (target/riscv/pmu.c keeps an
 * event -> counter table and ignores a second counter asking for the same
 * event). A counter that would never count is not handed out: an event
 * another hpm counter already holds is refused here.
 */
static bool event_taken(unsigned ctr, uint64_t sel)
{
	const struct pmu_hw_info *hw = pmu_hw();
	uint64_t ev = sel & 0xfffff;
	bool counted = ev == PMU_HW_CPU_CYCLES || ev == PMU_HW_INSTRUCTIONS;

	for (unsigned i = 0; i < sizeof(qemu_events) / sizeof(qemu_events[0]); i++)
		counted |= ev == qemu_events[i];
	if (!counted)
		return false;     /* a value QEMU does not count: no table entry to fight over */
	for (unsigned i = 0; i < hw->num_hpm; i++)
		if (hw->hpm[i] != ctr && (pmu_csr_selector(hw->hpm[i]) & 0xfffff) == (sel & 0xfffff))
			return true;
	return false;
}

static long qemu_select(unsigned ctr, uint64_t sel, uint64_t *out)
{
	if (event_taken(ctr, sel))
		return SBI_ERR_NOT_SUPPORTED;
	*out = sel;
	return SBI_SUCCESS;
}

static long qemu_match(unsigned ctr, unsigned long event_idx, uint64_t event_data, uint64_t *sel)
{
	switch (PMU_EVENT_TYPE(event_idx)) {
	case PMU_TYPE_HW:
		/*
		 * QEMU also counts cycles (1) and instructions (2) on an hpm
		 * counter whose mhpmevent holds that number. The core prefers
		 * such a counter with Sscofpmf, for its overflow interrupt.
		 */
		if (PMU_EVENT_CODE(event_idx) == PMU_HW_CPU_CYCLES ||
		    PMU_EVENT_CODE(event_idx) == PMU_HW_INSTRUCTIONS)
			return qemu_select(ctr, PMU_EVENT_CODE(event_idx), sel);
		return SBI_ERR_NOT_SUPPORTED;
	case PMU_TYPE_RAW:
	case PMU_TYPE_RAW_V2:
		return qemu_select(ctr, event_data, sel);   /* width checked by the core */
	case PMU_TYPE_CACHE:
		for (unsigned i = 0; i < sizeof(qemu_events) / sizeof(qemu_events[0]); i++)
			if (qemu_events[i] == event_idx)   /* QEMU expects the event_idx itself */
				return qemu_select(ctr, event_idx, sel);
		return SBI_ERR_NOT_SUPPORTED;
	default:
		return SBI_ERR_NOT_SUPPORTED;
	}
}

static const char *qemu_describe(unsigned ctr)
{
	(void)ctr;
	return "cycles, instructions, DTLB read/write miss, ITLB read miss, raw";
}

const struct pmu_backend pmu_qemu = {
	.name = "qemu (target/riscv/pmu.c)",
	.probe = pmu_csr_probe,
	.match = qemu_match,
	QEMU_PMU_CSR_OPS,
	.overflowed = pmu_csr_overflowed,
	.describe = qemu_describe,
};
