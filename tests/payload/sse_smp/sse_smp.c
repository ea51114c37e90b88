/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE across harts (issue 23): every injected event that may run is
 * delivered, once, on its hart, within a bound, whichever hart injected it
 * and whatever that hart was doing.
 *
 * Every hart registers and enables LOCAL_SOFTWARE (and, with Sscofpmf,
 * LOCAL_PMU_OVERFLOW) for itself, with its own handler context and stack,
 * and unmasks. The boot hart registers GLOBAL_SOFTWARE once. Then, ROUNDS
 * times, the boot hart goes through every hart h, itself included:
 *   - inject LOCAL_SOFTWARE into h; its handler must run on h, once,
 *     within BOUND ticks of the time CSR;
 *   - the same for LOCAL_PMU_OVERFLOW (local dispatch, injected);
 *   - GLOBAL_SOFTWARE with PREFERRED_HART = h: set the hart (REGISTERED),
 *     enable, inject, the handler must run on h within BOUND, the event
 *     must be back in ENABLED within BOUND (completed), disable. Every one
 *     of those calls must succeed.
 * Meanwhile the other harts do a random mix of what a kernel's idle and
 * busy harts do: spin in S-mode, make SBI calls (base, PMU, HSM status:
 * no SSE call, which would look at the event on the way out and hide a
 * lost doorbell), WFI with a timer, HSM retentive suspend with a timer set
 * SUSPEND_TICKS away (longer than BOUND: only the event itself can wake
 * the hart in time), remote fences and IPIs to another hart (the firmware
 * waits for those inside M-mode while the doorbell rings).
 * The handler checks a6 against the hart it runs on (sscratch) and the
 * hart it was meant for, and that its event reads RUNNING. At the end
 * every hart masks, disables and unregisters its events (each SUCCESS,
 * then STATUS = UNUSED, not pending) and the totals must match: every
 * injection handled exactly once.
 *
 * The boot hart stops the others at the end with one IPI to every hart
 * (hart_mask_base = -1), after IPIs to each XLEN window of harts (two on
 * rv32 at 64 harts) that must each succeed.
 *
 * Build-time knobs: EXPECT_HARTS (harts of -smp, up to 64), ROUNDS,
 * EXPECT_SSCOFPMF (LOCAL_PMU_OVERFLOW must exist).
 */
#include <stdbool.h>
#include <tally/sbi.h>
#include "check.h"
#include "sbicall.h"
#include "smp/hartset.h"

#ifndef EXPECT_HARTS
#define EXPECT_HARTS 2
#endif
#ifndef ROUNDS
#define ROUNDS 40
#endif
#define MAXH SMP_MAX_HARTS                   /* harts with a stack (smp/entry.S) */
#define TICKS_PER_SEC 10000000ULL            /* QEMU virt's timebase */
#define BOUND (TICKS_PER_SEC * 2)            /* an event runs within 2 s of its inject */
#define LATE (TICKS_PER_SEC * 10)            /* after a miss: wait this long for a late run */
#define SUSPEND_TICKS (TICKS_PER_SEC * 6)    /* a suspended hart's own wake-up timer */
#define MAX_MISSES 6                         /* then stop: the run has shown enough */

enum { READ_ATTRS, WRITE_ATTRS, REGISTER, UNREGISTER, ENABLE, DISABLE, COMPLETE, INJECT,
       HART_UNMASK, HART_MASK };
enum { STATUS, PRIORITY, CONFIG, PREFERRED_HART };
enum { UNUSED, REGISTERED, ENABLED, RUNNING };
#define PENDING (1UL << 2)
#define INJECTABLE (1UL << 3)
#define LOCAL_SW 0xffff0000UL
#define GLOBAL_SW 0xffff8000UL
#define PMU_OVF 0x00010000UL
#define SIP_SSIP (1UL << 1)
#define SIP_STIP (1UL << 5)

