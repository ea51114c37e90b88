/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE (SBI spec, Supervisor Software Events chapter) as S-mode sees it:
 * every function's error rows, a local software event injected into its
 * handler and completed back with every register of the interrupted code
 * intact (a6, a7, sepc and sstatus too), hart_mask holding events back
 * and hart_unmask letting them in, two pending events taken in priority
 * order, a running handler preempted by a higher-priority event and not
 * by a lower one, one-shot events, and (with -smp 2) a global event
 * handled on its preferred hart, a local one injected into another hart.
 * With Sscofpmf (EXPECT_SSCOFPMF): a counter started near its top
 * overflows into LOCAL_PMU_OVERFLOW's handler, which sees the counter's
 * bit in scountovf, and the code it interrupted gets every register back.
 */
#include <tally/sbi.h>
#include <tally/riscv.h>
#include "check.h"
#include "ext_test.h"

enum { READ_ATTRS, WRITE_ATTRS, REGISTER, UNREGISTER, ENABLE, DISABLE, COMPLETE, INJECT,
       HART_UNMASK, HART_MASK };
enum { STATUS, PRIORITY, CONFIG, PREFERRED_HART, ENTRY_PC, ENTRY_ARG, INT_SEPC, INT_FLAGS,
       INT_A6, INT_A7, NUM_ATTRS };
enum { UNUSED, REGISTERED, ENABLED, RUNNING };
#define PENDING (1UL << 2)
#define INJECTABLE (1UL << 3)
#define LOCAL_SW 0xffff0000UL
#define GLOBAL_SW 0xffff8000UL
#define SSTATUS_SIE (1UL << 1)
#define SSTATUS_SPIE (1UL << 5)
#define SSTATUS_SPP (1UL << 8)

/* What sse_handler_entry (sse_entry.S) needs first, then the test's own. */
struct sse_ctx {
	unsigned long regs[32];      /* the interrupted registers (a7 slot: unused) */
	unsigned long stack_top;
	void (*fn)(struct sse_ctx *c, unsigned long hartid);
	uint32_t id;
	volatile unsigned long runs, hartid, sepc, sstatus, status, attrs[4];
	uint32_t inject_id;          /* inject this one from the handler (0: none) */
	volatile unsigned long inner_runs_seen, inner_pending_seen;
	struct sse_ctx *inner;
};
extern char sse_handler_entry[];

/* for sse_ecall_all, sse_spin_all (callee.h's CALL_ALL_* layout) */
struct sse_call { unsigned long in[8], out[32], pattern, sp_before; };
void sse_ecall_all(struct sse_call *c);
void sse_spin_all(struct sse_call *c);

static unsigned long stacks[3][512] __attribute__((aligned(16)));
static struct sse_ctx ctx[3];
static volatile unsigned order[8], norder;

static struct sbiret sse(unsigned long fid, unsigned long a0, unsigned long a1, unsigned long a2,
			 unsigned long a3, unsigned long a4)
{
	return sbi_ecall(SBI_EXT_SSE, fid, a0, a1, a2, a3, a4, 0);
}
static long err(struct sbiret r) { return r.error; }

static unsigned long attr(uint32_t id, unsigned a)
{
	unsigned long v = ~0UL;
	struct sbiret r = sse(READ_ATTRS, id, a, 1, (unsigned long)&v, 0);
	return r.error ? ~0UL : v;
}
static long set_attr(uint32_t id, unsigned a, unsigned long v)
{
	return err(sse(WRITE_ATTRS, id, a, 1, (unsigned long)&v, 0));
}

/* The handler of every test: what it saw, and an optional injection. */
static void record(struct sse_ctx *c, unsigned long hartid)
{
	unsigned long sepc, sstatus;

	__asm__ volatile("csrr %0, sepc" : "=r"(sepc));
	__asm__ volatile("csrr %0, sstatus" : "=r"(sstatus));
	c->hartid = hartid;
	c->sepc = sepc;
	c->sstatus = sstatus;
	c->status = attr(c->id, STATUS);
	sse(READ_ATTRS, c->id, INT_SEPC, 4, (unsigned long)c->attrs, 0);
	order[norder++ & 7] = (unsigned)(c - ctx);
	if (c->inject_id) {
		sse(INJECT, c->inject_id, hartid, 0, 0, 0);
		/* preempted by now, or still pending */
		c->inner_runs_seen = c->inner->runs;
		c->inner_pending_seen = attr(c->inject_id, STATUS) & PENDING;
	}
	c->runs++;
}

