/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hypervisor test's world switch and its guest (hyp.h).
 *  - hyp_run(struct vcpu *v): keeps the C caller's callee-saved registers
 *    and sp in v, points stvec at hyp_vector and sscratch at v, loads the
 *    guest's registers and srets into it (VS-mode: the caller has set
 *    hstatus.SPV and sstatus.SPP).
 *  - hyp_vector: the guest's next trap into HS. It keeps every guest
 *    register, sepc, scause, stval, htval, htinst and hstatus in v, puts
 *    stvec back and returns from hyp_run. The C side decides what the trap
 *    means and whether to enter the guest again: one function per trap
 *    keeps each case's expectations in one place.
 *  - guest_*: the guest's programs. Each ends with an ecall whose a7 is
 *    GUEST_EXIT, a0 its result. They run with the payload's own
 *    addresses: the G-stage maps the payload's region onto itself, and the
 *    VS stage (where a case has one) maps it onto itself too.
 */
#include "hyp.h"

#define SLOT(n) ((n) * REGBYTES)

	.section .text
	.balign 4
	.globl hyp_run
hyp_run:
	SREG	sp, SLOT(VCPU_HS_SP)(a0)
	SREG	ra, SLOT(VCPU_HS_REGS)(a0)
	SREG	s0, SLOT(VCPU_HS_REGS + 1)(a0)
	SREG	s1, SLOT(VCPU_HS_REGS + 2)(a0)
	.irp n, 18,19,20,21,22,23,24,25,26,27
	SREG	x\n, SLOT(VCPU_HS_REGS + \n - 15)(a0)   /* s2..s11 */
	.endr
	csrw	sscratch, a0
	la	t0, hyp_vector
	csrrw	t0, stvec, t0
	SREG	t0, SLOT(VCPU_STVEC)(a0)
	LREG	t0, SLOT(VCPU_PC)(a0)
	csrw	sepc, t0
	.irp n, 1,2,3,4,5,6,7,8,9,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	LREG	x\n, SLOT(\n)(a0)
	.endr
	LREG	a0, SLOT(10)(a0)
	sret

	.balign 4
hyp_vector:
	csrrw	a0, sscratch, a0
	.irp n, 1,2,3,4,5,6,7,8,9,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	SREG	x\n, SLOT(\n)(a0)
	.endr
	csrr	t0, sscratch
	SREG	t0, SLOT(10)(a0)
	csrr	t0, sepc
	SREG	t0, SLOT(VCPU_PC)(a0)
	csrr	t0, scause
	SREG	t0, SLOT(VCPU_SCAUSE)(a0)
	csrr	t0, stval
	SREG	t0, SLOT(VCPU_STVAL)(a0)
	csrr	t0, CSR_HTVAL
	SREG	t0, SLOT(VCPU_HTVAL)(a0)
	csrr	t0, CSR_HTINST
	SREG	t0, SLOT(VCPU_HTINST)(a0)
	csrr	t0, CSR_HSTATUS
	SREG	t0, SLOT(VCPU_HSTATUS)(a0)
	LREG	t0, SLOT(VCPU_STVEC)(a0)
	csrw	stvec, t0
	LREG	sp, SLOT(VCPU_HS_SP)(a0)
	LREG	ra, SLOT(VCPU_HS_REGS)(a0)
	LREG	s0, SLOT(VCPU_HS_REGS + 1)(a0)
	LREG	s1, SLOT(VCPU_HS_REGS + 2)(a0)
	.irp n, 18,19,20,21,22,23,24,25,26,27
	LREG	x\n, SLOT(VCPU_HS_REGS + \n - 15)(a0)
	.endr
	ret

/* ---- the guest ---------------------------------------------------------- */

	.macro GUEST_DONE
	li	a7, GUEST_EXIT
	ecall
1:	j	1b                       /* the host never resumes an exit */
	.endm

	/*
	 * The instruction each program is about is 32 bits unless it says
	 * otherwise (norvc): the host skips it by its length, and checks
	 * stval and htinst against its encoding.
	 */
	.option push
	.option norvc

/* a0..a7 as the host set them: one ecall, then a0 + 1 (the host's answer seen). */
	.globl guest_ecall, guest_ecall_ret
guest_ecall:
	ecall
guest_ecall_ret:
	addi	a0, a0, 1
	GUEST_DONE

/* One load, store or AMO at a1 (a2 the value). */
	.globl guest_load, guest_store, guest_amo
guest_load:
	lw	a0, 0(a1)
	GUEST_DONE
guest_store:
	sw	a2, 0(a1)
	GUEST_DONE
guest_amo:
	amoadd.w a0, a2, (a1)
	GUEST_DONE

/* A call to a1: the host resumes the guest at ra when the fetch faults. */
	.globl guest_fetch, guest_fetch_ret
guest_fetch:
	jalr	ra, 0(a1)
guest_fetch_ret:
	GUEST_DONE

/* What VS-mode may not do: read a hypervisor CSR, wfi with hstatus.VTW. */
	.globl guest_csr_hstatus, guest_wfi
guest_csr_hstatus:
	csrr	a0, CSR_HSTATUS
	GUEST_DONE
guest_wfi:
	wfi
	GUEST_DONE

/* The guest's time: rv32 reads the high half around the low one. */
	.globl guest_rdtime
guest_rdtime:
#if __riscv_xlen == 64
	rdtime	a0
#else
	rdtimeh	a1
	rdtime	a0
	rdtimeh	a2
#endif
	GUEST_DONE

