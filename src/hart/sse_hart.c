/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE on the harts: the shared lock, S-mode's attribute memory, and
 * entering and leaving a handler; the rules are src/cores/sse/sse.c.
 * An event that may run on a hart rings that hart's SSE doorbell
 * (frame.sse_pending, and an IPI if it is another hart). The doorbell is
 * tested in one place, entry.S's leave, which calls sse_deliver(): so
 * nothing else looks for events, and the PMU's ecall path, which skips
 * leave, pays nothing. Entering rewrites just the state mret resumes
 * (mepc, mstatus.MPP, a6, a7, sepc, sstatus); complete writes it back.
 */
#include "arch/atomic.h"
#include "arch/csr.h"
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"
#include "hart/hart.h"
#include "hart/hsm.h"
#include "hart/ipi.h"
#include "hart/sse_hart.h"

/* sstatus's SIE, SPIE and SPP sit where mstatus has them (priv spec 4.1.1
 * "Supervisor Status Register (sstatus)"). */
_Static_assert(SSE_SSTATUS_SIE == MSTATUS_SIE && SSE_SSTATUS_SPIE == MSTATUS_SPIE &&
	       SSE_SSTATUS_SPP == MSTATUS_SPP, "sstatus bits are mstatus bits");
_Static_assert(SSE_HSTATUS_SPV == HSTATUS_SPV && SSE_HSTATUS_SPVP == HSTATUS_SPVP,
	       "the core's hstatus bits are the spec's");

#if TALLY_MAX_HARTS > 1
#define SSE_RECORDS ((void *const *)hart_table)
#else
/* One hart: its record is the first slot's, known at link time. */
static void *const sse_records[1] = { SLOT_RECORD(0) };
#define SSE_RECORDS sse_records
#endif

static struct sse_sys sse = {
	.records = SSE_RECORDS, .offset = __builtin_offsetof(struct hart, sse),
	.num_harts = TALLY_MAX_HARTS,
	.hart_ok = hart_present,
};
/* One lock for all SSE state: global events are shared, and a hart may
 * inject another's local event. Held for a few dozen instructions. */
static volatile unsigned long sse_lock_word;

static void sse_lock(void)
{
	while (sse_lock_word || atomic_swap(&sse_lock_word, 1))
		;
}

static void sse_unlock(void)
{
	atomic_swap(&sse_lock_word, 0);
}

/* Boot hart, once, after the PMU's probe: LOCAL_PMU_OVERFLOW exists with Sscofpmf. */
void sse_probe(unsigned long hartid)
{
	sse_lock();
	sse_init(&sse, hartid);
	sse.pmu_overflow = features.pmu.has_sscofpmf;
	sse_unlock();
}

/* Who takes Sscofpmf's LCOFI: S-mode (delegated, hart_init's default), or the
 * firmware while this hart has a LOCAL_PMU_OVERFLOW handler (sse_pmu_overflow_irq). */
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

void sse_hart_start(unsigned long hartid)
{
	sse_lock();
	sse_hart_reset(&sse, hartid);
	hart_frame(hart_of(hartid))->sse_pending = 0;   /* under the lock, as sse_deliver clears it */
	sse_unlock();
	if (sse.pmu_overflow)
		lcofi_to_firmware(false);
}

/*
 * Under the lock: ring hart target's doorbell if an event may run there
 * now, with an IPI if it is another hart; the IPI's interrupt takes that
 * hart through entry.S's way out. Only a runnable event rings, so a
 * suspended hart (hsm.c) wakes for nothing else.
 */
static void sse_notify(unsigned long self, unsigned long target)
{
	if (!sse_next(&sse, target))
		return;
	atomic_swap(&hart_frame(hart_of(target))->sse_pending, 1);
	if (target != self && ipi_available())
		ipi_ring(target);
}