static void ctx_init(int i, uint32_t id)
{
	memset(&ctx[i], 0, sizeof(ctx[i]));
	ctx[i].stack_top = (unsigned long)&stacks[i][512];
	ctx[i].fn = record;
	ctx[i].id = id;
}

static long reg(int i, uint32_t id)
{
	ctx_init(i, id);
	return err(sse(REGISTER, id, (unsigned long)sse_handler_entry, (unsigned long)&ctx[i], 0, 0));
}

/* Disable if enabled, unregister if registered: back to UNUSED. */
static void release(uint32_t id)
{
	unsigned long st = attr(id, STATUS) & 3;
	if (st == ENABLED)
		sse(DISABLE, id, 0, 0, 0, 0);
	if (st >= REGISTERED)
		sse(UNREGISTER, id, 0, 0, 0, 0);
}

static void error_rows(unsigned long hartid)
{
	static const unsigned long unsupported[] = { 0, 1, 0x8000, 0x10000, 0x100000, 0x108000 };
	static const unsigned long invalid[] = { 2, 0x4000, 0xc000, 0xffff0001, 0xffff4000,
						 0xffffc000 };
	unsigned long v[NUM_ATTRS] = { 0 }, pc = (unsigned long)sse_handler_entry;

	for (unsigned i = 0; i < 12; i++) {
		unsigned long id = i < 6 ? unsupported[i] : invalid[i - 6];
		long want = i < 6 ? SBI_ERR_NOT_SUPPORTED : SBI_ERR_INVALID_PARAM;
		const char *why = i < 6 ? "NOT_SUPPORTED" : "INVALID_PARAM";
#ifdef EXPECT_SSCOFPMF
		if (id == 0x10000)
			continue;          /* PMU overflow exists here: pmu_overflow() */
#endif
		check_eq(err(sse(READ_ATTRS, id, 0, 1, (unsigned long)v, 0)), want,
			 "sse: read_attrs(0x%lx) %s", id, why);
		check_eq(err(sse(WRITE_ATTRS, id, PRIORITY, 1, (unsigned long)v, 0)), want,
			 "sse: write_attrs(0x%lx) %s", id, why);
		check_eq(err(sse(REGISTER, id, pc, 0, 0, 0)), want, "sse: register(0x%lx) %s", id, why);
		check_eq(err(sse(UNREGISTER, id, 0, 0, 0, 0)), want, "sse: unregister(0x%lx) %s", id, why);
		check_eq(err(sse(ENABLE, id, 0, 0, 0, 0)), want, "sse: enable(0x%lx) %s", id, why);
		check_eq(err(sse(DISABLE, id, 0, 0, 0, 0)), want, "sse: disable(0x%lx) %s", id, why);
		check_eq(err(sse(INJECT, id, hartid, 0, 0, 0)), want, "sse: inject(0x%lx) %s", id, why);
	}
	check_eq(err(sse(NUM_ATTRS, 0, 0, 0, 0, 0)), SBI_ERR_NOT_SUPPORTED, "sse: FID 10 NOT_SUPPORTED");

	/* read_attrs and write_attrs: ranges and memory */
	check_eq(err(sse(READ_ATTRS, LOCAL_SW, 0, 0, (unsigned long)v, 0)), SBI_ERR_INVALID_PARAM,
		 "sse: read_attrs attr_count 0 INVALID_PARAM");
	check_eq(err(sse(WRITE_ATTRS, LOCAL_SW, 1, 0, (unsigned long)v, 0)), SBI_ERR_INVALID_PARAM,
		 "sse: write_attrs attr_count 0 INVALID_PARAM");
	check_eq(err(sse(READ_ATTRS, LOCAL_SW, NUM_ATTRS, 1, (unsigned long)v, 0)), SBI_ERR_BAD_RANGE,
		 "sse: read_attrs attribute 10 (reserved) BAD_RANGE");
	check_eq(err(sse(READ_ATTRS, LOCAL_SW, INT_A7, 2, (unsigned long)v, 0)), SBI_ERR_BAD_RANGE,
		 "sse: read_attrs 9..10 BAD_RANGE");
	check_eq(err(sse(WRITE_ATTRS, LOCAL_SW, NUM_ATTRS, 1, (unsigned long)v, 0)), SBI_ERR_BAD_RANGE,
		 "sse: write_attrs attribute 10 BAD_RANGE");
	check_eq(err(sse(READ_ATTRS, LOCAL_SW, 0, 1, (unsigned long)v + 1, 0)), SBI_ERR_INVALID_ADDRESS,
		 "sse: read_attrs to a misaligned address INVALID_ADDRESS");
	check_eq(err(sse(WRITE_ATTRS, LOCAL_SW, 1, 1, (unsigned long)v + 1, 0)), SBI_ERR_INVALID_ADDRESS,
		 "sse: write_attrs from a misaligned address INVALID_ADDRESS");
	check_eq(err(sse(READ_ATTRS, LOCAL_SW, 0, 1, 0x80000000UL, 0)), SBI_ERR_INVALID_ADDRESS,
		 "sse: read_attrs into the firmware INVALID_ADDRESS");
	check_eq(err(sse(READ_ATTRS, LOCAL_SW, 0, 1, 0x1000, 0)), SBI_ERR_INVALID_ADDRESS,
		 "sse: read_attrs below RAM INVALID_ADDRESS");
	check_eq(err(sse(READ_ATTRS, LOCAL_SW, 0, 1, (unsigned long)v, 1)), SBI_ERR_INVALID_ADDRESS,
		 "sse: read_attrs with output_phys_hi set INVALID_ADDRESS");
	/* all ten at once: reset values (STATUS: injectable; PREFERRED_HART: this hart) */
	memset(v, 0xa5, sizeof(v));
	check_eq(err(sse(READ_ATTRS, LOCAL_SW | UPPER_GARBAGE, UPPER_GARBAGE, NUM_ATTRS | UPPER_GARBAGE,
			 (unsigned long)v, 0)), 0, "sse: read_attrs of all ten (IDs with bits above 32)");
	for (unsigned a = 0; a < NUM_ATTRS; a++)
		check_eq(v[a], a == STATUS ? INJECTABLE : a == PREFERRED_HART ? hartid : 0,
			 "sse: attribute %u reset value", a);

	/* write_attrs: read-only, values, state */
	check_eq(set_attr(LOCAL_SW, STATUS, 0), SBI_ERR_DENIED, "sse: STATUS read-only DENIED");
	check_eq(set_attr(LOCAL_SW, ENTRY_PC, pc), SBI_ERR_DENIED, "sse: ENTRY_PC read-only DENIED");
	check_eq(set_attr(LOCAL_SW, ENTRY_ARG, 0), SBI_ERR_DENIED, "sse: ENTRY_ARG read-only DENIED");
	check_eq(set_attr(LOCAL_SW, PREFERRED_HART, hartid), SBI_ERR_DENIED,
		 "sse: PREFERRED_HART of a local event DENIED");
	check_eq(set_attr(GLOBAL_SW, PREFERRED_HART, 0xffffffff), SBI_ERR_INVALID_PARAM,
		 "sse: PREFERRED_HART 0xffffffff INVALID_PARAM");
	check_eq(set_attr(LOCAL_SW, CONFIG, 2), SBI_ERR_INVALID_PARAM, "sse: CONFIG bit 1 INVALID_PARAM");
	if (__riscv_xlen == 64)
		check_eq(set_attr(LOCAL_SW, PRIORITY, (unsigned long)(1ULL << 32 & ~0UL)),
			 SBI_ERR_INVALID_PARAM, "sse: PRIORITY above 32 bits INVALID_PARAM");
	for (unsigned a = INT_SEPC; a <= INT_A7; a++)
		check_eq(set_attr(LOCAL_SW, a, 1), SBI_ERR_INVALID_STATE,
			 "sse: attribute %u outside RUNNING INVALID_STATE", a);
	check_eq(set_attr(LOCAL_SW, PRIORITY, 7), 0, "sse: PRIORITY written while UNUSED");
	check_eq(attr(LOCAL_SW, PRIORITY), 7, "sse: ... and read back");
	check_eq(set_attr(LOCAL_SW, PRIORITY, 0), 0, "sse: PRIORITY back to 0");

	/* register, unregister, enable, disable: states */
	check_eq(err(sse(UNREGISTER, LOCAL_SW, 0, 0, 0, 0)), SBI_ERR_INVALID_STATE,
		 "sse: unregister UNUSED INVALID_STATE");
	check_eq(err(sse(ENABLE, LOCAL_SW, 0, 0, 0, 0)), SBI_ERR_INVALID_STATE,
		 "sse: enable UNUSED INVALID_STATE");
	check_eq(err(sse(REGISTER, LOCAL_SW, pc + 1, 0, 0, 0)), SBI_ERR_INVALID_PARAM,
		 "sse: register with an odd entry_pc INVALID_PARAM");
	check_eq(reg(0, LOCAL_SW), 0, "sse: register");
	check_eq(attr(LOCAL_SW, STATUS), REGISTERED | INJECTABLE, "sse: REGISTERED");
	check_eq(attr(LOCAL_SW, ENTRY_PC), pc, "sse: ENTRY_PC is the handler");
	check_eq(attr(LOCAL_SW, ENTRY_ARG), (unsigned long)&ctx[0], "sse: ENTRY_ARG is its argument");
	check_eq(reg(0, LOCAL_SW), SBI_ERR_INVALID_STATE, "sse: register twice INVALID_STATE");
	check_eq(err(sse(DISABLE, LOCAL_SW, 0, 0, 0, 0)), SBI_ERR_INVALID_STATE,
		 "sse: disable REGISTERED INVALID_STATE");
	check_eq(err(sse(ENABLE, LOCAL_SW, 0, 0, 0, 0)), 0, "sse: enable");
	check_eq(attr(LOCAL_SW, STATUS), ENABLED | INJECTABLE, "sse: ENABLED");
	check_eq(set_attr(LOCAL_SW, PRIORITY, 1), SBI_ERR_INVALID_STATE,
		 "sse: PRIORITY while ENABLED INVALID_STATE");
	check_eq(err(sse(UNREGISTER, LOCAL_SW, 0, 0, 0, 0)), SBI_ERR_INVALID_STATE,
		 "sse: unregister ENABLED INVALID_STATE");
	check_eq(err(sse(ENABLE, LOCAL_SW, 0, 0, 0, 0)), SBI_ERR_INVALID_STATE,
		 "sse: enable twice INVALID_STATE");
	check_eq(err(sse(INJECT, LOCAL_SW, 0xffff, 0, 0, 0)), SBI_ERR_INVALID_PARAM,
		 "sse: inject a local event into hart 0xffff INVALID_PARAM");
	check_eq(err(sse(DISABLE, LOCAL_SW, 0, 0, 0, 0)), 0, "sse: disable");
	check_eq(err(sse(UNREGISTER, LOCAL_SW, 0, 0, 0, 0)), 0, "sse: unregister");
	check_eq(attr(LOCAL_SW, STATUS), UNUSED | INJECTABLE, "sse: UNUSED again");

	/* mask, unmask, complete with nothing running */
	check_eq(err(sse(HART_MASK, 0, 0, 0, 0, 0)), SBI_ERR_ALREADY_STOPPED,
		 "sse: hart_mask while masked (the boot state) ALREADY_STOPPED");
	check_eq(err(sse(HART_UNMASK, 0, 0, 0, 0, 0)), 0, "sse: hart_unmask");
	check_eq(err(sse(HART_UNMASK, 0, 0, 0, 0, 0)), SBI_ERR_ALREADY_STARTED,
		 "sse: hart_unmask twice ALREADY_STARTED");
	check_eq(err(sse(HART_MASK, 0, 0, 0, 0, 0)), 0, "sse: hart_mask");
	check_eq(err(sse(COMPLETE, 0, 0, 0, 0, 0)), 0, "sse: complete with no event running SUCCESS");
}

