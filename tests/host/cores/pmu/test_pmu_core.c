/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core's behaviour beyond the error tables: the counter state
 * machine, ownership, all-or-nothing sets, config flags, snapshots,
 * firmware counters, event_get_info on many entries, a core without
 * mcountinhibit, odd counter shapes.
 */
#include <stdlib.h>
#include "pmu_fixture.h"

static void c_state_machine(void)
{
	setup();
	fake.csr.counter[4] = 500;
	/* configure: free -> configured, selector programmed, not counting */
	CHECK_OK(cfg(IDX_H4, 1, 0, EV_L1D_RM, 0), IDX_H4);
	CHECK_EQ(pmu_counter_state(&H, IDX_H4), PMU_CTR_CONFIGURED);
	CHECK_EQ(fake.csr.event[4], FAKE_SEL_L1D_READ_MISS);
	fake_tick_all(10);
	CHECK_EQ(fake.csr.counter[4], 500);
	CHECK(invariants_hold());
	/* start: counts from where it was */
	CHECK_OK(start(IDX_H4, 1, 0, 0), 0);
	fake_tick_all(10);
	CHECK_EQ(fake.csr.counter[4], 510);
	CHECK(invariants_hold());
	/* stop: holds still */
	CHECK_OK(stop(IDX_H4, 1, 0), 0);
	fake_tick_all(10);
	CHECK_EQ(fake.csr.counter[4], 510);
	CHECK(invariants_hold());
	/* start again, stop with RESET: free, selector cleared */
	CHECK_OK(start(IDX_H4, 1, 0, 0), 0);
	fake_tick_all(1);
	CHECK_OK(stop(IDX_H4, 1, PMU_STOP_RESET), 0);
	CHECK_EQ(pmu_counter_state(&H, IDX_H4), PMU_CTR_FREE);
	CHECK_EQ(fake.csr.event[4], 0);
	CHECK_EQ(fake.csr.counter[4], 511);
	CHECK(invariants_hold());
	/* a freed counter is neither started nor stopped */
	CHECK_ERR(start(IDX_H4, 1, 0, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(stop(IDX_H4, 1, 0).error, SBI_ERR_INVALID_PARAM);
	/* reuse: the same counter, for another event */
	CHECK_OK(cfg(IDX_H4, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, EV_RAW2, 0x99), IDX_H4);
	CHECK_EQ(fake.csr.event[4], 0x99);
	fake_tick_all(3);
	CHECK_EQ(fake.csr.counter[4], 3);
	CHECK(invariants_hold());
}

static void c_fixed_counters_one_caller(void)
{
	setup();
	/* cycle: counter 0 only, handed out once */
	CHECK_OK(cfg(0, 1, 0, EV_CYCLES, 0), IDX_CYCLE);
	CHECK_FAILS_CLEAN(cfg(0, 1, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(0, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(0, 0x7d, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	/* instret likewise */
	CHECK_OK(cfg(0, 4, 0, EV_INSNS, 0), IDX_INSTRET);
	CHECK_FAILS_CLEAN(cfg(2, 1, 0, EV_INSNS, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(2, 1, PMU_CFG_SKIP_MATCH, EV_INSNS, 0), SBI_ERR_NOT_SUPPORTED);
	/* started, still one caller */
	CHECK_OK(start(0, 5, 0, 0), 0);
	CHECK_FAILS_CLEAN(cfg(0, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	/* released: available again */
	CHECK_OK(stop(0, 5, PMU_STOP_RESET), 0);
	CHECK_OK(cfg(0, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0), IDX_CYCLE);
	CHECK_OK(cfg(0, 0x7d, 0, EV_INSNS, 0), IDX_INSTRET);
	CHECK(invariants_hold());
}

static void c_hpm_one_caller_in_set_order(void)
{
	setup();
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_RAW, 1), IDX_H3);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_RAW, 2), IDX_H4);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_RAW, 3), IDX_H5);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_RAW, 4), IDX_H7);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0xf, 0, EV_RAW, 5), SBI_ERR_NOT_SUPPORTED);
	/* released, it is the one handed out next */
	CHECK_ERR(stop(IDX_H4, 1, PMU_STOP_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_RAW, 5), IDX_H4);
	CHECK(invariants_hold());
}

