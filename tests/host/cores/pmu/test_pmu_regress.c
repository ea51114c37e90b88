/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Regression tests for mistakes other SBI firmwares have made in their PMU
 * code, so that Tally never makes them:
 *  - num_entries x 16 computed unchecked (event_get_info);
 *  - reserved flag bits silently ignored;
 *  - a multi-counter start that starts part of the set;
 *  - one counter handed to two callers (counters 0 and 2 included);
 *  - fw_read_hi succeeding on an unconfigured counter;
 *  - a counter reported stopped while it keeps counting (no mcountinhibit);
 *  - stop + RESET of an already stopped counter not releasing it.
 */
#include "pmu_fixture.h"

struct info { uint32_t event_idx, output; uint64_t event_data; };

static void r_event_get_info_entries_times_16_overflow(void)
{
	static _Alignas(16) struct info one[1] = { { EV_CYCLES, 0x77, 0 } };
	unsigned long lo = (unsigned long)(uintptr_t)one;
	/* num_entries * 16 == 16 after wrapping */
	unsigned long wraps_to_one = (~0UL >> 4) + 2;

	setup();
	mem_allow(one, sizeof(one));
	CHECK_EQ(wraps_to_one * 16, 16);
	CHECK_FAILS_CLEAN(pmu_event_get_info(lo, 0, wraps_to_one, 0, &H), SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(one[0].output, 0x77);
	/* the memory check was never asked about a wrapped length */
	CHECK(mem_max_len != 16);
	/* every power of two that wraps */
	for (unsigned b = PMU_XLEN - 4; b < PMU_XLEN; b++)
		CHECK_FAILS_CLEAN(pmu_event_get_info(lo, 0, (1UL << b) + 1, 0, &H), SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(one[0].output, 0x77);
	CHECK_OK(pmu_event_get_info(lo, 0, 1, 0, &H), 0);
	CHECK_EQ(one[0].output, 1);
}

static void r_reserved_flag_bits_rejected_everywhere(void)
{
	static _Alignas(16) struct info one[1] = { { EV_CYCLES, 0x77, 0 } };
	unsigned long lo = (unsigned long)(uintptr_t)one;

	setup();
	mem_allow(one, sizeof(one));
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	take(IDX_H3, EV_L1D_RA, 0);
	take(IDX_H4, EV_L1D_RM, 0);
	CHECK_OK(start(IDX_H4, 1, 0, 0), 0);
	for (unsigned b = 0; b < PMU_XLEN; b++) {
		unsigned long f = 1UL << b;
		if (b >= 8)
			CHECK_FAILS_CLEAN(cfg(IDX_H5, 1, f, EV_RAW, 1), SBI_ERR_INVALID_PARAM);
		if (b >= 2) {
			CHECK_FAILS_CLEAN(start(IDX_H3, 1, f, 0), SBI_ERR_INVALID_PARAM);
			CHECK_FAILS_CLEAN(stop(IDX_H4, 1, f), SBI_ERR_INVALID_PARAM);
			CHECK_FAILS_CLEAN(stop(IDX_H3, 1, f | PMU_STOP_RESET), SBI_ERR_INVALID_PARAM);
		}
		CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(SNAP_LO, 0, f, &H), SBI_ERR_INVALID_PARAM);
		CHECK_FAILS_CLEAN(pmu_event_get_info(lo, 0, 1, f, &H), SBI_ERR_INVALID_PARAM);
	}
	CHECK_EQ(one[0].output, 0x77);
	CHECK(invariants_hold());
}

static void r_multi_counter_start_is_all_or_nothing(void)
{
	setup();
	take(IDX_CYCLE, EV_CYCLES, 0);
	take(IDX_INSTRET, EV_INSNS, 0);
	take(IDX_H3, EV_L1D_RA, 0);
	take(IDX_H5, EV_RAW, 9);
	CHECK_OK(start(IDX_H5, 1, 0, 0), 0);
	/* {0, 2, 3, 5}: 5 is running; 0, 2 and 3 must not start */
	CHECK_FAILS_CLEAN(start(0, 1 | 4 | 8 | 32, PMU_START_SET_INIT_VALUE, 0), SBI_ERR_ALREADY_STARTED);
	CHECK(!fake_counting(0) && !fake_counting(2) && !fake_counting(3));
	/* the running one in the middle or first of the set: same */
	CHECK_FAILS_CLEAN(start(IDX_H5, 1 | 2, 0, 0), SBI_ERR_INVALID_PARAM);   /* 6 is free */
	CHECK_FAILS_CLEAN(start(IDX_H3, 1 | 4, 0, 0), SBI_ERR_ALREADY_STARTED);
	CHECK(invariants_hold());
}

static void r_one_counter_never_two_callers(void)
{
	setup();
	/* hpm counter */
	CHECK_OK(cfg(IDX_H3, 1, 0, EV_L1D_RA, 0), IDX_H3);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, 0, EV_L1D_RA, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, 0, EV_L1D_RM, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, PMU_CFG_SKIP_MATCH, EV_L1D_RM, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, PMU_CFG_SKIP_MATCH | PMU_CFG_AUTO_START, EV_L1D_RM, 0),
			  SBI_ERR_NOT_SUPPORTED);
	/* Linux's legacy mode asks for cycle and instret with SKIP_MATCH, mask 1 */
	CHECK_OK(cfg(0, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0), IDX_CYCLE);
	CHECK_FAILS_CLEAN(cfg(0, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_OK(cfg(2, 1, PMU_CFG_SKIP_MATCH, EV_INSNS, 0), IDX_INSTRET);
	CHECK_FAILS_CLEAN(cfg(2, 1, PMU_CFG_SKIP_MATCH, EV_INSNS, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(0, 5, 0, EV_INSNS, 0), SBI_ERR_NOT_SUPPORTED);
	/* firmware counters too */
	CHECK_OK(cfg(IDX_FW, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0), IDX_FW);
	CHECK_FAILS_CLEAN(cfg(IDX_FW, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(IDX_FW, 1, PMU_CFG_SKIP_MATCH, EV_FW(PMU_FW_ILLEGAL_INSN), 0),
			  SBI_ERR_NOT_SUPPORTED);
	CHECK(invariants_hold());
}

static void r_fw_read_hi_unconfigured(void)
{
	setup();
	for (unsigned long i = IDX_FW; i < NUM_DEFAULT; i++) {
		CHECK_FAILS_CLEAN(pmu_fw_read_hi(i, &H), SBI_ERR_INVALID_PARAM);
		CHECK_FAILS_CLEAN(pmu_fw_read(i, &H), SBI_ERR_INVALID_PARAM);
	}
	/* configured, then released: unconfigured again */
	take(IDX_FW + 5, EV_FW(PMU_FW_SET_TIMER), 0);
	CHECK_OK(pmu_fw_read_hi(IDX_FW + 5, &H), 0);
	CHECK_ERR(stop(IDX_FW + 5, 1, PMU_STOP_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_FAILS_CLEAN(pmu_fw_read_hi(IDX_FW + 5, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read(IDX_FW + 5, &H), SBI_ERR_INVALID_PARAM);
}

static void r_never_stopped_while_counting_without_inhibit(void)
{
	struct fake_cfg c = default_cfg();

	c.has_inhibit = false;
	setup_with(&c, FW_EVENTS_DEFAULT);
	/* cycle and instret cannot be stopped here, so nobody gets them */
	CHECK_FAILS_CLEAN(cfg(0, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(2, 1, PMU_CFG_SKIP_MATCH, EV_INSNS, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(0, 0x7d, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(start(0, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(0, 1, 0), SBI_ERR_INVALID_PARAM);
	CHECK(invariants_hold());
}

static void r_stop_reset_releases_already_stopped(void)
{
	setup();
	take(IDX_H7, EV_BR_MISS, 0);
	CHECK_ERR(stop(IDX_H7, 1, PMU_STOP_RESET).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(pmu_counter_state(&H, IDX_H7), PMU_CTR_FREE);
	/* otherwise the one branch-miss counter would be lost until reboot */
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_BR_MISS, 0), IDX_H7);
	CHECK(invariants_hold());
}

/*
 * Found by fuzz_pmu: on a core with Sscofpmf but no mcountinhibit, stop
 * clears the selector, and with it the OF bit; the snapshot's overflow
 * bitmap must still say the counter had overflowed when it was stopped.
 */
static void r_snapshot_overflow_survives_stop_without_inhibit(void)
{
	struct fake_cfg c = default_cfg();

	c.has_inhibit = false;
	c.hpm_width = 8;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	CHECK_OK(cfg(IDX_H3, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, EV_RAW, 0x55), IDX_H3);
	fake_tick(3, 300);                      /* wraps at 8 bits: OF set */
	CHECK(fake.csr.event[3] & FAKE_OF);
	CHECK_OK(stop(IDX_H3, 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	CHECK_EQ(snap_page[0], 1);
	CHECK_EQ(snap_page[1], 300 & 0xff);
	CHECK(!fake_counting(3));
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(r_event_get_info_entries_times_16_overflow);
	RUN(r_snapshot_overflow_survives_stop_without_inhibit);
	RUN(r_reserved_flag_bits_rejected_everywhere);
	RUN(r_multi_counter_start_is_all_or_nothing);
	RUN(r_one_counter_never_two_callers);
	RUN(r_fw_read_hi_unconfigured);
	RUN(r_never_stopped_while_counting_without_inhibit);
	RUN(r_stop_reset_releases_already_stopped);
	return h_done();
}