/*
 * Inject LOCAL_SW with every register set (sse_ecall_all) and sepc,
 * sstatus.SPP/SPIE known: the handler must see them all, and they must
 * all be back after complete, a0/a1 holding inject's answer.
 */
static void registers_intact(unsigned long hartid)
{
	struct sse_call c = { 0 };
	struct sse_ctx *h = &ctx[0];
	unsigned long sepc_after, sstatus_after, sstatus_before;
	unsigned bad = 0, bad_in = 0;

	reg(0, LOCAL_SW);
	sse(ENABLE, LOCAL_SW, 0, 0, 0, 0);
	sse(HART_UNMASK, 0, 0, 0, 0, 0);
	c.in[0] = LOCAL_SW;
	c.in[1] = hartid;
	c.in[2] = 0xa2a2a2a2UL;
	c.in[3] = 0xa3;
	c.in[4] = 0xa4;
	c.in[5] = 0xa5;
	c.in[6] = INJECT;
	c.in[7] = SBI_EXT_SSE;
	c.pattern = 0x5e000000UL;
	/* SIE off, SPIE on, SPP = U: flags the event must save and give back */
	__asm__ volatile("csrc sstatus, %0" :: "r"(SSTATUS_SIE | SSTATUS_SPP));
	__asm__ volatile("csrs sstatus, %0" :: "r"(SSTATUS_SPIE));
	__asm__ volatile("csrr %0, sstatus" : "=r"(sstatus_before));
	__asm__ volatile("csrw sepc, %0" :: "r"(0x5e9c0de0UL));
	sse_ecall_all(&c);
	__asm__ volatile("csrr %0, sepc" : "=r"(sepc_after));
	__asm__ volatile("csrr %0, sstatus" : "=r"(sstatus_after));

	check_eq(h->runs, 1, "sse: injected LOCAL_SOFTWARE ran its handler once");
	check_eq(c.out[10], 0, "sse: inject answered SUCCESS (a0 after complete)");
	check_eq(h->hartid, hartid, "sse: handler entered with a6 = hartid");
	check_eq(h->status & 3, RUNNING, "sse: RUNNING in its handler");
	check_eq(h->status & PENDING, 0, "sse: not pending in its handler");
	check_eq(h->attrs[0], 0x5e9c0de0UL, "sse: INTERRUPTED_SEPC is the sepc it interrupted");
	check_eq(h->attrs[1], 2, "sse: INTERRUPTED_FLAGS: SPP 0, SPIE 1");
	check_eq(h->attrs[2], INJECT, "sse: INTERRUPTED_A6 is inject's FID");
	check_eq(h->attrs[3], SBI_EXT_SSE, "sse: INTERRUPTED_A7 is the SSE EID");
	check_that(h->sstatus & SSTATUS_SPP, h->sstatus, "SPP set", "sse: handler: sstatus.SPP = S");
	check_eq(h->sstatus & (SSTATUS_SIE | SSTATUS_SPIE), 0, "sse: handler: SIE = 0, SPIE = the old SIE (0)");
	/* the handler's sepc: the instruction after the ecall, where it resumed */
	check_eq(h->regs[10], 0, "sse: handler entered with a0 = inject's error");
	for (unsigned n = 1; n < 32; n++) {
		unsigned long want = n >= 10 && n <= 17 ? c.in[n - 10] : c.pattern + n;
		if (n == 2 || n == 10 || n == 11 || n == 16 || n == 17)
			continue;   /* sp; a0/a1: the answer; a6/a7: the firmware's */
		if (h->regs[n] != want)
			bad_in = n;
		if (c.out[n] != want)
			bad = n;
	}
	check_eq(bad_in, 0, "sse: handler entered with every other register as interrupted (bad x%u)", bad_in);
	check_eq(bad, 0, "sse: every register back after complete (bad x%u)", bad);
	check_eq(c.out[16], INJECT, "sse: a6 back after complete");
	check_eq(c.out[17], SBI_EXT_SSE, "sse: a7 back after complete");
	check_eq(c.out[0], 0, "sse: x0 is 0");
	check_eq(sepc_after, 0x5e9c0de0UL, "sse: sepc back after complete");
	check_eq(sstatus_after & (SSTATUS_SIE | SSTATUS_SPIE | SSTATUS_SPP),
		 sstatus_before & (SSTATUS_SIE | SSTATUS_SPIE | SSTATUS_SPP),
		 "sse: sstatus SIE, SPIE, SPP back after complete");
	check_eq(attr(LOCAL_SW, STATUS), ENABLED | INJECTABLE, "sse: ENABLED again after complete");

	/* hart_mask holds an injected event back; hart_unmask lets it in */
	sse(HART_MASK, 0, 0, 0, 0, 0);
	check_eq(err(sse(INJECT, LOCAL_SW, hartid, 0, 0, 0)), 0, "sse: inject while masked");
	check_eq(h->runs, 1, "sse: masked: not handled");
	check_eq(attr(LOCAL_SW, STATUS), ENABLED | PENDING | INJECTABLE, "sse: masked: pending");
	check_eq(err(sse(HART_UNMASK, 0, 0, 0, 0, 0)), 0, "sse: hart_unmask");
	check_eq(h->runs, 2, "sse: unmasked: handled at once");
	check_eq(h->attrs[2], HART_UNMASK, "sse: ... interrupting hart_unmask (INTERRUPTED_A6)");
	check_eq(attr(LOCAL_SW, STATUS), ENABLED | INJECTABLE, "sse: no longer pending");

	/* one-shot: REGISTERED after complete */
	sse(DISABLE, LOCAL_SW, 0, 0, 0, 0);
	check_eq(set_attr(LOCAL_SW, CONFIG, 1), 0, "sse: CONFIG one-shot");
	sse(ENABLE, LOCAL_SW, 0, 0, 0, 0);
	sse(INJECT, LOCAL_SW, hartid, 0, 0, 0);
	check_eq(h->runs, 3, "sse: one-shot event handled");
	check_eq(attr(LOCAL_SW, STATUS) & 3, REGISTERED, "sse: one-shot: REGISTERED after complete");
	set_attr(LOCAL_SW, CONFIG, 0);
	sse(HART_MASK, 0, 0, 0, 0, 0);
	release(LOCAL_SW);
}

