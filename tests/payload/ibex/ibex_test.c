/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Ibex test payload: runs in U-mode (Ibex has no S-mode) on the Verilator
 * models of the Ibex simple_system and of the Ibex demo system (tests/rtl/)
 * and on the QEMU stand-in (virt, -cpu lowrisc-ibex). It checks what an M+U
 * hart can honestly be offered:
 *   - Base, DBCN, SRST, PMU present; TIME absent (no S-mode to take STIP);
 *   - rdtime from U-mode works (Ibex has no time CSR: the firmware
 *     emulates it), counted as ILLEGAL_INSN;
 *   - rdcycle, rdinstret from U-mode work, natively where the core's
 *     mcounteren works (current Ibex RTL, QEMU) and emulated where their
 *     reads trap (an Ibex whose mcounteren reads 0, as in the demo
 *     system; the tally-emul image on QEMU): EXPECT_COUNTER_READS says
 *     which this build must see (1 native, 2 emulated, 0 either, but one
 *     of them consistently);
 *   - cycle and instret configured through SBI advance, and stop freezes
 *     them (mcountinhibit);
 *   - every Ibex event counter the firmware found (3..12): each counts
 *     exactly what a workload with a known number of events adds (window.S
 *     measures it), stop freezes, and a start value near the top wraps at
 *     the counter's width.
 * QEMU has no Ibex event counters, so that last group only runs on the RTL.
 * One line per check, then "N passed, M failed", then SRST shutdown.
 */
#include <tally/sbi.h>
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

#define PMU(fid, a, b, c, d, e) sbi_ecall(SBI_EXT_PMU, fid, a, b, c, d, e, 0)

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
	*idx = r.uvalue;
	return r.error;
}

static void release(unsigned long idx)
{
	PMU(PMU_FID_COUNTER_STOP, idx, 1, PMU_STOP_RESET, 0, 0);
}

static void test_base(void)
{
	check(SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_PMU).uvalue == 1, "PMU offered");
	check(SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_SRST).uvalue == 1, "SRST offered");
	check(SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_DBCN).uvalue == 1, "DBCN offered");
	check(SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_TIME).uvalue == 0,
	      "TIME not offered (M+U hart: no S-mode to take a timer interrupt)");
	check(sbi_ecall(SBI_EXT_TIME, 0, 1000, 0, 0, 0, 0, 0).error == SBI_ERR_NOT_SUPPORTED,
	      "TIME set_timer says NOT_SUPPORTED");
}

#ifndef EXPECT_COUNTER_READS
#define EXPECT_COUNTER_READS 0
#endif

static long fw_illegal(unsigned long idx)
{
	struct sbiret r = PMU(PMU_FID_FW_READ, idx, 0, 0, 0, 0);

	return r.error ? -1 : (long)r.uvalue;
}