static void c_stop_reset_already_stopped_releases(void)
{
	struct sbiret r;

	setup();
	take(IDX_H4, EV_L1D_RA, 0);
	CHECK_OK(start(IDX_H4, 1, 0, 0), 0);
	CHECK_OK(stop(IDX_H4, 1, 0), 0);
	/* Linux: stop, then stop + RESET to release */
	r = stop(IDX_H4, 1, PMU_STOP_RESET);
	CHECK_ERR(r.error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(pmu_counter_state(&H, IDX_H4), PMU_CTR_FREE);
	CHECK_EQ(fake.csr.event[4], 0);
	/* released: configurable again, and not stoppable any more */
	CHECK_ERR(stop(IDX_H4, 1, PMU_STOP_RESET).error, SBI_ERR_INVALID_PARAM);
	CHECK_OK(cfg(IDX_H4, 1, 0, EV_L1D_RA, 0), IDX_H4);
	/* the same for a firmware counter and for cycle */
	take(IDX_FW, EV_FW(PMU_FW_SET_TIMER), 0);
	take(IDX_CYCLE, EV_CYCLES, 0);
	CHECK_ERR(stop(IDX_CYCLE, 1, PMU_STOP_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_ERR(stop(IDX_FW, 1, PMU_STOP_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(pmu_counter_state(&H, IDX_FW), PMU_CTR_FREE);
	CHECK_EQ(pmu_counter_state(&H, IDX_CYCLE), PMU_CTR_FREE);
	CHECK_ERR(pmu_fw_read(IDX_FW, &H).error, SBI_ERR_INVALID_PARAM);
	CHECK(invariants_hold());
}

static void c_stop_reset_mixed_set(void)
{
	setup();
	/* 3 started, 4 stopped: stop + RESET of {3, 4} -> ALREADY_STOPPED;
	 * 4 is released, 3 is left running and owned */
	take(IDX_H3, EV_L1D_RA, 0);
	take(IDX_H4, EV_L1D_RM, 0);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK_ERR(stop(IDX_H3, 3, PMU_STOP_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(pmu_counter_state(&H, IDX_H3), PMU_CTR_STARTED);
	CHECK_EQ(pmu_counter_state(&H, IDX_H4), PMU_CTR_FREE);
	CHECK(fake_counting(3));
	CHECK(invariants_hold());
}

static void c_start_all_or_nothing(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	take(IDX_H4, EV_L1D_RM, 0);
	take(IDX_FW, EV_FW(PMU_FW_SET_TIMER), 0);
	CHECK_OK(start(IDX_H4, 1, 0, 0), 0);
	/* {3, 4, fw}: 4 already started -> nothing starts, values untouched */
	CHECK_FAILS_CLEAN(start(IDX_H3, 1 | 2 | 1UL << (IDX_FW - IDX_H3), PMU_START_SET_INIT_VALUE, 77),
			  SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(pmu_counter_state(&H, IDX_H3), PMU_CTR_CONFIGURED);
	CHECK_EQ(pmu_counter_state(&H, IDX_FW), PMU_CTR_CONFIGURED);
	CHECK(!fake_counting(3));
	/* one unconfigured counter in the set: nothing starts either */
	CHECK_FAILS_CLEAN(start(IDX_H3, 1 | 4, 0, 0), SBI_ERR_INVALID_PARAM);
	/* the whole set at once */
	CHECK_OK(start(IDX_H3, 1 | 1UL << (IDX_FW - IDX_H3), PMU_START_SET_INIT_VALUE, 77), 0);
	CHECK_EQ(fake.csr.counter[3], 77);
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 77);
	CHECK(invariants_hold());
}

static void c_stop_all_or_nothing(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	take(IDX_H4, EV_L1D_RM, 0);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	/* 4 is not started: nothing stops, no snapshot written */
	CHECK_FAILS_CLEAN(stop(IDX_H3, 3, 0), SBI_ERR_ALREADY_STOPPED);
	CHECK_FAILS_CLEAN(stop(IDX_H3, 3, PMU_STOP_TAKE_SNAPSHOT), SBI_ERR_ALREADY_STOPPED);
	CHECK(fake_counting(3));
	CHECK_OK(start(IDX_H4, 1, 0, 0), 0);
	CHECK_OK(stop(IDX_H3, 3, 0), 0);
	CHECK(!fake_counting(3) && !fake_counting(4));
	CHECK(invariants_hold());
}

static void c_base_mask_overflow_untouched(void)
{
	unsigned long n;

	setup();
	n = num_counters();
	take(n - 1, EV_FW(PMU_FW_SET_TIMER), 0);
	take(IDX_CYCLE, EV_CYCLES, 0);
	CHECK_FAILS_CLEAN(cfg(~0UL, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(start(~0UL, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(~0UL, 1, PMU_STOP_RESET), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(n - 1, 3, 0, EV_FW(PMU_FW_SET_TIMER), 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(start(n - 1, 3, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(n - 1, 3, PMU_STOP_RESET), SBI_ERR_INVALID_PARAM);
	/* base + i wrapping around to 0 (cycle, configured) */
	CHECK_FAILS_CLEAN(start(~0UL, 2, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(~0UL, 2, PMU_STOP_RESET), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(start(~0UL - (PMU_XLEN - 2), 1UL << (PMU_XLEN - 1), 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(n - 1, 1UL << (PMU_XLEN - 1) | 1, PMU_STOP_RESET), SBI_ERR_INVALID_PARAM);
	CHECK(invariants_hold());
}

static void c_skip_match_takes_first_of_set(void)
{
	setup();
	/* set {4, 5}: SKIP_MATCH takes 4 */
	CHECK_OK(cfg(IDX_H3, 0x6, PMU_CFG_SKIP_MATCH, EV_L1D_RA, 0), IDX_H4);
	/* set {5, 7}: 5 cannot count branch misses, SKIP_MATCH does not look further */
	CHECK_FAILS_CLEAN(cfg(IDX_H5, 0x3, PMU_CFG_SKIP_MATCH, EV_BR_MISS, 0), SBI_ERR_NOT_SUPPORTED);
	/* without SKIP_MATCH it finds 7 */
	CHECK_OK(cfg(IDX_H5, 0x3, 0, EV_BR_MISS, 0), IDX_H7);
	/* SKIP_MATCH on a counter someone holds: not handed out again */
	CHECK_FAILS_CLEAN(cfg(IDX_H4, 1, PMU_CFG_SKIP_MATCH, EV_L1D_RM, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK(invariants_hold());
}

/*
 * With Sscofpmf an hpm counter that can count the event comes before the
 * fixed counters (only hpm counters raise overflow interrupts, which
 * sampling needs); counter 0 is the fallback. Without Sscofpmf, counter 0.
 */
static void c_sscofpmf_prefers_hpm(void)
{
	struct fake_cfg c = default_cfg();
	unsigned long all = (1UL << (IDX_FW)) - 1 - 2;   /* every hardware counter but time */

	c.cycles_mask = 1U << 5;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_OK(cfg(0, all, 0, EV_CYCLES, 0), IDX_H5);
	CHECK_EQ(fake.csr.event[5], FAKE_SEL_CYCLES);
	CHECK_OK(cfg(0, all, 0, EV_CYCLES, 0), IDX_CYCLE);     /* counter 5 taken: the fixed one */
	CHECK_FAILS_CLEAN(cfg(0, all, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK(invariants_hold());

	c.has_sscofpmf = false;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_OK(cfg(0, all, 0, EV_CYCLES, 0), IDX_CYCLE);
	CHECK_OK(cfg(0, all, 0, EV_CYCLES, 0), IDX_H5);
	CHECK(invariants_hold());
}

static void c_clear_value(void)
{
	setup();
	fake.csr.counter[3] = 1234;
	fake.csr.counter[4] = 1234;
	CHECK_OK(cfg(IDX_H3, 1, 0, EV_L1D_RA, 0), IDX_H3);
	CHECK_EQ(fake.csr.counter[3], 1234);
	CHECK_OK(cfg(IDX_H4, 1, PMU_CFG_CLEAR_VALUE, EV_L1D_RA, 0), IDX_H4);
	CHECK_EQ(fake.csr.counter[4], 0);
	CHECK_EQ(pmu_counter_state(&H, IDX_H4), PMU_CTR_CONFIGURED);
	/* firmware counter: a value left from an earlier use is cleared */
	take(IDX_FW, EV_FW(PMU_FW_SET_TIMER), 0);
	CHECK_OK(start(IDX_FW, 1, PMU_START_SET_INIT_VALUE, 55), 0);
	CHECK_OK(stop(IDX_FW, 1, PMU_STOP_RESET), 0);
	CHECK_OK(cfg(IDX_FW, 1, PMU_CFG_CLEAR_VALUE, EV_FW(PMU_FW_SET_TIMER), 0), IDX_FW);
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 0);
	/* cycle */
	fake.csr.counter[0] = 999;
	CHECK_OK(cfg(0, 1, PMU_CFG_CLEAR_VALUE, EV_CYCLES, 0), IDX_CYCLE);
	CHECK_EQ(fake.csr.counter[0], 0);
	CHECK(invariants_hold());
}

static void c_auto_start(void)
{
	setup();
	fake.csr.counter[3] = 1000;
	CHECK_OK(cfg(IDX_H3, 1, PMU_CFG_AUTO_START, EV_L1D_RA, 0), IDX_H3);
	CHECK_EQ(pmu_counter_state(&H, IDX_H3), PMU_CTR_STARTED);
	CHECK_EQ(fake.csr.counter[3], 1000);      /* no impact on the value */
	fake_tick(3, 5);
	CHECK_EQ(fake.csr.counter[3], 1005);
	CHECK_ERR(start(IDX_H3, 1, 0, 0).error, SBI_ERR_ALREADY_STARTED);
	CHECK_OK(cfg(IDX_H4, 1, PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE, EV_L1D_RM, 0), IDX_H4);
	fake_tick(4, 2);
	CHECK_EQ(fake.csr.counter[4], 2);
	CHECK_OK(cfg(0, 1, PMU_CFG_AUTO_START, EV_CYCLES, 0), IDX_CYCLE);
	CHECK(fake_counting(0));
	CHECK_OK(cfg(IDX_FW, 1, PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE, EV_FW(PMU_FW_ILLEGAL_INSN), 0), IDX_FW);
	pmu_fw_event(&H, PMU_FW_ILLEGAL_INSN);
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 1);
	CHECK(invariants_hold());
}

static void c_mode_inhibit_flags_reach_program(void)
{
	const unsigned long inh = PMU_CFG_SET_VUINH | PMU_CFG_SET_VSINH | PMU_CFG_SET_UINH |
				  PMU_CFG_SET_SINH | PMU_CFG_SET_MINH;
	struct fake_cfg c;

	setup();
	CHECK_OK(cfg(IDX_H3, 1, PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START | inh,
		     EV_L1D_RA, 0), IDX_H3);
	CHECK_EQ(fake.programs, 1);
	CHECK_EQ(fake.last_program_ctr, 3);
	CHECK_EQ(fake.last_program_flags, inh);
	CHECK_EQ(fake.csr.event[3], FAKE_SEL_L1D_READ_ACCESS | FAKE_INH_BITS);
	CHECK_OK(cfg(IDX_H4, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, EV_L1D_RA, 0), IDX_H4);
	CHECK_EQ(fake.last_program_flags, 0);
	CHECK_OK(cfg(IDX_H5, 1, PMU_CFG_SET_UINH, EV_RAW, 0x5), IDX_H5);
	CHECK_EQ(fake.last_program_flags, PMU_CFG_SET_UINH);
	CHECK_EQ(fake.csr.event[5], 0x5 | 1ULL << 60);
	/* counters 0 and 2 have no selector: program() is not called for them */
	CHECK_OK(cfg(0, 1, inh, EV_CYCLES, 0), IDX_CYCLE);
	CHECK_EQ(fake.programs, 3);
	CHECK(invariants_hold());
	/* without Sscofpmf the hints are still passed; the backend ignores them */
	c = default_cfg();
	c.has_sscofpmf = false;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_OK(cfg(IDX_H3, 1, inh | PMU_CFG_AUTO_START, EV_L1D_RA, 0), IDX_H3);
	CHECK_EQ(fake.last_program_flags, inh);
	CHECK_EQ(fake.csr.event[3], FAKE_SEL_L1D_READ_ACCESS);
	CHECK(invariants_hold());
}

static void c_set_init_value(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	take(IDX_CYCLE, EV_CYCLES, 0);
	/* 48-bit counter: only the low 48 bits are kept */
	CHECK_OK(start(IDX_H3, 1, PMU_START_SET_INIT_VALUE, 0xabcd000000000005ULL), 0);
	CHECK_EQ(fake.csr.counter[3], 0x5);
	CHECK_OK(start(IDX_CYCLE, 1, PMU_START_SET_INIT_VALUE, 0xabcd000000000005ULL), 0);
	CHECK_EQ(fake.csr.counter[0], 0xabcd000000000005ULL);
	/* without the flag, the value is not touched */
	CHECK_OK(stop(IDX_H3, 1, 0), 0);
	fake.csr.counter[3] = 42;
	CHECK_OK(start(IDX_H3, 1, 0, 999), 0);
	CHECK_EQ(fake.csr.counter[3], 42);
	CHECK(invariants_hold());
}

static void c_snapshot_take_layout(void)
{
	setup();
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	for (unsigned i = 0; i < 512; i++)
		snap_page[i] = 0x1111111111111111ULL * (i % 15 + 1);
	snap_page[0] = 1ULL << 40;                /* stale: from an earlier call */
	take(IDX_H3, EV_L1D_RA, 0);
	take(IDX_H5, EV_RAW, 0x7);
	take(IDX_FW + 1, EV_FW(PMU_FW_SET_TIMER), 0);
	/* base 3, set {3, 5, fw+1} = mask bits 0, 2, 5 */
	CHECK_OK(start(IDX_H3, 1 | 4 | 1UL << (IDX_FW + 1 - IDX_H3), PMU_START_SET_INIT_VALUE, 10), 0);
	fake_tick(3, 5);
	fake.csr.counter[5] = fake_width_mask(5) - 1;   /* about to wrap */
	fake_tick(5, 3);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);
	CHECK_OK(stop(IDX_H3, 1 | 4 | 1UL << (IDX_FW + 1 - IDX_H3), PMU_STOP_TAKE_SNAPSHOT), 0);
	/* values at 8 + 8 * (idx - base) */
	CHECK_EQ(snap_page[1 + 0], 15);
	CHECK_EQ(snap_page[1 + 2], 1);
	CHECK_EQ(snap_page[1 + (IDX_FW + 1 - IDX_H3)], 11);
	/* others untouched */
	CHECK_EQ(snap_page[1 + 1], 0x1111111111111111ULL * 3);
	CHECK_EQ(snap_page[1 + 3], 0x1111111111111111ULL * 5);
	CHECK_EQ(snap_page[1 + 64], 0x1111111111111111ULL * 6);
	CHECK_EQ(snap_page[100], 0x1111111111111111ULL * (100 % 15 + 1));
	/* overflow bitmap, relative to base: counter 5 is bit 2. It describes
	 * this call's counters only: Linux ORs it in after each stop call, so a
	 * stale bit from an earlier call (another base) must not survive. */
	CHECK_EQ(snap_page[0], 1ULL << 2);
	/* snapshot with RESET: values written, counters released */
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK_OK(stop(IDX_H3, 1, PMU_STOP_TAKE_SNAPSHOT | PMU_STOP_RESET), 0);
	CHECK_EQ(snap_page[1], 15);
	CHECK_EQ(pmu_counter_state(&H, IDX_H3), PMU_CTR_FREE);
	CHECK(invariants_hold());
}

static void c_snapshot_base_zero_and_high_base(void)
{
	setup();
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	take(IDX_CYCLE, EV_CYCLES, 0);
	take(IDX_INSTRET, EV_INSNS, 0);
	take(NUM_DEFAULT - 1, EV_FW(PMU_FW_MISALIGNED_LOAD), 0);
	CHECK_OK(start(0, 5, PMU_START_SET_INIT_VALUE, 100), 0);
	fake_tick(0, 1);
	fake_tick(2, 2);
	CHECK_OK(stop(0, 5, PMU_STOP_TAKE_SNAPSHOT), 0);
	CHECK_EQ(snap_page[1], 101);
	CHECK_EQ(snap_page[3], 102);
	CHECK_EQ(snap_page[2], 0);
	/* the last counter, alone as base: slot 0 */
	CHECK_OK(start(NUM_DEFAULT - 1, 1, PMU_START_SET_INIT_VALUE, 7), 0);
	CHECK_OK(stop(NUM_DEFAULT - 1, 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	CHECK_EQ(snap_page[1], 7);
	CHECK_EQ(snap_page[3], 102);
}

static void c_snapshot_no_sscofpmf_bitmap_zero(void)
{
	struct fake_cfg c = default_cfg();

	c.has_sscofpmf = false;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	snap_page[0] = ~0ULL;
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_OK(start(IDX_H3, 1, PMU_START_SET_INIT_VALUE, fake_width_mask(3)), 0);
	fake_tick(3, 2);                           /* wraps, but no OF bit exists */
	CHECK_OK(stop(IDX_H3, 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	CHECK_EQ(snap_page[0], 0);
	CHECK_EQ(snap_page[1], 1);
}

static void c_snapshot_init(void)
{
	setup();
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	take(IDX_H4, EV_L1D_RA, 0);
	take(IDX_H7, EV_BR_MISS, 0);
	take(IDX_FW, EV_FW(PMU_FW_SET_TIMER), 0);
	snap_page[1 + 0] = 400;                    /* base = 4 */
	snap_page[1 + 1] = 0xdead;                 /* counter 5 is not in the set */
	snap_page[1 + 2] = 600;
	snap_page[1 + 3] = 700;
	fake.csr.counter[5] = 5;
	CHECK_OK(start(IDX_H4, 1 | 4 | 8, PMU_START_INIT_SNAPSHOT, 0), 0);
	CHECK_EQ(fake.csr.counter[4], 400);
	CHECK_EQ(fake.csr.counter[7], 600);
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 700);
	CHECK_EQ(fake.csr.counter[5], 5);
	/* start only reads the page */
	CHECK_EQ(snap_page[1 + 1], 0xdead);
	CHECK(invariants_hold());
}

static void c_fw_counts_only_while_started(void)
{
	setup();
	pmu_fw_event(&H, PMU_FW_SET_TIMER);        /* before anyone asked: not counted */
	CHECK_OK(cfg(IDX_FW, 0xffff, PMU_CFG_CLEAR_VALUE, EV_FW(PMU_FW_SET_TIMER), 0), IDX_FW);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);        /* configured, not started */
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 0);
	CHECK_OK(start(IDX_FW, 1, 0, 0), 0);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);
	pmu_fw_event(&H, PMU_FW_ILLEGAL_INSN);     /* another event */
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 2);
	CHECK_OK(stop(IDX_FW, 1, 0), 0);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 2);
	CHECK_OK(start(IDX_FW, 1, 0, 0), 0);       /* continues from 2 */
	pmu_fw_event(&H, PMU_FW_SET_TIMER);
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 3);
	/* a second counter on the same event counts independently */
	CHECK_OK(cfg(IDX_FW, 0xffff, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
		     EV_FW(PMU_FW_SET_TIMER), 0), IDX_FW + 1);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 4);
	CHECK_OK(pmu_fw_read(IDX_FW + 1, &H), 1);
	/* SET_INIT_VALUE on a firmware counter */
	CHECK_OK(stop(IDX_FW, 1, 0), 0);
	CHECK_OK(start(IDX_FW, 1, PMU_START_SET_INIT_VALUE, 1000), 0);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 1001);
	CHECK_EQ(fake.mutations, 0);               /* no hardware involved */
}

static void c_fw_read_hi_lo(void)
{
	setup();
	take(IDX_FW, EV_FW(PMU_FW_SET_TIMER), 0);
	CHECK_OK(start(IDX_FW, 1, PMU_START_SET_INIT_VALUE, 0xfffffffeULL), 0);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);        /* 0x1_0000_0001 */
	if (PMU_XLEN == 32) {
		CHECK_OK(pmu_fw_read(IDX_FW, &H), 1);
		CHECK_OK(pmu_fw_read_hi(IDX_FW, &H), 1);
	} else {
		CHECK_OK(pmu_fw_read(IDX_FW, &H), 0x100000001ULL);
		CHECK_OK(pmu_fw_read_hi(IDX_FW, &H), 0);
	}
	CHECK_OK(stop(IDX_FW, 1, 0), 0);
	CHECK_OK(start(IDX_FW, 1, PMU_START_SET_INIT_VALUE, 0xffffffffffffffffULL), 0);
	pmu_fw_event(&H, PMU_FW_SET_TIMER);        /* 64-bit wrap */
	CHECK_OK(pmu_fw_read(IDX_FW, &H), 0);
	CHECK_OK(pmu_fw_read_hi(IDX_FW, &H), 0);
	/* counter_info says 64 bits for firmware counters */
	CHECK_EQ(pmu_counter_get_info(IDX_FW).value & ~PMU_INFO_TYPE_FW, 63UL << 12);
}

/* ---- event_get_info on many entries ------------------------------------- */

struct info { uint32_t event_idx, output; uint64_t event_data; };
#define MANY 300
static _Alignas(16) struct info many[MANY];

static uint32_t many_expected(unsigned i)
{
	static const uint32_t ok[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0 };
	return ok[(i * 7) % (sizeof(ok) / sizeof(ok[0]))];
}

static uint32_t many_fill(void)
{
	static const struct { uint32_t ev; uint64_t data; uint32_t ok; } kinds[] = {
		{ EV_CYCLES, 0, 1 }, { EV_INSNS, 0, 1 }, { EV_L1D_RA, 0, 1 }, { EV_L1D_RM, 0, 1 },
		{ EV_BR_MISS, 0, 1 }, { EV_RAW, 0x3, 1 }, { EV_RAW2, 0x123456, 1 },
		{ EV_FW(PMU_FW_MISALIGNED_LOAD), 0, 1 }, { EV_FW(PMU_FW_SET_TIMER), 0, 1 },
		{ EV_ITLB_RM, 0, 0 }, { EV_BUS_CYC, 0, 0 }, { PMU_EVENT_IDX(0, 0), 0, 0 },
		{ PMU_EVENT_IDX(0, 11), 0, 0 }, { PMU_EVENT_IDX(1, 7 << 3), 0, 0 },
		{ PMU_EVENT_IDX(5, 0), 0, 0 }, { EV_FW(PMU_FW_IPI_SENT), 0, 0 },
		{ EV_FW(PMU_FW_PLATFORM), 1, 0 }, { EV_RAW | 1, 0x3, 0 }, { EV_RAW, 0, 0 },
		/* event_data is ignored for general and cache events */
		{ EV_CYCLES, 0x55, 1 }, { EV_L1D_RA, 0x1, 1 },
		/* ... but not for firmware ones */
		{ EV_FW(PMU_FW_SET_TIMER), 0x1, 0 },
	};
	const unsigned nk = sizeof(kinds) / sizeof(kinds[0]);

	for (unsigned i = 0; i < MANY; i++) {
		unsigned k = (i * 7) % nk;
		many[i] = (struct info){ kinds[k].ev, 0xa5a5a5a5 ^ i, kinds[k].data };
		if (kinds[k].ok != many_expected(i))
			printf("       many_fill and many_expected disagree at %u\n", i);
	}
	return nk;
}

static void c_event_get_info_many(void)
{
	unsigned bad = 0, ones = 0;
	unsigned long lo = (unsigned long)(uintptr_t)many;

	setup();
	mem_allow(many, sizeof(many));
	CHECK_EQ(many_fill(), 22);
	CHECK_OK(pmu_event_get_info(lo, 0, MANY, 0, &H), 0);
	for (unsigned i = 0; i < MANY; i++) {
		if (many[i].output != many_expected(i)) {
			if (bad++ < 5)
				printf("       entry %u (event %#x data %#llx): output %#x, want %u\n", i,
				       many[i].event_idx, (unsigned long long)many[i].event_data,
				       many[i].output, many_expected(i));
		}
		ones += many[i].output == 1;
	}
	CHECK_EQ(bad, 0);
	CHECK(ones > 50 && ones < 250);
	/* the memory check saw the whole buffer */
	CHECK_EQ(mem_max_len, sizeof(many));
	CHECK_EQ(fake.mutations, 0);
}

static void c_event_get_info_validates_all_before_writing(void)
{
	unsigned long lo = (unsigned long)(uintptr_t)many;
	static struct info before[MANY];

	setup();
	mem_allow(many, sizeof(many));
	many_fill();
	many[MANY - 1].event_idx |= 1U << 31;      /* the last entry is malformed */
	memcpy(before, many, sizeof(many));
	CHECK_ERR(pmu_event_get_info(lo, 0, MANY, 0, &H).error, SBI_ERR_INVALID_PARAM);
	CHECK(!memcmp(before, many, sizeof(many)));
	/* and with the malformed entry just past num_entries, all is fine */
	CHECK_OK(pmu_event_get_info(lo, 0, MANY - 1, 0, &H), 0);
	CHECK_EQ(many[MANY - 1].output, before[MANY - 1].output);
	CHECK_EQ(many[MANY - 2].output, many_expected(MANY - 2));
}

static void c_event_get_info_overflow(void)
{
	unsigned long lo = (unsigned long)(uintptr_t)many;
	static struct info before[MANY];

	setup();
	mem_allow(many, sizeof(many));
	many_fill();
	memcpy(before, many, sizeof(many));
	/* num_entries * 16 wraps to 16: an unchecked multiply would see one entry */
	CHECK_ERR(pmu_event_get_info(lo, 0, (~0UL >> 4) + 2, 0, &H).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(pmu_event_get_info(lo, 0, (~0UL >> 4) + 1, 0, &H).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(pmu_event_get_info(lo, 0, ~0UL >> 4, 0, &H).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(pmu_event_get_info(lo, 0, ~0UL, 0, &H).error, SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(pmu_event_get_info(lo, 0, MANY + 1, 0, &H).error, SBI_ERR_INVALID_ADDRESS);
	CHECK(!memcmp(before, many, sizeof(many)));
	/* the memory check never saw a wrapped, too-small length */
	CHECK(mem_calls == 0 || mem_max_len >= (MANY + 1) * 16ULL);
}

/* ---- a core without mcountinhibit --------------------------------------- */

static void c_no_inhibit_fixed_counters_never_handed_out(void)
{
	struct fake_cfg c = default_cfg();
	struct info ib[2] __attribute__((aligned(16))) = { { EV_CYCLES, 7, 0 }, { EV_INSNS, 7, 0 } };

	c.has_inhibit = false;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK(!pmu_hw()->has_inhibit);
	CHECK_FAILS_CLEAN(cfg(0, 1, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(0, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(0, 1, PMU_CFG_AUTO_START, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(2, 1, 0, EV_INSNS, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(0, 0x7d, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(2, 1, PMU_CFG_SKIP_MATCH, EV_INSNS, 0), SBI_ERR_NOT_SUPPORTED);
	/* they still exist and say so */
	CHECK_OK(pmu_counter_get_info(0), 63UL << 12 | 0xc00);
	/* event_get_info agrees: nothing here counts cycles or instructions */
	mem_allow(ib, sizeof(ib));
	CHECK_OK(pmu_event_get_info((unsigned long)(uintptr_t)ib, 0, 2, 0, &H), 0);
	CHECK_EQ(ib[0].output, 0);
	CHECK_EQ(ib[1].output, 0);
	CHECK(invariants_hold());
}

static void c_no_inhibit_hpm_counters_stop_for_real(void)
{
	struct fake_cfg c = default_cfg();

	c.has_inhibit = false;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_OK(cfg(IDX_H3, 1, PMU_CFG_CLEAR_VALUE, EV_L1D_RA, 0), IDX_H3);
	fake_tick_all(3);
	CHECK_EQ(fake.csr.counter[3], 0);
	CHECK(invariants_hold());
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	fake_tick_all(3);
	CHECK_EQ(fake.csr.counter[3], 3);
	CHECK(invariants_hold());
	CHECK_OK(stop(IDX_H3, 1, 0), 0);
	fake_tick_all(3);
	CHECK_EQ(fake.csr.counter[3], 3);
	CHECK(invariants_hold());
	CHECK_OK(cfg(IDX_H4, 1, PMU_CFG_AUTO_START, EV_L1D_RA, 0), IDX_H4);
	CHECK(invariants_hold());
	/* 3 stopped, 4 running: 3 is released, 4 keeps running */
	CHECK_ERR(stop(IDX_H3, 3, PMU_STOP_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(pmu_counter_state(&H, IDX_H3), PMU_CTR_FREE);
	CHECK(fake_counting(4));
	CHECK(invariants_hold());
}

/* ---- counter shapes ------------------------------------------------------ */

static void c_all_hpm_counters(void)
{
	struct fake_cfg c = default_cfg();
	unsigned long n, last_hw;

	c.hpm_mask = ~7U;
	c.raw_mask = ~7U;
	c.hpm_width = 64;
	setup_with(&c, FW_EVENTS_DEFAULT);
	n = num_counters();
	CHECK_EQ(n, 32 + PMU_NUM_FW_COUNTERS);
	CHECK_OK(pmu_num_counters(), n);
	last_hw = 31;
	CHECK_OK(pmu_counter_get_info(last_hw), 63UL << 12 | 0xc1f);
	CHECK(pmu_counter_get_info(last_hw + 1).value & PMU_INFO_TYPE_FW);
	CHECK_ERR(pmu_counter_get_info(n).error, SBI_ERR_INVALID_PARAM);
	/* claim every hpm counter, in order */
	for (unsigned long i = 3; i <= last_hw; i++)
		CHECK_OK(cfg(3, ~0UL >> (PMU_XLEN - 29), 0, EV_RAW, i), i);
	CHECK_ERR(cfg(3, ~0UL >> (PMU_XLEN - 29), 0, EV_RAW, 1).error, SBI_ERR_NOT_SUPPORTED);
	/* start and stop them all in one call each */
	CHECK_OK(start(3, ~0UL >> (PMU_XLEN - 29), PMU_START_SET_INIT_VALUE, 0), 0);
	fake_tick_all(1);
	CHECK(invariants_hold());
	CHECK_OK(stop(3, ~0UL >> (PMU_XLEN - 29), PMU_STOP_RESET), 0);
	CHECK_EQ(fake.csr.counter[31], 1);
	/* the widest set there is */
	if (PMU_XLEN == 64) {
		CHECK_OK(cfg(0, (~0UL >> 16) & ~2UL, 0, EV_FW(PMU_FW_SET_TIMER), 0), 32);
		CHECK_ERR(cfg(0, ~0UL & ~2UL, 0, EV_FW(PMU_FW_SET_TIMER), 0).error, SBI_ERR_INVALID_PARAM);
	} else {
		CHECK_ERR(cfg(0, ~0UL & ~2UL, 0, EV_FW(PMU_FW_SET_TIMER), 0).error, SBI_ERR_NOT_SUPPORTED);
		CHECK_OK(cfg(16, ~0UL, 0, EV_FW(PMU_FW_SET_TIMER), 0), 32);
	}
	CHECK(invariants_hold());
}

static void c_no_hpm_counters(void)
{
	struct fake_cfg c = default_cfg();

	c.hpm_mask = 0;
	setup_with(&c, 0);
	CHECK_OK(pmu_num_counters(), 3 + PMU_NUM_FW_COUNTERS);
	CHECK_OK(cfg(0, 1, 0, EV_CYCLES, 0), 0);
	CHECK(pmu_counter_get_info(3).value & PMU_INFO_TYPE_FW);
	/* no firmware events on this platform */
	CHECK_ERR(cfg(3, 0xffff, 0, EV_FW(PMU_FW_SET_TIMER), 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_ERR(cfg(3, 0xffff, 0, EV_L1D_RA, 0).error, SBI_ERR_NOT_SUPPORTED);
	CHECK(invariants_hold());
}

static void c_narrow_counters(void)
{
	struct fake_cfg c = default_cfg();

	c.hpm_width = 1;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_OK(pmu_counter_get_info(IDX_H3), 0UL << 12 | 0xc03);
	c.hpm_width = 32;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_OK(pmu_counter_get_info(IDX_H3), 31UL << 12 | 0xc03);
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_OK(start(IDX_H3, 1, PMU_START_SET_INIT_VALUE, 0xffffffffULL), 0);
	fake_tick(3, 1);
	CHECK_EQ(fake.csr.counter[3], 0);
	CHECK(fake.csr.event[3] & FAKE_OF);
	/* start clears a stale overflow flag */
	CHECK_OK(stop(IDX_H3, 1, 0), 0);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK(!(fake.csr.event[3] & FAKE_OF));
}

static void c_empty_set_start_stop(void)
{
	struct world w;
	struct sbiret r;

	setup();
	world_save(&w);
	r = start(IDX_H3, 0, 0, 0);
	CHECK(r.error == SBI_SUCCESS || r.error == SBI_ERR_INVALID_PARAM);
	r = stop(IDX_H3, 0, PMU_STOP_RESET);
	CHECK(r.error == SBI_SUCCESS || r.error == SBI_ERR_INVALID_PARAM);
	CHECK(world_same(&w));
}

/* The lowest-set-bit helpers (rv64's and rv32's) for every single bit and mixes. */
static void c_lowest_bit(void)
{
	for (unsigned b = 0; b < 64; b++) {
		uint64_t x = 1ULL << b;
		CHECK_EQ(pmu_lowest_bit(x), b);
		CHECK_EQ(pmu_lowest_bit(x | (x << 1) | 0x8000000000000000ULL), b);
		CHECK_EQ(pmu_lowest_bit(~0ULL << b), b);
		CHECK_EQ(pmu_lowest_bit32(x), b);
		CHECK_EQ(pmu_lowest_bit32(x | (x << 1) | 0x8000000000000000ULL), b);
		CHECK_EQ(pmu_lowest_bit32(~0ULL << b), b);
	}
	for (unsigned b = 0; b < 64; b++) {
		uint64_t x = 1ULL << b;
		CHECK_EQ(pmu_bit_width(x), b + 1);
		CHECK_EQ(pmu_bit_width(x | (x - 1)), b + 1);
	}
	CHECK_EQ(pmu_bit_width(0), 0);
	CHECK_EQ(pmu_lowest_bit(0x0000000100000000ULL), 32);
	CHECK_EQ(pmu_lowest_bit(0x00000000a0000000ULL), 29);
	CHECK_EQ(pmu_lowest_bit32(0x0000000100000000ULL), 32);
	CHECK_EQ(pmu_lowest_bit32(0x00000000a0000000ULL), 29);
}

/*
 * General and cache events are looked up in the table pmu_init() built:
 * allocating asks the backend nothing. Raw events do ask, once a call.
 */
static void c_allocation_asks_backend_only_for_raw(void)
{
	unsigned maps;

	setup();
	maps = fake.maps;
	CHECK_OK(cfg(0, 0xffff, 0, EV_L1D_RA, 0), IDX_H3);
	CHECK_OK(cfg(0, 0xffff, 0, EV_BR_MISS, 0), IDX_H7);
	CHECK_FAILS_CLEAN(cfg(0, 0xffff, 0, EV_ITLB_RM, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fake.maps, maps);
	CHECK_OK(cfg(0, 0xffff, 0, EV_RAW2, 0x77), IDX_H4);
	CHECK_EQ(fake.maps, maps + 1);
	CHECK(invariants_hold());
}

/*
 * With all but one of the counters that can count an event held, the
 * last one is found (and then none): the answer depends on the sets, not
 * on where in the set the free counter is.
 */
static void c_last_free_counter_is_found(void)
{
	unsigned long all = (1UL << NUM_DEFAULT) - 1;

	setup();
	for (unsigned i = 0; i < PMU_NUM_FW_COUNTERS; i++)
		CHECK_OK(cfg(0, all, 0, EV_FW(PMU_FW_SET_TIMER), 0), IDX_FW + i);
	CHECK_FAILS_CLEAN(cfg(0, all, 0, EV_FW(PMU_FW_ILLEGAL_INSN), 0), SBI_ERR_NOT_SUPPORTED);
	/* Free one in the middle: exactly that one comes back. */
	CHECK_ERR(stop(IDX_FW + 9, 1, PMU_STOP_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_OK(cfg(0, all, 0, EV_FW(PMU_FW_ILLEGAL_INSN), 0), IDX_FW + 9);
	/* Raw events on every hpm counter: held one by one, lowest first. */
	CHECK_OK(cfg(0, all, 0, EV_RAW, 5), IDX_H3);
	CHECK_OK(cfg(0, all, 0, EV_RAW, 5), IDX_H4);
	CHECK_OK(cfg(0, all, 0, EV_RAW, 5), IDX_H5);
	CHECK_OK(cfg(0, all, 0, EV_RAW, 5), IDX_H7);
	CHECK_FAILS_CLEAN(cfg(0, all, 0, EV_RAW, 5), SBI_ERR_NOT_SUPPORTED);
	CHECK(invariants_hold());
}

/*
 * An event only one hpm counter may count at a time (QEMU's event table):
 * a second request gets the fixed counter or nothing, never a second hpm
 * counter that would not count; releasing the first frees the event.
 */
static void c_one_at_a_time_event(void)
{
	struct fake_cfg c = default_cfg();
	unsigned long all = (1UL << NUM_DEFAULT) - 1;

	c.cycles_mask = c.hpm_mask;
	c.cycles_excl = true;
	setup_with(&c, FW_EVENTS_DEFAULT);
	/* Sscofpmf: an hpm counter first, then only mcycle is left. */
	CHECK_OK(cfg(0, all, 0, EV_CYCLES, 0), IDX_H3);
	CHECK_OK(cfg(0, all, 0, EV_CYCLES, 0), IDX_CYCLE);
	CHECK_FAILS_CLEAN(cfg(0, all, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	/* SKIP_MATCH on another hpm counter is refused the same way. */
	CHECK_FAILS_CLEAN(cfg(IDX_H4, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_ERR(stop(IDX_H3, 1, PMU_STOP_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_OK(cfg(IDX_H4, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0), IDX_H4);
	CHECK(invariants_hold());

	/* Without the restriction every hpm counter can take cycles. */
	c.cycles_excl = false;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_OK(cfg(0, all, 0, EV_CYCLES, 0), IDX_H3);
	CHECK_OK(cfg(0, all, 0, EV_CYCLES, 0), IDX_H4);
}

/* A backend mask naming counters that do not exist changes nothing. */
static void c_backend_mask_beyond_probe(void)
{
	struct fake_cfg c = default_cfg();

	c.cache_mask = ~0u;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_L1D_RA, 0), IDX_H3);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_L1D_RA, 0), IDX_H4);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_L1D_RA, 0), IDX_H5);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_L1D_RA, 0), IDX_H7);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0xf, 0, EV_L1D_RA, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fake.bad, 0);
}

/*
 * config_matching and stop + RESET each make one backend call (configure,
 * release) and leave the counter as the steps would; a stop that must read
 * the value (snapshot) stops, reads, then releases.
 */
static void c_one_backend_call_each(void)
{
	unsigned n0;

	setup();
	mem_allow(snap_page, sizeof(snap_page));
	n0 = fake.combined;               /* the boot-time releases */
	CHECK_OK(cfg(IDX_H3, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, EV_L1D_RA, 0), IDX_H3);
	CHECK_EQ(fake.combined, n0 + 1);
	CHECK(fake_counting(3));
	CHECK_EQ(fake.csr.counter[3], 0);
	CHECK_EQ(fake.csr.event[3] & FAKE_SEL_BITS, FAKE_SEL_L1D_READ_ACCESS);
	CHECK_OK(stop(IDX_H3, 1, PMU_STOP_RESET), 0);
	CHECK_EQ(fake.combined, n0 + 2);
	CHECK(!fake_counting(3));
	CHECK_EQ(fake.csr.event[3], 0);
	CHECK_EQ(pmu_counter_state(&H, IDX_H3), PMU_CTR_FREE);
	/* With a snapshot the counter is stopped and read first, then released. */
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	CHECK_OK(cfg(IDX_H3, 1, PMU_CFG_AUTO_START, EV_L1D_RA, 0), IDX_H3);
	CHECK_EQ(fake.combined, n0 + 3);
	fake_tick(3, 7);
	CHECK_OK(stop(IDX_H3, 1, PMU_STOP_RESET | PMU_STOP_TAKE_SNAPSHOT), 0);
	CHECK_EQ(fake.combined, n0 + 4);   /* the release after the read */
	CHECK_EQ(snap_page[1], fake.csr.counter[3]);
	CHECK_EQ(fake.csr.event[3], 0);
	CHECK(invariants_hold());
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(c_state_machine);
	RUN(c_fixed_counters_one_caller);
	RUN(c_hpm_one_caller_in_set_order);
	RUN(c_stop_reset_already_stopped_releases);
	RUN(c_stop_reset_mixed_set);
	RUN(c_start_all_or_nothing);
	RUN(c_stop_all_or_nothing);
	RUN(c_base_mask_overflow_untouched);
	RUN(c_skip_match_takes_first_of_set);
	RUN(c_sscofpmf_prefers_hpm);
	RUN(c_clear_value);
	RUN(c_auto_start);
	RUN(c_mode_inhibit_flags_reach_program);
	RUN(c_set_init_value);
	RUN(c_snapshot_take_layout);
	RUN(c_snapshot_base_zero_and_high_base);
	RUN(c_snapshot_no_sscofpmf_bitmap_zero);
	RUN(c_snapshot_init);
	RUN(c_fw_counts_only_while_started);
	RUN(c_fw_read_hi_lo);
	RUN(c_event_get_info_many);
	RUN(c_event_get_info_validates_all_before_writing);
	RUN(c_event_get_info_overflow);
	RUN(c_no_inhibit_fixed_counters_never_handed_out);
	RUN(c_no_inhibit_hpm_counters_stop_for_real);
	RUN(c_all_hpm_counters);
	RUN(c_no_hpm_counters);
	RUN(c_narrow_counters);
	RUN(c_empty_set_start_stop);
	RUN(c_lowest_bit);
	RUN(c_allocation_asks_backend_only_for_raw);
	RUN(c_last_free_counter_is_found);
	RUN(c_one_at_a_time_event);
	RUN(c_backend_mask_beyond_probe);
	RUN(c_one_backend_call_each);
	return h_done();
}