/* Set up LOCAL_SW (ctx 0) and GLOBAL_SW (ctx 1) on this hart with priorities. */
static void two_events(unsigned long hartid, unsigned long prio_local, unsigned long prio_global)
{
	reg(0, LOCAL_SW);
	reg(1, GLOBAL_SW);
	set_attr(LOCAL_SW, PRIORITY, prio_local);
	set_attr(GLOBAL_SW, PRIORITY, prio_global);
	check_eq(set_attr(GLOBAL_SW, PREFERRED_HART, hartid), 0, "sse: GLOBAL_SW preferred hart: this one");
	sse(ENABLE, LOCAL_SW, 0, 0, 0, 0);
	sse(ENABLE, GLOBAL_SW, 0, 0, 0, 0);
	norder = 0;
}

static void two_events_done(void)
{
	sse(HART_MASK, 0, 0, 0, 0, 0);
	release(LOCAL_SW);
	release(GLOBAL_SW);
	set_attr(LOCAL_SW, PRIORITY, 0);
	set_attr(GLOBAL_SW, PRIORITY, 0);
}

/* Both pending while masked (injected in the order given), then unmasked: which ran first? */
static unsigned first_of_two(unsigned long hartid, unsigned long prio_local, unsigned long prio_global,
			     uint32_t inject_first)
{
	two_events(hartid, prio_local, prio_global);
	sse(INJECT, inject_first, hartid, 0, 0, 0);
	sse(INJECT, inject_first ^ LOCAL_SW ^ GLOBAL_SW, hartid, 0, 0, 0);   /* the other one */
	check_eq(ctx[0].runs + ctx[1].runs, 0, "sse: masked: neither runs");
	sse(HART_UNMASK, 0, 0, 0, 0, 0);
	check_eq(norder, 2, "sse: both pending events ran on unmask");
	two_events_done();
	return order[0];
}

