/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Ibex backend (src/platform/ibex/pmu_ibex.c) with the PMU core, on a
 * fake CSR file set up as the Ibex RTL (tests/host/fake/fake_csr.c).
 */
#include <stdio.h>
#include <string.h>
#include "fake_csr.h"
#include "platform/ibex/pmu_ibex.h"
#include "cores/pmu/pmu.h"

/* What the backend's probe finds: features.pmu in the firmware. */
static struct pmu_hw_info probed;

static int fails, checks;
#define CHECK(c) do { checks++; if (!(c)) { fails++; \
	printf("%s:%d: FAIL: %s\n", __FILE__, __LINE__, #c); } } while (0)

static struct pmu_hart h;
uintptr_t sbi_mem_window(uint64_t a, uint64_t l, uint64_t *end) { *end = a + l; return (uintptr_t)a; }

static void boot(unsigned num, unsigned width, enum fake_enc enc)
{
	fake_reset_ibex(num, width, enc);
	pmu_init(&pmu_ibex, &probed, 1u << PMU_FW_ILLEGAL_INSN);
	pmu_hart_init(&h);
}

#define HW(code) PMU_EVENT_IDX(PMU_TYPE_HW, code)
#define ALL_HW (((1UL << pmu_num_hw_counters()) - 1) & ~2UL)   /* index 1 (time) is never valid */

/* Logical index of counter number ctr, from counter_get_info's CSR field. */
static unsigned long idx_of(unsigned ctr)
{
	for (unsigned long i = 0; i < pmu_num_hw_counters(); i++)
		if (i != 1 && (pmu_counter_get_info(i).value & 0xfff) == 0xc00 + ctr)
			return i;
	return ~0UL;
}

static void test_encoding(enum fake_enc enc)
{
	struct sbiret r;
	unsigned long i;

	boot(10, 40, enc);
	/* 3..12 exist: 10 event counters, logical 3..12. */
	CHECK(pmu_num_hw_counters() == 13);
	CHECK(ibex_sel_encoding() == (enc == FAKE_ENC_DOC ? IBEX_SEL_DOC : IBEX_SEL_RTL));
	/* width - 1 in bits 12..17 */
	CHECK(((pmu_counter_get_info(idx_of(5)).value >> 12) & 63) == 39);
	CHECK(((pmu_counter_get_info(0).value >> 12) & 63) == 63);
	/* After boot: hpm counters stopped, cycle/instret running (bits 0, 2 clear). */
	CHECK((fake.inhibit & 0x1ff8) == 0x1ff8 && !(fake.inhibit & 5));

	/* General events land on the counters the table says. */
	r = pmu_config_matching(0, ALL_HW, 0, HW(PMU_HW_BRANCH_INSTRUCTIONS), 0, &h);
	CHECK(!r.error && r.value == idx_of(8));
	r = pmu_config_matching(0, ALL_HW, 0, HW(PMU_HW_STALLED_CYCLES_BACKEND), 0, &h);
	CHECK(!r.error && r.value == idx_of(3));
	r = pmu_config_matching(0, ALL_HW, 0, HW(PMU_HW_STALLED_CYCLES_FRONTEND), 0, &h);
	CHECK(!r.error && r.value == idx_of(4));
	r = pmu_config_matching(0, ALL_HW, 0, HW(PMU_HW_CPU_CYCLES), 0, &h);
	CHECK(!r.error && r.value == 0);
	r = pmu_config_matching(0, ALL_HW, 0, HW(PMU_HW_INSTRUCTIONS), 0, &h);
	CHECK(!r.error && r.value == 2);
	CHECK(pmu_config_matching(0, ALL_HW, 0, HW(PMU_HW_CACHE_MISSES), 0, &h).error ==
	      SBI_ERR_NOT_SUPPORTED);
	CHECK(pmu_config_matching(0, ALL_HW, 0, HW(PMU_HW_BRANCH_MISSES), 0, &h).error ==
	      SBI_ERR_NOT_SUPPORTED);
	CHECK(pmu_config_matching(0, ALL_HW, 0,
		PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_ACCESS), 0, &h).error ==
	      SBI_ERR_NOT_SUPPORTED);
	/* The selector is never written. */
	CHECK(csr_read_event(8) == (enc == FAKE_ENC_DOC ? 1UL << 8 : 1UL << 5));

	/* Raw: event_data is the counter's mhpmevent; the other encoding is no match. */
	unsigned long loads = enc == FAKE_ENC_DOC ? 1UL << 5 : 1UL << 2;
	unsigned long wrong = enc == FAKE_ENC_DOC ? 1UL << 2 : 1UL << 5;
	r = pmu_config_matching(0, ALL_HW, PMU_CFG_CLEAR_VALUE, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), loads, &h);
	CHECK(!r.error && r.value == idx_of(5));
	i = r.value;
	/* wrong: in RTL encoding 1<<5 is counter 8's (in use); in DOC, 1<<2 is nobody's */
	r = pmu_config_matching(0, ALL_HW, 0, PMU_EVENT_IDX(PMU_TYPE_RAW_V2, 0), wrong, &h);
	CHECK(r.error == SBI_ERR_NOT_SUPPORTED);

	/* Loads count while started, freeze while stopped (mcountinhibit). */
	CHECK(!pmu_counter_start(i, 1, 0, 0, &h).error);
	fake_tick(5, 100);
	CHECK(fake.ctr[5] == 100);
	CHECK(!pmu_counter_stop(i, 1, 0, &h).error);
	fake_tick(5, 100);
	CHECK(fake.ctr[5] == 100);
	/* 40-bit wrap: start 10 below the top, count 15. */
	CHECK(!pmu_counter_start(i, 1, PMU_START_SET_INIT_VALUE, (1ULL << 40) - 10, &h).error);
	fake_tick(5, 15);
	CHECK(csr_read_counter(5) == 5);
	CHECK(!pmu_counter_stop(i, 1, PMU_STOP_RESET, &h).error);
	/* Released: found again. */
	r = pmu_config_matching(0, ALL_HW, 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), loads, &h);
	CHECK(!r.error && r.value == i);
}

