/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One test per row of the SBI PMU error tables (7, 9, 11, 13, 14, 15, 17,
 * 19). Every failing call must also leave the hart, the CSRs and shared
 * memory exactly as they were.
 */
#include <stdlib.h>
#include "pmu_fixture.h"

/* ---- Table 7: counter_get_info ------------------------------------------ */

static void t7_success_hw_counters(void)
{
	setup();
	CHECK_OK(pmu_num_counters(), NUM_DEFAULT);
	/* csr = the user-level CSR (0xC00 + n), width = bits - 1 */
	CHECK_OK(pmu_counter_get_info(IDX_CYCLE), 63UL << 12 | 0xc00);
	CHECK_OK(pmu_counter_get_info(IDX_INSTRET), 63UL << 12 | 0xc02);
	CHECK_OK(pmu_counter_get_info(IDX_H3), 47UL << 12 | 0xc03);
	CHECK_OK(pmu_counter_get_info(IDX_H5), 47UL << 12 | 0xc05);
	/* logical 6 is mhpmcounter7: the gap at 6 is skipped */
	CHECK_OK(pmu_counter_get_info(IDX_H7), 47UL << 12 | 0xc07);
}

static void t7_success_fw_counters(void)
{
	setup();
	for (unsigned long i = IDX_FW; i < NUM_DEFAULT; i++) {
		struct sbiret r = pmu_counter_get_info(i);
		CHECK_ERR(r.error, SBI_SUCCESS);
		CHECK(r.value & PMU_INFO_TYPE_FW);
	}
}

static void t7_invalid_param_time(void)
{
	setup();
	CHECK_ERR(pmu_counter_get_info(IDX_TIME).error, SBI_ERR_INVALID_PARAM);
}