/* ctx[outer]'s event runs, and its handler injects ctx[inner]'s (priorities 10 local, 5 global). */
static void nested(unsigned long hartid, int outer, int inner)
{
	two_events(hartid, 10, 5);
	ctx[outer].inject_id = ctx[inner].id;
	ctx[outer].inner = &ctx[inner];
	sse(HART_UNMASK, 0, 0, 0, 0, 0);
	sse(INJECT, ctx[outer].id, hartid, 0, 0, 0);
}

static void priorities(unsigned long hartid)
{
	check_eq(first_of_two(hartid, 10, 5, LOCAL_SW), 1,
		 "sse: priority 5 (GLOBAL_SW) before priority 10 (LOCAL_SW)");
	check_eq(first_of_two(hartid, 3, 3, GLOBAL_SW), 0,
		 "sse: equal priorities: the lower event_id (LOCAL_SW) first");

	/* the running LOCAL_SW (10) injects GLOBAL_SW (5): preempted at once */
	nested(hartid, 0, 1);
	check_eq(ctx[0].inner_runs_seen, 1, "sse: higher priority injected in a handler runs before inject returns");
	check_eq(ctx[0].inner_pending_seen, 0, "sse: ... and is no longer pending");
	check_eq(ctx[1].attrs[2], INJECT, "sse: ... interrupting the handler's inject (INTERRUPTED_A6)");
	check_eq(ctx[0].runs, 1, "sse: the preempted handler finished");
	check_eq(attr(LOCAL_SW, STATUS) & 3, ENABLED, "sse: LOCAL_SW completed");
	check_eq(attr(GLOBAL_SW, STATUS) & 3, ENABLED, "sse: GLOBAL_SW completed");
	two_events_done();

	/* the running GLOBAL_SW (5) injects LOCAL_SW (10): it waits for complete */
	nested(hartid, 1, 0);
	check_eq(ctx[1].inner_runs_seen, 0, "sse: lower priority injected in a handler does not preempt it");
	check_that(ctx[1].inner_pending_seen != 0, ctx[1].inner_pending_seen, "pending",
		   "sse: ... it is pending");
	check_eq(ctx[0].runs, 1, "sse: ... and runs after complete");
	check_eq(norder, 2, "sse: both ran");
	check_eq(order[0] * 10 + order[1], 10, "sse: GLOBAL_SW then LOCAL_SW");
	two_events_done();
}

