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
 * event -> counter table per hart and ignores a second counter asking for
 * the same event). So each event QEMU counts is "one hpm counter at a
 * time" (pmu.h, excl): the core never hands out a second counter that
 * would never count. Events QEMU does not count have no table entry to
 * fight over. The number is the event's place: cycles 0, instructions 1,
 * then qemu_events[] from 2.
 */
static int8_t qemu_excl(uint64_t sel)
{
	uint64_t ev = sel & 0xfffff;

	if (ev == PMU_HW_CPU_CYCLES || ev == PMU_HW_INSTRUCTIONS)
		return (int8_t)(ev - PMU_HW_CPU_CYCLES);
	for (unsigned i = 0; i < sizeof(qemu_events) / sizeof(qemu_events[0]); i++)
		if (ev == qemu_events[i])
			return (int8_t)(2 + i);
	return PMU_EXCL_NONE;
}

/* Every hpm counter can take any selector: QEMU's counters are all alike. */
static long qemu_take(uint64_t sel, struct pmu_event_map *m)
{
	m->ctrs = ~0u;
	m->sel = sel;
	m->excl = qemu_excl(sel);
	return SBI_SUCCESS;
}

static long qemu_map(unsigned long event_idx, uint64_t event_data, struct pmu_event_map *m)
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
			return qemu_take(PMU_EVENT_CODE(event_idx), m);
		return SBI_SUCCESS;
	case PMU_TYPE_RAW:
	case PMU_TYPE_RAW_V2:
		return qemu_take(event_data, m);   /* width checked by the core */
	case PMU_TYPE_CACHE:
		for (unsigned i = 0; i < sizeof(qemu_events) / sizeof(qemu_events[0]); i++)
			if (qemu_events[i] == event_idx)   /* QEMU expects the event_idx itself */
				return qemu_take(event_idx, m);
		return SBI_SUCCESS;
	default:
		return SBI_SUCCESS;
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
	.map = qemu_map,
	QEMU_PMU_CSR_OPS,
	.overflowed = pmu_csr_overflowed,
	.describe = qemu_describe,
};
