/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension (SBI chapter 11): event_get_info (table 19), its error
 * rows and the answer for each kind of event.
 */
#include "conformance.h"

struct ev_entry evs[16] __attribute__((aligned(16)));

void test_pmu_event_info(void)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	const unsigned long inaddr = (unsigned long)SBI_ERR_INVALID_ADDRESS;
	static const struct { uint32_t ev; uint64_t data; uint32_t supported; } want[] = {
		{ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0, 1 },
		{ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0, 1 },
#ifdef CVA6_MAP
		{ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_MISSES), 0, 1 },
#else
		{ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_MISSES), 0, 0 },
#endif
		{ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_NO_EVENT), 0, 0 },
		{ PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS), 0, 1 },
#ifdef CVA6_MAP
		{ PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_ACCESS), 0, 1 },
#else
		{ PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_ACCESS), 0, 0 },
#endif
		{ PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 0, 1 },
		{ PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_SET_TIMER), 0, 1 },
		{ PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_EVENT_MAX), 0, 0 },      /* reserved */
		{ PMU_EVENT_IDX(PMU_TYPE_FW, 200), 0, 0 },
		{ PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 5, 0 },   /* reserved event_data */
		{ PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 1ULL << 48, 0 },            /* too wide */
		{ PMU_EVENT_IDX(7, 1), 0, 0 },                                /* no such type */
	};
	const unsigned n = sizeof(want) / sizeof(want[0]);
	unsigned long buf = (unsigned long)evs;

	for (unsigned i = 0; i < n; i++)
		evs[i] = (struct ev_entry){ want[i].ev, 0xdeadbeef, want[i].data };
	evs[n] = (struct ev_entry){ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0xdeadbeef, 0 };

	/* Table 19 */
	check_eq(ev_info(buf + 8, 0, 1, 0).error, inval, "evinfo: misaligned: INVALID_PARAM");
	check_eq(ev_info(buf, 0, n, 1).error, inval, "evinfo: flags != 0: INVALID_PARAM");
	evs[n - 1].event_idx |= 1u << 20;
	check_eq(ev_info(buf, 0, n, 0).error, inval, "evinfo: reserved event_idx bit 20 in the last entry: INVALID_PARAM");
	check_eq(evs[0].output, 0xdeadbeef, "evinfo: ... and the buffer is untouched");
	evs[n - 1].event_idx = want[n - 1].ev;
	check_eq(ev_info(FW_BASE, 0, 1, 0).error, inaddr, "evinfo: the firmware: INVALID_ADDRESS");
	check_eq(ev_info(buf, 1, 1, 0).error, inaddr, "evinfo: hi != 0: INVALID_ADDRESS");
	check_eq(ev_info(0x1000, 0, 1, 0).error, inaddr, "evinfo: below RAM: INVALID_ADDRESS");
	check_eq(ev_info(ram_end - 16, 0, 2, 0).error, inaddr, "evinfo: running off the end of RAM: INVALID_ADDRESS");
	/* num_entries * 16 wraps to 16: a firmware that multiplies unchecked would
	 * check 16 bytes and then write far beyond them. */
	check_eq(ev_info(buf, 0, (1UL << (XLEN - 4)) + 1, 0).error, inaddr,
		 "evinfo: num_entries * 16 overflowing: INVALID_ADDRESS");
	check_eq(ev_info(buf, 0, ~0UL, 0).error, inaddr, "evinfo: num_entries = ~0: INVALID_ADDRESS");
	check_eq(evs[0].output, 0xdeadbeef, "evinfo: failed calls left the buffer untouched");
	/* No entries: SUCCESS where one entry's address would pass (OpenSBI's answer),
	 * nothing written; a refused address stays refused. */
	check_eq(ev_info(buf, 0, 0, 0).error, 0, "evinfo: 0 entries: SUCCESS");
	check_eq(evs[0].output, 0xdeadbeef, "evinfo: ... and the buffer is untouched");
	check_eq(ev_info(FW_BASE, 0, 0, 0).error, inaddr, "evinfo: 0 entries in the firmware: INVALID_ADDRESS");
	check_eq(ev_info(ram_end, 0, 0, 0).error, inaddr, "evinfo: 0 entries just past RAM: INVALID_ADDRESS");
	check_eq(ev_info(buf + 8, 0, 0, 0).error, inval, "evinfo: 0 entries, misaligned: INVALID_PARAM");

	check_eq(ev_info(buf, 0, n, 0).error, 0, "evinfo: %u entries", n);
	for (unsigned i = 0; i < n; i++)
		check_eq(evs[i].output, want[i].supported, "evinfo: event 0x%lx data 0x%lx:%08lx -> %u",
			 (unsigned long)want[i].ev, (unsigned long)(want[i].data >> 32),
			 (unsigned long)(uint32_t)want[i].data, (unsigned)want[i].supported);
	check_eq(evs[n].output, 0xdeadbeef, "evinfo: the entry after the last is untouched");
}
