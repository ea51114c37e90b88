/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An SSE event that interrupts the guest (SBI spec, SSE chapter, "Software
 * Event Injection" and "Completion"): another hart injects this hart's
 * LOCAL_SOFTWARE event while this hart runs the guest's spin loop. The
 * handler runs in HS-mode with hstatus.SPV = 1 and SPVP = sstatus.SPP = 1
 * (the guest was in VS-mode), sepc in the guest's loop. The INTERRUPTED_*
 * attributes hold the CSRs as they were, not the interrupted mode: sepc
 * is still where hyp_run's sret went (the guest's entry), and
 * INTERRUPTED_FLAGS has sstatus.SPP and SPIE (bits 0, 1) and hstatus.SPV
 * and SPVP (bits 2, 3) as that sret left them: SRET from HS-mode clears
 * SPP and SPV and sets SPIE, and leaves SPVP as this hart wrote it. SPVP
 * is entered once set and once clear, so that flags taken from the
 * handler's hstatus instead of the interrupted one show; so does an SPV
 * bit that reports the interrupted virtualization mode (1) instead of the
 * CSR (0). After complete the guest runs on to its end with a6, a7 and
 * the s registers as they were.
 */
#include <tally/sbi.h>
#include "check.h"
#include "ext_test.h"
#include "hyp.h"

#define LOCAL_SW SSE_EV_LOCAL_SOFTWARE

/* sse_entry.S's frame first (regs, stack_top, fn), then this test's. */
struct sse_ctx {
	unsigned long regs[32];
	unsigned long stack_top;
	void (*fn)(struct sse_ctx *c, unsigned long hartid);
	volatile unsigned long runs, hartid, sepc, sstatus, hstatus, attrs[4];
};
extern char sse_handler_entry[];

static unsigned long stack[512] __attribute__((aligned(16)));
static struct sse_ctx ctx;
static volatile unsigned long guest_running, event_seen, target_hart, inject_err;

static void handler(struct sse_ctx *c, unsigned long hartid)
{
	c->hartid = hartid;
	c->sepc = csr_read(0x141);
	c->sstatus = csr_read(0x100);
	c->hstatus = csr_read(CSR_HSTATUS);
	sbi_sse_read_attrs(LOCAL_SW, SSE_ATTR_INTERRUPTED_SEPC, 4, (unsigned long *)c->attrs);
	c->runs++;
	event_seen = 1;             /* the guest's loop ends on it */
}

/* The other hart: wait for the guest to run, then inject into its hart. */
static void injector(unsigned long hartid)
{
	uint64_t end = tally_time() + HYP_WAIT_TICKS;

	(void)hartid;
	while (!guest_running && tally_time() < end)
		;
	inject_err = (unsigned long)sbi_sse_inject(LOCAL_SW, target_hart).error;
}