#define csr_read(c) ({ unsigned long v_; __asm__ volatile("csrr %0, " #c : "=r"(v_)); v_; })
#define csr_write(c, v) __asm__ volatile("csrw " #c ", %0" :: "r"(v) : "memory")
#define csr_clear(c, v) __asm__ volatile("csrc " #c ", %0" :: "r"(v) : "memory")
#define mb() __sync_synchronize()

/* What sse_handler_entry (sse_entry.S) needs first: regs, stack_top, fn. */
struct ev_ctx {
	unsigned long regs[32];
	unsigned long stack_top;
	void (*fn)(struct ev_ctx *c, unsigned long hartid);
	volatile unsigned long runs, wrong_hart, bad_state, last_hart;
	unsigned long owner;                 /* local: its hart; global: ~0 */
	uint32_t id;
};
extern char sse_handler_entry[];
extern char smp_entry[], s_trap[];
void secondary_main(unsigned long hartid, unsigned long opaque);
void s_unexpected(void);

/* The kinds of injection: the two local events, then the global one. */
enum { K_LOCAL_SW, K_PMU, K_GLOBAL, K_N };
static const char *const kind_name[K_N] = { "LOCAL_SOFTWARE", "LOCAL_PMU_OVERFLOW",
					    "GLOBAL_SOFTWARE" };
static const uint32_t local_id[2] = { LOCAL_SW, PMU_OVF };

enum { M_SPIN, M_CALLS, M_WFI, M_SUSPEND, M_FENCE, M_IPI, M_N };
static const char *const mode_name[M_N] = { "spin", "calls", "wfi", "suspend", "fence", "ipi" };

struct hart {
	volatile unsigned long present, ready, finished;
	volatile long setup_err, teardown_err;
	volatile unsigned long status_after[2];
	volatile unsigned long modes[M_N];
	volatile unsigned long call_errs;
	struct ev_ctx ev[2];
	unsigned long stack[2][512] __attribute__((aligned(16)));
};
static struct hart H[MAXH];
static struct ev_ctx gctx;
static unsigned long gstack[512] __attribute__((aligned(16)));
static volatile unsigned long global_target, done, stray_traps;
static unsigned long boot, nharts, have_pmu;

/* Per kind: injections, misses (not run within BOUND), late runs, lost, max latency. */
static unsigned long injected[K_N], missed[K_N], late[K_N], lost[K_N], inject_errs[K_N];
static uint64_t max_lat[K_N];
static unsigned long global_state_errs, global_stuck, misses_total;

static struct sbiret sse(unsigned long fid, unsigned long a0, unsigned long a1, unsigned long a2,
			 unsigned long a3)
{
	return sbi_ecall(SBI_EXT_SSE, fid, a0, a1, a2, a3, 0, 0);
}
static unsigned long attr(uint32_t id, unsigned a)
{
	unsigned long v = ~0UL;
	return sse(READ_ATTRS, id, a, 1, (unsigned long)&v).error ? ~0UL : v;
}
static long set_attr(uint32_t id, unsigned a, unsigned long v)
{
	return sse(WRITE_ATTRS, id, a, 1, (unsigned long)&v).error;
}
static uint64_t now(void) { return tally_time(); }

/* Every hart: any S-mode trap is a failure (SIE stays clear, sie only wakes). */
void s_unexpected(void)
{
	check_stray_trap(boot, &stray_traps, 0);
}

/* Every handler: where it runs, its state, one more run. */
static void on_event(struct ev_ctx *c, unsigned long a6)
{
	unsigned long me = csr_read(sscratch);
	unsigned long want = c->owner == ~0UL ? global_target : c->owner;

	if (a6 != me || me != want)
		c->wrong_hart++;
	if ((attr(c->id, STATUS) & 3) != RUNNING)
		c->bad_state++;
	c->last_hart = me;
	mb();
	c->runs++;
}

static void ctx_init(struct ev_ctx *c, uint32_t id, unsigned long owner, unsigned long *stack_top)
{
	memset(c, 0, sizeof(*c));
	c->stack_top = (unsigned long)stack_top;
	c->fn = on_event;
	c->id = id;
	c->owner = owner;
}