static void test_absent(void)
{
	/* NumMHPMCounters = 0 (the default): only cycle and instret. */
	boot(0, 40, FAKE_ENC_RTL);
	CHECK(pmu_num_hw_counters() == 3);
	CHECK(ibex_sel_encoding() == IBEX_SEL_NONE);
	CHECK(pmu_config_matching(0, 5, 0, HW(PMU_HW_BRANCH_INSTRUCTIONS), 0, &h).error ==
	      SBI_ERR_NOT_SUPPORTED);
	/* Absent counters read 0 and ignore writes. */
	csr_write_counter(7, 1234);
	CHECK(csr_read_counter(7) == 0);

	/* 29 counters (simple_system): past 12 nothing is wired: not offered. */
	boot(29, 32, FAKE_ENC_RTL);
	CHECK(pmu_num_hw_counters() == 13);
	CHECK(((pmu_counter_get_info(3).value >> 12) & 63) == 31);

	/* No mcountinhibit: nothing can be stopped, so no hardware counter is offered. */
	fake_reset_ibex(10, 40, FAKE_ENC_RTL);
	fake.inhibit_traps = true;
	pmu_init(&pmu_ibex, &probed, 0);
	pmu_hart_init(&h);
	CHECK(pmu_config_matching(0, 5, 0, HW(PMU_HW_CPU_CYCLES), 0, &h).error ==
	      SBI_ERR_NOT_SUPPORTED);
	CHECK(pmu_config_matching(0, ALL_HW, 0, HW(PMU_HW_BRANCH_INSTRUCTIONS), 0, &h).error ==
	      SBI_ERR_NOT_SUPPORTED);
}

int main(void)
{
	test_encoding(FAKE_ENC_DOC);
	test_encoding(FAKE_ENC_RTL);
	test_absent();
	printf("%d checks, %d failed\n", checks, fails);
	return fails != 0;
}
