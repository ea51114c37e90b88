/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Ibex test payload: runs in U-mode (Ibex has no S-mode) on the Ibex
 * simple_system (tests/rtl/) and on its QEMU stand-in (virt, -cpu
 * lowrisc-ibex). It checks what an M+U hart can honestly be offered:
 *   - Base, DBCN, SRST, PMU present; TIME absent (no S-mode to take STIP);
 *   - rdtime, rdcycle, rdinstret, rdhpmcounter from U-mode work (on Ibex
 *     they trap and the firmware emulates them), counted as ILLEGAL_INSN;
 *   - cycle and instret configured through SBI advance, and stop freezes
 *     them (mcountinhibit);
 *   - every Ibex event counter the firmware found: loads and stores count,
 *     the general events land on the right counters, stop freezes, and a
 *     start value near the top wraps at the counter's width.
 * QEMU has no Ibex event counters, so that last group only runs on the RTL.
 * One line per check, then "N passed, M failed", then SRST shutdown.
 */
#include <stdio.h>
#include "sbicall.h"

static unsigned passed, failed;

static void check(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	if (ok)
		passed++;
	else
		failed++;
}

#define PMU(fid, a, b, c, d, e) sbi_call(SBI_EXT_PMU, fid, a, b, c, d, e, 0)

/* hpmcounterN by number: the CSR number is part of the instruction. */
#define C4(M, b) M(b) M(b + 1) M(b + 2) M(b + 3)
#define ALL(M) M(0) M(2) M(3) C4(M, 4) C4(M, 8) C4(M, 12) C4(M, 16) C4(M, 20) C4(M, 24) C4(M, 28)
#define RD(n) case n: __asm__ volatile("csrr %0, %1" : "=r"(lo) : "i"(0xc00 + n)); \
	__asm__ volatile("csrr %0, %1" : "=r"(hi) : "i"(0xc80 + n)); break;
static uint64_t read_counter(unsigned n)
{
	unsigned long lo = 0, hi = 0;

	switch (n) { ALL(RD) }
	return ((uint64_t)hi << 32) | lo;
}

static volatile unsigned long sink[64];

/* n loads and n stores, plus loop overhead. */
static void loads_stores(unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		sink[i & 63] = sink[(i + 1) & 63] + 1;
}

static unsigned num_counters, num_hw;
static unsigned long info[64];

static unsigned idx_of_csr(unsigned csr)
{
	for (unsigned i = 0; i < num_hw; i++)
		if (i != 1 && (info[i] & 0xfff) == csr)
			return i;
	return ~0u;
}

/* Configure logical counter idx for event (data) with CLEAR_VALUE|AUTO_START. */
static long cfg(unsigned long base, unsigned long mask, unsigned long ev, unsigned long data,
		unsigned long *idx)
{
	struct sbiret r = PMU(PMU_FID_CONFIG_MATCHING, base, mask,
			      PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev, data);
	*idx = r.value;
	return r.error;
}

static void release(unsigned long idx)
{
	PMU(PMU_FID_COUNTER_STOP, idx, 1, PMU_STOP_RESET, 0, 0);
}

static void test_base(void)
{
	check(SBI1(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, SBI_EXT_PMU).value == 1, "PMU offered");
	check(SBI1(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, SBI_EXT_SRST).value == 1, "SRST offered");
	check(SBI1(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, SBI_EXT_DBCN).value == 1, "DBCN offered");
	check(SBI1(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, SBI_EXT_TIME).value == 0,
	      "TIME not offered (M+U hart: no S-mode to take a timer interrupt)");
	check(sbi_call(SBI_EXT_TIME, 0, 1000, 0, 0, 0, 0, 0).error == SBI_ERR_NOT_SUPPORTED,
	      "TIME set_timer says NOT_SUPPORTED");
}

static void test_emulated_reads(void)
{
	unsigned long idx, t0, t1;
	struct sbiret r;
	long err = cfg(num_hw, (1UL << (num_counters - num_hw)) - 1,
		       PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 0, &idx);

	check(err == 0 && idx >= num_hw, "firmware counter for ILLEGAL_INSN");
	t0 = rd_time();
	for (volatile int i = 0; i < 2000; i++)
		;
	t1 = rd_time();
	check(t1 > t0, "rdtime from U-mode advances (emulated from mtime)");
	r = PMU(PMU_FID_FW_READ, idx, 0, 0, 0, 0);
	check(r.error == 0 && r.value == 2, "the two rdtime traps counted as ILLEGAL_INSN");
	printf("  rdtime %lu -> %lu, ILLEGAL_INSN %lu\n", t0, t1, r.value);
	release(idx);
}

