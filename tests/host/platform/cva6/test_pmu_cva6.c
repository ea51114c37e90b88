/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CVA6 PMU backend (src/platform/cva6/pmu_cva6.c) and the PMU core,
 * against the fake CSR file (tests/host/fake/fake_csr.c) set up as the
 * CVA6 RTL. Built twice: 64-bit (rv64) and -m32 with __riscv_xlen = 32,
 * where the user-level view has a separate h half.
 */
#include <string.h>
#include "harness.h"
#include "fake_csr.h"
#include "platform/cva6/pmu_cva6.h"
#include "cores/pmu/pmu.h"

/* What the backend's probe finds: features.pmu in the firmware. */
static struct pmu_hw_info probed;

static struct pmu_hart hart;

uintptr_t sbi_mem_window(uint64_t addr, uint64_t len, uint64_t *end)
{
	*end = addr + len;
	return (uintptr_t)addr;
}

/* Boot on the fake as it is configured now. */
static const struct pmu_hw_info *boot(void)
{
	pmu_init(&pmu_cva6, &probed, 1u << PMU_FW_ILLEGAL_INSN);
	pmu_hart_init(&hart);
	return pmu_hw();
}

#define EV_HW(e) PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_##e)
#define EV_C(id, op, res) \
	PMU_CACHE_EVENT(PMU_CACHE_##id, PMU_CACHE_OP_##op, PMU_CACHE_RESULT_##res)
#define RAW PMU_EVENT_IDX(PMU_TYPE_RAW, 0)
#define RAW2 PMU_EVENT_IDX(PMU_TYPE_RAW_V2, 0)

static void t_probe_finds_six_counters(void)
{
	fake_reset_cva6();
	const struct pmu_hw_info *hw = boot();

	CHECK_EQ(hw->num_hpm, 6);
	for (unsigned i = 0; i < 6; i++) {
		CHECK_EQ(hw->hpm[i], 3 + i);
		CHECK_EQ(hw->width[3 + i], 64);
	}
	CHECK_EQ(hw->width[9], 0);        /* counters 9..31 read 0: absent */
	CHECK(hw->has_inhibit);
	CHECK(!hw->has_sscofpmf);         /* scountovf traps */
	CHECK(hw->note == NULL);
	CHECK_EQ(fake.unguarded_traps, 0);
	CHECK_OK(pmu_num_counters(), 9 + PMU_NUM_FW_COUNTERS);
	CHECK_OK(pmu_counter_get_info(3), (63UL << 12) | 0xc03);
	CHECK_OK(pmu_counter_get_info(8), (63UL << 12) | 0xc08);
	/* Boot leaves every hpm counter free, selecting nothing, inhibited. */
	for (unsigned c = 3; c <= 8; c++) {
		CHECK_EQ(fake.evt[c], 0);
		CHECK((fake.inhibit >> c) & 1);
	}
}

/* cv32a60x-style: no counters. Reading 0, or trapping: either way, none. */
static void t_probe_without_counters(void)
{
	for (int traps = 0; traps < 2; traps++) {
		fake_reset_cva6();
		fake.num = 0;
		fake.absent_traps = traps ? FAKE_CVA6_HPM : 0;
		const struct pmu_hw_info *hw = boot();
		CHECK_EQ(hw->num_hpm, 0);
		CHECK_EQ(fake.unguarded_traps, 0);
		CHECK_OK(pmu_num_counters(), 3 + PMU_NUM_FW_COUNTERS);
		CHECK_ERR(pmu_config_matching(0, 0x5, 0, EV_HW(BRANCH_INSTRUCTIONS), 0, &hart).error,
			  SBI_ERR_NOT_SUPPORTED);
		CHECK_OK(pmu_config_matching(0, 1, 0, EV_HW(CPU_CYCLES), 0, &hart), 0);
	}
}

/* hpmcounter5h (rv32) / bits 63:32 of hpmcounter5 (rv64) read 0. */
static void t_erratum_upper_half(void)
{
	fake_reset_cva6();
	fake.erratum_ctr = 5;
	fake.erratum = FAKE_ERR_HIGH_HALF;
	const struct pmu_hw_info *hw = boot();

	CHECK_EQ(hw->num_hpm, 6);
	CHECK_EQ(hw->width[5], 32);
	CHECK_EQ(hw->width[4], 64);
	CHECK_EQ(hw->width[6], 64);
	CHECK_OK(pmu_counter_get_info(5), (31UL << 12) | 0xc05);
	CHECK(hw->note && strstr(hw->note, "hpmcounter5h"));
	CHECK(hw->note && strstr(hw->note, "32 bits"));
	if (hw->note)
		printf("  note: %s\n", hw->note);
	CHECK_EQ(fake.unguarded_traps, 0);
}

/* The low half does not read back: S-mode can use none of it. */
static void t_erratum_lower_half(void)
{
	fake_reset_cva6();
	fake.erratum_ctr = 4;
	fake.erratum = FAKE_ERR_LOW_HALF;
	const struct pmu_hw_info *hw = boot();

	CHECK_EQ(hw->num_hpm, 5);
	CHECK_EQ(hw->hpm[0], 3);
	CHECK_EQ(hw->hpm[1], 5);         /* 4 is left out */
	CHECK_OK(pmu_counter_get_info(4), (63UL << 12) | 0xc05);
	CHECK(hw->note && strstr(hw->note, "hpmcounter4 unreadable"));
}

struct map { unsigned long ev; uint64_t data; unsigned sel; };

static const struct map supported[] = {
	{ EV_HW(BRANCH_INSTRUCTIONS), 0, 9 },
	{ EV_HW(BRANCH_MISSES), 0, 10 },
	{ EV_HW(STALLED_CYCLES_FRONTEND), 0, 15 },
	{ EV_HW(STALLED_CYCLES_BACKEND), 0, 22 },
	{ EV_C(L1D, READ, ACCESS), 0, 5 },
	{ EV_C(L1D, READ, MISS), 0, 2 },
	{ EV_C(L1D, WRITE, ACCESS), 0, 6 },
	{ EV_C(L1I, READ, ACCESS), 0, 16 },
	{ EV_C(L1I, READ, MISS), 0, 1 },
	{ EV_C(DTLB, READ, MISS), 0, 4 },
	{ EV_C(ITLB, READ, MISS), 0, 3 },
	{ EV_C(BPU, READ, ACCESS), 0, 9 },
	{ EV_C(BPU, READ, MISS), 0, 10 },
	{ RAW, 1, 1 }, { RAW, 14, 14 }, { RAW, 22, 22 }, { RAW2, 17, 17 },
};

static const struct map unsupported[] = {
	{ EV_HW(CPU_CYCLES), 0, 0 }, { EV_HW(INSTRUCTIONS), 0, 0 },
	{ EV_HW(CACHE_REFERENCES), 0, 0 }, { EV_HW(CACHE_MISSES), 0, 0 },
	{ EV_HW(BUS_CYCLES), 0, 0 }, { EV_HW(REF_CPU_CYCLES), 0, 0 },
	{ EV_C(L1D, WRITE, MISS), 0, 0 }, { EV_C(DTLB, WRITE, MISS), 0, 0 },
	{ EV_C(L1D, PREFETCH, ACCESS), 0, 0 }, { EV_C(LL, READ, MISS), 0, 0 },
	{ EV_C(NODE, READ, ACCESS), 0, 0 },
	{ RAW, 0, 0 }, { RAW, 23, 0 }, { RAW, 31, 0 },
	{ RAW, 33, 0 },     /* the 5-bit selector would make this event 1 */
	{ RAW2, 0x116, 0 }, /* ... and this one event 22 */
};

/* config_matching on the hpm counters programs exactly the table's selector. */
static void t_event_map(void)
{
	fake_reset_cva6();
	boot();
	for (unsigned i = 0; i < sizeof(supported) / sizeof(supported[0]); i++) {
		struct sbiret r = pmu_config_matching(3, 0x3f, 0, supported[i].ev,
						      supported[i].data, &hart);
		CHECK_ERR(r.error, SBI_SUCCESS);
		CHECK(r.value >= 3 && r.value <= 8);
		if (r.error)
			continue;
		CHECK_EQ(fake.evt[r.value], supported[i].sel);
		pmu_counter_stop(r.value, 1, PMU_STOP_RESET, &hart);
		CHECK_EQ(fake.evt[r.value], 0);   /* released: selects nothing */
	}
	for (unsigned i = 0; i < sizeof(unsupported) / sizeof(unsupported[0]); i++) {
		struct sbiret r = pmu_config_matching(3, 0x3f, 0, unsupported[i].ev,
						      unsupported[i].data, &hart);
		CHECK_ERR(r.error, SBI_ERR_NOT_SUPPORTED);
	}
	for (unsigned c = 3; c <= 8; c++)
		CHECK_EQ(fake.evt[c], 0);
	/* Cycles and instructions stay on counters 0 and 2. */
	CHECK_OK(pmu_config_matching(0, 0x1ff & ~2UL, 0, EV_HW(CPU_CYCLES), 0, &hart), 0);
	CHECK_OK(pmu_config_matching(0, 0x1ff & ~2UL, 0, EV_HW(INSTRUCTIONS), 0, &hart), 2);
}

/* The hardware would alias wide selectors: why raw events are checked. */
static void t_selector_is_five_bits(void)
{
	fake_reset_cva6();
	csr_write_event(3, 33);
	CHECK_EQ(csr_read_event(3), 1);
	csr_write_event(9, 5);
	CHECK_EQ(csr_read_event(9), 0);
}

/* No Sscofpmf: mode-inhibit flags are accepted and change nothing. */
static void t_mode_inhibit_ignored(void)
{
	fake_reset_cva6();
	boot();
	struct sbiret r = pmu_config_matching(3, 0x3f,
		PMU_CFG_SET_UINH | PMU_CFG_SET_SINH | PMU_CFG_SET_MINH, EV_HW(BRANCH_MISSES), 0, &hart);
	CHECK_ERR(r.error, SBI_SUCCESS);
	CHECK_EQ(fake.evt[r.value], 10);
}

/* Counts its own event only while started; frozen while stopped. */
static void t_count_start_stop(void)
{
	fake_reset_cva6();
	boot();
	struct sbiret r = pmu_config_matching(3, 0x3f, PMU_CFG_CLEAR_VALUE,
					      EV_C(L1D, WRITE, ACCESS), 0, &hart);
	unsigned c = (unsigned)r.value;

	CHECK_ERR(r.error, SBI_SUCCESS);
	fake_event(6, 10);                 /* configured, not started */
	CHECK_EQ(fake.ctr[c], 0);
	CHECK_ERR(pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0x1fffffff0ULL, &hart).error,
		  SBI_SUCCESS);
	fake_event(6, 100);
	fake_event(5, 50);                 /* loads: not this counter's event */
	CHECK_EQ(fake.ctr[c], 0x1fffffff0ULL + 100);
	CHECK_ERR(pmu_counter_stop(c, 1, 0, &hart).error, SBI_SUCCESS);
	fake_event(6, 100);
	CHECK_EQ(fake.ctr[c], 0x1fffffff0ULL + 100);
	CHECK_ERR(pmu_counter_start(c, 1, 0, 0, &hart).error, SBI_SUCCESS);
	fake_event(6, 1);
	CHECK_EQ(fake.ctr[c], 0x1fffffff0ULL + 101);
	CHECK_ERR(pmu_counter_stop(c, 1, PMU_STOP_RESET, &hart).error, SBI_SUCCESS);
	CHECK_EQ(fake.evt[c], 0);
}

/* Six counters, six events; a seventh finds none free. */
static void t_six_at_once(void)
{
	fake_reset_cva6();
	boot();
	unsigned long used = 0;
	for (unsigned i = 0; i < 6; i++) {
		struct sbiret r = pmu_config_matching(3, 0x3f, 0, supported[i].ev, 0, &hart);
		CHECK_ERR(r.error, SBI_SUCCESS);
		used |= 1UL << r.value;
	}
	CHECK_EQ(used, 0x1f8);
	CHECK_ERR(pmu_config_matching(3, 0x3f, 0, EV_HW(BRANCH_INSTRUCTIONS), 0, &hart).error,
		  SBI_ERR_NOT_SUPPORTED);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_probe_finds_six_counters);
	RUN(t_probe_without_counters);
	RUN(t_erratum_upper_half);
	RUN(t_erratum_lower_half);
	RUN(t_event_map);
	RUN(t_selector_is_five_bits);
	RUN(t_mode_inhibit_ignored);
	RUN(t_count_start_stop);
	RUN(t_six_at_once);
	return h_done();
}