/* ---- a second hart (-smp 2) ------------------------------------------- */

static volatile bool other_ready, other_done;

static bool wait_for(volatile unsigned long *p, unsigned long want)
{
	for (unsigned long i = 0; i < 100000000; i++)
		if (*p == want)
			return true;
	return false;
}

/* The other hart: its own LOCAL_SW, unmasked, until the test is done. */
static void other_hart(unsigned long hartid)
{
	(void)hartid;
	reg(2, LOCAL_SW);
	sse(ENABLE, LOCAL_SW, 0, 0, 0, 0);
	sse(HART_UNMASK, 0, 0, 0, 0, 0);
	other_ready = true;
	while (!other_done)
		;
	sse(HART_MASK, 0, 0, 0, 0, 0);
	release(LOCAL_SW);
}

static void second_hart(unsigned long hartid)
{
	unsigned long other = ext_other_hart(hartid);

	if (other == ~0UL) {
		printf("# sse: one hart: preferred hart and cross-hart injection not checked (run with -smp 2)\n");
		return;
	}
	other_ready = other_done = false;
	check_eq(reg(1, GLOBAL_SW), 0, "sse: GLOBAL_SW registered");
	check_eq(set_attr(GLOBAL_SW, PREFERRED_HART, other), 0, "sse: GLOBAL_SW preferred hart %lu", other);
	check_eq(attr(GLOBAL_SW, PREFERRED_HART), other, "sse: ... read back");
	sse(ENABLE, GLOBAL_SW, 0, 0, 0, 0);
	if (!check_that(ext_start_fn(other, other_hart), 0, "started", "sse: hart %lu started", other))
		return;
	for (unsigned long i = 0; i < 100000000 && !other_ready; i++)
		;
	check_that(other_ready, 0, "ready", "sse: hart %lu unmasked", other);
	/* this hart stays masked: the event can only run where it is sent */
	check_eq(err(sse(INJECT, GLOBAL_SW, hartid, 0, 0, 0)), 0, "sse: inject GLOBAL_SW");
	check_that(wait_for(&ctx[1].runs, 1), ctx[1].runs, "1", "sse: GLOBAL_SW handled");
	check_eq(ctx[1].hartid, other, "sse: ... on its preferred hart %lu (a6)", other);
	check_eq(err(sse(INJECT, LOCAL_SW, other, 0, 0, 0)), 0, "sse: inject LOCAL_SW into hart %lu", other);
	check_that(wait_for(&ctx[2].runs, 1), ctx[2].runs, "1", "sse: hart %lu's LOCAL_SW handled", other);
	check_eq(ctx[2].hartid, other, "sse: ... on hart %lu", other);
	other_done = true;
	check_that(ext_wait_state(other, 1), 0, "STOPPED", "sse: hart %lu stopped", other);
	check_eq(attr(GLOBAL_SW, STATUS) & 3, ENABLED, "sse: GLOBAL_SW completed on hart %lu", other);
	release(GLOBAL_SW);
}