static void t7_invalid_param_out_of_range(void)
{
	setup();
	CHECK_ERR(pmu_counter_get_info(NUM_DEFAULT).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(pmu_counter_get_info(NUM_DEFAULT + 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(pmu_counter_get_info(1000).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(pmu_counter_get_info(~0UL).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(pmu_counter_get_info(1UL << (PMU_XLEN - 1)).error, SBI_ERR_INVALID_PARAM);
}

/* ---- Table 9: counter_config_matching ----------------------------------- */

static void t9_success(void)
{
	struct sbiret r;

	setup();
	r = cfg(IDX_H3, 0xf, 0, EV_L1D_RA, 0);
	CHECK_OK(r, IDX_H3);
	CHECK_EQ(pmu_counter_state(&H, IDX_H3), PMU_CTR_CONFIGURED);
	CHECK_EQ(fake.csr.event[3], FAKE_SEL_L1D_READ_ACCESS);
	CHECK_OK(cfg(0, 1, 0, EV_CYCLES, 0), IDX_CYCLE);
	CHECK_OK(cfg(0, 1UL << 2, 0, EV_INSNS, 0), IDX_INSTRET);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_BR_MISS, 0), IDX_H7);
	CHECK_OK(cfg(IDX_FW, 0xff, 0, EV_FW(PMU_FW_SET_TIMER), 0), IDX_FW);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_RAW2, 0x1234), IDX_H4);
	CHECK(invariants_hold());
}

/*
 * A set that includes the time slot is accepted and the slot is never
 * picked (OpenSBI and KVM do the same; Linux's mask never has it); the
 * time slot alone is no counter at all.
 */
static void t9_time_in_set_is_skipped(void)
{
	setup();
	CHECK_OK(cfg(0, 0x3, 0, EV_CYCLES, 0), IDX_CYCLE);
	/* 0 is now held: a set {0, 1, 2} has nothing that counts cycles left but... */
	CHECK_FAILS_CLEAN(cfg(0, 0x7, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	/* ...an event 2 or an hpm counter can count is placed past the slot. */
	CHECK_OK(cfg(1, 0x3, 0, EV_INSNS, 0), IDX_INSTRET);
	CHECK_OK(cfg(1, 0x5, 0, EV_L1D_RA, 0), IDX_H3);
	/* SKIP_MATCH takes the first counter of the set that is not the slot. */
	setup();
	CHECK_OK(cfg(1, 0x3, PMU_CFG_SKIP_MATCH, EV_INSNS, 0), IDX_INSTRET);
	/* Every real counter, the slot included (Linux without get_info). */
	setup();
	CHECK_OK(cfg(0, (1UL << NUM_DEFAULT) - 1, 0, EV_FW(PMU_FW_SET_TIMER), 0), IDX_FW);
	CHECK(invariants_hold());
}

static void t9_invalid_param_time_alone(void)
{
	setup();
	CHECK_FAILS_CLEAN(cfg(1, 0x1, 0, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(0, 0x2, 0, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(1, 0x1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM);
	/* A set past the last counter stays invalid, slot or no slot. */
	CHECK_FAILS_CLEAN(cfg(0, ~0UL, 0, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM);
	/* start and stop never accept the slot: it is never configured. */
	CHECK_OK(cfg(0, 1, 0, EV_CYCLES, 0), IDX_CYCLE);
	CHECK_FAILS_CLEAN(start(0, 0x3, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(0, 0x3, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(1, 0x1, PMU_STOP_RESET), SBI_ERR_INVALID_PARAM);
}

static void t9_invalid_param_beyond_last_counter(void)
{
	setup();
	CHECK_FAILS_CLEAN(cfg(NUM_DEFAULT, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(NUM_DEFAULT - 4, 0x1f, 0, EV_FW(PMU_FW_SET_TIMER), 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 1UL << (PMU_XLEN - 1), 0, EV_L1D_RA, 0), SBI_ERR_INVALID_PARAM);
}

static void t9_invalid_param_base_mask_overflow(void)
{
	setup();
	CHECK_FAILS_CLEAN(cfg(~0UL, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(NUM_DEFAULT - 1, 3, 0, EV_FW(PMU_FW_SET_TIMER), 0), SBI_ERR_INVALID_PARAM);
	/* base + 1 wraps to 0, a valid counter, if added carelessly */
	CHECK_FAILS_CLEAN(cfg(~0UL, 2, 0, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(~0UL - 1, 4, 0, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(2, 1UL << (PMU_XLEN - 1), 0, EV_CYCLES, 0), SBI_ERR_INVALID_PARAM);
}

static void t9_invalid_param_reserved_flags(void)
{
	setup();
	for (unsigned b = 8; b < PMU_XLEN; b++)
		CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, 1UL << b, EV_L1D_RA, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, ~0UL, EV_L1D_RA, 0), SBI_ERR_INVALID_PARAM);
}

static void t9_invalid_param_event_reserved_bits(void)
{
	setup();
	/* event_idx bits 20.. are reserved */
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0xf, 0, EV_L1D_RA | 1UL << 20, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(0, 1, 0, EV_CYCLES | 1UL << (PMU_XLEN - 1), 0), SBI_ERR_INVALID_PARAM);
	/* event_data is reserved (must be zero) for general, cache and most fw events */
	CHECK_FAILS_CLEAN(cfg(0, 1, 0, EV_CYCLES, 1), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, 0, EV_L1D_RA, 1ULL << 63), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(IDX_FW, 1, 0, EV_FW(PMU_FW_SET_TIMER), 5), SBI_ERR_INVALID_PARAM);
	/* raw events: code must be 0, event_data no wider than the selector allows */
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, 0, EV_RAW | 1, 0x10), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, 0, EV_RAW2 | 1, 0x10), SBI_ERR_INVALID_PARAM);
	if (PMU_XLEN == 64) {
		CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, 0, EV_RAW, 1ULL << 48), SBI_ERR_INVALID_PARAM);
		CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, 0, EV_RAW2, 1ULL << 56), SBI_ERR_INVALID_PARAM);
		CHECK_OK(cfg(IDX_H3, 1, 0, EV_RAW, (1ULL << 48) - 1), IDX_H3);
		CHECK_OK(cfg(IDX_H4, 1, 0, EV_RAW2, (1ULL << 56) - 1), IDX_H4);
	} else {
		CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, 0, EV_RAW, 1ULL << 32), SBI_ERR_INVALID_PARAM);
		CHECK_FAILS_CLEAN(cfg(IDX_H3, 1, 0, EV_RAW2, 1ULL << 32), SBI_ERR_INVALID_PARAM);
		CHECK_OK(cfg(IDX_H3, 1, 0, EV_RAW, 0xffffffffULL), IDX_H3);
	}
}

