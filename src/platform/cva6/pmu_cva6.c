/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU backend for CVA6 (openhwgroup/cva6, core/perf_counters.sv; the
 * "CSR performance counters" chapter of the CVA6 user manual, copied in
 * shared/spec/cva6-performance-counters.txt).
 *
 * What the core has:
 *  - mcycle, minstret and six general counters mhpmcounter3..8, all 64-bit
 *    (rv32: with their h halves). Counters 9..31 and their selectors read 0.
 *  - mhpmevent3..8: the low 5 bits select one of events 1..22; 0 (the reset
 *    value) and 23..31 count nothing. Wider writes are masked to 5 bits, so
 *    33 would silently count event 1: raw requests are checked here.
 *  - mcountinhibit, so every counter can really be stopped (priv spec
 *    3.1.12 "Machine Counter-Inhibit CSR").
 *  - no Sscofpmf: no overflow interrupt and no mode-filter bits. The SBI
 *    config flags SINH/UINH/... are hints (SBI spec 11.7, table 8) and are
 *    ignored here: a CVA6 counter counts in every privilege mode.
 *  - configurations without counters (PERF_COUNTER_EN = 0, e.g. cv32a60x):
 *    the probe runs under the trap guard and finds no hpm counters.
 *
 * Everything CVA6 does the standard way comes from pmu_csr.c. This file
 * adds the event map, the raw-event check and the errata probe. It only
 * touches CSRs through src/arch/csr.h, so the host tests link it against a
 * fake CSR file instead (tests/host/cva6/).
 */
#include <stdio.h>
#include <string.h>
#include "arch/csr.h"
#include "arch/trap_guard.h"
#include "platform/cva6/pmu_cva6.h"

#define CVA6_EVENT_FIRST 1
#define CVA6_EVENT_LAST  22   /* 23..31 are reserved and count nothing */

/*
 * The event map: SBI general and cache events (SBI spec 11.2, 11.3) to
 * CVA6 selector values. One line per event, with the reason it is an
 * honest match. Anything not listed is NOT_SUPPORTED (event_get_info
 * reports 0 for it); a user can still ask for any CVA6 event by number
 * through a raw event (type 2 or 3, event_data = 1..22).
 *
 * Left out on purpose:
 *  - CPU_CYCLES, INSTRUCTIONS: counters 0 and 2 (decided by the PMU core);
 *    event 20 counts integer instructions only, not all of them.
 *  - CACHE_REFERENCES, CACHE_MISSES: perf means the last-level cache; CVA6
 *    has split L1 caches and no event that counts both.
 *  - BUS_CYCLES, REF_CPU_CYCLES: no bus-clock or reference-clock event.
 *  - L1D/DTLB write misses: events 2 and 4 do not tell loads from stores,
 *    so they are offered once, as the read miss, and said so.
 *  - prefetch ops, LL and NODE caches: CVA6 has no prefetcher, no L2 of its
 *    own and no NUMA.
 */
struct cva6_event {
	uint32_t event_idx;
	uint8_t sel;
};

