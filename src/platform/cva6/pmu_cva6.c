/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU backend for CVA6 (core/perf_counters.sv; the CVA6 user manual's "CSR
 * performance counters", shared/spec/cva6-performance-counters.txt): six
 * 64-bit hpm counters, 5-bit selectors (events 1..22), mcountinhibit, no
 * Sscofpmf (docs/pmu.md, "CVA6"). What is standard comes from pmu_csr.c;
 * this file adds the event map, the raw-event check and the errata probe.
 * A configuration without counters (PERF_COUNTER_EN = 0) probes none.
 */
#include <stdio.h>
#include "arch/csr.h"
#include "arch/trap_guard.h"
#include "base/bits.h"
#include "platform/cva6/pmu_cva6.h"

#define CVA6_EVENT_FIRST 1
#define CVA6_EVENT_LAST  22   /* 23..31 are reserved and count nothing */

/*
 * SBI events (SBI spec 11.2, 11.3) to CVA6 selectors, each with why it is
 * an honest match; the rest are raw only (event_data 1..22). Left out:
 * cycles and instructions (counters 0 and 2; event 20 counts integer
 * instructions only), CACHE_REFERENCES/MISSES (perf means the last level),
 * bus and reference clocks, L1D/DTLB write misses (events 2 and 4 count
 * loads and stores together), prefetch, LL and NODE (none on CVA6).
 */
struct cva6_event {
	uint32_t event_idx;
	uint8_t sel;
};

#define HW(e)  PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_##e)
#define CACHE(id, op, res) \
	PMU_CACHE_EVENT(PMU_CACHE_##id, PMU_CACHE_OP_##op, PMU_CACHE_RESULT_##res)

static const struct cva6_event cva6_events[] = {
	/* 9: every control-flow instruction committed, jal and jalr included
	 * (tests/payload/cva6/rtl.c), as perf's "branches" elsewhere */
	{ HW(BRANCH_INSTRUCTIONS),          9 },
	/* 10: the branch unit corrected the frontend */
	{ HW(BRANCH_MISSES),               10 },
	/* 15 "Instruction Fetch Empty": a cycle lost in fetch */
	{ HW(STALLED_CYCLES_FRONTEND),     15 },
	/* 22: issue waits for operands (14, scoreboard full, is raw only) */
	{ HW(STALLED_CYCLES_BACKEND),      22 },
	/* 5: every load committed, uncached I/O too (rare) */
	{ CACHE(L1D, READ, ACCESS),         5 },
	/* 2: load and store misses together; loads dominate */
	{ CACHE(L1D, READ, MISS),           2 },
	{ CACHE(L1D, WRITE, ACCESS),        6 },
	/* 16: fetch requests, repeated while a miss waits */
	{ CACHE(L1I, READ, ACCESS),        16 },
	{ CACHE(L1I, READ, MISS),           1 },
	/* 4: loads and stores together */
	{ CACHE(DTLB, READ, MISS),          4 },
	{ CACHE(ITLB, READ, MISS),          3 },
	/* perf's branch-loads and branch-load-misses */
	{ CACHE(BPU, READ, ACCESS),         9 },
	{ CACHE(BPU, READ, MISS),          10 },
};

long pmu_cva6_map(unsigned long event_idx, uint64_t event_data, struct pmu_hw_map *m)
{
	m->ctrs = ~0u;   /* mhpmcounter3..8 are identical: any of them counts any event */
	switch (PMU_EVENT_TYPE(event_idx)) {
	case PMU_TYPE_RAW:
	case PMU_TYPE_RAW_V2:
		/* the selector itself; wider values would be cut to 5 bits */
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
 * Counter ctr as S-mode sees it (hpmcounterN[h]), read from M-mode, which
 * always may (priv spec 3.1.11 "Machine Counter-Enable Register").
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
	if (trap_guard_end(&g)) {
		*v = 0;   /* written either way: no caller reads a stale value */
		return false;
	}
	*v = (uint64_t)hi << 32 | lo;
	return true;
}

/*
 * The errata check (docs/boards/cva6.md): how many low bits of stopped
 * counter ctr read back the same through the user-level CSR as through the
 * M-mode one, over patterns that catch a half reading 0, all ones, or
 * another register.
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
	unsigned w = good == ~0ULL ? 64 : lowest_bit64(~good);
	return w < width ? w : width;
}

static char note[192];
static unsigned note_len;   /* below sizeof(note): note[note_len] is its end */

/*
 * One finding for the banner: the first wrong bit names the faulty half.
 * Formatted whole, then appended as far as it fits: each step's bound is
 * then a constant, not the sum of two lengths.
 */
static void note_add(unsigned ctr, unsigned w)
{
	char line[96] = "";   /* all zero first: the loop reads nothing snprintf left unset */
	const char *h = w >= 32 ? "h" : "";
	const char *sep = note_len ? "; " : "";

	if (w)
		snprintf(line, sizeof(line), "%serratum: hpmcounter%u%s does not read back "
			 "mhpmcounter%u%s, reported %u bits wide", sep, ctr, h, ctr, h, w);
	else
		snprintf(line, sizeof(line), "%serratum: hpmcounter%u unreadable, not offered",
			 sep, ctr);
	for (unsigned k = 0; k < sizeof(line) && line[k] && note_len < sizeof(note) - 1; k++)
		note[note_len++] = line[k];
	note[note_len] = 0;
}

void pmu_cva6_probe(struct pmu_hw_info *info)
{
	unsigned kept = 0;

	pmu_csr_probe(info);
	note[0] = 0;
	note_len = 0;
	/* kept <= i < 32: said in the loop's test, where hpm[kept] is written */
	for (unsigned i = 0; i < info->num_hpm && kept < PMU_MAX_HW_COUNTERS; i++) {
		unsigned ctr = info->hpm[i];
		unsigned w = user_width(ctr, info->width[ctr]);

		if (w < info->width[ctr])
			note_add(ctr, w);
		if (!w) {
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
