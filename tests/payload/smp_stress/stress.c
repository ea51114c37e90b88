/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Multi-hart stress (issue 23): every hart at once, ITERS random steps
 * each, of what harts ask of each other:
 *   - SSE: inject LOCAL_SOFTWARE into a random online hart (itself too),
 *     mask then unmask its own events, and every handler run completes;
 *   - IPI to a random set of harts; remote FENCE_I / SFENCE_VMA to a
 *     random set (the call returns once every target has run it);
 *   - HSM: retentive suspend with a 1 ms timer; a secondary now and then
 *     goes offline and stops, and the boot hart starts it again (HSM
 *     start resets its SSE state: it registers its events again);
 *   - PMU: its firmware counters read back.
 * Invariants at the end:
 *   - every SSE request answered: an injector adds 1 to the target's
 *     `req` before each inject, a handler copies `req` into `done` as it
 *     runs, so once the harts are quiet done == req on every hart (an
 *     injection into a pending event may share a run: runs <= injections);
 *     every handler on its own hart; every SBI call SUCCESS;
 *   - firmware counters (PMU, type 15), summed over the harts: FENCE_I and
 *     SFENCE_VMA SENT == RECEIVED == what the payload asked for; IPI_SENT
 *     == the IPIs asked for, 0 < IPI_RECEIVED <= IPI_SENT (a pending IPI
 *     absorbs another);
 *   - no S-mode trap; the firmware's text and guard words are checked by
 *     the image it runs on (tally-fuzz.bin, judged by run-fuzz.sh).
 * Every wait is tally_relax() (a timer and wfi), so that it also runs
 * under -icount, where a spinning hart keeps QEMU's one thread.
 * Sets of harts go to the firmware in XLEN-wide windows (smp/hartset.h:
 * two calls on rv32 for a set spanning harts 0-31 and 32-63); one IPI or
 * fence in eight names every hart with hart_mask_base = -1 instead.
 * EXPECT_HARTS: harts of -smp (up to 64); ITERS: steps per hart.
 */
#include <stdbool.h>
#include <tally/sbi.h>
#include "check.h"
#include "sbicall.h"
#include "smp/hartset.h"

#ifndef EXPECT_HARTS
#define EXPECT_HARTS 4
#endif
#ifndef ITERS
#define ITERS 300
#endif
#define MAXH SMP_MAX_HARTS
#define TICKS_PER_SEC 10000000ULL
#define QUIET (TICKS_PER_SEC * 10)          /* longest wait for another hart */

enum { READ_ATTRS, WRITE_ATTRS, REGISTER, UNREGISTER, ENABLE, DISABLE, COMPLETE, INJECT,
       HART_UNMASK, HART_MASK };
#define LOCAL_SW 0xffff0000UL
#define SIP_SSIP (1UL << 1)
#define SIP_STIP (1UL << 5)
enum { ST_STARTED = 0, ST_STOPPED };

#define csr_read(c) ({ unsigned long v_; __asm__ volatile("csrr %0, " #c : "=r"(v_)); v_; })
#define csr_write(c, v) __asm__ volatile("csrw " #c ", %0" :: "r"(v) : "memory")
#define csr_clear(c, v) __asm__ volatile("csrc " #c ", %0" :: "r"(v) : "memory")
#define mb() __sync_synchronize()
#define add(p, v) __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST)

struct ev_ctx {                              /* sse_entry.S: regs, stack_top, fn first */
	unsigned long regs[32];
	unsigned long stack_top;
	void (*fn)(struct ev_ctx *c, unsigned long hartid);
	unsigned long owner;
};
extern char sse_handler_entry[];
extern char smp_entry[], s_trap[];
void secondary_main(unsigned long hartid, unsigned long opaque);
void s_unexpected(void);

/* The firmware events counted, one counter each per hart. */
static const unsigned fw_ev[] = { PMU_FW_IPI_SENT, PMU_FW_IPI_RECEIVED, PMU_FW_FENCE_I_SENT,
				  PMU_FW_FENCE_I_RECEIVED, PMU_FW_SFENCE_VMA_SENT,
				  PMU_FW_SFENCE_VMA_RECEIVED };
enum { C_IPI_S, C_IPI_R, C_FI_S, C_FI_R, C_SV_S, C_SV_R, C_N };