/*
 * An illegal instruction (a write to the read-only cycle CSR) with the
 * guest's own vector set: it reaches the guest's handler where hedeleg
 * says so, otherwise HS. a0: the cause the guest's handler saw, or 0.
 */
	.globl guest_illegal
guest_illegal:
	la	t0, guest_vs_handler
	csrw	stvec, t0
	la	t0, guest_vs_seen
	SREG	zero, 0(t0)
	csrrw	zero, cycle, zero
	LREG	a0, 0(t0)
	GUEST_DONE

/*
 * Wait, interrupts on, for the guest's own timer interrupt: a1 = for how
 * many ticks of its time at most (hcounteren.TM set). The ticks are
 * counted in the low halves (modulo 2^XLEN), so rv32 needs no time high
 * half. a0: what its handler saw (0 if nothing came).
 */
	.globl guest_timer_wait, guest_timer_loop, guest_timer_loop_end
guest_timer_wait:
	mv	t2, a1
	la	t0, guest_vs_handler
	csrw	stvec, t0
	li	t0, 1 << IRQ_S_TIMER
	csrs	sie, t0
	la	t0, guest_vs_seen
	SREG	zero, 0(t0)
guest_timer_start:
	rdtime	t3
	csrsi	sstatus, SSTATUS_SIE
guest_timer_loop:
	LREG	t1, 0(t0)
	bnez	t1, guest_timer_loop_end
	rdtime	t4
	sub	t4, t4, t3
	bltu	t4, t2, guest_timer_loop
guest_timer_loop_end:
	csrci	sstatus, SSTATUS_SIE
	mv	a0, t1
	GUEST_DONE

/*
 * The guest's own timer (Sstc: stimecmp, which is vstimecmp in VS-mode)
 * a1 ticks from its own time, then the wait above; a2 = for how many ticks.
 */
	.globl guest_vstimecmp
guest_vstimecmp:
	la	t0, guest_vs_handler
	csrw	stvec, t0
	li	t0, 1 << IRQ_S_TIMER
	csrs	sie, t0
	la	t0, guest_vs_seen
	SREG	zero, 0(t0)
	mv	t2, a2
#if __riscv_xlen == 64
	rdtime	t1
	add	t1, t1, a1
	csrw	CSR_STIMECMP, t1
#else
	li	t1, -1                   /* no early match while the halves change */
	csrw	CSR_STIMECMP, t1
1:	rdtimeh	t3
	rdtime	t1
	rdtimeh	t4
	bne	t3, t4, 1b
	add	t5, t1, a1
	sltu	t6, t5, t1
	add	t3, t3, t6
	csrw	CSR_STIMECMPH, t3
	csrw	CSR_STIMECMP, t5
#endif
	j	guest_timer_start

/*
 * The guest's trap handler (vstvec): tell the host what came (a0 = cause,
 * a1 = sepc, a2 = stval) and resume where it answers in a1. Only a0..a3
 * and a7 change: the loops above keep theirs in t0..t4.
 */
	.balign 4
guest_vs_handler:
	csrr	a0, scause
	csrr	a1, sepc
	csrr	a2, stval
	li	a7, GUEST_VSTRAP
	ecall
	csrw	sepc, a1
	la	a3, guest_vs_seen
	SREG	a0, 0(a3)
	li	a3, 1 << IRQ_S_TIMER
	csrc	sie, a3                  /* one interrupt a run */
	sret

/*
 * Spin for an event to interrupt: a1 = a flag to set first (the guest is
 * running), a2 = a flag to wait for, a3 = for how many ticks of its time
 * at most (hcounteren.TM set; counted as in guest_timer_wait). a6 and a7
 * come back in a3 and a4 (the interrupting event must give them back),
 * the ticks waited in a1.
 */
	.globl guest_spin, guest_spin_loop, guest_spin_end
guest_spin:
	li	t0, 1
	SREG	t0, 0(a1)
	rdtime	t3
guest_spin_loop:
	LREG	t1, 0(a2)
	bnez	t1, guest_spin_end
	rdtime	t2
	sub	t2, t2, t3
	bltu	t2, a3, guest_spin_loop
guest_spin_end:
	mv	a0, t1
	mv	a1, t2
	mv	a3, a6
	mv	a4, a7
	GUEST_DONE

/* Loads and stores at every width, a1 = address, a2 = value. */
	.macro GUEST_LOAD name, insn
	.globl guest_\name
guest_\name:
	\insn	a0, 0(a1)
	GUEST_DONE
	.endm
	.macro GUEST_STORE name, insn
	.globl guest_\name
guest_\name:
	\insn	a2, 0(a1)
	GUEST_DONE
	.endm
	GUEST_LOAD lb, lb
	GUEST_LOAD lh, lh
	GUEST_LOAD lhu, lhu
	GUEST_LOAD lw, lw
	GUEST_STORE sh, sh
	GUEST_STORE sw, sw
#if __riscv_xlen == 64
	GUEST_LOAD lwu, lwu
	GUEST_LOAD ld, ld
	GUEST_STORE sd, sd
#endif
	.option pop

	/* the compressed forms (a firmware that emulates decodes them apart) */
	.option push
	.option rvc
	GUEST_LOAD c_lw, c.lw
	GUEST_STORE c_sw, c.sw
#if __riscv_xlen == 64
	GUEST_LOAD c_ld, c.ld
	GUEST_STORE c_sd, c.sd
#endif
	.option pop

	.section .bss
	.balign 8
	.globl guest_vs_seen
guest_vs_seen:
	.space	REGBYTES
