/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE, EID 0x535345: registers in, struct sbiret out; the rules are in
 * sse.c. This file holds what they leave to the hart: the lock all harts
 * share, S-mode's attribute memory, and the way into and out of an event
 * handler, which happens on the way out of M-mode.
 *
 * When an event becomes ready for a hart (inject, enable, unmask, or a
 * completed handler with another event waiting), that hart's flag in
 * sse_look[] is set, and if it is another hart it gets an IPI. A hart
 * looks at its flag in two places only, so the PMU's fast ecall path
 * pays nothing:
 *   - at the end of an SSE call (sbi_sse_ecall below): the event
 *     interrupts the instruction after the ecall, with a0/a1 the call's
 *     answer, as if it had arrived just after it;
 *   - on the way out of an interrupt (trap.c, smode_ext_irq_exit): the
 *     IPI of another hart, or a PMU overflow.
 * Either way the interrupted state is the lower mode's state as mret
 * would resume it: mepc, mstatus.MPP, the trap frame's a6 and a7, sepc
 * and sstatus. The event is entered by rewriting just those (sse_enter),
 * and complete rewrites them back (sse_complete); entry.S then restores
 * the frame and mrets as always.
 */
#include "arch/atomic.h"
#include "arch/csr.h"
#include "hart/hart.h"
#include "hart/hsm.h"
#include "base/machine.h"
#include "base/mem.h"
#include "cores/pmu/pmu.h"
#include "base/platform.h"
#include "sbi/smode_ext.h"
#include "cores/sse/sse.h"
#include "tally_config.h"

/* sstatus's SIE, SPIE and SPP sit where mstatus has them (priv spec 4.1.1
 * "Supervisor Status Register (sstatus)"). */
_Static_assert(SSE_SSTATUS_SIE == MSTATUS_SIE && SSE_SSTATUS_SPIE == MSTATUS_SPIE &&
	       SSE_SSTATUS_SPP == MSTATUS_SPP, "sstatus bits are mstatus bits");

static struct sse_hart sse_harts[TALLY_MAX_HARTS];
static struct sse_sys sse = {
	.harts = sse_harts, .nharts = TALLY_MAX_HARTS, .hart_ok = hart_present,
};
/* One lock for all SSE state: global events are shared, and a hart may
 * inject another's local event. Held for a few dozen instructions. */
static volatile unsigned long sse_lock_word;
/* Per hart: "an event may be ready for you" (see the top of the file). */
volatile unsigned long sse_look[TALLY_MAX_HARTS];

static void sse_lock(void)
{
	while (sse_lock_word || atomic_swap(&sse_lock_word, 1))
		;
}

static void sse_unlock(void)
{
	atomic_swap(&sse_lock_word, 0);
}

void sse_probe(void)
{
	sse_lock();
	sse_init(&sse, r_mhartid());
	sse_unlock();
}

/*
 * Who takes Sscofpmf's local counter-overflow interrupt (LCOFI, bit 13):
 * S-mode directly (mideleg bit 13 set, hart_init's default), or, while
 * this hart has a handler registered for LOCAL_PMU_OVERFLOW, the
 * firmware (delegation cleared, mie.LCOFIE set), which turns each
 * overflow into the event (sse_pmu_overflow_irq).
 */
static void lcofi_to_firmware(bool firmware)
{
	if (firmware) {
		w_mideleg(r_mideleg() & ~MIP_LCOFIP);
		set_mie(MIP_LCOFIP);
	} else {
		clear_mie(MIP_LCOFIP);
		w_mideleg(r_mideleg() | MIP_LCOFIP);
	}
}

/*
 * Hart reset (boot, hart_start): its local events unused, events masked.
 * LOCAL_PMU_OVERFLOW exists where the counter-overflow interrupt does
 * (Sscofpmf), which the PMU's probe has found by now (sse_probe runs
 * before it).
 */
void sse_hart_init(unsigned long hartid)
{
	sse_lock();
	sse.pmu_overflow = pmu_hw()->has_sscofpmf;
	sse_hart_reset(&sse, hartid);
	sse_look[hartid] = 0;            /* under the lock, as sse_exit clears it */
	sse_unlock();
	if (sse.pmu_overflow)
		lcofi_to_firmware(false);
}

