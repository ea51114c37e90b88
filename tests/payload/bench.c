/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The call-cost benchmark: M-mode instructions per SBI call.
 *
 * Run under `qemu -icount shift=0,sleep=off` (scripts/bench.py does it for
 * every configuration and prints the table). minstret counts every mode,
 * M-mode included, so for each call we read it around N calls, subtract the
 * same loop with a nop where the ecall was, and divide by N: what is left
 * is ecall -> firmware -> mret.
 *
 * A benchmark that cannot tell an error from an answer measures the cost of
 * the error. So every call in every timed loop checks sbiret.error against
 * the answer expected (and sbiret.uvalue where the answer determines it: the
 * counter index handed out, the version, a counter's value). The nop loop
 * runs the very same checks, against its own inputs, so the checking costs
 * the same in both loops and cancels out. The first unexpected answer ends
 * the run: it is printed, then SRST shutdown with SYSTEM_FAILURE, and the
 * driver prints no table.
 *
 * The payload knows nothing of the firmware's counter layout: it asks
 * (num_counters, counter_get_info) and builds the counter mask the way
 * Linux's riscv_pmu_sbi driver does, so the same image measures Tally and
 * OpenSBI side by side. Where a firmware may, by the spec, not offer a call
 * (fw_read_hi before SBI 2.0, event_get_info before 3.0, an event its
 * platform cannot count), the row is reported as not available, never as a
 * number. Tally itself must offer every row.
 *
 * Output, one machine-readable line each (scripts/bench.py reads them):
 *   bench: info <key> <value>
 *   bench: row <key> <instructions per call>
 *   bench: row <key> - <why not available>
 * and at the end "<answers> passed, 0 failed" (tests/qemu/run-payload.sh
 * reads that line for the bench-answers test).
 *
 * Built with BENCH_CYCLES (bench_cycles.elf, for the RTL models; run by
 * tests/rtl/bench-rtl.py) the ruler is rdcycle instead: core cycles per
 * call, around BENCH_N calls, and each row also reports its first call
 *   bench: first <key> <cycles of the first call>
 * (the first iteration of the ecall loop minus the first of the nop loop:
 * caches and predictors cold for that call's code). mcycle is then the
 * ruler, so the hardware-counter rows take INSTRUCTIONS (minstret) where
 * the QEMU build takes CPU_CYCLES and a DTLB event: stopping mcycle would
 * stop the clock. The run ends with SRST; where the firmware has no reset
 * (OpenSBI 1.1 on the CVA6 testharness), the payload writes its own
 * bench_exit word, which the simulator is told to watch.
 */
#include <tally/sbi.h>
#include "bench_access.h"
#include "sbicall.h"

#ifdef BENCH_CYCLES
#define N 32
#define RULER() rd_cycle()
#define RULER_NAME "core cycles"
#else
#define N 256
#define RULER() rd_instret()
#define RULER_NAME "M-mode instructions"
#endif
#define XLEN ((unsigned)__riscv_xlen)
#define MAX_COUNTERS 64                 /* Linux's RISCV_MAX_COUNTERS */
#define MASK_WORDS (MAX_COUNTERS / __riscv_xlen)
#define UNKNOWN_EID 0x12345678UL        /* no extension has this ID */
#define IMPL_ID_TALLY 0x7A11
/* tests/rtl/bench-floor.S: the least an M-mode handler can do (BENCH_CYCLES) */
#define FLOOR_IMPL_ID 0xF1007
#define FLOOR_EID 0x0A0F1000UL  /* its own extension: the bus reads it timed in M-mode */

/* Event indices (SBI spec chapter 11.1, tables 2, 3 and 6) */
#define EV_CPU_CYCLES   PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES)
#define EV_INSTRUCTIONS PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS)
#define EV_DTLB_RD_MISS PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS)
#define EV_FW_SET_TIMER PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_SET_TIMER)
#define EV_FW_ILLEGAL   PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN)

static unsigned long answers;   /* answers checked, for the summary line */

/* ---- the end of a run that got an unexpected answer ------------------- */

/*
 * The end of a run: SRST, and if the firmware cannot reset (it returns),
 * (code << 1) | 1 into bench_exit, the word an RTL run is told to watch.
 */
volatile uint64_t bench_exit __attribute__((aligned(8)));

static __attribute__((noreturn)) void bench_end(int failure)
{
	sbi_ecall(SBI_EXT_SRST, 0, 0, failure ? 1 : 0, 0, 0, 0, 0);
	bench_exit = (uint64_t)(failure ? 1 : 0) << 1 | 1;
	for (;;)
		;
}

static __attribute__((noreturn)) void fail_now(void)
{
	printf("0 passed, 1 failed\n");
	bench_end(1);
}

/* Out of line and cold: the timed loops only pay for the branch to it. */
static __attribute__((noinline, cold, noreturn)) void unexpected(const char *what,
	long err, unsigned long val, long want_err, unsigned long want_val)
{
	printf("bench: FAIL %s: got error %ld value 0x%lx, expected error %ld value 0x%lx\n",
	       what, err, val, want_err, want_val);
	fail_now();
}

static __attribute__((noreturn)) void fail_msg(const char *what, unsigned long val)
{
	printf("bench: FAIL %s (0x%lx)\n", what, val);
	fail_now();
}

/* A call outside the timed loops (setup): check error (and value if asked). */
static struct sbiret expect(const char *what, struct sbiret r, long want_err,
			    int check_val, unsigned long want_val)
{
	if (r.error != want_err || (check_val && r.uvalue != want_val))
		unexpected(what, r.error, r.uvalue, want_err, want_val);
	answers++;
	return r;
}

/* ---- the timed step ---------------------------------------------------- */

/*
 * One call made as Linux's sbi_ecall makes it: all six argument registers
 * set, a6 = FID, a7 = EID. With real == 0 the ecall becomes a nop and a0/a1
 * keep what went in, so that loop checks a0 == x0 and a1 == x1 with the same
 * instructions the real loop uses to check the answer.
 */
static inline __attribute__((always_inline)) void step(const int real, const char *what,
	unsigned long eid, unsigned long fid, unsigned long x0, unsigned long x1,
	unsigned long x2, unsigned long x3, unsigned long x4, unsigned long x5,
	long want_err, const int check_val, unsigned long want_val)
{
	register unsigned long a0 __asm__("a0") = x0;
	register unsigned long a1 __asm__("a1") = x1;
	register unsigned long a2 __asm__("a2") = x2;
	register unsigned long a3 __asm__("a3") = x3;
	register unsigned long a4 __asm__("a4") = x4;
	register unsigned long a5 __asm__("a5") = x5;
	register unsigned long a6 __asm__("a6") = fid;
	register unsigned long a7 __asm__("a7") = eid;

	if (real)
		__asm__ volatile("ecall" : "+r"(a0), "+r"(a1)
				 : "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a6), "r"(a7) : "memory");
	else
		__asm__ volatile("nop" : "+r"(a0), "+r"(a1)
				 : "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a6), "r"(a7) : "memory");
	if ((long)a0 != (real ? want_err : (long)x0) ||
	    (check_val && a1 != (real ? want_val : x1)))
		unexpected(what, (long)a0, a1, want_err, want_val);
	/*
	 * Past the check the compiler knows a0 (and a1) equal what was
	 * compared: in the nop loop, the next call's arguments, so it would
	 * skip setting them there and the difference would count them.
	 */
	__asm__ volatile("" : "+r"(a0), "+r"(a1));
}

static void row(const char *key, unsigned long per_call)
{
	printf("bench: row %s %lu\n", key, per_call);
}

static void first(const char *key, unsigned long cost)
{
#ifdef BENCH_CYCLES
	printf("bench: first %s %lu\n", key, cost);
#else
	(void)key; (void)cost;   /* instruction counts: the first call is no different */
#endif
}

static void row_na(const char *key, const char *why)
{
	printf("bench: row %s - %s\n", key, why);
}

/*
 * TIMED(key, calls, BODY): BODY (which uses REAL) N times with ecalls, N
 * times with nops; the difference per iteration, rounded, is the row.
 */
#define TIMED(key, calls, BODY) do { \
	unsigned long t0_, t1_, t2_, f0_, f1_; \
	t0_ = RULER(); \
	{ const int REAL = 1; BODY; } \
	f0_ = RULER(); \
	for (unsigned i_ = 1; i_ < N; i_++) { const int REAL = 1; BODY; } \
	t1_ = RULER(); \
	{ const int REAL = 0; BODY; } \
	f1_ = RULER(); \
	for (unsigned i_ = 1; i_ < N; i_++) { const int REAL = 0; BODY; } \
	t2_ = RULER(); \
	answers += (unsigned long)N * (calls); \
	row(key, ((t1_ - t0_) - (t2_ - t1_) + N / 2) / N); \
	first(key, (f0_ - t0_) - (f1_ - t1_)); \
} while (0)

/* ---- what the firmware told us ----------------------------------------- */

static unsigned long spec_version, impl_id, num_counters;
/*
 * The firmware event the firmware rows use: SET_TIMER, or on a platform
 * without the TIME extension (Ibex: M and U only, no S-mode timer to set)
 * ILLEGAL_INSN. This payload causes neither, so either counter reads 0.
 */
static unsigned long ev_fw = EV_FW_SET_TIMER;
static const char *ev_fw_name = "SET_TIMER";
static unsigned long ctr_info[MAX_COUNTERS];
/*
 * The counter mask as Linux builds it (pmu_sbi_get_ctrinfo): bit i for each
 * counter i whose counter_get_info succeeds, kept as an array of XLEN-bit
 * words. Linux's config_matching (pmu_sbi_ctr_get_idx) tries the words in
 * order, word w as counter_idx_base = w * XLEN, until one succeeds. On rv32
 * with 35 counters the last three are only reachable through word 1.
 */
static unsigned long cmask[MASK_WORDS];
static bool strict;   /* Tally: every row must be available */

static bool in_mask(unsigned long idx)
{
	return idx < MAX_COUNTERS && (cmask[idx / XLEN] >> (idx % XLEN)) & 1;
}

static bool is_fw_counter(unsigned long idx)
{
	return (ctr_info[idx] >> (XLEN - 1)) & 1;
}

static struct sbiret pmu(unsigned long fid, unsigned long a0, unsigned long a1,
			 unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5)
{
	return sbi_ecall(SBI_EXT_PMU, fid, a0, a1, a2, a3, a4, a5);
}

/*
 * config_matching as Linux calls it: word by word until one succeeds. The
 * only failure the spec allows for a valid request is NOT_SUPPORTED (no
 * free counter of the set can count the event); anything else ends the run.
 */
static struct sbiret linux_cfg_match(const char *what, unsigned long flags, unsigned long event)
{
	struct sbiret r = { .error = SBI_ERR_NOT_SUPPORTED };

	for (unsigned w = 0; w < MASK_WORDS; w++) {
		if (!cmask[w])
			continue;
		r = pmu(PMU_FID_CONFIG_MATCHING, w * XLEN, cmask[w], flags, event, 0, 0);
		answers++;
		if (!r.error)
			break;
		if (r.error != SBI_ERR_NOT_SUPPORTED)
			unexpected(what, r.error, r.uvalue, SBI_ERR_NOT_SUPPORTED, 0);
	}
	if (!r.error && !in_mask(r.uvalue))
		fail_msg("config_matching handed out a counter outside the mask", r.uvalue);
	return r;
}

static bool is_held(const unsigned long *held, unsigned n, unsigned long idx)
{
	for (unsigned i = 0; i < n; i++)
		if (held[i] == idx)
			return true;
	return false;
}

/* stop with RESET on a started counter: SUCCESS, and the counter is free again. */
static void release(const char *what, unsigned long idx)
{
	expect(what, pmu(PMU_FID_COUNTER_STOP, idx, 1, PMU_STOP_RESET, 0, 0, 0), SBI_SUCCESS, 0, 0);
}

static void discover(void)
{
	struct sbiret r;
	unsigned nhw = 0, nfw = 0;

	spec_version = expect("get_spec_version", SBI0(SBI_EXT_BASE, BASE_FID_GET_SPEC_VERSION),
			      SBI_SUCCESS, 0, 0).uvalue;
	impl_id = expect("get_impl_id", SBI0(SBI_EXT_BASE, BASE_FID_GET_IMPL_ID),
			 SBI_SUCCESS, 0, 0).uvalue;
	strict = impl_id == IMPL_ID_TALLY;
#ifdef BENCH_CYCLES
	if (impl_id == FLOOR_IMPL_ID)
		return;   /* the floor: no PMU, only the trap rows (main) */
#endif
	/* PMU is SBI 0.3; probe_extension answers 1 where it is offered. */
	expect("probe_extension(PMU)", SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_PMU),
	       SBI_SUCCESS, 1, 1);
	if (!expect("probe_extension(TIME)", SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_TIME),
		    SBI_SUCCESS, 0, 0).uvalue) {
		ev_fw = EV_FW_ILLEGAL;
		ev_fw_name = "ILLEGAL_INSN";
	}
	num_counters = expect("num_counters", pmu(PMU_FID_NUM_COUNTERS, 0, 0, 0, 0, 0, 0),
			      SBI_SUCCESS, 0, 0).uvalue;
	if (num_counters > MAX_COUNTERS) {
		/* Linux would use the first 64 only; so do we, and say so. */
		printf("bench: info counters_capped %lu\n", num_counters);
		num_counters = MAX_COUNTERS;
	}
	for (unsigned long i = 0; i < num_counters; i++) {
		r = pmu(PMU_FID_COUNTER_GET_INFO, i, 0, 0, 0, 0, 0);
		answers++;
		if (r.error == SBI_ERR_INVALID_PARAM)
			continue;   /* not a counter (Linux skips it the same way) */
		if (r.error != SBI_SUCCESS)
			unexpected("counter_get_info", r.error, r.uvalue, SBI_SUCCESS, 0);
		ctr_info[i] = r.uvalue;
		cmask[i / XLEN] |= 1UL << (i % XLEN);
		if (is_fw_counter(i))
			nfw++;
		else
			nhw++;
	}
	printf("bench: info xlen %u\n", XLEN);
	printf("bench: info impl_id 0x%lx\n", impl_id);
	printf("bench: info spec_version %lu.%lu\n", spec_version >> 24 & 0x7f, spec_version & 0xffffff);
	printf("bench: info num_counters %lu\n", num_counters);
	printf("bench: info hw_counters %u\n", nhw);
	printf("bench: info fw_counters %u\n", nfw);
	for (unsigned w = 0; w < MASK_WORDS; w++)
		printf("bench: info cmask%u 0x%lx\n", w, cmask[w]);
	if (!nhw || !nfw)
		fail_msg("need hardware and firmware counters", nhw);
}

/* ---- the rows ---------------------------------------------------------- */

static void simple_rows(void)
{
	unsigned long eid = UNKNOWN_EID, zero = 0, ver = spec_version, n = num_counters;
	unsigned long base = SBI_EXT_BASE, ext = SBI_EXT_PMU;
	unsigned long fid_ver = BASE_FID_GET_SPEC_VERSION, fid_num = PMU_FID_NUM_COUNTERS;
	unsigned long fid_info = PMU_FID_COUNTER_GET_INFO, idx = 0, info;
	long notsup = SBI_ERR_NOT_SUPPORTED, ok = SBI_SUCCESS;

	while (!in_mask(idx))
		idx++;
	info = ctr_info[idx];
	OPAQUE(eid); OPAQUE(zero); OPAQUE(ver); OPAQUE(n); OPAQUE(base); OPAQUE(ext);
	OPAQUE(fid_ver); OPAQUE(fid_num); OPAQUE(fid_info); OPAQUE(idx); OPAQUE(info);
	OPAQUE(notsup); OPAQUE(ok);

	/* An unknown extension: NOT_SUPPORTED (value unspecified). */
	TIMED("unknown_eid", 1,
	      step(REAL, "unknown EID", eid, zero, zero, zero, zero, zero, zero, zero, notsup, 0, 0));
	TIMED("spec_version", 1,
	      step(REAL, "get_spec_version", base, fid_ver, zero, zero, zero, zero, zero, zero, ok, 1, ver));
	TIMED("num_counters", 1,
	      step(REAL, "num_counters", ext, fid_num, zero, zero, zero, zero, zero, zero, ok, 1, n));
	TIMED("get_info", 1,
	      step(REAL, "counter_get_info", ext, fid_info, idx, zero, zero, zero, zero, zero, ok, 1, info));
}

#ifdef BENCH_CYCLES
/* On the floor: the two calls it answers (no PMU there). */
static void floor_simple_rows(void)
{
	unsigned long eid = UNKNOWN_EID, zero = 0, ver = spec_version;
	unsigned long base = SBI_EXT_BASE, fid_ver = BASE_FID_GET_SPEC_VERSION;
	long notsup = SBI_ERR_NOT_SUPPORTED, ok = SBI_SUCCESS;

	OPAQUE(eid); OPAQUE(zero); OPAQUE(ver); OPAQUE(base); OPAQUE(fid_ver);
	OPAQUE(notsup); OPAQUE(ok);
	TIMED("unknown_eid", 1,
	      step(REAL, "unknown EID", eid, zero, zero, zero, zero, zero, zero, zero, notsup, 0, 0));
	TIMED("spec_version", 1,
	      step(REAL, "get_spec_version", base, fid_ver, zero, zero, zero, zero, zero, zero, ok, 1, ver));
}
#endif

/*
 * config_matching(event, CLEAR_VALUE | AUTO_START) + stop(RESET): taking
 * a counter and giving it back, as perf does for every event it adds and
 * deletes (Linux passes only the mode-inhibit flags and starts the counter
 * with its own call; these flags make it one call). First with nothing held,
 * then with every other counter that can count the event held, so the
 * firmware has to pass them all before it finds the free one. The held
 * counters are found by asking (config_matching until NOT_SUPPORTED).
 */
static void config_rows(const char *key, const char *key_held, unsigned long event, bool want_fw)
{
	static unsigned long held[MAX_COUNTERS];
	unsigned nheld = 0;
	unsigned long ext = SBI_EXT_PMU, zero = 0, fid_cfg = PMU_FID_CONFIG_MATCHING;
	unsigned long fid_stop = PMU_FID_COUNTER_STOP, reset = PMU_STOP_RESET, one = 1;
	unsigned long flags = PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev = event;
	unsigned long word = cmask[0], idx;
	long ok = SBI_SUCCESS;
	struct sbiret r;

	/* Nothing held: the counter the firmware hands out for word 0 of the mask. */
	r = pmu(PMU_FID_CONFIG_MATCHING, 0, cmask[0], flags, event, 0, 0);
	answers++;
	if (r.error == SBI_ERR_NOT_SUPPORTED && !strict) {
		row_na(key, "event not supported");
		row_na(key_held, "event not supported");
		return;
	}
	if (r.error != SBI_SUCCESS)
		unexpected(key, r.error, r.uvalue, SBI_SUCCESS, 0);
	if (!in_mask(r.uvalue) || is_fw_counter(r.uvalue) != want_fw)
		fail_msg("config_matching: a counter of the wrong kind", r.uvalue);
	idx = r.uvalue;
	release(key, idx);
	printf("bench: info %s on %lu\n", key, idx);

	/*
	 * Same state every iteration, so the same counter every iteration: a
	 * firmware may pick any, but one that answers the same request
	 * differently from one call to the next has lost track of something.
	 */
	OPAQUE(ext); OPAQUE(zero); OPAQUE(fid_cfg); OPAQUE(fid_stop); OPAQUE(reset);
	OPAQUE(one); OPAQUE(flags); OPAQUE(ev); OPAQUE(word); OPAQUE(idx); OPAQUE(ok);
	TIMED(key, 2, {
		step(REAL, key, ext, fid_cfg, zero, word, flags, ev, zero, zero, ok, 1, idx);
		step(REAL, key, ext, fid_stop, idx, one, reset, zero, zero, zero, ok, 0, 0);
	});

	/* Hold every counter that can count the event. */
	for (;;) {
		r = linux_cfg_match(key_held, flags, event);
		if (r.error)
			break;
		if (is_fw_counter(r.uvalue) != want_fw)
			fail_msg("config_matching: a counter of the wrong kind", r.uvalue);
		if (is_held(held, nheld, r.uvalue)) {
			/*
			 * A started counter handed out again: 11.7 says config_matching
			 * picks a counter "not started". OpenSBI 1.1 does this with
			 * counter 0 (Linux then refuses it: -ENOENT). Nothing can be
			 * held, so there is no such row; Tally must never do it.
			 */
			if (strict)
				fail_msg("config_matching handed out a started counter again", r.uvalue);
			printf("bench: info %s counter %lu handed out again while started\n",
			       key_held, r.uvalue);
			row_na(key_held, "started counter handed out again");
			for (unsigned i = 0; i < nheld; i++)
				release(key_held, held[i]);
			return;
		}
		if (nheld == MAX_COUNTERS)
			fail_msg("config_matching hands out more counters than there are", r.uvalue);
		held[nheld++] = r.uvalue;
	}
	/*
	 * Free one: the highest-numbered one Linux finds through word 0 (the
	 * word it tries first), so one config_matching finds it, after passing
	 * every held counter below it.
	 */
	unsigned freed = nheld;
	for (unsigned i = 0; i < nheld; i++)
		if (held[i] < XLEN && (freed == nheld || held[i] > held[freed]))
			freed = i;
	if (freed == nheld)
		fail_msg("no counter for the event in mask word 0", nheld);
	idx = held[freed];
	release(key_held, idx);
	printf("bench: info %s %u of %u held:", key_held, nheld - 1, nheld);
	for (unsigned i = 0; i < nheld; i++)
		if (i != freed)
			printf(" %lu", held[i]);
	printf("; timed on %lu\n", idx);

	OPAQUE(idx);
	TIMED(key_held, 2, {
		step(REAL, key_held, ext, fid_cfg, zero, word, flags, ev, zero, zero, ok, 1, idx);
		step(REAL, key_held, ext, fid_stop, idx, one, reset, zero, zero, zero, ok, 0, 0);
	});

	for (unsigned i = 0; i < nheld; i++)
		if (i != freed)
			release(key_held, held[i]);
}

/*
 * start + stop on one configured counter, as perf starts and stops an
 * event: start with SET_INIT_VALUE (Linux always passes the value), stop
 * without RESET.
 */
static void start_stop(const char *key, unsigned long idx)
{
	unsigned long ext = SBI_EXT_PMU, zero = 0, one = 1, ctr = idx;
	unsigned long fid_start = PMU_FID_COUNTER_START, fid_stop = PMU_FID_COUNTER_STOP;
	unsigned long init = PMU_START_SET_INIT_VALUE;
	long ok = SBI_SUCCESS;

	OPAQUE(ext); OPAQUE(zero); OPAQUE(one); OPAQUE(ctr); OPAQUE(fid_start);
	OPAQUE(fid_stop); OPAQUE(init); OPAQUE(ok);
	TIMED(key, 2, {
		step(REAL, key, ext, fid_start, ctr, one, init, zero, zero, zero, ok, 0, 0);
		step(REAL, key, ext, fid_stop, ctr, one, zero, zero, zero, zero, ok, 0, 0);
	});
}

static void hw_start_stop(void)
{
	/*
	 * An hpm counter with a cache event (QEMU counts DTLB read misses):
	 * stopping instret would stop the ruler, and QEMU's -icount makes
	 * mcycle tick with it too.
	 */
#ifdef BENCH_CYCLES
	/* mcycle is the ruler here: start and stop instret instead. */
	struct sbiret r = linux_cfg_match("config_matching(INSTRUCTIONS)", 0, EV_INSTRUCTIONS);

	expect("config_matching(INSTRUCTIONS)", r, SBI_SUCCESS, 0, 0);
	if (is_fw_counter(r.uvalue) || r.uvalue == 0)
		fail_msg("INSTRUCTIONS on a firmware counter or mcycle", r.uvalue);
#else
	struct sbiret r = linux_cfg_match("config_matching(DTLB read miss)", 0, EV_DTLB_RD_MISS);

	if (r.error && !strict) {
		row_na("startstop_hw", "no counter for a DTLB event");
		return;
	}
	expect("config_matching(DTLB read miss)", r, SBI_SUCCESS, 0, 0);
	if (is_fw_counter(r.uvalue) || r.uvalue == 0 || r.uvalue == 2)
		fail_msg("DTLB event on a counter that is not an hpm counter", r.uvalue);
#endif
	start_stop("startstop_hw", r.uvalue);
	expect("start", pmu(PMU_FID_COUNTER_START, r.uvalue, 1, 0, 0, 0, 0), SBI_SUCCESS, 0, 0);
	release("stop(RESET)", r.uvalue);
}

static void fw_rows(void)
{
	struct sbiret r = linux_cfg_match("config_matching(firmware event)", 0, ev_fw);
	unsigned long ext = SBI_EXT_PMU, zero = 0, ctr, v;
	unsigned long fid_read = PMU_FID_FW_READ, fid_hi = PMU_FID_FW_READ_HI;
	long ok = SBI_SUCCESS;

	expect("config_matching(firmware event)", r, SBI_SUCCESS, 0, 0);
	if (!is_fw_counter(r.uvalue))
		fail_msg("a firmware event on a hardware counter", r.uvalue);
	ctr = r.uvalue;
	start_stop("startstop_fw", ctr);

	/*
	 * Started from 0 each time and this payload never causes the event: the
	 * counter reads 0, and keeps reading 0.
	 */
	v = 0;
	expect("fw_read", pmu(PMU_FID_FW_READ, ctr, 0, 0, 0, 0, 0), SBI_SUCCESS, 1, v);
	OPAQUE(ext); OPAQUE(zero); OPAQUE(ctr); OPAQUE(fid_read); OPAQUE(fid_hi);
	OPAQUE(ok); OPAQUE(v);
	TIMED("fw_read", 1,
	      step(REAL, "fw_read", ext, fid_read, ctr, zero, zero, zero, zero, zero, ok, 1, v));

	/* fw_read_hi is SBI 2.0 (always 0 on rv64); before, NOT_SUPPORTED. */
	r = pmu(PMU_FID_FW_READ_HI, ctr, 0, 0, 0, 0, 0);
	if (spec_version < (2UL << 24)) {
		expect("fw_read_hi before SBI 2.0", r, SBI_ERR_NOT_SUPPORTED, 0, 0);
		row_na("fw_read_hi", "SBI < 2.0");
	} else {
		expect("fw_read_hi", r, SBI_SUCCESS, 1, 0);
		TIMED("fw_read_hi", 1,
		      step(REAL, "fw_read_hi", ext, fid_hi, ctr, zero, zero, zero, zero, zero, ok, 1, v));
	}
	expect("start", pmu(PMU_FID_COUNTER_START, ctr, 1, 0, 0, 0, 0), SBI_SUCCESS, 0, 0);
	release("stop(RESET)", ctr);
}

/*
 * What perf costs per context switch: Linux's riscv_pmu_sbi
 * (drivers/perf/riscv_pmu_sbi.c) makes four calls for every counted event
 * each time the task that counts it is switched in and out. In (add):
 * config_matching with the counter mask it built at boot (word by word, as
 * linux_cfg_match), only the mode-inhibit flags (none here: perf stat as
 * root counts every mode), event_data 0; then start with SET_INIT_VALUE.
 * Out (del): stop, then stop with RESET (riscv_pmu_del), which finds the
 * counter already stopped: ALREADY_STOPPED, and the counter is free again.
 * Linux 6.12 adds TAKE_SNAPSHOT to both stops once snapshot memory is set
 * (SBI 2.0): the first then writes the value to the shared memory, the
 * second still answers ALREADY_STOPPED.
 *
 * Each call is counted alone (rdinstret right before and after its ecall,
 * minus the same pair around a nop: the method of tests/payload/trace.c),
 * and the four together as every other row is (TIMED); the two must agree.
 * The event is CPU_CYCLES: mcycle where there is no Sscofpmf, an hpm
 * counter counting cycles where there is. (Linux's other event of a
 * {cycles, instructions} group is minstret, the ruler itself: stopping it
 * would stop the measurement. Its path is the same as mcycle's.)
 */
#define LINUX_IVAL 0x8000000000000001ULL   /* Linux's first value: -(max_period >> 1) */
#define LINUX_SLACK 100000                  /* a stopped count is at most this far past IVAL */

static unsigned long pair_cost;   /* rdinstret, nop, rdinstret */

/* One ecall between two rdinstret; the answer checked after the second. */
static inline __attribute__((always_inline)) unsigned long counted(const char *what,
	unsigned long fid, unsigned long x0, unsigned long x1, unsigned long x2,
	unsigned long x3, unsigned long x4, long want_err, const int check_val,
	unsigned long want_val)
{
	register unsigned long a0 __asm__("a0") = x0;
	register unsigned long a1 __asm__("a1") = x1;
	register unsigned long a2 __asm__("a2") = x2;
	register unsigned long a3 __asm__("a3") = x3;
	register unsigned long a4 __asm__("a4") = x4;
	register unsigned long a5 __asm__("a5") = 0;
	register unsigned long a6 __asm__("a6") = fid;
	register unsigned long a7 __asm__("a7") = SBI_EXT_PMU;
	unsigned long s, e;

	__asm__ volatile("rdinstret %[s]\n\tecall\n\trdinstret %[e]"
			 : [s] "=&r"(s), [e] "=&r"(e), "+r"(a0), "+r"(a1)
			 : "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a6), "r"(a7) : "memory");
	if ((long)a0 != want_err || (check_val && a1 != want_val))
		unexpected(what, (long)a0, a1, want_err, want_val);
	answers++;
	return e - s - pair_cost;
}

/* 4 KiB of snapshot memory (table 16): overflow bitmap, then values. */
static uint64_t snap[512] __attribute__((aligned(4096)));

static void linux_pattern(const char *key, unsigned long stop_flags)
{
	static const char *const part[4] = { "cfg", "start", "stop", "stop_reset" };
	unsigned long ext = SBI_EXT_PMU, zero = 0, one = 1, word = cmask[0], ev = EV_CPU_CYCLES;
	unsigned long fid_cfg = PMU_FID_CONFIG_MATCHING, fid_start = PMU_FID_COUNTER_START;
	unsigned long fid_stop = PMU_FID_COUNTER_STOP, init = PMU_START_SET_INIT_VALUE;
	unsigned long stop = stop_flags, stop_reset = stop_flags | PMU_STOP_RESET, idx;
	unsigned long lo = (unsigned long)LINUX_IVAL, hi = (unsigned long)(LINUX_IVAL >> 32);
	long ok = SBI_SUCCESS, stopped = SBI_ERR_ALREADY_STOPPED;
	unsigned long sum[4] = { 0, 0, 0, 0 }, all = 0;
	char name[40];
	struct sbiret r;

	if (XLEN == 64)
		hi = 0;   /* rv64: the value is one register (a3) */
	r = linux_cfg_match(key, 0, EV_CPU_CYCLES);
	if (r.error)
		unexpected(key, r.error, r.uvalue, SBI_SUCCESS, 0);
	if (is_fw_counter(r.uvalue) || r.uvalue >= XLEN)
		fail_msg("cycles on a counter outside mask word 0", r.uvalue);
	idx = r.uvalue;
	/* Configured, never started: RESET frees it and says it was stopped. */
	expect(key, pmu(PMU_FID_COUNTER_STOP, idx, 1, PMU_STOP_RESET, 0, 0, 0),
	       SBI_ERR_ALREADY_STOPPED, 0, 0);
	printf("bench: info %s on %lu\n", key, idx);

	OPAQUE(ext); OPAQUE(zero); OPAQUE(one); OPAQUE(word); OPAQUE(ev); OPAQUE(fid_cfg);
	OPAQUE(fid_start); OPAQUE(fid_stop); OPAQUE(init); OPAQUE(stop); OPAQUE(stop_reset);
	OPAQUE(idx); OPAQUE(lo); OPAQUE(hi); OPAQUE(ok); OPAQUE(stopped);
	for (unsigned i = 0; i < N; i++) {
		sum[0] += counted(key, fid_cfg, zero, word, zero, ev, zero, ok, 1, idx);
		sum[1] += counted(key, fid_start, idx, one, init, lo, hi, ok, 0, 0);
		sum[2] += counted(key, fid_stop, idx, one, stop, zero, zero, ok, 0, 0);
		if (stop & PMU_STOP_TAKE_SNAPSHOT) {
			/* Table 16, relative to counter_idx_base = idx: the value in slot 0. */
			if (snap[1] - LINUX_IVAL > LINUX_SLACK || snap[0])
				fail_msg("snapshot after stop: value or overflow bitmap", (unsigned long)snap[1]);
			answers++;
		}
		sum[3] += counted(key, fid_stop, idx, one, stop_reset, zero, zero, stopped, 0, 0);
	}
	for (unsigned k = 0; k < 4; k++) {
		snprintf(name, sizeof(name), "%s_%s", key, part[k]);
		row(name, (sum[k] + N / 2) / N);
		all += sum[k];
	}
	/* The same four calls measured as every other row: the two rulers agree. */
	snprintf(name, sizeof(name), "%s_switch", key);
	TIMED(name, 4, {
		step(REAL, key, ext, fid_cfg, zero, word, zero, ev, zero, zero, ok, 1, idx);
		step(REAL, key, ext, fid_start, idx, one, init, lo, hi, zero, ok, 0, 0);
		step(REAL, key, ext, fid_stop, idx, one, stop, zero, zero, zero, ok, 0, 0);
		step(REAL, key, ext, fid_stop, idx, one, stop_reset, zero, zero, zero, stopped, 0, 0);
	});
	printf("bench: info %s counted one by one %lu\n", key, (all + N / 2) / N);
}

static void linux_rows(void)
{
	unsigned long s, e;

	__asm__ volatile("rdinstret %0\n\tnop\n\trdinstret %1" : "=&r"(s), "=&r"(e));
	pair_cost = e - s;
	linux_pattern("linux61", 0);
	/* 6.12: snapshot memory where the firmware offers it (SBI 2.0; even then
	 * optional: NOT_SUPPORTED, SBI spec table 16). */
	struct sbiret r = { .error = SBI_ERR_NOT_SUPPORTED };

	if (spec_version >= (2UL << 24))
		r = pmu(PMU_FID_SNAPSHOT_SET_SHMEM, (unsigned long)snap, 0, 0, 0, 0, 0);
	if (spec_version < (2UL << 24) || (!strict && r.error == SBI_ERR_NOT_SUPPORTED)) {
		for (unsigned k = 0; k < 5; k++) {
			static const char *const keys[5] = { "linux612_cfg", "linux612_start",
				"linux612_stop", "linux612_stop_reset", "linux612_switch" };
			row_na(keys[k], spec_version < (2UL << 24) ? "SBI < 2.0" : "no snapshot");
		}
		return;
	}
	expect("snapshot_set_shmem", r, SBI_SUCCESS, 0, 0);
	linux_pattern("linux612", PMU_STOP_TAKE_SNAPSHOT);
	expect("snapshot_set_shmem(off)", pmu(PMU_FID_SNAPSHOT_SET_SHMEM, ~0UL, ~0UL, 0, 0, 0, 0),
	       SBI_SUCCESS, 0, 0);
}

/* One 16-byte entry (table 18): event_idx, output, event_data. */
static struct { uint32_t event_idx, output; uint64_t event_data; } entry __attribute__((aligned(16)));

static void event_info_row(void)
{
	unsigned long ext = SBI_EXT_PMU, zero = 0, one = 1, fid = PMU_FID_EVENT_GET_INFO;
	unsigned long addr = (unsigned long)&entry;   /* S-mode runs with satp = 0: VA = PA */
	long ok = SBI_SUCCESS;
	struct sbiret r;

	entry.event_idx = EV_CPU_CYCLES;
	entry.output = 0xdead;
	entry.event_data = 0;
	r = pmu(PMU_FID_EVENT_GET_INFO, addr, 0, 1, 0, 0, 0);
	/* New in SBI 3.0, and even then a firmware may say NOT_SUPPORTED (table 19). */
	if (spec_version < (3UL << 24) || (!strict && r.error == SBI_ERR_NOT_SUPPORTED)) {
		expect("event_get_info", r, SBI_ERR_NOT_SUPPORTED, 0, 0);
		row_na("event_info", spec_version < (3UL << 24) ? "SBI < 3.0" : "not supported");
		return;
	}
	expect("event_get_info", r, SBI_SUCCESS, 0, 0);
	OPAQUE(ext); OPAQUE(zero); OPAQUE(one); OPAQUE(fid); OPAQUE(addr); OPAQUE(ok);
	TIMED("event_info", 1,
	      step(REAL, "event_get_info", ext, fid, addr, zero, one, zero, zero, zero, ok, 0, 0));
	/* Every call rewrote the output word: cycles are countable (bit 0). */
	if (entry.output != 1)
		fail_msg("event_get_info: CPU_CYCLES output", entry.output);
	answers++;
}

#ifdef BENCH_CYCLES
/* ---- the traps Linux takes on CVA6 (issue 25) --------------------------- */

/*
 * Neither a call nor a PMU matter: the traps a core without a time CSR,
 * without Sstc and without misaligned-access hardware sends to the
 * firmware all day. Each is timed as the calls are (the trapping
 * instruction in one loop, an instruction that gives the same answer
 * without trapping in the other) and each answer is checked: the time
 * read grows, a misaligned load returns the bytes at its address
 * (sign- or zero-extended), a misaligned store leaves its bytes there
 * (checked after the loops: the nop loop stores nothing).
 */

/* 16 bytes; the accesses are at +1 (lw, sw, ld, sd), +3 (lhu, sh): each
 * misaligned, none crossing a page. */
static volatile uint8_t mis_buf[16] __attribute__((aligned(16)));
static const uint8_t mis_pattern[16] = {
	0x11, 0x82, 0x93, 0xa4, 0xb5, 0xc6, 0xd7, 0xe8,
	0xf9, 0x0a, 0x1b, 0x2c, 0x3d, 0x4e, 0x5f, 0x60 };

static unsigned long le_bytes(const uint8_t *p, unsigned n)
{
	unsigned long v = 0;

	for (unsigned i = 0; i < n; i++)
		v |= (unsigned long)p[i] << (8 * i);
	return v;
}

static void mis_fill(void)
{
	for (unsigned i = 0; i < 16; i++)
		mis_buf[i] = mis_pattern[i];
}

/* A load or store at mis_buf + off, named; REAL == 0: its stand-in. */
#define MIS_LOAD(REAL, insn, off, want) \
	BENCH_LOAD(REAL, insn, mis_buf, off, want, unexpected(insn, 0, v_, 0, w_))
#define MIS_STORE(REAL, insn, off, val) BENCH_STORE(REAL, insn, mis_buf, off, val)

/* After a store row: the bytes it wrote, and none around them. */
static void mis_check(const char *what, unsigned off, unsigned n, unsigned long val)
{
	for (unsigned i = 0; i < 16; i++) {
		uint8_t want = i >= off && i < off + n ? (uint8_t)(val >> (8 * (i - off))) : mis_pattern[i];

		if (mis_buf[i] != want)
			fail_msg(what, i);
	}
	answers++;
}

static long sext32(unsigned long v) { return (long)(int32_t)(uint32_t)v; }

static void trap_rows(void)
{
	unsigned long prev, zero = 0, far = ~0UL, ext_time = SBI_EXT_TIME;
	unsigned long lw_want = (unsigned long)sext32(le_bytes(mis_pattern + 1, 4));
	unsigned long lhu_want = le_bytes(mis_pattern + 3, 2);
	unsigned long sval = 0x89abcdefUL;
	long ok = SBI_SUCCESS;
	bool has_time = expect("probe_extension(TIME)",
			       SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_TIME), SBI_SUCCESS, 0, 0).uvalue;

	/* rdtime, emulated where the core has no time CSR: the value grows. */
	prev = rd_time();
	TIMED("rdtime", 1, {
		unsigned long v_;
		if (REAL)
			__asm__ volatile("rdtime %0" : "=r"(v_));
		else
			__asm__ volatile("addi %0, %1, 1" : "=r"(v_) : "r"(prev));
		if (v_ <= prev)
			unexpected("rdtime went back", 0, v_, 0, prev);
		prev = v_;
	});

	mis_fill();
	TIMED("mis_lw", 1, MIS_LOAD(REAL, "lw", 1, lw_want));
	TIMED("mis_lhu", 1, MIS_LOAD(REAL, "lhu", 3, lhu_want));
#if __riscv_xlen == 64
	TIMED("mis_ld", 1, MIS_LOAD(REAL, "ld", 1, le_bytes(mis_pattern + 1, 8)));
#endif
	TIMED("mis_sw", 1, MIS_STORE(REAL, "sw", 1, sval));
	mis_check("misaligned sw", 1, 4, sval);
	mis_fill();
	TIMED("mis_sh", 1, MIS_STORE(REAL, "sh", 3, sval));
	mis_check("misaligned sh", 3, 2, sval);
	mis_fill();
#if __riscv_xlen == 64
	sval = 0x0123456789abcdefUL;
	TIMED("mis_sd", 1, MIS_STORE(REAL, "sd", 1, sval));
	mis_check("misaligned sd", 1, 8, sval);
	mis_fill();
#endif

	if (!has_time) {
		row_na("set_timer", "no TIME extension");
		row_na("tick", "no TIME extension");
		return;
	}
	OPAQUE(zero); OPAQUE(far); OPAQUE(ext_time); OPAQUE(ok);
	/* A deadline that never comes (all ones: "no timer" to Linux). */
	TIMED("set_timer", 1,
	      step(REAL, "set_timer(far)", ext_time, zero, far, far, zero, zero, zero, zero, ok, 0, 0));
	/*
	 * A deadline already passed, with S-mode's interrupts off: the call,
	 * then at once the machine timer interrupt, which the firmware hands
	 * to S-mode as STIP (pending, not taken: sstatus.SIE is 0). The
	 * firmware's whole share of one tick of a core without Sstc.
	 */
	TIMED("tick", 1,
	      step(REAL, "set_timer(0) + the timer interrupt", ext_time, zero, zero, zero, zero,
		   zero, zero, zero, ok, 0, 0));
	expect("set_timer(far)", sbi_ecall(SBI_EXT_TIME, 0, far, far, 0, 0, 0, 0), SBI_SUCCESS, 0, 0);
}
#endif

extern unsigned long bench_boot;

int main(unsigned long hartid, unsigned long fdt)
{
	/* Instructions since reset (boot ROM + firmware): bench_entry.S's ruler. */
	unsigned long boot = bench_boot;
	(void)hartid; (void)fdt;

	printf("bench: rv%u, %d calls each, " RULER_NAME " per call\n", XLEN, N);
	discover();
#ifdef BENCH_CYCLES
	if (impl_id == FLOOR_IMPL_ID) {
		/* The floor answers the simple calls and the traps, nothing else;
		 * and it timed two loads in M-mode: mtime on the bus, and RAM. */
		struct sbiret r = sbi_ecall(FLOOR_EID, 0, 0, 0, 0, 0, 0, 0);

		printf("bench: info floor\n");
		floor_simple_rows();
		trap_rows();
		row("mtime_read", r.error > 0 ? (unsigned long)r.error : 0);
		row("ram_read", r.uvalue);
		row("boot", boot);
		printf("bench: done\n");
		printf("%lu passed, 0 failed\n", answers);
		bench_end(0);
	}
#endif
	simple_rows();
#ifdef BENCH_CYCLES
	config_rows("cfg_instret", "cfg_instret_held", EV_INSTRUCTIONS, false);
#else
	config_rows("cfg_cycles", "cfg_cycles_held", EV_CPU_CYCLES, false);
#endif
	printf("bench: info fw_event %s\n", ev_fw_name);
	config_rows("cfg_fw", "cfg_fw_held", ev_fw, true);
	hw_start_stop();
	fw_rows();
	event_info_row();
#ifdef BENCH_CYCLES
	/* Not on the cores: Linux's pattern stops and starts CPU_CYCLES, which
	 * is mcycle there, the very ruler of this build; and OpenSBI 1.1 on
	 * CVA6 answers the never-started stop(RESET) with SUCCESS, not
	 * ALREADY_STOPPED. The Linux rows are the QEMU table's. */
	(void)linux_rows;
#else
	linux_rows();
#endif
#ifdef BENCH_CYCLES
	trap_rows();
#endif
	row("boot", boot);
	printf("bench: done\n");
	printf("%lu passed, 0 failed\n", answers);
	bench_end(0);
}