#ifdef EXPECT_SSCOFPMF
#define PMU_OVERFLOW 0x10000UL

static volatile unsigned long ovf_seen;

/* LOCAL_PMU_OVERFLOW's handler: what record() does, and scountovf. */
static void record_overflow(struct sse_ctx *c, unsigned long hartid)
{
	unsigned long ovf;

	__asm__ volatile("csrr %0, 0xda0" : "=r"(ovf));   /* scountovf */
	ovf_seen = ovf;
	record(c, hartid);
}

/*
 * A cycle counter 3000 below its top, a countdown loop with every register
 * set: the overflow interrupt goes to the firmware while the handler is
 * registered, and comes back as the event in the middle of the loop.
 */
static void pmu_overflow(unsigned long hartid)
{
	unsigned long n = sbi_ecall(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS, 0, 0, 0, 0, 0, 0).uvalue;
	unsigned long mask = 0, idx, csr;
	const uint64_t start = ~0ULL - 3000;
	struct sse_call c = { 0 };
	struct sbiret r;
	unsigned bad = 0;

	for (unsigned long i = 3; i < n && i < __riscv_xlen; i++)
		if (!(sbi_ecall(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, i, 0, 0, 0, 0, 0).uvalue >>
		      (__riscv_xlen - 1)))
			mask |= 1UL << i;      /* an hpm counter: only they overflow */
	r = sbi_ecall(SBI_EXT_PMU, PMU_FID_CONFIG_MATCHING, 0, mask, PMU_CFG_CLEAR_VALUE,
		     PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0, 0);
	if (!check_eq(r.error, 0, "sse: pmu: CPU_CYCLES on an hpm counter"))
		return;
	idx = r.uvalue;
	csr = sbi_ecall(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, idx, 0, 0, 0, 0, 0).uvalue & 0xfff;
	check_eq(reg(0, PMU_OVERFLOW), 0, "sse: register LOCAL_PMU_OVERFLOW");
	ctx[0].fn = record_overflow;
	sse(ENABLE, PMU_OVERFLOW, 0, 0, 0, 0);
	sse(HART_UNMASK, 0, 0, 0, 0, 0);
	ovf_seen = 0;
	c.in[0] = 20000;                 /* loop count: ~40000 cycles, 3000 to the top */
	for (unsigned i = 1; i < 8; i++)
		c.in[i] = 0xa0 + i;
	c.pattern = 0x0f000000UL;
	r = sbi_ecall(SBI_EXT_PMU, PMU_FID_COUNTER_START, idx, 1, PMU_START_SET_INIT_VALUE,
		     (unsigned long)start, __riscv_xlen == 32 ? (unsigned long)(start >> 32) : 0, 0);
	sse_spin_all(&c);                /* nothing in between: the overflow strikes in the loop */
	sbi_ecall(SBI_EXT_PMU, PMU_FID_COUNTER_STOP, idx, 1, PMU_STOP_RESET, 0, 0, 0);
	check_eq(r.error, 0, "sse: pmu: counter %lu started 3000 below the top", idx);
	check_eq(ctx[0].runs, 1, "sse: pmu: the overflow ran LOCAL_PMU_OVERFLOW's handler once");
	check_eq(ctx[0].hartid, hartid, "sse: pmu: ... on this hart");
	check_eq((ovf_seen >> (csr & 31)) & 1, 1, "sse: pmu: the handler sees the counter's bit in scountovf");
	check_eq(ctx[0].attrs[2], 0xa6, "sse: pmu: INTERRUPTED_A6 is the loop's a6");
	check_eq(ctx[0].attrs[3], 0xa7, "sse: pmu: INTERRUPTED_A7 is the loop's a7");
	for (unsigned n2 = 1; n2 < 32; n2++) {
		unsigned long want = n2 >= 10 && n2 <= 17 ? c.in[n2 - 10] : c.pattern + n2;
		if (n2 != 2 && n2 != 10 && c.out[n2] != want)
			bad = n2;
	}
	check_eq(bad, 0, "sse: pmu: every register of the loop back after complete (bad x%u)", bad);
	check_eq(c.out[10], 0, "sse: pmu: the loop ran to the end");
	sse(HART_MASK, 0, 0, 0, 0, 0);
	release(PMU_OVERFLOW);
	/* unregistered: the overflow interrupt is S-mode's again (test_pmu_sscofpmf checks) */
}
#endif

void test_sse(unsigned long hartid)
{
	struct sbiret r = SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_SSE);

	if (!check_eq(r.uvalue, 1, "sse: probe_extension(SSE) = 1"))
		return;
	error_rows(hartid);
	registers_intact(hartid);
	priorities(hartid);
	second_hart(hartid);
#ifdef EXPECT_SSCOFPMF
	pmu_overflow(hartid);
#endif
}