/* One event into the running guest; false if it left the event unfinished. */
static bool one_run(unsigned long hartid, unsigned long other, bool spvp)
{
	const unsigned long want_flags = 2 | (spvp ? 8 : 0);   /* SPIE, and SPVP as written */
	struct vcpu *v = guest(guest_spin);
	char name[48];
	unsigned bad = 0;

	snprintf(name, sizeof(name), "sse in guest (SPVP %d before)", spvp);
	memset(&ctx, 0, sizeof(ctx));
	ctx.stack_top = (unsigned long)&stack[512];
	ctx.fn = handler;
	guest_running = event_seen = 0;
	inject_err = ~0UL;
	target_hart = hartid;
	check_eq(sbi_sse_register(LOCAL_SW, (void (*)(void))sse_handler_entry, (unsigned long)&ctx).error, 0,
		 "%s: register LOCAL_SOFTWARE", name);
	sbi_sse_enable(LOCAL_SW);
	sbi_sse_hart_unmask();
	v->regs[11] = (unsigned long)&guest_running;
	v->regs[12] = (unsigned long)&event_seen;
	v->regs[13] = HYP_WAIT_TICKS;
	v->regs[16] = 0xa6a6a6a6UL;
	v->regs[17] = 0xa7a7a7a7UL;
	for (unsigned n = 18; n <= 27; n++)
		v->regs[n] = 0x5e000000UL + n;
	if (!check_that(ext_start_fn(other, injector), 0, "started", "%s: hart %lu started", name, other))
		return false;
	csr_set(CSR_HCOUNTEREN, 1UL << 1);   /* TM: the guest's wait reads time */
	enter(v, spvp, false);
	csr_clear(CSR_HCOUNTEREN, 1UL << 1);
	check_that(ext_wait_state(other, 1), 0, "STOPPED", "%s: the injecting hart stopped", name);
	sbi_sse_hart_mask();
	sbi_sse_disable(LOCAL_SW);
	sbi_sse_unregister(LOCAL_SW);

	check_eq(inject_err, 0, "%s: hart %lu's inject into hart %lu SUCCESS", name, other, hartid);
	check_eq(ctx.runs, 1, "%s: the handler ran once", name);
	/* a handler entered with V still 1 traps at its first hstatus read */
	check_that(!(v->scause == CAUSE_VIRTUAL_INSN && v->pc >= (unsigned long)handler &&
		     v->pc < (unsigned long)handler + 256), v->pc, "not in the handler",
		   "%s: the handler runs in HS-mode (V=0), not in the guest's VS-mode", name);
	if (!check_that(is_exit(v), v->scause, "the guest's exit",
			"%s: after complete the guest ran on to its end (scause 0x%lx sepc 0x%lx)", name,
			v->scause, v->pc))
		return false;
	check_eq(v->regs[10], 1, "%s: ... having seen the handler's flag", name);
	check_eq(ctx.hartid, hartid, "%s: handler on this hart (a6)", name);
	check_that(ctx.sepc >= (unsigned long)guest_spin_loop && ctx.sepc <= (unsigned long)guest_spin_end,
		   ctx.sepc, "in the guest's loop", "%s: handler's sepc is in the guest's loop", name);
	check_eq(ctx.attrs[0], (unsigned long)guest_spin,
		 "%s: INTERRUPTED_SEPC is the sepc CSR as it was (the guest's entry)", name);
	check_eq(ctx.attrs[1], want_flags, "%s: INTERRUPTED_FLAGS: SPP 0, SPIE 1, SPV 0, SPVP %d (as sret left them)",
		 name, spvp);
	check_eq(ctx.attrs[2], 0xa6a6a6a6UL, "%s: INTERRUPTED_A6 is the guest's", name);
	check_eq(ctx.attrs[3], 0xa7a7a7a7UL, "%s: INTERRUPTED_A7 is the guest's", name);
	check_that(ctx.sstatus & SSTATUS_SPP, ctx.sstatus, "SPP set", "%s: handler: sstatus.SPP = 1 (from VS)",
		   name);
	check_eq(ctx.hstatus & (HSTATUS_SPV | HSTATUS_SPVP), HSTATUS_SPV | HSTATUS_SPVP,
		 "%s: handler: hstatus.SPV = 1, SPVP = 1", name);
	check_eq(v->regs[13], 0xa6a6a6a6UL, "%s: the guest's a6 back after complete", name);
	check_eq(v->regs[14], 0xa7a7a7a7UL, "%s: the guest's a7 back after complete", name);
	for (unsigned n = 18; n <= 27; n++)
		if (v->regs[n] != 0x5e000000UL + n)
			bad = n;
	check_eq(bad, 0, "%s: the guest's s2..s11 back (bad x%u)", name, bad);
	return true;
}

#ifndef HYP_ONE_HART
#define HYP_ONE_HART 0
#endif

void hyp_sse(unsigned long hartid, unsigned harts)
{
	unsigned long other;

	if (!sbi_probe_extension(SBI_EXT_SSE).value) {
		printf("# sse: no SSE extension: the SSE case not run\n");
		return;
	}
	other = ext_other_hart(hartid);
	/* A one-hart machine (CVA6's testharness) has no one to inject from;
	 * where the device tree names two, a missing second hart is a FAIL,
	 * unless the firmware is built for one (HYP_ONE_HART, hyp.cmake). */
	if (other == ~0UL && (harts < 2 || HYP_ONE_HART)) {
		printf("# sse: no second hart served (%u in the device tree): the SSE case (an inject from another hart) not run\n",
		       harts);
		return;
	}
	if (other == ~0UL) {
		check(false, "sse: a second hart to inject from (run with -smp 2)");
		return;
	}
	if (!one_run(hartid, other, true))
		printf("# sse: the event may still be RUNNING: the run with SPVP clear is skipped\n");
	else
		one_run(hartid, other, false);
}
