/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU backend for QEMU's RISC-V CPUs (QEMU 7.2, target/riscv/pmu.c). An hpm
 * counter counts cycles, instructions and the cache events below when
 * mhpmevent holds exactly the SBI event_idx; raw events are written as
 * given, and QEMU counts only the values it knows.
 */
#include "arch/csr.h"
#include "platform/qemu-virt/pmu_qemu.h"

static const unsigned long qemu_events[] = {
	PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS),  /* 0x10019 */
	PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_WRITE, PMU_CACHE_RESULT_MISS), /* 0x1001b */
	PMU_CACHE_EVENT(PMU_CACHE_ITLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS),  /* 0x10021 */
};

/*
 * QEMU keeps one counter per event and ignores a second one (pmu_backend.h, excl):
 * each event it counts gets a number, cycles 0, instructions 1, then
 * qemu_events[] from 2.
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

static long qemu_take(uint64_t sel, struct pmu_hw_map *m)
{
	m->ctrs = ~0u;
	m->sel = sel;
	m->excl = qemu_excl(sel);
	return SBI_SUCCESS;
}

static long qemu_map(unsigned long event_idx, uint64_t event_data, struct pmu_hw_map *m)
{
	switch (PMU_EVENT_TYPE(event_idx)) {
	case PMU_TYPE_HW:
		/* also on an hpm counter, which the core prefers with Sscofpmf */
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

/* The counters QEMU 7.2 does not freeze (pmu_qemu.h): cycles and instructions. */
static bool ticking(unsigned ctr, uint64_t sel)
{
	uint32_t ev = sel & 0xfffff;   /* QEMU's event number, as programmed */

	return ctr < 3 || ev == 1 || ev == 2;
}

/*
 * cycle and instret are spelt out below (only handed out where mcountinhibit
 * exists): Linux's calls at every context switch touch two CSRs, no call.
 */

/* Stop, then read once (the frozen value) and write it back. */
static __attribute__((noinline)) void stop_hpm(unsigned ctr, uint64_t sel)
{
	pmu_csr_stop(ctr, sel);
	if (ticking(ctr, sel))
		counter_write(ctr, counter_read(ctr));
}

void qemu_pmu_stop(unsigned ctr, uint64_t sel)
{
	/* each counter named: its inhibit bit is an immediate (csrsi) */
	if (ctr == 0) {
		set_mcountinhibit(1UL << 0);
		counter_write(0, counter_read(0));
	} else if (ctr == 2) {
		set_mcountinhibit(1UL << 2);
		counter_write(2, counter_read(2));
	} else {
		stop_hpm(ctr, sel);   /* its own frame: cycle and instret need none */
	}
}

/* QEMU counts from the last write: write the held value, so the stop is not counted. */
static __attribute__((noinline)) void start_from_held(unsigned ctr, uint64_t sel)
{
	pmu_csr_start(ctr, sel, true, counter_read(ctr));
}

void qemu_pmu_start(unsigned ctr, uint64_t sel, bool load, uint64_t value)
{
	if (ctr == 0) {
		counter_write(0, load ? value : counter_read(0));
		clear_mcountinhibit(1UL << 0);
	} else if (ctr == 2) {
		counter_write(2, load ? value : counter_read(2));
		clear_mcountinhibit(1UL << 2);
	} else if (!load && ticking(ctr, sel)) {
		start_from_held(ctr, sel);
	} else {
		pmu_csr_start(ctr, sel, load, value);
	}
}

static __attribute__((noinline)) void configure_keep(unsigned ctr, uint64_t sel,
						    unsigned long cfg_flags, bool stopped)
{
	if (ctr >= 3)
		pmu_csr_configure(ctr, sel, cfg_flags & PMU_CFG_INH_MASK);   /* program it, stopped */
	else if (!stopped)
		qemu_pmu_stop(ctr, sel);   /* cycle and instret have no selector */
	if (cfg_flags & PMU_CFG_AUTO_START)
		qemu_pmu_start(ctr, sel, false, 0);
}

/*
 * Zeroing is a write, all the workaround does: the plain sequence is right.
 * Otherwise the value is kept: a running cycle or instret is stopped as
 * above, a stopped one holds already; an hpm counter is programmed stopped.
 */
void qemu_pmu_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags)
{
	bool stopped;

	if (cfg_flags & PMU_CFG_CLEAR_VALUE) {
		pmu_csr_configure(ctr, sel, cfg_flags);
		return;
	}
	stopped = ctr < 3 && ((r_mcountinhibit() >> ctr) & 1);
	if (stopped && !(cfg_flags & PMU_CFG_AUTO_START))
		return;   /* Linux's every config_matching of cycle or instret */
	configure_keep(ctr, sel, cfg_flags, stopped);
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
	.configure = qemu_pmu_configure,
	.release = pmu_csr_release,
	.read = pmu_csr_read,
	.start = qemu_pmu_start,
	.stop = qemu_pmu_stop,
	.overflowed = pmu_csr_overflowed,
	.describe = qemu_describe,
};