static void t9_invalid_param_backend_reserved_data(void)
{
	struct fake_cfg c = default_cfg();

	/* event_data the backend calls reserved: INVALID_PARAM, not "try the next" */
	c.raw_reserved = 0x8000;
	setup_with(&c, FW_EVENTS_DEFAULT);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0xf, 0, EV_RAW2, 0x8001), SBI_ERR_INVALID_PARAM);
	CHECK_OK(cfg(IDX_H3, 0xf, 0, EV_RAW2, 0x0001), IDX_H3);
}

static void t9_invalid_param_empty_set(void)
{
	setup();
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0, 0, EV_L1D_RA, 0), SBI_ERR_INVALID_PARAM);
}

static void t9_not_supported_no_counter_can_count(void)
{
	setup();
	/* branch misses only on mhpmcounter7 (logical 6) */
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0x7, 0, EV_BR_MISS, 0), SBI_ERR_NOT_SUPPORTED);
	/* no counter at all counts these */
	CHECK_FAILS_CLEAN(cfg(0, ~0UL >> (PMU_XLEN - NUM_DEFAULT) & ~2UL, 0, EV_ITLB_RM, 0),
			  SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0xf, 0, EV_BUS_CYC, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0xf, 0, PMU_EVENT_IDX(4, 0), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0xf, 0, PMU_EVENT_IDX(14, 1), 0), SBI_ERR_NOT_SUPPORTED);
	/* cycles only on counter 0, instructions only on 2 */
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0xf, 0, EV_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(0, 1, 0, EV_INSNS, 0), SBI_ERR_NOT_SUPPORTED);
	/* firmware events this platform never produces, and fw events on hw counters */
	CHECK_FAILS_CLEAN(cfg(IDX_FW, 0xffff, 0, EV_FW(PMU_FW_IPI_SENT), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(IDX_FW, 0xffff, 0, EV_FW(300), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(IDX_FW, 0xffff, 0, EV_FW(PMU_FW_PLATFORM), 7), SBI_ERR_NOT_SUPPORTED);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0xf, 0, EV_FW(PMU_FW_SET_TIMER), 0), SBI_ERR_NOT_SUPPORTED);
	/* hardware events on firmware counters */
	CHECK_FAILS_CLEAN(cfg(IDX_FW, 0xffff, 0, EV_L1D_RA, 0), SBI_ERR_NOT_SUPPORTED);
}

static void t9_not_supported_all_taken(void)
{
	setup();
	CHECK_OK(cfg(IDX_H3, 0x3, 0, EV_L1D_RA, 0), IDX_H3);
	CHECK_OK(cfg(IDX_H3, 0x3, 0, EV_L1D_RM, 0), IDX_H4);
	CHECK_FAILS_CLEAN(cfg(IDX_H3, 0x3, 0, EV_L1D_RA, 0), SBI_ERR_NOT_SUPPORTED);
}

/* ---- Table 11: counter_start -------------------------------------------- */

static void t11_success(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	take(IDX_CYCLE, EV_CYCLES, 0);
	take(IDX_FW, EV_FW(PMU_FW_SET_TIMER), 0);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK_OK(start(IDX_CYCLE, 1, PMU_START_SET_INIT_VALUE, 100), 0);
	CHECK_OK(start(IDX_FW, 1, 0, 0), 0);
	CHECK_EQ(pmu_counter_state(&H, IDX_H3), PMU_CTR_STARTED);
	CHECK_EQ(fake.csr.counter[0], 100);
	CHECK(fake_counting(3));
	CHECK(fake_counting(0));
	CHECK(invariants_hold());
}