struct hart {
	volatile unsigned long present, started_once, online, lock, iter, finished, reported;
	volatile unsigned long req, done, runs, injections, wrong_hart;
	volatile unsigned long starts, stops, suspends, masks, errs, first_err_op;
	volatile long first_err;
	volatile unsigned long quiet_timeout;
	unsigned long ctr[C_N];
	volatile unsigned long cnt[C_N];
	volatile long cnt_err;
	struct ev_ctx ev;
	unsigned long stack[512] __attribute__((aligned(16)));
};
static struct hart H[MAXH];
static unsigned long boot, nharts, fw_base, fw_n;
/* What the payload asked for, summed over harts. */
static volatile unsigned long ipis_asked, fence_i_asked, sfence_asked;
static volatile unsigned long all_finished, all_configured, stray_traps;

static struct sbiret sse(unsigned long fid, unsigned long a0, unsigned long a1, unsigned long a2)
{
	return sbi_ecall(SBI_EXT_SSE, fid, a0, a1, a2, 0, 0, 0);
}
static uint64_t now(void) { return tally_time(); }

void s_unexpected(void)
{
	check_stray_trap(boot, &stray_traps, 0);
}

static void lock(volatile unsigned long *l)
{
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
		tally_relax();
}
static void unlock(volatile unsigned long *l) { __atomic_store_n(l, 0, __ATOMIC_RELEASE); }

static void fail(unsigned long h, unsigned op, long e)
{
	if (!H[h].errs++) {
		H[h].first_err = e;
		H[h].first_err_op = op;
	}
}

/* The handler: answer every request made so far. */
static void on_event(struct ev_ctx *c, unsigned long a6)
{
	unsigned long me = csr_read(sscratch);

	if (a6 != me || c->owner != me)
		add(&H[me].wrong_hart, 1);
	H[me].done = __atomic_load_n(&H[me].req, __ATOMIC_SEQ_CST);
	H[me].runs++;
}