/*
 * trap.c: an LCOFI reached M-mode, so this hart has a handler for
 * LOCAL_PMU_OVERFLOW. The counter's OF bit stays set (S-mode's handler
 * finds the counter in scountovf, and a stop with TAKE_SNAPSHOT reports
 * it in the overflow bitmap, src/cores/pmu/pmu.c); only the pending bit is
 * cleared, or the interrupt would be taken again at once. The event is
 * entered on the way out of the interrupt (smode_ext_irq_exit).
 */
bool sse_pmu_overflow_irq(void)
{
	unsigned long self = r_mhartid();
	bool ours;

	if (!sse.pmu_overflow)
		return false;
	clear_mip(MIP_LCOFIP);
	sse_lock();
	ours = sse_local_registered(&sse, self, SSE_LOCAL_PMU_OVERFLOW);
	if (ours)
		sse_signal_local(&sse, self, SSE_LOCAL_PMU_OVERFLOW);
	sse_unlock();
	if (ours)
		atomic_swap(&sse_look[self], 1);
	else
		set_mip(MIP_LCOFIP);   /* S-mode's again: hand it the interrupt */
	return true;
}

/*
 * Tell hart `target` to look; an IPI if it is not us (ipi.c's doorbell,
 * which orders the flag before the interrupt). The target may be
 * anywhere: in S-mode (the interrupt brings it to smode_ext_irq_exit), in
 * an ecall (the interrupt stays pending until its mret), waiting inside
 * M-mode for a fence or in an HSM suspend (it serves the interrupt there,
 * and rekicks itself on the way out; a suspend ends: hsm.c, woken).
 */
static void sse_kick(unsigned long self, unsigned long target)
{
	atomic_swap(&sse_look[target], 1);
	if (target != self && ipi_available())
		ipi_ring(target);
}

void sse_rekick(unsigned long hartid)
{
	if (ipi_available())
		ipi_ring(hartid);
}

/* hsm.c, a suspended hart whose doorbell rang: may an event run here now? */
bool sse_ready(unsigned long hartid)
{
	bool ready;

	sse_lock();
	ready = sse_next(&sse, hartid) != 0;
	sse_unlock();
	return ready;
}