#define HW(e)  PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_##e)
#define CACHE(id, op, res) \
	PMU_CACHE_EVENT(PMU_CACHE_##id, PMU_CACHE_OP_##op, PMU_CACHE_RESULT_##res)

static const struct cva6_event cva6_events[] = {
	/* 9 "Branch Instructions": every control-flow instruction committed,
	 * jal and jalr included (checked on the RTL: tests/payload/cva6/rtl.c),
	 * as perf's "branches" counts them on other cores. */
	{ HW(BRANCH_INSTRUCTIONS),          9 },
	/* 10 "Branch Mispredicts": the branch unit corrected the frontend
	 * (a jalr to a target never seen counts too). */
	{ HW(BRANCH_MISSES),               10 },
	/* 15 "Instruction Fetch Empty": issue found no valid instruction from
	 * the frontend this cycle, i.e. a cycle lost in fetch. */
	{ HW(STALLED_CYCLES_FRONTEND),     15 },
	/* 22 "Pipeline Stall": cycles issue waits for operands, a backend
	 * stall (14, scoreboard full, is the other kind: ask for it raw). */
	{ HW(STALLED_CYCLES_BACKEND),      22 },
	/* 5 "Load Accesses": every load instruction committed (loads to
	 * uncached I/O regions are counted too, and are rare). */
	{ CACHE(L1D, READ, ACCESS),         5 },
	/* 2 "L1 D-Cache Misses": counts load and store misses together;
	 * loads dominate, so it is offered as the read miss only. */
	{ CACHE(L1D, READ, MISS),           2 },
	/* 6 "Store Accesses": every store instruction committed. */
	{ CACHE(L1D, WRITE, ACCESS),        6 },
	/* 16 "L1 I-Cache Accesses": fetch requests are cache reads (a fetch
	 * that misses is requested again while it waits: the RTL counts 21
	 * requests for a 5-instruction loop with one miss). */
	{ CACHE(L1I, READ, ACCESS),        16 },
	/* 1 "L1 I-Cache Misses". */
	{ CACHE(L1I, READ, MISS),           1 },
	/* 4 "DTLB Misses": loads and stores together, offered as read miss. */
	{ CACHE(DTLB, READ, MISS),          4 },
	/* 3 "ITLB Misses": instruction fetch is a read. */
	{ CACHE(ITLB, READ, MISS),          3 },
	/* The branch predictor is read once per branch (9) and wrong on a
	 * mispredict (10): what perf calls branch-loads and branch-load-misses. */
	{ CACHE(BPU, READ, ACCESS),         9 },
	{ CACHE(BPU, READ, MISS),          10 },
};

long pmu_cva6_map(unsigned long event_idx, uint64_t event_data, struct pmu_hw_map *m)
{
	m->ctrs = ~0u;   /* mhpmcounter3..8 are identical: any of them counts any event */
	switch (PMU_EVENT_TYPE(event_idx)) {
	case PMU_TYPE_RAW:
	case PMU_TYPE_RAW_V2:
		/*
		 * event_data is the selector itself. Only 1..22 count something;
		 * 0 and 23..31 count nothing, and anything wider would be cut to
		 * 5 bits by the hardware and count a different event.
		 */
		if (event_data >= CVA6_EVENT_FIRST && event_data <= CVA6_EVENT_LAST)
			m->sel = event_data;
		else
			m->ctrs = 0;
		return SBI_SUCCESS;
	case PMU_TYPE_HW:
	case PMU_TYPE_CACHE:
		for (unsigned i = 0; i < sizeof(cva6_events) / sizeof(cva6_events[0]); i++)
			if (cva6_events[i].event_idx == event_idx) {
				m->sel = cva6_events[i].sel;
				return SBI_SUCCESS;
			}
		break;
	default:
		break;
	}
	m->ctrs = 0;
	return SBI_SUCCESS;
}

/*
 * What S-mode sees of counter ctr: hpmcounterN, and on rv32 hpmcounterNh
 * as the upper half. Read from M-mode, which may always read the
 * user-level counter CSRs (priv spec 3.1.11 "Machine Counter-Enable
 * Register"); the guard catches a core where
 * even that traps, and the caller then treats nothing as readable.
 */
static bool user_view(unsigned ctr, uint64_t *v)
{
	struct trap_guard g;
	uint64_t lo = 0, hi = 0;

	trap_guard_begin(&g);
	lo = csr_read_user_counter(ctr);
#if __riscv_xlen == 32
	hi = csr_read_user_counter_hi(ctr);
#endif
	if (trap_guard_end(&g))
		return false;
	*v = (uint64_t)hi << 32 | lo;
	return true;
}

/*
 * The errata check: which low bits of counter ctr read back the same
 * through the user-level CSR as through the M-mode CSR? A few patterns
 * (all ones, all zeros, alternating) catch a half that reads 0, reads all
 * ones, or is wired to the wrong register. The counter is stopped
 * (selector 0, inhibited) while this runs, so the two reads agree unless
 * the hardware is wrong. Returns how many low bits S-mode can trust.
 */
static unsigned user_width(unsigned ctr, unsigned width)
{
	static const uint64_t patterns[] = {
		~0ULL, 0, 0x5555555555555555ULL, 0xaaaaaaaaaaaaaaaaULL,
	};
	uint64_t good = ~0ULL, m, u;

	for (unsigned i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++) {
		csr_write_counter(ctr, patterns[i]);
		m = csr_read_counter(ctr);
		if (!user_view(ctr, &u))
			return 0;
		good &= ~(m ^ u);
	}
	csr_write_counter(ctr, 0);
	/* Only a contiguous run from bit 0 is a usable counter. */
	unsigned w = good == ~0ULL ? 64 : (unsigned)__builtin_ctzll(~good);
	return w < width ? w : width;
}

static char note[192];

/*
 * Append one finding to the banner note: counter ctr reads back only its
 * low w bits through the user-level CSR. The first wrong bit says which
 * half-register is at fault (on rv32 the upper half is hpmcounterNh).
 */
static void note_add(unsigned ctr, unsigned w)
{
	size_t n = strlen(note);
	const char *h = w >= 32 ? "h" : "";

	if (w)
		snprintf(note + n, sizeof(note) - n, "%serratum: hpmcounter%u%s does not read back "
			 "mhpmcounter%u%s, reported %u bits wide", n ? "; " : "", ctr, h, ctr, h, w);
	else
		snprintf(note + n, sizeof(note) - n, "%serratum: hpmcounter%u unreadable, not offered",
			 n ? "; " : "", ctr);
}

void pmu_cva6_probe(struct pmu_hw_info *info)
{
	unsigned kept = 0;

	/* Which counters exist, their M-mode width, mcountinhibit, Sscofpmf. */
	pmu_csr_probe(info);
	note[0] = 0;
	for (unsigned i = 0; i < info->num_hpm; i++) {
		unsigned ctr = info->hpm[i];
		unsigned w = user_width(ctr, info->width[ctr]);

		if (w < info->width[ctr])
			note_add(ctr, w);
		if (!w) {
			/* S-mode cannot read any of it: leave it out altogether. */
			info->width[ctr] = 0;
			info->stoppable &= ~(1UL << ctr);
			continue;
		}
		info->width[ctr] = (uint8_t)w;
		info->hpm[kept++] = (uint8_t)ctr;
	}
	info->num_hpm = kept;
	info->note = note[0] ? note : 0;
}

const char *pmu_cva6_describe(unsigned ctr)
{
	(void)ctr;
	return "branches, mispredicts, fetch/operand stalls, L1D/L1I/TLB events, raw 1-22";
}

const struct pmu_backend pmu_cva6 = {
	.name = "cva6 (5-bit mhpmevent, events 1-22)",
	.probe = pmu_cva6_probe,
	.map = pmu_cva6_map,
	.configure = pmu_csr_configure,
	.release = pmu_csr_release,
	.read = pmu_csr_read,
	.start = pmu_csr_start,
	.stop = pmu_csr_stop,
	.overflowed = 0,              /* no overflow flag without Sscofpmf */
	.describe = pmu_cva6_describe,
};