/* A fixed counter through SBI: it advances while started, freezes when stopped. */
static void test_fixed(unsigned long ev, unsigned want_idx, const char *name)
{
	unsigned long idx;
	uint64_t a, b, c;
	char what[96];
	long err = cfg(0, 5, ev, 0, &idx);   /* 0 and 2; 1 (time) is never valid */

	snprintf(what, sizeof(what), "%s: config_matching picks counter %u", name, want_idx);
	check(err == 0 && idx == want_idx, what);
	if (err)
		return;
	a = read_counter(want_idx);
	loads_stores(200);
	b = read_counter(want_idx);
	snprintf(what, sizeof(what), "%s advances while started (%llu -> %llu)", name,
		 (unsigned long long)a, (unsigned long long)b);
	check(b > a, what);
	check(PMU(PMU_FID_COUNTER_STOP, idx, 1, 0, 0, 0).error == 0, "stop");
	(void)read_counter(want_idx);
	b = read_counter(want_idx);
	loads_stores(200);
	c = read_counter(want_idx);
	snprintf(what, sizeof(what), "%s frozen while stopped (%llu, %llu)", name,
		 (unsigned long long)b, (unsigned long long)c);
	check(b == c, what);
	release(idx);
}

/* Ibex event counters (RTL only): logical index i counts the fixed event of CSR csr. */
static void test_event_counters(void)
{
	unsigned nhpm = num_hw - 3, ld = idx_of_csr(0xc05), st = idx_of_csr(0xc06);
	unsigned br = idx_of_csr(0xc08);
	unsigned long idx;
	uint64_t a, b;
	char what[96];

	printf("  %u Ibex event counters\n", nhpm);
	if (!nhpm) {
		printf("  (none: QEMU does not model Ibex's event counters; see tests/rtl)\n");
		return;
	}
	/* General events land on the counters the Ibex table maps them to. */
	if (br != ~0u) {
		check(cfg(0, ((1UL << num_hw) - 1) & ~2UL, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_INSTRUCTIONS),
			  0, &idx) == 0 && idx == br, "BRANCH_INSTRUCTIONS -> mhpmcounter8 (NumBranches)");
		release(idx);
	}
	check(cfg(0, ((1UL << num_hw) - 1) & ~2UL, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CACHE_MISSES), 0, &idx)
	      == SBI_ERR_NOT_SUPPORTED, "CACHE_MISSES not supported (Ibex has no cache event)");

	/* Loads and stores, as raw events: event_data is the counter's
	 * mhpmevent, 1 << N (manual) or 1 << (N - 3) (RTL); one of them fits. */
	for (int k = 0; k < 2; k++) {
		unsigned i = k ? st : ld, n = k ? 6 : 5;
		const char *name = k ? "NumStores" : "NumLoads";
		long err;

		if (i == ~0u)
			continue;
		err = cfg(i, 1, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 1UL << n, &idx);
		if (err)
			err = cfg(i, 1, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 1UL << (n - 3), &idx);
		snprintf(what, sizeof(what), "%s: raw event (its mhpmevent value) on counter %u", name, i);
		check(err == 0 && idx == i, what);
		if (err)
			continue;
		a = read_counter(n);
		loads_stores(1000);
		b = read_counter(n);
		snprintf(what, sizeof(what), "%s counts 1000 accesses (%llu)", name,
			 (unsigned long long)(b - a));
		check(b - a >= 1000, what);
		PMU(PMU_FID_COUNTER_STOP, idx, 1, 0, 0, 0);
		a = read_counter(n);
		loads_stores(1000);
		b = read_counter(n);
		snprintf(what, sizeof(what), "%s frozen while stopped", name);
		check(a == b, what);
		/* Restart just below the top: the counter wraps at its width. */
		unsigned width = ((info[i] >> 12) & 63) + 1;
		uint64_t top = width == 64 ? ~0ULL : (1ULL << width) - 1;
		struct sbiret r = PMU(PMU_FID_COUNTER_START, idx, 1, PMU_START_SET_INIT_VALUE,
				      (unsigned long)(top - 5), (unsigned long)((top - 5) >> 32));
		loads_stores(1000);
		b = read_counter(n);
		snprintf(what, sizeof(what), "%s wraps at %u bits (now %llu)", name, width,
			 (unsigned long long)b);
		check(r.error == 0 && b < 2000, what);
		release(idx);
	}
}

void payload_main(unsigned long hartid, unsigned long fdt)
{
	(void)fdt;
	printf("ibex test payload (U-mode), hart %lu, marchid %lu\n", hartid,
	       SBI0(SBI_EXT_BASE, SBI_BASE_GET_MARCHID).value);
	test_base();
	num_counters = (unsigned)SBI0(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS).value;
	for (unsigned i = 0; i < num_counters && i < 64; i++) {
		struct sbiret r = SBI1(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, i);
		info[i] = r.value;
		if (i != 1 && !r.error && !(r.value >> 31))
			num_hw = i + 1;
	}
	check(num_hw >= 3 && (info[0] & 0xfff) == 0xc00 && (info[2] & 0xfff) == 0xc02,
	      "counters 0 and 2 are cycle and instret");
	test_emulated_reads();
	test_fixed(PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0, "CPU_CYCLES");
	test_fixed(PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 2, "INSTRUCTIONS");
	test_event_counters();
	printf("%u passed, %u failed\n", passed, failed);
	sbi_shutdown(failed != 0);
}