/* The lower mode's state as mret will resume it; bias: the ecall's +4 still to come. */
static void regs_load(struct sse_regs *r, const struct trap_frame *f, unsigned long bias)
{
	unsigned long ms = r_mstatus();

	r->pc = r_mepc() + bias;
	r->mode = (ms & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	r->a6 = f->x[16];
	r->a7 = f->x[17];
	r->sepc = r_sepc();
	r->sstatus = ms & (MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP);
}

/*
 * And back. On an ecall entry.S (or trap.c) adds 4 to mepc after the
 * handler returns, so mepc gets pc - 4 (mepc holds every XLEN-bit value
 * a lower mode can run at, so the sum wraps back to pc exactly).
 */
static void regs_store(const struct sse_regs *r, struct trap_frame *f, unsigned long bias)
{
	unsigned long ms = r_mstatus();

	ms &= ~(MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_MPP);
	ms |= r->sstatus | r->mode << MSTATUS_MPP_SHIFT;
	w_mstatus(ms);
	w_mepc(r->pc - bias);
	w_sepc(r->sepc);
	f->x[16] = r->a6;
	f->x[17] = r->a7;
}

/*
 * On the way out of M-mode: complete the innermost handler if asked,
 * then enter every event that may run now (one preempting the next, the
 * highest last). True if complete found a handler to leave.
 */
static bool sse_exit(unsigned long self, unsigned long bias, bool complete)
{
	struct trap_frame *f = this_frame();
	struct sse_event *e;
	struct sse_regs r;
	bool done = false, moved = false;

	if ((r_mstatus() & MSTATUS_MPP) == MSTATUS_MPP)
		return false;               /* interrupted M-mode itself: not S-mode's event */
	regs_load(&r, f, bias);
	sse_lock();
	atomic_swap(&sse_look[self], 0);
	if (complete)
		done = moved = sse_complete(&sse, self, &r);
	while ((e = sse_next(&sse, self))) {
		sse_enter(&sse, self, e, &r);
		moved = true;
	}
	sse_unlock();
	if (moved)
		regs_store(&r, f, bias);
	return done;
}

/* trap.c, on the way out of an interrupt whose hart's sse_look is set. */
void sse_deliver(void)
{
	sse_exit(r_mhartid(), 0, false);
}

/*
 * S-mode's attribute memory (read_attrs, write_attrs): attr_count values
 * of XLEN bits, aligned to XLEN / 8, in RAM outside the firmware; like
 * every address S-mode gives, checked before it is touched (sbi_mem_ok).
 * Nothing Tally runs on has RAM the firmware reaches above XLEN bits: a
 * nonzero high half is not accessible memory.
 */
static struct sbiret attr_mem(unsigned long self, uint32_t id, uint32_t base, uint32_t count,
			      unsigned long lo, unsigned long hi, volatile unsigned long **mem)
{
	struct sbiret r;

	sse_lock();
	r = sse_attrs_check(&sse, self, id, base, count);   /* event and range first */
	sse_unlock();
	if (r.error)
		return r;
	if ((lo & (sizeof(long) - 1)) || hi || !sbi_mem_ok(lo, (uint64_t)count * sizeof(long)))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	*mem = (volatile unsigned long *)(uintptr_t)lo;
	return r;
}

/*
 * read_attrs and write_attrs. count <= SSE_NUM_ATTRS once attr_mem()
 * agrees (the range check refused more). A write reads each value from
 * S-mode's memory once, into v: S-mode cannot change it after the check.
 */
static struct sbiret rw_attrs(unsigned long self, uint32_t id, uint32_t base, uint32_t count,
			      unsigned long lo, unsigned long hi, bool write)
{
	unsigned long v[SSE_NUM_ATTRS];
	volatile unsigned long *mem = 0;
	struct sbiret r = attr_mem(self, id, base, count, lo, hi, &mem);

	if (r.error)
		return r;
	for (uint32_t i = 0; i < count && write; i++)
		v[i] = mem[i];
	sse_lock();
	if (write)
		r = sse_write_attrs(&sse, self, id, base, count, v);
	else
		r = sse_read_attrs(&sse, self, id, base, count, v);
	sse_unlock();
	for (uint32_t i = 0; i < count && !write && !r.error; i++)
		mem[i] = v[i];
	return r;
}

/*
 * event_id, attr_id and attr_count are uint32_t: only their low 32 bits
 * count (binary encoding chapter), so on rv64 0x1_ffff0000 is the local
 * software event.
 */
struct sbiret sbi_sse_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4, unsigned long a5,
			    unsigned long fid)
{
	unsigned long self = r_mhartid(), target = ~0UL;
	uint32_t id = (uint32_t)a0;
	struct sbiret r;

	switch (fid) {
	case SSE_FID_READ_ATTRS:
	case SSE_FID_WRITE_ATTRS:
		return rw_attrs(self, id, (uint32_t)a1, (uint32_t)a2, a3, a4,
				fid == SSE_FID_WRITE_ATTRS);
	case SSE_FID_COMPLETE:
		/* Back to the interrupted state, a0 and a1 included: the handler
		 * restored them before the ecall and they go back untouched.
		 * With no handler running, a plain SUCCESS. */
		if (sse_exit(self, 4, true))
			return (struct sbiret){ (long)a0, a1 };
		return sbi_ok(0);
	}
	sse_lock();
	switch (fid) {
	case SSE_FID_REGISTER:
		r = sse_register(&sse, self, id, a1, a2);
		if (!r.error && id == SSE_EV_LOCAL_PMU_OVERFLOW)
			lcofi_to_firmware(true);
		break;
	case SSE_FID_UNREGISTER:
		r = sse_unregister(&sse, self, id);
		if (!r.error && id == SSE_EV_LOCAL_PMU_OVERFLOW)
			lcofi_to_firmware(false);
		break;
	case SSE_FID_ENABLE:
		r = sse_enable(&sse, self, id, &target);
		break;
	case SSE_FID_DISABLE:
		r = sse_disable(&sse, self, id);
		break;
	case SSE_FID_INJECT:
		r = sse_inject(&sse, self, id, a1, &target);
		break;
	case SSE_FID_HART_UNMASK:
		r = sse_hart_unmask(&sse, self);
		target = self;
		break;
	case SSE_FID_HART_MASK:
		r = sse_hart_mask(&sse, self);
		break;
	default:
		r = sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
	sse_unlock();
	if (!r.error && target != ~0UL)
		sse_kick(self, target);
	if (sse_look[self])
		sse_exit(self, 4, false);   /* ready here: it interrupts the caller now */
	return r;
}