/* Register, enable this hart's local events; unmask. The first error is kept. */
static void setup_hart(unsigned long h)
{
	long e = 0;

	for (unsigned k = 0; k < 1 + have_pmu; k++) {
		struct ev_ctx *c = &H[h].ev[k];
		ctx_init(c, local_id[k], h, &H[h].stack[k][512]);
		if (!e)
			e = sse(REGISTER, local_id[k], (unsigned long)sse_handler_entry,
				(unsigned long)c, 0).error;
		if (!e)
			e = sse(ENABLE, local_id[k], 0, 0, 0).error;
	}
	if (!e)
		e = sse(HART_UNMASK, 0, 0, 0, 0).error;
	H[h].setup_err = e;
}

/* Mask, disable, unregister: each must succeed; then UNUSED, not pending. */
static void teardown_hart(unsigned long h)
{
	long e = sse(HART_MASK, 0, 0, 0, 0).error;

	for (unsigned k = 0; k < 1 + have_pmu; k++) {
		long d = sse(DISABLE, local_id[k], 0, 0, 0).error;
		long u = sse(UNREGISTER, local_id[k], 0, 0, 0).error;
		if (!e)
			e = d ? d : u;
		H[h].status_after[k] = attr(local_id[k], STATUS);
	}
	H[h].teardown_err = e;
}