static uint32_t rnd(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

static hset_t present_mask;

/*
 * A random nonempty set of present harts. Past 8 harts each is in it with
 * probability 1/4 (not 1/2), so that a fence waits for fewer harts.
 */
static hset_t some_harts(uint32_t *s)
{
	hset_t m;

	do {
		m = (hset_t)rnd(s) << 40 ^ (hset_t)rnd(s) << 20 ^ rnd(s);
		if (EXPECT_HARTS > 8)
			m &= (hset_t)rnd(s) << 40 ^ (hset_t)rnd(s) << 20 ^ rnd(s);
		m &= present_mask;
	} while (!m);
	return m;
}

/* One IPI (fid ~0) or remote fence (FID fid) per window of a set. */
static long send_window(unsigned long mask, unsigned long base, void *arg)
{
	unsigned long fid = *(unsigned long *)arg;

	if (fid == ~0UL)
		return sbi_ecall(SBI_EXT_IPI, 0, mask, base, 0, 0, 0, 0).error;
	return sbi_ecall(SBI_EXT_RFENCE, fid, mask, base, 0, 0, 0, 0).error;
}

/* To a random set by windows, or (one time in eight) to every hart with base -1. */
static struct sbiret send_some(unsigned long fid, uint32_t *s, unsigned long *count)
{
	struct sbiret r = { .error = 0 };

	if (rnd(s) % 8 == 0) {
		r = fid == ~0UL ? sbi_ecall(SBI_EXT_IPI, 0, 0, ~0UL, 0, 0, 0, 0)
				: sbi_ecall(SBI_EXT_RFENCE, fid, 0, ~0UL, 0, 0, 0, 0);
		*count = nharts;
	} else {
		hset_t m = some_harts(s);
		r.error = hset_call(m, send_window, &fid, 0);
		*count = hset_count(m);
	}
	return r;
}

/* A random present hart. */
static unsigned long some_hart(uint32_t *s)
{
	unsigned long h;

	do
		h = rnd(s) % MAXH;
	while (!(present_mask >> h & 1));
	return h;
}

/* Firmware counters: the first hart_start of each hart (PMU state stays across stops). */
static void config_counters(unsigned long h)
{
	for (unsigned i = 0; i < C_N; i++) {
		struct sbiret r = sbi_ecall(SBI_EXT_PMU, PMU_FID_CONFIG_MATCHING, fw_base, (1UL << fw_n) - 1,
					   PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
					   PMU_EVENT_IDX(PMU_TYPE_FW, fw_ev[i]), 0, 0);
		if (r.error) {
			H[h].cnt_err = r.error;
			H[h].ctr[i] = ~0UL;
		} else {
			H[h].ctr[i] = r.uvalue;
		}
	}
}

static void read_counters(unsigned long h)
{
	for (unsigned i = 0; i < C_N; i++) {
		struct sbiret r = sbi_ecall(SBI_EXT_PMU, PMU_FID_FW_READ, H[h].ctr[i], 0, 0, 0, 0, 0);
		if (r.error)
			H[h].cnt_err = r.error;
		H[h].cnt[i] = r.error ? 0 : r.uvalue;
	}
}

/* Every hart's steps, handler runs and reports so far. A wait for others
 * gives up only once nobody has moved for its limit: a slow host (QEMU's
 * harts on fewer cores) stretches the run, it does not cut it short. */
static unsigned long progress(void)
{
	unsigned long p = all_configured;

	for (unsigned long h = 0; h < MAXH; h++)
		p += H[h].iter + H[h].done + H[h].reported;
	return p;
}

/* Whether a wait begun at *t0 has run out: its clock restarts on progress. */
static bool waited_out(uint64_t *t0, unsigned long *seen, uint64_t limit)
{
	unsigned long p = progress();

	if (p != *seen) {
		*seen = p;
		*t0 = now();
	}
	return now() - *t0 >= limit;
}

/* Register, enable, unmask; then other harts may inject (online). */
static void go_online(unsigned long h)
{
	struct ev_ctx *c = &H[h].ev;
	long e;

	memset(c, 0, sizeof(*c));
	c->stack_top = (unsigned long)&H[h].stack[512];
	c->fn = on_event;
	c->owner = h;
	e = sse(REGISTER, LOCAL_SW, (unsigned long)sse_handler_entry, (unsigned long)c).error;
	if (!e)
		e = sse(ENABLE, LOCAL_SW, 0, 0).error;
	if (!e)
		e = sse(HART_UNMASK, 0, 0, 0).error;
	if (e)
		fail(h, 100, e);
	lock(&H[h].lock);
	H[h].online = 1;
	unlock(&H[h].lock);
}

/* No new injections; every request made is answered; then mask, disable, unregister. */
static void go_offline(unsigned long h)
{
	uint64_t t0;
	unsigned long seen;
	long e;

	lock(&H[h].lock);
	H[h].online = 0;
	unlock(&H[h].lock);
	t0 = now();
	seen = progress();
	while (H[h].done != H[h].req && !waited_out(&t0, &seen, QUIET))
		tally_relax();
	if (H[h].done != H[h].req)
		H[h].quiet_timeout++;
	e = sse(HART_MASK, 0, 0, 0).error;
	if (!e)
		e = sse(DISABLE, LOCAL_SW, 0, 0).error;
	if (!e)
		e = sse(UNREGISTER, LOCAL_SW, 0, 0).error;
	if (e)
		fail(h, 101, e);
}

static void inject_into(unsigned long self, unsigned long t)
{
	lock(&H[t].lock);
	if (H[t].online) {
		add(&H[t].req, 1);
		add(&H[t].injections, 1);
		long e = sse(INJECT, LOCAL_SW, t, 0).error;
		if (e)
			fail(self, 0, e);
	}
	unlock(&H[t].lock);
}

/* Boot hart: start every stopped hart that has steps left. */
static void restart_stopped(void)
{
	for (unsigned long h = 0; h < MAXH; h++) {
		if (!H[h].present || h == boot || H[h].finished)
			continue;
		if (sbi_ecall(SBI_EXT_HSM, 2, h, 0, 0, 0, 0, 0).uvalue != ST_STOPPED)
			continue;
		long e = sbi_ecall(SBI_EXT_HSM, 0, h, (unsigned long)smp_entry, 0, 0, 0, 0).error;
		if (e)
			fail(boot, 102, e);
		else
			H[h].starts++;
	}
}

/* One random step. True if the hart stopped (a secondary only; it comes back through smp_entry). */
static void step(unsigned long h, uint32_t *s)
{
	unsigned w = rnd(s) % 100;
	struct sbiret r = { .error = 0 };
	unsigned long n;

	if (w < 30) {                                /* SSE inject */
		inject_into(h, some_hart(s));
	} else if (w < 38) {                         /* SSE mask, a moment, unmask */
		H[h].masks++;
		r = sse(HART_MASK, 0, 0, 0);
		for (volatile unsigned n = rnd(s) % 2000; n; n--)
			;
		if (!r.error)
			r = sse(HART_UNMASK, 0, 0, 0);
	} else if (w < 50) {                         /* IPI */
		r = send_some(~0UL, s, &n);
		if (!r.error)
			add(&ipis_asked, n);
		csr_clear(sip, SIP_SSIP);
	} else if (w < 62) {                         /* remote fence */
		bool fi = rnd(s) % 2;
		r = send_some(fi ? 0 : 1, s, &n);
		if (!r.error)
			add(fi ? &fence_i_asked : &sfence_asked, n);
	} else if (w < 72) {                         /* HSM retentive suspend, 1 ms timer */
		H[h].suspends++;
		sbi_set_timer(now() + TICKS_PER_SEC / 1000);
		r = sbi_ecall(SBI_EXT_HSM, 3, 0, 0, 0, 0, 0, 0);
		sbi_set_timer(~0ULL);
		csr_clear(sip, SIP_SSIP);
	} else if (w < 86) {                         /* PMU: read the firmware counters */
		read_counters(h);
	} else if (w < 88 && h != boot) {            /* offline, stop; the boot hart starts it again */
		H[h].stops++;
		go_offline(h);
		mb();
		r = sbi_ecall(SBI_EXT_HSM, 1, 0, 0, 0, 0, 0, 0);
		fail(h, 3, r.error ? r.error : -100);  /* hart_stop returned */
	} else if (w < 88) {
		restart_stopped();
	} else {                                     /* spin */
		for (volatile unsigned n = rnd(s) % 3000; n; n--)
			;
	}
	if (r.error)
		fail(h, w, r.error);
}


static void run(unsigned long h)
{
	uint32_t seed = 0x2545f491u * (uint32_t)(h + 1) ^ (uint32_t)rd_time();

	csr_write(sscratch, h);
	csr_write(stvec, (unsigned long)s_trap);
	csr_write(sie, SIP_SSIP | SIP_STIP);
	if (!H[h].started_once) {
		H[h].started_once = 1;
		config_counters(h);
		add(&all_configured, 1);
		/* nobody counts a request its target cannot count yet */
		uint64_t t0 = now();
		unsigned long seen = progress();
		while (all_configured < nharts && !waited_out(&t0, &seen, QUIET))
			tally_relax();
	}
	go_online(h);
	while (H[h].iter < ITERS) {
		H[h].iter++;
		step(h, &seed);
		if (h == boot && H[h].iter % 8 == 0)
			restart_stopped();
	}
	H[h].finished = 1;
	mb();
	add(&all_finished, 1);
	/* others may still inject: stay online until every hart is done */
	uint64_t t0 = now();
	unsigned long seen = progress();
	while (all_finished < nharts && !waited_out(&t0, &seen, QUIET * 3)) {
		if (h == boot)
			restart_stopped();
		tally_relax();
	}
	go_offline(h);
	read_counters(h);
	mb();
	H[h].reported = 1;
}

void secondary_main(unsigned long hartid, unsigned long opaque)
{
	(void)opaque;
	run(hartid);
	sbi_ecall(SBI_EXT_HSM, 1, 0, 0, 0, 0, 0, 0);
	for (;;)
		;
}

int main(unsigned long hartid, unsigned long fdt)
{
	unsigned long n;
	uint64_t t0 = now();

	(void)fdt;
	boot = hartid;
	printf("# smp-stress: %d steps per hart\n", ITERS);
	for (unsigned long h = 0; h < MAXH; h++)
		if (!sbi_ecall(SBI_EXT_HSM, 2, h, 0, 0, 0, 0, 0).error) {
			H[h].present = 1;
			present_mask |= HBIT(h);
			nharts++;
		}
	check_eq(nharts, EXPECT_HARTS, "smp-stress: HSM knows %d harts", EXPECT_HARTS);
	n = sbi_ecall(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS, 0, 0, 0, 0, 0, 0).uvalue;
	for (unsigned long i = 0; i < n; i++)
		if (sbi_ecall(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, i, 0, 0, 0, 0, 0).uvalue >>
		    (__riscv_xlen - 1)) {
			if (!fw_n)
				fw_base = i;
			fw_n++;
		}
	check_that(fw_n >= C_N, fw_n, ">= 6", "smp-stress: firmware counters for every hart's events");
	for (unsigned long h = 0; h < MAXH; h++)
		if (H[h].present && h != boot) {
			H[h].starts++;
			check_eq(sbi_ecall(SBI_EXT_HSM, 0, h, (unsigned long)smp_entry, 0, 0, 0, 0).error, 0,
				 "smp-stress: hart_start(%lu)", h);
		}
	run(boot);
	for (unsigned long h = 0; h < MAXH; h++) {
		uint64_t t = now();
		unsigned long seen = progress();
		while (H[h].present && !H[h].reported && !waited_out(&t, &seen, QUIET))
			tally_relax();
	}

	unsigned long sum[C_N] = { 0 };
	for (unsigned long h = 0; h < MAXH; h++) {
		struct hart *x = &H[h];
		if (!x->present)
			continue;
		check_eq(x->reported, 1, "smp-stress: hart %lu finished its %d steps", h, ITERS);
		check_eq(x->errs, 0, "smp-stress: hart %lu: every SBI call SUCCESS (first: step %lu error %ld)",
			 h, x->first_err_op, x->first_err);
		check_eq(x->done, x->req, "smp-stress: hart %lu: all %lu SSE requests answered (%lu handler runs, %lu injections)",
			 h, x->req, x->runs, x->injections);
		check_that(x->runs <= x->injections && (x->runs > 0) == (x->injections > 0), x->runs,
			   "<= injections", "smp-stress: hart %lu: no handler run without an injection", h);
		check_eq(x->wrong_hart + x->quiet_timeout, 0, "smp-stress: hart %lu: handlers on their own hart, no request left waiting", h);
		check_eq(x->cnt_err, 0, "smp-stress: hart %lu: firmware counters configured and read", h);
		for (unsigned i = 0; i < C_N; i++)
			sum[i] += x->cnt[i];
		printf("# hart %lu: %lu starts, %lu stops, %lu suspends, %lu masks; IPI %lu/%lu FENCE_I %lu/%lu SFENCE_VMA %lu/%lu (sent/received)\n",
		       h, x->starts, x->stops, x->suspends, x->masks, x->cnt[C_IPI_S], x->cnt[C_IPI_R],
		       x->cnt[C_FI_S], x->cnt[C_FI_R], x->cnt[C_SV_S], x->cnt[C_SV_R]);
	}
	check_eq(sum[C_FI_S], fence_i_asked, "smp-stress: FENCE_I_SENT = the targets asked for (%lu)", fence_i_asked);
	check_eq(sum[C_FI_R], fence_i_asked, "smp-stress: FENCE_I_RECEIVED = FENCE_I_SENT");
	check_eq(sum[C_SV_S], sfence_asked, "smp-stress: SFENCE_VMA_SENT = the targets asked for (%lu)", sfence_asked);
	check_eq(sum[C_SV_R], sfence_asked, "smp-stress: SFENCE_VMA_RECEIVED = SFENCE_VMA_SENT");
	check_eq(sum[C_IPI_S], ipis_asked, "smp-stress: IPI_SENT = the IPIs asked for (%lu)", ipis_asked);
	check_that(sum[C_IPI_R] > 0 && sum[C_IPI_R] <= sum[C_IPI_S], sum[C_IPI_R], "in (0, IPI_SENT]",
		   "smp-stress: IPI_RECEIVED within (0, IPI_SENT]");
	check_eq(stray_traps, 0, "smp-stress: no S-mode trap on any hart");
	printf("# smp-stress: %llu ms of time CSR\n", (unsigned long long)((now() - t0) * 1000 / TICKS_PER_SEC));
	check_end(failed != 0);
}