static void t11_invalid_param_unconfigured(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_FAILS_CLEAN(start(IDX_H4, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(start(IDX_H3, 3, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(start(IDX_FW, 1, PMU_START_SET_INIT_VALUE, 5), SBI_ERR_INVALID_PARAM);
	/* counters 0 and 2 need configuring too, though they run at boot */
	CHECK_FAILS_CLEAN(start(IDX_CYCLE, 1, 0, 0), SBI_ERR_INVALID_PARAM);
}

static void t11_invalid_param_invalid_counter(void)
{
	setup();
	take(IDX_CYCLE, EV_CYCLES, 0);
	take(IDX_INSTRET, EV_INSNS, 0);
	take(NUM_DEFAULT - 1, EV_FW(PMU_FW_SET_TIMER), 0);
	CHECK_FAILS_CLEAN(start(0, 0x7, 0, 0), SBI_ERR_INVALID_PARAM);          /* time */
	CHECK_FAILS_CLEAN(start(~0UL, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(start(NUM_DEFAULT - 1, 3, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(start(NUM_DEFAULT, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(start(~0UL, 2, 0, 0), SBI_ERR_INVALID_PARAM);         /* wraps to 0 */
	CHECK_FAILS_CLEAN(start(0, 1UL << (PMU_XLEN - 1) | 1, 0, 0), SBI_ERR_INVALID_PARAM);
}

static void t11_invalid_param_reserved_flags(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	for (unsigned b = 2; b < PMU_XLEN; b++)
		CHECK_FAILS_CLEAN(start(IDX_H3, 1, 1UL << b, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(start(IDX_H3, 1, ~0UL, 0), SBI_ERR_INVALID_PARAM);
}

static void t11_invalid_param_both_init_flags(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	CHECK_FAILS_CLEAN(start(IDX_H3, 1, PMU_START_SET_INIT_VALUE | PMU_START_INIT_SNAPSHOT, 7),
			  SBI_ERR_INVALID_PARAM);
}

static void t11_already_started(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK_FAILS_CLEAN(start(IDX_H3, 1, 0, 0), SBI_ERR_ALREADY_STARTED);
	CHECK_FAILS_CLEAN(start(IDX_H3, 1, PMU_START_SET_INIT_VALUE, 9), SBI_ERR_ALREADY_STARTED);
	CHECK(invariants_hold());
}

static void t11_no_shmem(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_FAILS_CLEAN(start(IDX_H3, 1, PMU_START_INIT_SNAPSHOT, 0), SBI_ERR_NO_SHMEM);
	/* and after it was set and then disabled again */
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	CHECK_OK(pmu_snapshot_set_shmem(~0UL, ~0UL, 0, &H), 0);
	CHECK_FAILS_CLEAN(start(IDX_H3, 1, PMU_START_INIT_SNAPSHOT, 0), SBI_ERR_NO_SHMEM);
}

/* ---- Table 13: counter_stop --------------------------------------------- */

static void t13_success(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK_OK(stop(IDX_H3, 1, 0), 0);
	CHECK_EQ(pmu_counter_state(&H, IDX_H3), PMU_CTR_CONFIGURED);
	CHECK(!fake_counting(3));
	CHECK(invariants_hold());
}

static void t13_invalid_param_unconfigured(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK_FAILS_CLEAN(stop(IDX_H4, 1, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(IDX_H3, 3, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(IDX_H3, 3, PMU_STOP_RESET), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(IDX_FW, 1, PMU_STOP_RESET), SBI_ERR_INVALID_PARAM);
}

static void t13_invalid_param_invalid_counter(void)
{
	setup();
	take(IDX_CYCLE, EV_CYCLES, 0);
	take(IDX_INSTRET, EV_INSNS, 0);
	take(NUM_DEFAULT - 1, EV_FW(PMU_FW_SET_TIMER), 0);
	CHECK_OK(start(0, 0x5, 0, 0), 0);
	CHECK_OK(start(NUM_DEFAULT - 1, 1, 0, 0), 0);
	CHECK_FAILS_CLEAN(stop(0, 0x7, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(~0UL, 1, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(NUM_DEFAULT - 1, 3, PMU_STOP_RESET), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(NUM_DEFAULT, 1, 0), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(~0UL, 2, 0), SBI_ERR_INVALID_PARAM);
	CHECK(invariants_hold());
}

static void t13_invalid_param_reserved_flags(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	for (unsigned b = 2; b < PMU_XLEN; b++)
		CHECK_FAILS_CLEAN(stop(IDX_H3, 1, 1UL << b), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(stop(IDX_H3, 1, ~0UL), SBI_ERR_INVALID_PARAM);
}

static void t13_already_stopped(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_FAILS_CLEAN(stop(IDX_H3, 1, 0), SBI_ERR_ALREADY_STOPPED);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK_OK(stop(IDX_H3, 1, 0), 0);
	CHECK_FAILS_CLEAN(stop(IDX_H3, 1, 0), SBI_ERR_ALREADY_STOPPED);
}

static void t13_no_shmem(void)
{
	setup();
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK_FAILS_CLEAN(stop(IDX_H3, 1, PMU_STOP_TAKE_SNAPSHOT), SBI_ERR_NO_SHMEM);
	CHECK_FAILS_CLEAN(stop(IDX_H3, 1, PMU_STOP_TAKE_SNAPSHOT | PMU_STOP_RESET), SBI_ERR_NO_SHMEM);
	CHECK(invariants_hold());
}

/* ---- Tables 14 and 15: counter_fw_read, counter_fw_read_hi ---------------- */

static void t14_success(void)
{
	setup();
	take(IDX_FW + 2, EV_FW(PMU_FW_ILLEGAL_INSN), 0);
	CHECK_OK(start(IDX_FW + 2, 1, PMU_START_SET_INIT_VALUE, 40), 0);
	pmu_fw_event(&H, PMU_FW_ILLEGAL_INSN);
	pmu_fw_event(&H, PMU_FW_ILLEGAL_INSN);
	CHECK_OK(pmu_fw_read(IDX_FW + 2, &H), 42);
}

static void t14_invalid_param_hw_counter(void)
{
	setup();
	take(IDX_CYCLE, EV_CYCLES, 0);
	take(IDX_H3, EV_L1D_RA, 0);
	CHECK_OK(start(IDX_H3, 1, 0, 0), 0);
	CHECK_FAILS_CLEAN(pmu_fw_read(IDX_CYCLE, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read(IDX_INSTRET, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read(IDX_H3, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read(IDX_H7, &H), SBI_ERR_INVALID_PARAM);
}

static void t14_invalid_param_invalid_counter(void)
{
	setup();
	CHECK_FAILS_CLEAN(pmu_fw_read(IDX_TIME, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read(NUM_DEFAULT, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read(PMU_MAX_COUNTERS, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read(~0UL, &H), SBI_ERR_INVALID_PARAM);
	/* a firmware counter nobody configured is not a counter to read */
	CHECK_FAILS_CLEAN(pmu_fw_read(IDX_FW, &H), SBI_ERR_INVALID_PARAM);
}

static void t15_success(void)
{
	setup();
	take(IDX_FW, EV_FW(PMU_FW_SET_TIMER), 0);
	CHECK_OK(start(IDX_FW, 1, PMU_START_SET_INIT_VALUE, 0x123456789abcdef0ULL), 0);
	CHECK_OK(pmu_fw_read_hi(IDX_FW, &H), PMU_XLEN == 32 ? 0x12345678UL : 0);
	CHECK_OK(stop(IDX_FW, 1, 0), 0);
	/* a stopped (configured) counter reads too */
	CHECK_OK(pmu_fw_read_hi(IDX_FW, &H), PMU_XLEN == 32 ? 0x12345678UL : 0);
}

static void t15_invalid_param_hw_counter(void)
{
	setup();
	take(IDX_CYCLE, EV_CYCLES, 0);
	take(IDX_H5, EV_RAW, 0x77);
	CHECK_FAILS_CLEAN(pmu_fw_read_hi(IDX_CYCLE, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read_hi(IDX_INSTRET, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read_hi(IDX_H5, &H), SBI_ERR_INVALID_PARAM);
}

static void t15_invalid_param_invalid_counter(void)
{
	setup();
	CHECK_FAILS_CLEAN(pmu_fw_read_hi(IDX_TIME, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read_hi(NUM_DEFAULT, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read_hi(~0UL, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_fw_read_hi(IDX_FW + 3, &H), SBI_ERR_INVALID_PARAM);
}

/* ---- Table 17: snapshot_set_shmem ---------------------------------------- */

static void t17_success_set(void)
{
	setup();
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	CHECK_EQ(H.shmem, SNAP_LO);
	/* setting it is not a use of it: no access at all */
	CHECK_EQ(snap_page[0], 0);
}

static void t17_success_clear(void)
{
	setup();
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	CHECK_OK(pmu_snapshot_set_shmem(~0UL, ~0UL, 0, &H), 0);
	CHECK_EQ(H.shmem, PMU_SHMEM_NONE);
	/* clearing twice is fine, and only both halves all-ones clear */
	CHECK_OK(pmu_snapshot_set_shmem(~0UL, ~0UL, 0, &H), 0);
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(~0UL, 0, 0, &H), SBI_ERR_INVALID_PARAM);
}

static void t17_not_supported_is_never_returned(void)
{
	/* Tally implements snapshots: a well-formed request never says NOT_SUPPORTED. */
	struct sbiret r;

	setup();
	r = pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H);
	CHECK(r.error != SBI_ERR_NOT_SUPPORTED);
	CHECK_ERR(r.error, SBI_SUCCESS);
}

static void t17_invalid_param_flags(void)
{
	setup();
	for (unsigned b = 0; b < PMU_XLEN; b++)
		CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(SNAP_LO, 0, 1UL << b, &H), SBI_ERR_INVALID_PARAM);
	/* the disable form checks flags too */
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(~0UL, ~0UL, 1, &H), SBI_ERR_INVALID_PARAM);
}

static void t17_invalid_param_unaligned(void)
{
	setup();
	mem_allow((const void *)((uintptr_t)snap_page - 4096), 3 * 4096);   /* allowed; only alignment is wrong */
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(SNAP_LO + 8, 0, 0, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(SNAP_LO + 1, 0, 0, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(SNAP_LO + 2048, 0, 0, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(SNAP_LO - 16, 0, 0, &H), SBI_ERR_INVALID_PARAM);
}

static void t17_invalid_address(void)
{
	setup();
	/* the memory check refuses */
	mem_refuse_all = true;
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), SBI_ERR_INVALID_ADDRESS);
	/* only part of the page is usable */
	mem_reset();
	mem_allow(snap_page, 2048);
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), SBI_ERR_INVALID_ADDRESS);
	/* addresses above XLEN bits */
	mem_allow(snap_page, sizeof(snap_page));
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(SNAP_LO, 1, 0, &H), SBI_ERR_INVALID_ADDRESS);
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(0, 0, 0, &H), SBI_ERR_INVALID_ADDRESS);
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(~0UL << 12, 0, 0, &H), SBI_ERR_INVALID_ADDRESS);
	/* a refused request leaves an earlier area in place */
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	mem_refuse_all = true;
	CHECK_FAILS_CLEAN(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(H.shmem, SNAP_LO);
}

static void t17_failed_is_never_returned(void)
{
	/* No unspecified failure exists in Tally: replacing an area succeeds. */
	static _Alignas(4096) uint64_t other[512];

	setup();
	mem_allow(other, sizeof(other));
	CHECK_OK(pmu_snapshot_set_shmem(SNAP_LO, 0, 0, &H), 0);
	CHECK_OK(pmu_snapshot_set_shmem((unsigned long)(uintptr_t)other, 0, 0, &H), 0);
	CHECK_EQ(H.shmem, (uintptr_t)other);
}

/* ---- Table 19: event_get_info ------------------------------------------- */

struct info { uint32_t event_idx, output; uint64_t event_data; };
_Static_assert(sizeof(struct info) == 16, "table 18 entry is 16 bytes");
static _Alignas(16) struct info ib[8];
#define IB_LO ((unsigned long)(uintptr_t)ib)

static void ib_fill(void)
{
	static const uint32_t ev[8] = { EV_CYCLES, EV_INSNS, EV_L1D_RA, EV_ITLB_RM,
		EV_BR_MISS, EV_RAW2, EV_FW(PMU_FW_SET_TIMER), EV_FW(PMU_FW_IPI_SENT) };
	for (unsigned i = 0; i < 8; i++)
		ib[i] = (struct info){ ev[i], 0xdeadbeef, ev[i] == EV_RAW2 ? 0x42 : 0 };
}

#define CHECK_FAILS_CLEAN_IB(call, err) do { \
	struct info ib0_[8]; \
	memcpy(ib0_, ib, sizeof(ib)); \
	CHECK_FAILS_CLEAN(call, err); \
	CHECK(!memcmp(ib0_, ib, sizeof(ib))); \
} while (0)

static void t19_success(void)
{
	static const uint32_t want[8] = { 1, 1, 1, 0, 1, 1, 1, 0 };

	setup();
	mem_allow(ib, sizeof(ib));
	ib_fill();
	CHECK_OK(pmu_event_get_info(IB_LO, 0, 8, 0, &H), 0);
	for (unsigned i = 0; i < 8; i++)
		CHECK_EQ(ib[i].output, want[i]);
	/* read-only words stay as they were */
	CHECK_EQ(ib[5].event_data, 0x42);
	CHECK_EQ(ib[2].event_idx, EV_L1D_RA);
	/* it asks about events; it configures nothing */
	CHECK_EQ(fake.mutations, 0);
}

static void t19_not_supported_is_never_returned(void)
{
	struct sbiret r;

	setup();
	mem_allow(ib, sizeof(ib));
	ib_fill();
	r = pmu_event_get_info(IB_LO, 0, 1, 0, &H);
	CHECK(r.error != SBI_ERR_NOT_SUPPORTED);
	CHECK_ERR(r.error, SBI_SUCCESS);
}

static void t19_invalid_param_flags(void)
{
	setup();
	mem_allow(ib, sizeof(ib));
	ib_fill();
	for (unsigned b = 0; b < PMU_XLEN; b++)
		CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO, 0, 8, 1UL << b, &H), SBI_ERR_INVALID_PARAM);
}

static void t19_invalid_param_unaligned(void)
{
	setup();
	mem_allow(ib, sizeof(ib));
	ib_fill();
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO + 8, 0, 4, 0, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO + 4, 0, 4, 0, &H), SBI_ERR_INVALID_PARAM);
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO + 1, 0, 4, 0, &H), SBI_ERR_INVALID_PARAM);
}

static void t19_invalid_param_reserved_event_idx_bits(void)
{
	setup();
	mem_allow(ib, sizeof(ib));
	for (unsigned b = 20; b < 32; b++) {
		ib_fill();
		ib[3].event_idx |= 1U << b;
		CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO, 0, 8, 0, &H), SBI_ERR_INVALID_PARAM);
	}
}

/* No entries: SUCCESS, nothing touched, as OpenSBI; the address is still
 * asked about (the firmware's check takes an empty buffer as its first byte). */
static void t19_no_entries(void)
{
	struct info ib0[8];

	setup();
	mem_allow(ib, sizeof(ib));
	ib_fill();
	memcpy(ib0, ib, sizeof(ib));
	mem_calls = 0;
	CHECK_OK(pmu_event_get_info(IB_LO, 0, 0, 0, &H), 0);
	CHECK(!memcmp(ib0, ib, sizeof(ib)));
	CHECK_EQ(mem_calls, 1);
	mem_refuse_all = true;
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO, 0, 0, 0, &H), SBI_ERR_INVALID_ADDRESS);
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO + 8, 0, 0, 0, &H), SBI_ERR_INVALID_PARAM);
}

static void t19_invalid_address(void)
{
	setup();
	ib_fill();
	/* the memory check refuses the buffer */
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO, 0, 1, 0, &H), SBI_ERR_INVALID_ADDRESS);
	mem_allow(ib, sizeof(ib));
	mem_refuse_all = true;
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO, 0, 1, 0, &H), SBI_ERR_INVALID_ADDRESS);
	mem_refuse_all = false;
	/* one entry more than the usable memory holds */
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO, 0, 9, 0, &H), SBI_ERR_INVALID_ADDRESS);
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO + 16, 0, 8, 0, &H), SBI_ERR_INVALID_ADDRESS);
	/* above XLEN bits of address */
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO, 1, 1, 0, &H), SBI_ERR_INVALID_ADDRESS);
	/* num_entries * 16 does not fit */
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO, 0, ~0UL, 0, &H), SBI_ERR_INVALID_ADDRESS);
	CHECK_FAILS_CLEAN_IB(pmu_event_get_info(IB_LO, 0, (~0UL >> 4) + 2, 0, &H), SBI_ERR_INVALID_ADDRESS);
}

