/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension (SBI chapter 11), the hardware counters: how many there
 * are and what counter_get_info says of each (pmu_layout, which the other
 * PMU files rely on), cycle and instret configured, started, stopped and
 * released, and an hpm counter for a cache event and for raw events.
 */
#include "conformance.h"

unsigned long num_ctrs, fw_base, nhpm;

void pmu_layout(void)
{
	struct sbiret r = SBI0(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS);
	unsigned long prev_csr = 0xc02;

	check_eq(r.error, 0, "pmu: num_counters");
	num_ctrs = r.uvalue;
	check_that(num_ctrs >= 3 + NUM_FW_COUNTERS && num_ctrs <= 32 + NUM_FW_COUNTERS, num_ctrs,
		   "19..48", "pmu: num_counters in range");
	fw_base = num_ctrs - NUM_FW_COUNTERS;
	nhpm = fw_base - 3;
	printf("# %lu counters: %lu hpm, firmware from %lu\n", num_ctrs, nhpm, fw_base);
#ifdef EXPECT_HPM
	check_eq(nhpm, EXPECT_HPM, "pmu: the probe found exactly %d hpm counters", EXPECT_HPM);
#endif

	r = sbi_pmu_counter_get_info(0);
	check_eq(r.error, 0, "pmu: get_info(0)");
	check_eq(r.uvalue, 0xc00 | (63UL << 12), "pmu: counter 0 is cycle, 64 bits");
	r = sbi_pmu_counter_get_info(1);
	check_eq(r.error, (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: get_info(1) (time) is invalid");
	r = sbi_pmu_counter_get_info(2);
	check_eq(r.error, 0, "pmu: get_info(2)");
	check_eq(r.uvalue, 0xc02 | (63UL << 12), "pmu: counter 2 is instret, 64 bits");
	for (unsigned long i = 3; i < fw_base; i++) {
		r = sbi_pmu_counter_get_info(i);
		unsigned long csr = r.uvalue & 0xfff;
		check_eq(r.error, 0, "pmu: get_info(%lu)", i);
		check_that(csr > prev_csr && csr <= 0xc1f, r.uvalue, "csr in (previous, 0xc1f]",
			   "pmu: counter %lu is an hpmcounter CSR, ascending", i);
		if (csr == 0xc03 && erratum(ERRATUM_CVA6_HPMCOUNTER3H))
			check_eq(r.uvalue & ~0xfffUL, 31UL << 12, "pmu: counter %lu: width 32 (the low "
				 "half S-mode can trust, erratum: %s), hardware type", i,
				 erratum_name(ERRATUM_CVA6_HPMCOUNTER3H));
		else
			check_eq(r.uvalue & ~0xfffUL, (HPM_WIDTH - 1UL) << 12,
				 "pmu: counter %lu: width %d, hardware type", i, HPM_WIDTH);
		prev_csr = csr;
	}
	for (unsigned long i = fw_base; i < num_ctrs; i++) {
		r = sbi_pmu_counter_get_info(i);
		check_eq(r.error, 0, "pmu: get_info(%lu)", i);
		check_eq(r.uvalue >> (XLEN - 1), 1, "pmu: counter %lu is a firmware counter", i);
	}
	check_eq(sbi_pmu_counter_get_info(num_ctrs).error, (unsigned long)SBI_ERR_INVALID_PARAM,
		 "pmu: get_info(num_counters) is invalid");
	check_eq(sbi_pmu_counter_get_info(~0UL).error, (unsigned long)SBI_ERR_INVALID_PARAM,
		 "pmu: get_info(~0) is invalid");
}

#ifdef EXPECT_SSCOFPMF
#define FIXED_OR_ALL(n) (1UL << (n))
#else
#define FIXED_OR_ALL(n) hw_mask()
#endif

/*
 * Configure a fixed counter (0 cycle, 2 instret) cleared and started from
 * the set FIXED_OR_ALL(ctr); return its first read, which must be small.
 */
static unsigned long start_fixed(unsigned long ctr, unsigned long hw_event, const char *ev_name,
				 const char *csr_name, unsigned long (*rd)(void))
{
	struct sbiret r = cfg_match(0, FIXED_OR_ALL(ctr), PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
				    PMU_EVENT_IDX(PMU_TYPE_HW, hw_event), 0);
	unsigned long a;

	check_eq(r.error, 0, "pmu: config_matching(%s, CLEAR|AUTO_START)", ev_name);
	check_eq(r.uvalue, ctr, "pmu: ... on counter %lu", ctr);
	a = rd();
	check_that(a < 100000000, a, "< 1e8 (just cleared)", "pmu: %s was cleared", csr_name);
	return a;
}

/* A stopped fixed counter reads the same before and after a loop. */
static void check_frozen(const char *csr_name, unsigned long (*rd)(void))
{
	unsigned long a = rd(), b;

	spin(10000);
	b = rd();
	if (erratum(ERRATUM_QEMU_IBEX_STOPPED_READS_0))
		check_eq(b, 0, "pmu: %s reads 0 after stop (erratum: %s)", csr_name,
			 erratum_name(ERRATUM_QEMU_IBEX_STOPPED_READS_0));
	else
		check_eq(b, a, "pmu: %s does not move after stop", csr_name);
}

void test_pmu_cycles_instret(void)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	struct sbiret r;
	unsigned long a, b, c;

	/* CPU_CYCLES lands on counter 0, cleared and running. (With Sscofpmf
	 * the firmware prefers an hpm counter; test_pmu_sscofpmf checks that,
	 * so here the set is counter 0 alone.) */
	a = start_fixed(0, PMU_HW_CPU_CYCLES, "CPU_CYCLES", "cycle", rd_cycle);
	spin(10000);
	b = rd_cycle();
	check_that(b > a, b, "> first read", "pmu: cycle advances while started");

	/* Handed out once: counter 0 is taken. */
	r = cfg_match(0, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: counter 0 is not handed out twice");

	r = sbi_pmu_counter_stop(0, 1, 0);
	check_eq(r.error, 0, "pmu: stop counter 0");
	check_frozen("cycle", rd_cycle);
	b = rd_cycle();
	check_eq(sbi_pmu_counter_stop(0, 1, 0).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pmu: stop a stopped counter: ALREADY_STOPPED");
	/* Restart without a new value: it goes on from where it stopped. */
	r = ctr_start(0, 1, 0, 0);
	check_eq(r.error, 0, "pmu: restart counter 0");
	spin(1000);
	c = rd_cycle();
	check_that(c > b, c, "> value when stopped", "pmu: cycle runs again after start");
	check_eq(ctr_start(0, 1, 0, 0).error, (unsigned long)SBI_ERR_ALREADY_STARTED,
		 "pmu: start a started counter: ALREADY_STARTED");
	/* SET_INIT_VALUE on a hardware counter. */
	check_eq(sbi_pmu_counter_stop(0, 1, 0).error, 0, "pmu: stop counter 0 again");
	check_eq(ctr_start(0, 1, PMU_START_SET_INIT_VALUE, 1ULL << 40).error, 0,
		 "pmu: start counter 0 at 2^40");
	c = rd_cycle();
#if XLEN == 64
	check_that(c >= (1UL << 40) && c < (1UL << 40) + 100000000, c, "2^40 + a little",
		   "pmu: cycle starts from the initial value");
#else
	/* rv32 reads the low half only: 2^40 has a zero low half */
	check_that(c < 100000000, c, "a little over 0", "pmu: cycle starts from the initial value (low half)");
#endif
	/* stop + RESET releases it; the released counter can be configured again. */
	check_eq(sbi_pmu_counter_stop(0, 1, PMU_STOP_RESET).error, 0, "pmu: stop counter 0 with RESET");
	check_eq(sbi_pmu_counter_stop(0, 1, 0).error, inval, "pmu: stop a released counter: INVALID_PARAM");
	check_eq(ctr_start(0, 1, 0, 0).error, inval, "pmu: start a released counter: INVALID_PARAM");
	r = cfg_match(0, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, 0, "pmu: counter 0 can be configured again after RESET");
	/* stop + RESET on a stopped (configured, never started) counter:
	 * ALREADY_STOPPED, but it is released all the same. */
	check_eq(sbi_pmu_counter_stop(0, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pmu: stop+RESET of a stopped counter: ALREADY_STOPPED");
	r = cfg_match(0, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, 0, "pmu: ... and the counter was released");
	check_eq(sbi_pmu_counter_stop(0, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pmu: release counter 0");

	/* INSTRUCTIONS lands on counter 2. */
	a = start_fixed(2, PMU_HW_INSTRUCTIONS, "INSTRUCTIONS", "instret", rd_instret);
	spin(10000);
	b = rd_instret();
	check_that(b - a >= 10000, b - a, ">= 10000", "pmu: instret advances by at least the loop");
	check_eq(cfg_match(2, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: counter 2 is not handed out twice");
	check_eq(sbi_pmu_counter_stop(2, 1, 0).error, 0, "pmu: stop counter 2");
	check_frozen("instret", rd_instret);
	check_eq(sbi_pmu_counter_stop(2, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pmu: release counter 2 (ALREADY_STOPPED)");
	r = cfg_match(0, FIXED_OR_ALL(2), 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0);
	check_eq(r.uvalue, 2, "pmu: counter 2 free again after RESET");
	sbi_pmu_counter_stop(2, 1, PMU_STOP_RESET);

	/* Cycles cannot be counted by a firmware counter, nor instructions by counter 0. */
	check_eq(cfg_match(fw_base, ALL_FW_MASK, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: CPU_CYCLES on firmware counters: NOT_SUPPORTED");
	check_eq(cfg_match(0, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: INSTRUCTIONS on counter 0: NOT_SUPPORTED");
}

/* Read hpmcounter n (3..31) from S-mode: the CSR number is an immediate. */
static unsigned long read_hpm(unsigned n)
{
	unsigned long v = 0;
#define HPM(i) case i: __asm__ volatile("csrr %0, %1" : "=r"(v) : "i"(0xc00 + i)); break;
	switch (n) {
	HPM(3) HPM(4) HPM(5) HPM(6) HPM(7) HPM(8) HPM(9) HPM(10) HPM(11) HPM(12)
	HPM(13) HPM(14) HPM(15) HPM(16) HPM(17) HPM(18) HPM(19) HPM(20) HPM(21)
	HPM(22) HPM(23) HPM(24) HPM(25) HPM(26) HPM(27) HPM(28) HPM(29) HPM(30) HPM(31)
	}
#undef HPM
	return v;
}

/* Touch one word in each of n pages after flushing the TLB: DTLB read misses. */
static void tlb_misses(unsigned n)
{
	__asm__ volatile("sfence.vma" ::: "memory");
	for (unsigned i = 0; i < n; i++)
		(void)*(volatile uint32_t *)(0x81000000UL + i * 4096UL);
}

void test_pmu_hpm(void)
{
	const unsigned long ev = PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS);
	struct sbiret r;
	unsigned long idx, csr, a, b;

	if (!nhpm) {
		printf("# no hpm counters: hpm checks skipped\n");
		return;
	}
	r = cfg_match(0, hw_mask(), PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev, 0);
	check_eq(r.error, 0, "pmu: config_matching(DTLB read miss 0x%lx)", ev);
	idx = r.uvalue;
	check_that(idx >= 3 && idx < fw_base, idx, "an hpm counter (3 .. fw_base-1)",
		   "pmu: ... lands on an hpm counter");
	if (r.error || idx < 3 || idx >= fw_base)
		return;
	csr = sbi_pmu_counter_get_info(idx).uvalue & 0xfff;
	a = read_hpm((unsigned)(csr - 0xc00));
	tlb_misses(64);
	b = read_hpm((unsigned)(csr - 0xc00));
#ifndef CVA6_MAP   /* QEMU counts its own DTLB event, not CVA6's selector 4 */
	check_that(b - a >= 1, b - a, ">= 1", "pmu: hpmcounter %lu counts DTLB misses while started", csr - 0xc00);
#endif
	check_eq(sbi_pmu_counter_stop(idx, 1, 0).error, 0, "pmu: stop the DTLB counter");
	a = read_hpm((unsigned)(csr - 0xc00));
	tlb_misses(64);
	b = read_hpm((unsigned)(csr - 0xc00));
	check_eq(b, a, "pmu: the stopped DTLB counter does not count");
	check_eq(sbi_pmu_counter_stop(idx, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pmu: release the DTLB counter");

	/* Raw events: event_data has 48 (type 2) / 56 (type 3) bits on rv64, 32 on rv32.
	 * On rv32 the bits above 31 arrive in a5: a firmware that drops it would accept. */
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 1ULL << 48).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: raw (type 2) event_data bit 48: INVALID_PARAM");
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW_V2, 0), 1ULL << 56).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: raw v2 (type 3) event_data bit 56: INVALID_PARAM");
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 1), 0x12).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: raw event with code != 0: INVALID_PARAM");
#ifdef CVA6_MAP
	/* CVA6: a raw event is a selector value 1..22, nothing else. */
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 23).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: cva6 raw event 23: NOT_SUPPORTED");
	r = cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 22);
	check_eq(r.error, 0, "pmu: cva6 raw event 22 (the last selector)");
#else
	r = cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), XLEN == 64 ? 1ULL << 47 : 1ULL << 31);
	check_eq(r.error, 0, "pmu: raw event with the top allowed bit");
#endif
	check_that(r.uvalue >= 3 && r.uvalue < fw_base, r.uvalue, "an hpm counter", "pmu: ... on an hpm counter");
	if (!r.error)
		sbi_pmu_counter_stop(r.uvalue, 1, PMU_STOP_RESET);

	/* Events nobody counts here, or malformed ones. */
#ifdef CVA6_MAP
	r = cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_MISSES), 0);
	check_eq(r.error, 0, "pmu: cva6 BRANCH_MISSES (selector 10)");
	if (!r.error)
		sbi_pmu_counter_stop(r.uvalue, 1, PMU_STOP_RESET);
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BUS_CYCLES), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: cva6 BUS_CYCLES: NOT_SUPPORTED");
#else
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_MISSES), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: BRANCH_MISSES: NOT_SUPPORTED");
#endif
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 1).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: general event with event_data != 0: INVALID_PARAM");
	check_eq(cfg_match(0, hw_mask(), 0, 1UL << 20 | PMU_HW_CPU_CYCLES, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: event_idx with reserved bit 20: INVALID_PARAM");
}
