/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every trap that is not the payload's ecall comes here (entry.S slow
 * path): interrupts the firmware owns, faults of the payload that the
 * firmware counts and hands on to S-mode, and anything unexpected, which
 * ends in panic().
 */
#include "hart.h"
#include "platform.h"
#include "sbi.h"

/* The firmware event each exception counts as (SBI spec table 6). */
static int fw_event_of(unsigned long cause)
{
	switch (cause) {
	case CAUSE_MISALIGNED_LOAD:  return PMU_FW_MISALIGNED_LOAD;
	case CAUSE_MISALIGNED_STORE: return PMU_FW_MISALIGNED_STORE;
	case CAUSE_LOAD_ACCESS:      return PMU_FW_ACCESS_LOAD;
	case CAUSE_STORE_ACCESS:     return PMU_FW_ACCESS_STORE;
	case CAUSE_ILLEGAL_INSN:     return PMU_FW_ILLEGAL_INSN;
	default:                     return -1;
	}
}

/*
 * Deliver the trap to S-mode as if it had never been routed to M-mode
 * (priv spec 3.1.6.1, 4.1.1): S-mode's trap CSRs get what M-mode's hold,
 * and mret resumes at stvec in S-mode with interrupts off.
 */
static void redirect_to_smode(unsigned long cause, unsigned long prev_mode)
{
	unsigned long ms = r_mstatus();

	w_scause(cause);
	w_sepc(r_mepc());
	w_stval(r_mtval());
	ms &= ~(MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_MPP);
	if (prev_mode == PRV_S)
		ms |= MSTATUS_SPP;
	if (ms & MSTATUS_SIE)
		ms |= MSTATUS_SPIE;
	ms &= ~MSTATUS_SIE;
	ms |= (unsigned long)PRV_S << MSTATUS_MPP_SHIFT;
	w_mstatus(ms);               /* S-mode sees the trap with SIE cleared */
	w_mepc(r_stvec() & ~3UL);    /* exceptions enter stvec's base */
}

void trap_handler(struct trap_frame *f)
{
	unsigned long cause = r_mcause();
	unsigned long prev = (r_mstatus() & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	int ev;

	if (cause & CAUSE_IRQ_FLAG) {
		if ((cause & ~CAUSE_IRQ_FLAG) == IRQ_M_TIMER) {
			sbi_timer_irq();
			return;
		}
		panic(f, "unexpected interrupt");
	}
	if (prev == PRV_M)
		panic(f, "exception in M-mode");

	/* An ecall from a mode the fast path does not expect: same dispatcher. */
	if (cause == CAUSE_USER_ECALL || cause == CAUSE_SUPERVISOR_ECALL) {
		struct sbiret r = sbi_ecall(f->x[10], f->x[11], f->x[12], f->x[13],
					    f->x[14], f->x[15], f->x[16], f->x[17]);
		f->x[REG_A0] = (unsigned long)r.error;
		f->x[REG_A1] = r.value;
		w_mepc(r_mepc() + 4);
		return;
	}

	ev = fw_event_of(cause);
	if (ev >= 0)
		pmu_fw_event(this_pmu(), (unsigned)ev);
	if (features.has_s_mode) {
		redirect_to_smode(cause, prev);
		return;
	}
	/* No S-mode to hand it to: the U-mode payload crashed. */
	panic(f, "payload fault and no S-mode to deliver it to");
}
