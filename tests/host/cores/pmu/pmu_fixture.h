/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the PMU core tests share: a hart, the fake backend set up in a
 * default shape, a memory check that accepts only the test's own buffers,
 * and "did anything change?" snapshots.
 *
 * Default shape: mhpmcounter3, 4, 5 and 7 (a gap at 6), 48 bits wide,
 * mcountinhibit and Sscofpmf present. Logical counters:
 *   0 cycle, 1 time, 2 instret, 3 -> mhpmcounter3, 4 -> 4, 5 -> 5, 6 -> 7,
 *   7..22 firmware counters (23 in all).
 * Counters 3 and 4 count L1D read access/miss, 7 counts branch misses,
 * all four count raw events. Firmware events the "platform" produces:
 * MISALIGNED_LOAD, ILLEGAL_INSN, SET_TIMER.
 */
#ifndef TALLY_PMU_FIXTURE_H
#define TALLY_PMU_FIXTURE_H

#include <stddef.h>
#include <string.h>
#include "fake_backend.h"
#include "harness.h"

enum {
	IDX_CYCLE = 0, IDX_TIME = 1, IDX_INSTRET = 2,
	IDX_H3 = 3, IDX_H4 = 4, IDX_H5 = 5, IDX_H7 = 6,
	IDX_FW = 7,                          /* first firmware counter */
	NUM_DEFAULT = 7 + PMU_NUM_FW_COUNTERS,
};

#define EV_CYCLES   PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES)
#define EV_INSNS    PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS)
#define EV_BR_MISS  PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_MISSES)
#define EV_BUS_CYC  PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BUS_CYCLES)
#define EV_L1D_RA   PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_ACCESS)
#define EV_L1D_RM   PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS)
#define EV_ITLB_RM  PMU_CACHE_EVENT(PMU_CACHE_ITLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS)
#define EV_RAW      PMU_EVENT_IDX(PMU_TYPE_RAW, 0)
#define EV_RAW2     PMU_EVENT_IDX(PMU_TYPE_RAW_V2, 0)
#define EV_FW(code) PMU_EVENT_IDX(PMU_TYPE_FW, (code))
#define FW_EVENTS_DEFAULT \
	(1U << PMU_FW_MISALIGNED_LOAD | 1U << PMU_FW_ILLEGAL_INSN | 1U << PMU_FW_SET_TIMER)

extern struct pmu_hart H;
/* A 4096-byte aligned page for snapshots, viewed as the table 16 layout. */
extern uint64_t snap_page[512];
#define SNAP_LO ((unsigned long)(uintptr_t)snap_page)

struct fake_cfg default_cfg(void);
/* fake_setup + pmu_init + pmu_hart_init; the memory check accepts snap_page only. */
void setup_with(const struct fake_cfg *cfg, uint32_t fw_events);
void setup(void);

/* The memory check handed to pmu_init. */
uintptr_t sbi_mem_window(uint64_t addr, uint64_t len, uint64_t *end);
void mem_reset(void);                        /* accept nothing */
void mem_allow(const void *p, size_t len);   /* accept [p, p + len) too */
extern bool mem_refuse_all;
extern unsigned mem_calls;
extern uint64_t mem_max_len;                 /* largest len ever asked */

/* Counter number behind a logical hardware index, per the fake's shape. */
unsigned ctr_of_idx(unsigned long idx);
unsigned long num_counters(void);
unsigned num_hw_counters(void);

/* Everything a call could change: the hart, the CSRs, the snapshot page. */
struct world {
	struct pmu_hart h;
	struct fake_csrs csr;
	unsigned mutations;
	uint64_t page[512];
};
void world_save(struct world *w);
bool world_same(const struct world *w);
/* Every started counter counts, every configured one does not, free hpm
 * counters count nothing, and the fake saw nothing forbidden. */
bool invariants_hold(void);

/* Shorthands: config, start, stop, with the hart H. */
struct sbiret cfg(unsigned long base, unsigned long mask, unsigned long flags,
		  unsigned long event_idx, uint64_t data);
struct sbiret start(unsigned long base, unsigned long mask, unsigned long flags, uint64_t init);
struct sbiret stop(unsigned long base, unsigned long mask, unsigned long flags);
/* Configure one given counter for an event (SKIP_MATCH, mask 1 << 0 at idx). */
void take(unsigned long idx, unsigned long event_idx, uint64_t data);



/* A call that must fail with `err` and change nothing at all. */
#define CHECK_FAILS_CLEAN(call, err) do { \
	struct world w_; \
	struct sbiret r_; \
	world_save(&w_); \
	r_ = (call); \
	CHECK_ERR(r_.error, err); \
	CHECK(world_same(&w_)); \
} while (0)
#endif