static uint32_t rnd(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

/* A hart other than h, at random. */
static unsigned long other_hart(unsigned long h, uint32_t *s)
{
	unsigned long pick = rnd(s) % (nharts - 1), o = 0;

	for (unsigned long i = 0; i < MAXH; i++) {
		if (!H[i].present || i == h)
			continue;
		if (o++ == pick)
			return i;
	}
	return h;
}

/*
 * What a hart does while events come: weights 30 spin, 20 calls, 20 wfi,
 * 15 suspend, 10 fence, 5 ipi. Never an SSE call (see the top).
 */
static void idle_step(unsigned long h, uint32_t *s)
{
	unsigned w = rnd(s) % 100, mode;
	struct sbiret r = { .error = 0 };

	mode = w < 30 ? M_SPIN : w < 50 ? M_CALLS : w < 70 ? M_WFI : w < 85 ? M_SUSPEND :
	       w < 95 ? M_FENCE : M_IPI;
	if (nharts < 2 && (mode == M_FENCE || mode == M_IPI))
		mode = M_SPIN;
	H[h].modes[mode]++;
	switch (mode) {
	case M_SPIN:
		for (volatile unsigned n = rnd(s) % 4000; n; n--)
			;
		break;
	case M_CALLS:
		r = SBI1(SBI_EXT_BASE, BASE_FID_GET_SPEC_VERSION, 0);
		if (!r.error)
			r = sbi_ecall(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS, 0, 0, 0, 0, 0, 0);
		if (!r.error)
			r = sbi_ecall(SBI_EXT_HSM, 2, h, 0, 0, 0, 0, 0);
		break;
	case M_WFI:
		sbi_set_timer(now() + TICKS_PER_SEC / 1000);
		__asm__ volatile("wfi");
		sbi_set_timer(~0ULL);
		break;
	case M_SUSPEND:
		sbi_set_timer(now() + SUSPEND_TICKS);
		r = sbi_ecall(SBI_EXT_HSM, 3, 0, 0, 0, 0, 0, 0);   /* retentive */
		sbi_set_timer(~0ULL);
		break;
	case M_FENCE:
		r = sbi_ecall(SBI_EXT_RFENCE, 1, 1, other_hart(h, s), 0, 0, 0, 0);
		break;
	case M_IPI:
		r = sbi_ecall(SBI_EXT_IPI, 0, 1, other_hart(h, s), 0, 0, 0, 0);
		break;
	}
	if (r.error)
		H[h].call_errs++;
	csr_clear(sip, SIP_SSIP);
}

/* Where hart_start sends the other harts (smp/entry.S gave each a stack). */
void secondary_main(unsigned long hartid, unsigned long opaque)
{
	uint32_t seed = 0x9e3779b9u * (uint32_t)(hartid + 1) ^ (uint32_t)rd_time();

	(void)opaque;
	csr_write(sscratch, hartid);
	csr_write(stvec, (unsigned long)s_trap);
	csr_write(sie, SIP_SSIP | SIP_STIP);   /* what ends a WFI or a suspend; SIE stays 0 */
	setup_hart(hartid);
	mb();
	H[hartid].ready = 1;
	while (!done)
		idle_step(hartid, &seed);
	teardown_hart(hartid);
	mb();
	H[hartid].finished = 1;
	sbi_ecall(SBI_EXT_HSM, 1, 0, 0, 0, 0, 0, 0);
	for (;;)
		;
}

/*
 * The boot hart waits in WFI, 20 us at a time (100 us past 8 harts), not
 * in a spin: under -icount QEMU runs the harts in turn on one thread, and
 * a spinning hart keeps the others from running for its whole time slice.
 * Past 8 harts each wake-up costs QEMU a pass over every hart, hence the
 * longer sleep.
 */
#define PAUSE_TICKS (EXPECT_HARTS > 8 ? TICKS_PER_SEC / 10000 : TICKS_PER_SEC / 50000)
static void pause_short(void)
{
	sbi_set_timer(now() + PAUSE_TICKS);
	__asm__ volatile("wfi");
}

/* Wait until *p != old or the deadline; the time it took, or ~0 on timeout. */
static uint64_t wait_change(volatile unsigned long *p, unsigned long old, uint64_t t0, uint64_t ticks)
{
	uint64_t t;

	for (;;) {
		t = now();
		if (*p != old)
			break;
		if (t - t0 >= ticks) {
			t = ~0ULL;
			break;
		}
		pause_short();
	}
	sbi_set_timer(~0ULL);
	return t == ~0ULL ? t : t - t0;
}

/* Inject, then the handler must run within BOUND; counted by kind. */
static void inject_and_wait(unsigned kind, struct ev_ctx *c, uint32_t id, unsigned long h)
{
	unsigned long before = c->runs;
	uint64_t t0 = now(), lat;
	long e = sse(INJECT, id, h, 0, 0).error;

	injected[kind]++;
	if (e) {
		if (inject_errs[kind]++ < 3)
			printf("# %s into hart %lu: inject error %ld\n", kind_name[kind], h, e);
		return;
	}
	lat = wait_change(&c->runs, before, t0, BOUND);
	if (lat != ~0ULL) {
		if (lat > max_lat[kind])
			max_lat[kind] = lat;
		return;
	}
	missed[kind]++;
	misses_total++;
	lat = wait_change(&c->runs, before, t0, LATE);
	if (lat != ~0ULL)
		late[kind]++;
	else
		lost[kind]++;
	printf("# %s into hart %lu: not run within %llu ms: %s\n", kind_name[kind], h,
	       (unsigned long long)(BOUND * 1000 / TICKS_PER_SEC),
	       lat != ~0ULL ? "ran late" : "lost");
}

static void global_round(unsigned long h)
{
	long e;

	global_target = h;
	mb();
	e = set_attr(GLOBAL_SW, PREFERRED_HART, h);
	if (!e)
		e = sse(ENABLE, GLOBAL_SW, 0, 0, 0).error;
	if (e) {
		if (global_state_errs++ < 3)
			printf("# GLOBAL_SOFTWARE for hart %lu: preferred hart/enable error %ld (STATUS 0x%lx)\n",
			       h, e, attr(GLOBAL_SW, STATUS));
		return;
	}
	inject_and_wait(K_GLOBAL, &gctx, GLOBAL_SW, h);
	/* the handler ran: it completes shortly (ENABLED again) */
	uint64_t t0 = now();
	while ((attr(GLOBAL_SW, STATUS) & 3) != ENABLED && now() - t0 < BOUND)
		pause_short();
	sbi_set_timer(~0ULL);
	if ((attr(GLOBAL_SW, STATUS) & 3) != ENABLED)
		global_stuck++;
	e = sse(DISABLE, GLOBAL_SW, 0, 0, 0).error;
	if (e && global_state_errs++ < 3)
		printf("# GLOBAL_SOFTWARE on hart %lu: disable error %ld (STATUS 0x%lx)\n", h, e,
		       attr(GLOBAL_SW, STATUS));
}

int main(unsigned long hartid, unsigned long fdt)
{
	uint64_t t_start = now();

	(void)fdt;
	boot = hartid;
	csr_write(sscratch, hartid);
	csr_write(stvec, (unsigned long)s_trap);
	csr_write(sie, SIP_SSIP | SIP_STIP);
	printf("# sse-smp: SSE across harts, %d rounds\n", ROUNDS);
	for (unsigned long h = 0; h < MAXH; h++)
		if (!sbi_ecall(SBI_EXT_HSM, 2, h, 0, 0, 0, 0, 0).error) {
			H[h].present = 1;
			nharts++;
		}
	check_eq(nharts, EXPECT_HARTS, "sse-smp: HSM knows %d harts", EXPECT_HARTS);

	/* LOCAL_PMU_OVERFLOW exists with Sscofpmf only */
	have_pmu = sse(READ_ATTRS, PMU_OVF, STATUS, 1, (unsigned long)&(unsigned long){ 0 }).error == 0;
#ifdef EXPECT_SSCOFPMF
	check_eq(have_pmu, 1, "sse-smp: LOCAL_PMU_OVERFLOW offered (Sscofpmf)");
#endif
	setup_hart(boot);
	H[boot].ready = 1;
	for (unsigned long h = 0; h < MAXH; h++) {
		if (!H[h].present || h == boot)
			continue;
		long e = sbi_ecall(SBI_EXT_HSM, 0, h, (unsigned long)smp_entry, 0, 0, 0, 0).error;
		check_eq(e, 0, "sse-smp: hart_start(%lu)", h);
	}
	for (unsigned long h = 0; h < MAXH; h++)
		if (H[h].present)
			wait_change(&H[h].ready, 0, now(), 5 * TICKS_PER_SEC);
	for (unsigned long h = 0; h < MAXH; h++)
		if (H[h].present)
			check_eq(H[h].ready ? (unsigned long)H[h].setup_err : ~0UL, 0,
				 "sse-smp: hart %lu registered, enabled%s, unmasked", h,
				 have_pmu ? " LOCAL_SOFTWARE and LOCAL_PMU_OVERFLOW" : " LOCAL_SOFTWARE");

	ctx_init(&gctx, GLOBAL_SW, ~0UL, &gstack[512]);
	check_eq(sse(REGISTER, GLOBAL_SW, (unsigned long)sse_handler_entry, (unsigned long)&gctx, 0).error,
		 0, "sse-smp: GLOBAL_SOFTWARE registered");

	unsigned long r;
	for (r = 0; r < ROUNDS && misses_total < MAX_MISSES; r++) {
		for (unsigned long i = 0; i < MAXH; i++) {
			unsigned long h = (i + r) % MAXH;   /* a different first hart each round */
			if (!H[h].present)
				continue;
			inject_and_wait(K_LOCAL_SW, &H[h].ev[0], LOCAL_SW, h);
			if (have_pmu)
				inject_and_wait(K_PMU, &H[h].ev[1], PMU_OVF, h);
			global_round(h);
		}
	}
	if (r < ROUNDS)
		printf("# sse-smp: stopped after %lu of %d rounds: %lu misses\n", r, ROUNDS, misses_total);

	/*
	 * Stop the others: wake the suspended ones with IPIs, first to every
	 * present hart window by window, then to every hart (base -1).
	 */
	done = 1;
	mb();
	hset_t present = 0;
	for (unsigned long h = 0; h < MAXH; h++)
		if (H[h].present)
			present |= HBIT(h);
	unsigned calls;
	check_eq(hset_call(present, hset_ipi_fn, 0, &calls), 0,
		 "sse-smp: send_ipi to all %lu harts in %u window(s) of %d -> SUCCESS", nharts, calls,
		 __riscv_xlen);
	check_eq(sbi_ecall(SBI_EXT_IPI, 0, 0, ~0UL, 0, 0, 0, 0).error, 0,
		 "sse-smp: send_ipi(base -1) -> SUCCESS");
	csr_clear(sip, SIP_SSIP);
	for (unsigned long h = 0; h < MAXH; h++)
		if (H[h].present && h != boot)
			wait_change(&H[h].finished, 0, now(), 5 * TICKS_PER_SEC);
	teardown_hart(boot);
	H[boot].finished = 1;
	long ge = sse(UNREGISTER, GLOBAL_SW, 0, 0, 0).error;

	for (unsigned k = 0; k < K_N; k++) {
		unsigned long runs = 0, wrong = 0, bad = 0;
		if (k == K_PMU && !have_pmu)
			continue;
		if (k == K_GLOBAL) {
			runs = gctx.runs;
			wrong = gctx.wrong_hart;
			bad = gctx.bad_state;
		} else {
			for (unsigned long h = 0; h < MAXH; h++) {
				runs += H[h].ev[k].runs;
				wrong += H[h].ev[k].wrong_hart;
				bad += H[h].ev[k].bad_state;
			}
		}
		check_eq(inject_errs[k], 0, "sse-smp: %s: %lu injections into %lu harts, each SUCCESS",
			 kind_name[k], injected[k], nharts);
		check_eq(missed[k], 0, "sse-smp: %s: every handler ran within %llu ms (max %llu us; late %lu, lost %lu)",
			 kind_name[k], (unsigned long long)(BOUND * 1000 / TICKS_PER_SEC),
			 (unsigned long long)(max_lat[k] * 1000000 / TICKS_PER_SEC), late[k], lost[k]);
		check_eq(runs, injected[k] - inject_errs[k], "sse-smp: %s: handlers ran exactly once per injection",
			 kind_name[k]);
		check_eq(wrong, 0, "sse-smp: %s: every handler on the hart it was meant for (a6 too)",
			 kind_name[k]);
		check_eq(bad, 0, "sse-smp: %s: every handler saw its event RUNNING", kind_name[k]);
	}
	check_eq(global_state_errs, 0, "sse-smp: GLOBAL_SOFTWARE: PREFERRED_HART, enable, disable all SUCCESS");
	check_eq(global_stuck, 0, "sse-smp: GLOBAL_SOFTWARE: ENABLED again after each handler (completed)");
	check_eq(ge, 0, "sse-smp: GLOBAL_SOFTWARE unregistered");
	check_eq(attr(GLOBAL_SW, STATUS), INJECTABLE, "sse-smp: GLOBAL_SOFTWARE: UNUSED, not pending");
	for (unsigned long h = 0; h < MAXH; h++) {
		if (!H[h].present)
			continue;
		bool fin = H[h].finished;
		check_eq(fin ? (unsigned long)H[h].teardown_err : ~0UL, 0,
			 "sse-smp: hart %lu: mask, disable, unregister SUCCESS", h);
		for (unsigned k = 0; k < 1 + have_pmu; k++)
			check_eq(fin ? H[h].status_after[k] : ~0UL, INJECTABLE,
				 "sse-smp: hart %lu: %s UNUSED, not pending", h, kind_name[k]);
		check_eq(H[h].call_errs, 0, "sse-smp: hart %lu: its other SBI calls all SUCCESS", h);
		printf("# hart %lu:", h);
		for (unsigned m = 0; m < M_N; m++)
			printf(" %s %lu", mode_name[m], H[h].modes[m]);
		printf("\n");
	}
	check_eq(stray_traps, 0, "sse-smp: no S-mode trap on any hart");
	printf("# sse-smp: %llu ms of time CSR\n",
	       (unsigned long long)((now() - t_start) * 1000 / TICKS_PER_SEC));
	check_end(failed != 0);
}