static void test_emulated_reads(void)
{
	unsigned long idx, t0, t1, c0, c1, i0, i1;
	long n0, n1, n2;
	long err = cfg(num_hw, (1UL << (num_counters - num_hw)) - 1,
		       PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 0, &idx);
	char what[96];

	check(err == 0 && idx >= num_hw, "firmware counter for ILLEGAL_INSN");
	t0 = rd_time();
	for (volatile int i = 0; i < 2000; i++)
		;
	t1 = rd_time();
	check(t1 > t0, "rdtime from U-mode advances (emulated from mtime)");
	n0 = fw_illegal(idx);
	check(n0 == 2, "the two rdtime traps counted as ILLEGAL_INSN");
	printf("  rdtime %lu -> %lu, ILLEGAL_INSN %ld\n", t0, t1, n0);

	/* rdcycle and rdinstret: native reads do not trap, emulated ones
	 * trap once each. Either way the values are the counters'. */
	c0 = rd_cycle();
	i0 = rd_instret();
	for (volatile int i = 0; i < 2000; i++)
		;
	c1 = rd_cycle();
	i1 = rd_instret();
	n1 = fw_illegal(idx) - n0;
	snprintf(what, sizeof(what), "rdcycle advances (%lu -> %lu) and rdinstret too (%lu -> %lu)",
		 c0, c1, i0, i1);
	check(c1 > c0 && i1 - i0 >= 2000, what);
	/* The high halves (rdcycleh, rdinstreth) go the same way as the low. */
	(void)read_counter(0);
	(void)read_counter(2);
	n2 = fw_illegal(idx) - n0 - n1;
	snprintf(what, sizeof(what), "counter reads all %s: 4 reads -> %ld traps, 4 more -> %ld",
		 n1 ? "emulated" : "native", n1, n2);
	check((n1 == 0 && n2 == 0) || (n1 == 4 && n2 == 4), what);
	if (EXPECT_COUNTER_READS == 1)
		check(n1 == 0, "counter reads are native (mcounteren works: no trap)");
	if (EXPECT_COUNTER_READS == 2)
		check(n1 == 4, "counter reads are emulated (mcounteren bits clear: each traps once)");
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

/*
 * Exact counts. Each workload (window.S) is a loop with a known number of
 * each Ibex event per iteration, run n = N1 and n = N2 times by
 * ibex_window(), which reads counters 3..12 just before and just after it.
 * Only the difference of the two runs is checked: window.S executes the
 * same instructions around the loop in both (the reads themselves, native
 * or trapping into the firmware, the dispatch, the last not-taken branch),
 * so that cancels exactly and leaves (N2 - N1) times the per-iteration
 * count.
 */
enum { W_LOAD, W_STORE, W_JUMP, W_BRANCH_NT, W_MUL, W_DIV, W_COMP, NUM_W };
static const char *const w_name[NUM_W] = {
	"lw loop", "sw loop", "jal loop", "not-taken beq loop", "mul loop", "div loop", "c.addi/c.bnez loop",
};
void ibex_window(unsigned w, unsigned long n, uint32_t before[20], uint32_t after[20]);

/*
 * Events per iteration, by counter (3..12) and workload, as the Ibex RTL
 * counts them: measured on the simple_system and the demo system models
 * (../shared/rtl) and explained by the simple_system's instruction trace
 * (trace_core_00000000.log, the cycle each instruction retires in). In
 * every iteration the taken bnez retires 2 cycles after the addi, and the
 * loop's first instruction 1 cycle later than its own length: lw, sw,
 * jal 3, beq (not taken) 2, mul 4, div 38, c.addi 2; the addi after the
 * jal retires 1 cycle after it. So:
 *   3 NumCyclesLSU: a lw or sw holds ID 2 cycles, 1 of them waiting for
 *     the data response; nothing else in the loops touches memory.
 *   4 NumCyclesIF: the 1 cycle ID waits for the target of the taken bnez
 *     (a branch sets the PC in its second cycle). A jal sets it in its
 *     first, so the target arrives while ID is still busy: no wait.
 *   5..10: the instruction stream: lw, sw, jal, conditional branches
 *     (taken or not), taken ones, retired compressed instructions.
 *  11 NumCyclesMulWait (the RTL's event 11: multiply wait, not the
 *     manual's WFI): a mul holds ID 3 cycles, counted 2 (the last,
 *     multicycle_done, is not a stall).
 *  12 NumCyclesDivWait: a div holds ID 37 cycles, counted 36 (same rule).
 */
static const uint8_t per_iter[13][NUM_W] = {
	/*          lw  sw  jal beq mul div c.*  */
	[3]  = {  1,  1,  0,  0,  0,  0,  0 },
	[4]  = {  1,  1,  1,  1,  1,  1,  1 },
	[5]  = {  1,  0,  0,  0,  0,  0,  0 },
	[6]  = {  0,  1,  0,  0,  0,  0,  0 },
	[7]  = {  0,  0,  1,  0,  0,  0,  0 },
	[8]  = {  1,  1,  1,  2,  1,  1,  1 },
	[9]  = {  1,  1,  1,  1,  1,  1,  1 },
	[10] = {  0,  0,  0,  0,  0,  0,  2 },
	[11] = {  0,  0,  0,  0,  2,  0,  0 },
	[12] = {  0,  0,  0,  0,  0, 36,  0 },
};
static const char *const ev_name[13] = {
	[3] = "NumCyclesLSU", [4] = "NumCyclesIF", [5] = "NumLoads", [6] = "NumStores",
	[7] = "NumJumps", [8] = "NumBranches", [9] = "NumBranchesTaken",
	[10] = "NumInstrRetC", [11] = "NumCyclesMulWait", [12] = "NumCyclesDivWait",
};
#define N1 50
#define N2 150

/* What counters 3..12 counted over n iterations of workload w. */
static void count_over(unsigned w, unsigned long n, uint64_t d[13])
{
	uint32_t a[20], b[20];

	ibex_window(w, n, a, b);
	for (unsigned ctr = 3; ctr <= 12; ctr++) {
		unsigned k = (ctr - 3) * 2;

		d[ctr] = ((((uint64_t)b[k + 1]) << 32) | b[k]) - ((((uint64_t)a[k + 1]) << 32) | a[k]);
	}
}

/* Configure logical counter i (counting CSR counter ctr) by its raw selector, started at 0. */
static long cfg_raw(unsigned i, unsigned ctr, unsigned long *idx)
{
	long err = cfg(i, 1, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 1UL << ctr, idx);   /* manual */

	if (err)
		err = cfg(i, 1, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 1UL << (ctr - 3), idx);   /* RTL */
	return err;
}

static void test_exact_counts(void)
{
	static uint64_t got[NUM_W][13];
	unsigned long idx;
	unsigned char on[13] = { 0 };
	char what[128];

	/* window.S reads all ten: on a core with fewer, a read of a missing
	 * one would trap with nobody to answer it. */
	for (unsigned ctr = 3; ctr <= 12; ctr++)
		if (idx_of_csr(0xc00 + ctr) == ~0u) {
			printf("  counter %u (%s) not found by the firmware\n", ctr, ev_name[ctr]);
			check(0, "exact counts: the firmware found all of counters 3..12");
			return;
		}
	/* Every counter configured and started first, then every window. */
	for (unsigned ctr = 3; ctr <= 12; ctr++) {
		unsigned i = idx_of_csr(0xc00 + ctr);

		snprintf(what, sizeof(what), "%s: raw event (its mhpmevent value) on counter %u",
			 ev_name[ctr], i);
		on[ctr] = cfg_raw(i, ctr, &idx) == 0 && idx == i;
		check(on[ctr], what);
	}
	for (unsigned w = 0; w < NUM_W; w++) {
		uint64_t d1[13], d2[13];

		count_over(w, N1, d1);
		count_over(w, N2, d2);
		for (unsigned ctr = 3; ctr <= 12; ctr++)
			got[w][ctr] = d2[ctr] - d1[ctr];
	}
	for (unsigned ctr = 3; ctr <= 12; ctr++) {
		if (!on[ctr])
			continue;
		for (unsigned w = 0; w < NUM_W; w++) {
			long long want = (long long)per_iter[ctr][w] * (N2 - N1);

			snprintf(what, sizeof(what), "exact: %s over %d more %s iterations: %lld (want %lld)",
				 ev_name[ctr], N2 - N1, w_name[w], (long long)got[w][ctr], want);
			check((long long)got[w][ctr] == want, what);
		}
		release(idx_of_csr(0xc00 + ctr));
	}
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

	test_exact_counts();

	/* Loads and stores: stop freezes them, and they wrap at their width. */
	for (int k = 0; k < 2; k++) {
		unsigned i = k ? st : ld, n = k ? 6 : 5;
		const char *name = k ? "NumStores" : "NumLoads";

		if (i == ~0u || cfg_raw(i, n, &idx) || idx != i)
			continue;
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

int main(unsigned long hartid, unsigned long fdt)
{
	(void)fdt;
	printf("ibex test payload (U-mode), hart %lu, marchid %lu\n", hartid,
	       SBI0(SBI_EXT_BASE, BASE_FID_GET_MARCHID).uvalue);
	test_base();
	num_counters = (unsigned)SBI0(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS).uvalue;
	for (unsigned i = 0; i < num_counters && i < 64; i++) {
		struct sbiret r = SBI1(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, i);
		info[i] = r.uvalue;
		if (i != 1 && !r.error && !(r.uvalue >> 31))
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