static void t19_failed_is_never_returned(void)
{
	struct sbiret r;

	setup();
	mem_allow(ib, sizeof(ib));
	ib_fill();
	r = pmu_event_get_info(IB_LO, 0, 8, 0, &H);
	CHECK(r.error != SBI_ERR_FAILED);
	CHECK_ERR(r.error, SBI_SUCCESS);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	fake.abort_on_bad = false;
	RUN(t7_success_hw_counters);
	RUN(t7_success_fw_counters);
	RUN(t7_invalid_param_time);
	RUN(t7_invalid_param_out_of_range);
	RUN(t9_success);
	RUN(t9_time_in_set_is_skipped);
	RUN(t9_invalid_param_time_alone);
	RUN(t9_invalid_param_beyond_last_counter);
	RUN(t9_invalid_param_base_mask_overflow);
	RUN(t9_invalid_param_reserved_flags);
	RUN(t9_invalid_param_event_reserved_bits);
	RUN(t9_invalid_param_backend_reserved_data);
	RUN(t9_invalid_param_empty_set);
	RUN(t9_not_supported_no_counter_can_count);
	RUN(t9_not_supported_all_taken);
	RUN(t11_success);
	RUN(t11_invalid_param_unconfigured);
	RUN(t11_invalid_param_invalid_counter);
	RUN(t11_invalid_param_reserved_flags);
	RUN(t11_invalid_param_both_init_flags);
	RUN(t11_already_started);
	RUN(t11_no_shmem);
	RUN(t13_success);
	RUN(t13_invalid_param_unconfigured);
	RUN(t13_invalid_param_invalid_counter);
	RUN(t13_invalid_param_reserved_flags);
	RUN(t13_already_stopped);
	RUN(t13_no_shmem);
	RUN(t14_success);
	RUN(t14_invalid_param_hw_counter);
	RUN(t14_invalid_param_invalid_counter);
	RUN(t15_success);
	RUN(t15_invalid_param_hw_counter);
	RUN(t15_invalid_param_invalid_counter);
	RUN(t17_success_set);
	RUN(t17_success_clear);
	RUN(t17_not_supported_is_never_returned);
	RUN(t17_invalid_param_flags);
	RUN(t17_invalid_param_unaligned);
	RUN(t17_invalid_address);
	RUN(t17_failed_is_never_returned);
	RUN(t19_success);
	RUN(t19_not_supported_is_never_returned);
	RUN(t19_invalid_param_flags);
	RUN(t19_invalid_param_unaligned);
	RUN(t19_invalid_param_reserved_event_idx_bits);
	RUN(t19_no_entries);
	RUN(t19_invalid_address);
	RUN(t19_failed_is_never_returned);
	return h_done();
}
