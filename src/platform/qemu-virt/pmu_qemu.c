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
#include "arch/csr.h"
#include "platform/qemu-virt/pmu_qemu.h"

static const unsigned long qemu_events[] = {
	PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS),  /* 0x10019 */
	PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_WRITE, PMU_CACHE_RESULT_MISS), /* 0x1001b */
	PMU_CACHE_EVENT(PMU_CACHE_ITLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS),  /* 0x10021 */
};

/*
 * QEMU maps each event to one counter (target/riscv/pmu.c keeps an
 * event -> counter table per hart and ignores a second counter asking for
 * the same event). So each event QEMU counts is "one hpm counter at a
 * time" (pmu_backend.h, excl): the core never hands out a second counter that
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

/*
 * QEMU 7.2's counter freeze (pmu_qemu.h). Only a counter QEMU counts from
 * its tick source is affected: cycle and instret, or an hpm counter whose
 * selector is QEMU's cycles or instructions event. Other event counters
 * freeze, and none of this runs for them.
 */
static bool ticking(unsigned ctr, uint64_t sel)
{
	uint32_t ev = sel & 0xfffff;   /* QEMU's event number, as programmed */

	return ctr < 3 || ev == 1 || ev == 2;
}

/*
 * cycle and instret (counters 0 and 2) are handed out only where
 * mcountinhibit exists (pmu_csr_probe), and have no selector and no
 * overflow flag: stopping one is its inhibit bit set (and the workaround's
 * write), starting one is a write of the value it starts from and the bit
 * cleared. Spelt out, the calls Linux makes on every context switch touch
 * two CSRs and make no further call.
 */

/* Stop, then read the counter once (that read is the frozen value) and write it back. */
static __attribute__((noinline)) void stop_hpm(unsigned ctr, uint64_t sel)
{
	pmu_csr_stop(ctr, sel);
	if (ticking(ctr, sel))
		counter_write(ctr, counter_read(ctr));
}

void qemu_pmu_stop(unsigned ctr, uint64_t sel)
{
	/* Each counter named, so its inhibit bit is an immediate (csrsi). */
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

/*
 * QEMU counts a started tick counter from its last write: write the held
 * value again, so the stopped interval is not counted. A start that loads
 * a value (SET_INIT_VALUE) is such a write already.
 */
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

/* configure keeping the value, where there is work: see below. */
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
 * configure in one call. Zeroing (CLEAR_VALUE) is a write, and a write is
 * all the workaround does: the plain CSR sequence is right. Otherwise the
 * value is kept: cycle and instret, which payloads read until they ask
 * the PMU for them, are stopped as above if they still run, and one
 * already stopped (as every counter handed out again after a release is)
 * holds its value already, so there is nothing to do unless it is to
 * start; an hpm counter is free with selector 0, counting nothing, and is
 * programmed stopped. Then started as above if asked.
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