/*
 * trap.c: an LCOFI reached M-mode. The counter's OF bit stays set (S-mode's
 * handler finds it in scountovf); only the pending bit is cleared, or the
 * interrupt would be taken again at once. The event is entered on the way out.
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
	if (ours) {
		sse_signal_local(&sse, self, SSE_LOCAL_PMU_OVERFLOW);
		sse_notify(self, self);
	}
	sse_unlock();
	if (!ours)
		set_mip(MIP_LCOFIP);   /* S-mode's again: hand it the interrupt */
	return true;
}

/* The lower mode's state as mret will resume it; bias: 4 if an ecall's +4 is still to come. */
static void regs_load(struct sse_regs *r, const struct trap_frame *f, unsigned long bias)
{
	unsigned long ms = r_mstatus();

	r->pc = r_mepc() + bias;
	r->mode = (ms & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	r->a6 = f->x[16];
	r->a7 = f->x[17];
	r->sepc = r_sepc();
	r->sstatus = ms & (MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP);
	r->virt = features.has_h && (r_mstatus_hyp() & MSTATUS_MPV);
	r->hstatus = features.has_h ? r_hstatus() & (HSTATUS_SPV | HSTATUS_SPVP) : 0;
}

/* And back: with bias 4 mepc gets pc - 4, which the ecall's +4 makes pc (wrapping exactly). */
static void regs_store(const struct sse_regs *r, struct trap_frame *f, unsigned long bias)
{
	unsigned long ms = r_mstatus();

	ms &= ~(MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_MPP);
	ms |= r->sstatus | r->mode << MSTATUS_MPP_SHIFT;
	w_mstatus(ms);
	if (features.has_h) {
		w_hstatus((r_hstatus() & ~(HSTATUS_SPV | HSTATUS_SPVP)) | r->hstatus);
		if (r->virt)
			set_mstatus_hyp(MSTATUS_MPV);
		else
			clear_mstatus_hyp(MSTATUS_MPV);
	}
	w_mepc(r->pc - bias);
	w_sepc(r->sepc);
	f->x[16] = r->a6;
	f->x[17] = r->a7;
}

/*
 * entry.S's way out, this hart's doorbell set: enter every event that may
 * run now, one preempting the next, the highest last. mepc is final here
 * (an ecall's +4 done), and a0, a1 are in the frame.
 */
void sse_deliver(struct trap_frame *f)
{
	unsigned long self = r_mhartid();
	struct sse_event *e;
	struct sse_regs r;
	bool entered = false;

	if ((r_mstatus() & MSTATUS_MPP) == MSTATUS_MPP)
		return;                     /* back to M-mode itself: the next way out enters it */
	regs_load(&r, f, 0);
	sse_lock();
	atomic_swap(&f->sse_pending, 0);
	while ((e = sse_next(&sse, self))) {
		sse_enter(&sse, self, e, &r);
		entered = true;
	}
	sse_unlock();
	if (entered)
		regs_store(&r, f, 0);
}

/* S-mode's attribute memory, count XLEN-bit values from the address the check
 * accepted (misaligned: INVALID_ADDRESS, the SSE chapter's read/write_attrs);
 * count <= SSE_NUM_ATTRS once sse_attrs_check() agrees. A write reads it once,
 * into v, zeroed first: the proof does not relate count to v's values. */
static struct sbiret rw_attrs(unsigned long self, uint32_t id, uint32_t base, uint32_t count,
			      unsigned long lo, unsigned long hi, bool write)
{
	unsigned long v[SSE_NUM_ATTRS] = { 0 };
	volatile unsigned long *mem;
	struct sbiret r;
	uint64_t end;
	uintptr_t addr;

	sse_lock();
	r = sse_attrs_check(&sse, self, id, base, count);   /* event and range first */
	sse_unlock();
	if (r.error)
		return r;
	if ((lo & (sizeof(long) - 1)) || hi)
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	/*@ slevel 2; */
	addr = sbi_mem_window(lo, (uint64_t)count * sizeof(long), &end);
	if (!addr)
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	/*@ slevel merge; */
	mem = (volatile unsigned long *)addr;
	for (uint32_t i = 0; i < count && i < SSE_NUM_ATTRS && write; i++)
		v[i] = mem[i];
	sse_lock();
	if (write)
		r = sse_write_attrs(&sse, self, id, base, count, v);
	else
		r = sse_read_attrs(&sse, self, id, base, count, v);
	sse_unlock();
	for (uint32_t i = 0; i < count && i < SSE_NUM_ATTRS && !write && !r.error; i++)
		mem[i] = v[i];
	return r;
}

/* After a call that may have made an event runnable on target: ring it.
 * target is ~0UL for none, else a hart ID: the bound, not just "not ~0UL",
 * where it will index harts[]. */
static struct sbiret sse_call_done(unsigned long self, struct sbiret r, unsigned long target)
{
	if (!r.error && target < TALLY_MAX_HARTS) {
		sse_lock();
		sse_notify(self, target);
		sse_unlock();
	}
	return r;
}

struct sbiret sse_call_attrs(uint32_t id, uint32_t base, uint32_t count, unsigned long lo,
			     unsigned long hi, bool write)
{
	return rw_attrs(r_mhartid(), id, base, count, lo, hi, write);
}

/*
 * Back to the interrupted state, a0 and a1 as the handler restored them;
 * with no handler running, a plain SUCCESS. This runs inside the ecall, so
 * mepc gets the interrupted pc less the 4 the way out adds. An event the
 * handler held back may run now: the doorbell lets the way out enter it.
 */
struct sbiret sse_call_complete(unsigned long a0, unsigned long a1)
{
	unsigned long self = r_mhartid();
	struct trap_frame *f = this_frame();
	struct sse_regs r;
	bool done;

	regs_load(&r, f, 4);
	sse_lock();
	done = sse_complete(&sse, self, &r);
	if (done)
		sse_notify(self, self);
	sse_unlock();
	if (!done)
		return sbi_ok(0);
	regs_store(&r, f, 4);
	return (struct sbiret){ (long)a0, a1 };
}

struct sbiret sse_call_register(uint32_t id, unsigned long entry_pc, unsigned long entry_arg)
{
	unsigned long self = r_mhartid();
	struct sbiret r;

	sse_lock();
	r = sse_register(&sse, self, id, entry_pc, entry_arg);
	if (!r.error && id == SSE_EV_LOCAL_PMU_OVERFLOW)
		lcofi_to_firmware(true);
	sse_unlock();
	return sse_call_done(self, r, ~0UL);
}

struct sbiret sse_call_unregister(uint32_t id)
{
	unsigned long self = r_mhartid();
	struct sbiret r;

	sse_lock();
	r = sse_unregister(&sse, self, id);
	if (!r.error && id == SSE_EV_LOCAL_PMU_OVERFLOW)
		lcofi_to_firmware(false);
	sse_unlock();
	return sse_call_done(self, r, ~0UL);
}

struct sbiret sse_call_enable(uint32_t id, bool enable)
{
	unsigned long self = r_mhartid(), target = ~0UL;
	struct sbiret r;

	sse_lock();
	r = enable ? sse_enable(&sse, self, id, &target) : sse_disable(&sse, self, id);
	sse_unlock();
	return sse_call_done(self, r, target);
}

struct sbiret sse_call_inject(uint32_t id, unsigned long hartid)
{
	unsigned long self = r_mhartid(), target = ~0UL;
	struct sbiret r;

	sse_lock();
	r = sse_inject(&sse, self, id, hartid, &target);
	sse_unlock();
	return sse_call_done(self, r, target);
}

struct sbiret sse_call_mask(bool unmask)
{
	unsigned long self = r_mhartid();
	struct sbiret r;

	sse_lock();
	r = unmask ? sse_hart_unmask(&sse, self) : sse_hart_mask(&sse, self);
	sse_unlock();
	return sse_call_done(self, r, unmask ? self : ~0UL);
}
