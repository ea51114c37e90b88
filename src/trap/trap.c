/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every trap that is not the payload's ecall comes here (entry.S slow
 * path): interrupts the firmware owns, faults of the payload that the
 * firmware counts and hands on to S-mode, and anything unexpected, which
 * ends in panic().
 */
#include <stdio.h>
#include "arch/csr.h"
#include "arch/mprv.h"
#include "base/machine.h"
#include "base/panic.h"
#include "base/board.h"
#include "base/sbi.h"
#include "hart/hart.h"
#include "hart/ipi.h"
#include "hart/sse_hart.h"
#include "hart/timer.h"
#include "sbi/sbi_ext.h"
#include "tally_config.h"
#include "trap/counters.h"
#include "trap/hyp.h"
#include "trap/trap.h"

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
 * A counter read (csrrs rd, <counter>, x0) that trapped because its
 * mcounteren bit is clear (priv spec 3.1.11 "Machine Counter-Enable
 * Register"), answered where counters.c decided at boot that it is ours.
 */
#define CSRRS_X0_MASK  0x000ff07fUL   /* rs1, funct3, opcode */
#define CSRRS_X0_MATCH 0x00002073UL   /* rs1 = x0, funct3 = CSRRS, SYSTEM */

static void redirect_to_smode(const struct trap_frame *f, unsigned long cause,
			      unsigned long tval, unsigned long prev, bool virt);

static bool emulate_counter_read(struct trap_frame *f, uint32_t insn, unsigned long prev,
				 bool virt)
{
	unsigned csr, rd, n;
	uint64_t now;
	bool hi;

	if ((insn & CSRRS_X0_MASK) != CSRRS_X0_MATCH)
		return false;
	csr = insn >> 20;
	rd = (insn >> 7) & 31;
	hi = __riscv_xlen == 32 && (csr & ~31U) == CSR_CYCLEH;
	if ((csr & ~31U) != CSR_CYCLE && !hi)
		return false;
	n = csr & 31;
	if (!counters_emulated(n, features.counteren, features.has_s_mode, &features.pmu))
		return false;
	now = n == 1 ? board_timer_value() : csr_read_counter(n);
#if TALLY_SMODE_EXTENSIONS
	if (virt) {          /* a guest: hcounteren decides, and its time is shifted */
		if (!hyp_counter_allowed(n, prev)) {
			redirect_to_smode(f, CAUSE_VIRTUAL_INSN, insn, prev, virt);
			return true;
		}
		if (n == 1)
			now = hyp_guest_time(now);
	}
#else
	(void)prev, (void)virt;
#endif
	if (rd)   /* rd = x0 reads and discards */
		f->x[rd] = (unsigned long)(hi ? now >> 32 : now);
	w_mepc(r_mepc() + 4);
	return true;
}

/* An illegal instruction the firmware may answer: a counter read, or on
 * an H core without htimedelta the hypervisor's access to it. */
static bool emulate_illegal(struct trap_frame *f, unsigned long prev, bool virt)
{
	uint32_t insn = (uint32_t)r_mtval();

	/* mtval holds the instruction on CVA6 and QEMU; 0 means "go and read it". */
	if (!insn && !read_lower_insn(r_mepc(), &insn))
		return false;
#if TALLY_SMODE_EXTENSIONS
	if (features.has_h && !features.has_htimedelta && !virt && prev == PRV_S &&
	    hyp_emulate_htimedelta(f, insn))
		return true;
#endif
	return emulate_counter_read(f, insn, prev, virt);
}

#if TALLY_SMODE_EXTENSIONS   /* an M+U image (Ibex) never redirects: no S-mode */
/*
 * A trap S-mode cannot take: stvec unset (0), or the trap is a fault at
 * the vector itself (redirecting it would fault there again, forever).
 * Say so, with the cause and the addresses, and stop the machine (QEMU
 * exits with status 3) instead of looping through M-mode. Out of line and
 * cold: trap_handler's other paths keep their instruction counts.
 */
static __attribute__((noreturn, noinline, cold))
void no_smode_handler(const struct trap_frame *f, unsigned long cause, unsigned long tval,
		      unsigned long stvec)
{
	unsigned long epc = r_mepc();

	/* Printed directly, not through a buffer: no length limit, no truncation. */
	printf("\ntally: PANIC on hart %lu: %s at sepc 0x%lx (stval 0x%lx) and S-mode has no "
	       "handler: stvec 0x%lx%s%s\n", r_mhartid(), trap_cause_name(cause), epc, tval, stvec,
	       stvec & ~3UL ? " (the trap is at the vector itself)" : " (unset)",
	       epc == platform.payload_base ? "; it is the payload's first instruction: "
	       "is a payload loaded there?" : "");
	panic_after(f);
}
#endif

/*
 * Deliver the trap to S-mode as if it had never come to M-mode (priv spec
 * 3.1.6.1 "Privilege and Global Interrupt-Enable Stack", 4.1.1 "Supervisor
 * Status Register").
 */
static void redirect_to_smode(const struct trap_frame *f, unsigned long cause,
			      unsigned long tval, unsigned long prev_mode, bool virt)
{
	unsigned long ms;

#if TALLY_SMODE_EXTENSIONS
	unsigned long stvec = r_stvec();

	/* A guest's pc is not in HS-mode's address space: only unset counts. */
	if (!(stvec & ~3UL) || (!virt && (stvec & ~3UL) == r_mepc()))
		no_smode_handler(f, cause, tval, stvec);
	if (virt && hyp_redirect(cause, tval, prev_mode))
		return;                   /* hedeleg: the guest's own handler */
	if (!virt && features.has_h)
		hyp_host_trap();
#else
	(void)virt;
#endif
	ms = r_mstatus();

	w_scause(cause);
	w_sepc(r_mepc());
	w_stval(tval);
	ms &= ~(MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_MPP);
	if (prev_mode == PRV_S)
		ms |= MSTATUS_SPP;
	if (ms & MSTATUS_SIE)
		ms |= MSTATUS_SPIE;
	ms &= ~MSTATUS_SIE;
	ms |= (unsigned long)PRV_S << MSTATUS_MPP_SHIFT;
	w_mstatus(ms);
	w_mepc(r_stvec() & ~3UL);    /* exceptions enter stvec's base */
}

void trap_handler(struct trap_frame *f)
{
	unsigned long cause = r_mcause();
	unsigned long prev = (r_mstatus() & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	unsigned long tval;
	bool virt;
	int ev;

	if (cause & CAUSE_IRQ_FLAG) {
		unsigned long hartid = r_mhartid();

		if ((cause & ~CAUSE_IRQ_FLAG) == IRQ_M_TIMER)
			timer_irq();
		else if ((cause & ~CAUSE_IRQ_FLAG) == IRQ_M_SOFT && ipi_available())
			ipi_process(hartid);        /* another hart asked for something */
		else if ((cause & ~CAUSE_IRQ_FLAG) == IRQ_LCOF && sse_pmu_overflow_irq())
			;                           /* a counter overflowed: an SSE event */
		else
			panic(f, "unexpected interrupt");
		return;
	}
	if (prev == PRV_M)
		panic(f, "exception in M-mode");

	/* An ecall from a mode the fast path does not expect: same dispatcher. */
	if (cause == CAUSE_USER_ECALL || cause == CAUSE_SUPERVISOR_ECALL) {
		unsigned long *a = &f->x[REG_A0];
		struct sbiret r = sbi_ecall(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);

		a[0] = (unsigned long)r.error;
		a[1] = r.value;
		w_mepc(r_mepc() + 4);
		return;
	}

#if TALLY_SMODE_EXTENSIONS
	virt = hyp_from_guest();
#else
	virt = false;
#endif
	ev = fw_event_of(cause);
	if (ev >= 0)
		pmu_fw_event(this_pmu(), (unsigned)ev);   /* once, emulated or not */
	tval = r_mtval();   /* before emulation: a guarded access rewrites mtval */
	if (cause == CAUSE_ILLEGAL_INSN && emulate_illegal(f, prev, virt))
		return;
	if (platform.emulate_misaligned && platform.emulate_misaligned(f, &cause, &tval))
		return;
	if (features.has_s_mode) {
		redirect_to_smode(f, cause, tval, prev, virt);
		return;
	}
	panic(f, "payload fault and no S-mode to deliver it to");
}
