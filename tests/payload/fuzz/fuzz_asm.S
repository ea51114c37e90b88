/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly for the ecall fuzzer (fuzz.c):
 *  - fuzz_ecall: one ecall with a0..a7 from the caller and every other
 *    register but sp holding pattern + its register number, then a dump of
 *    all 32 registers as the ecall left them. C cannot see what the
 *    firmware did to registers the compiler does not hand it.
 *  - fuzz_nonret_suspend / fuzz_resume: a non-retentive hart_suspend that
 *    comes back through the resume address like a setjmp/longjmp.
 *  - fuzz_secondary_entry: where hart_start sends the other harts.
 *  - fuzz_trap_vector: S-mode traps are never expected; report and stop.
 */
#include <tally/riscv.h>
#include "callee.h"

	.section .text
	.balign 4

/* void fuzz_ecall(struct fz_call *c): struct fz_call is callee.h's CALL_ALL layout. */
	.globl fuzz_ecall
fuzz_ecall:
	CALL_ALL_LOAD
	ecall
	CALL_ALL_DUMP

/*
 * long fuzz_nonret_suspend(unsigned long ctx[17])
 * hart_suspend(NON_RETENTIVE, fuzz_resume, ctx). If the ecall returns, its
 * error comes back; if the hart resumes at fuzz_resume, ctx restores the
 * caller's registers, ctx[16] gets the a0 (hartid) it resumed with, and 1
 * comes back. The firmware need not preserve registers on this path.
 */
#define HSM_EID 0x48534D
	.globl fuzz_nonret_suspend
fuzz_nonret_suspend:
	SREG	ra, 0 * REGBYTES(a0)
	SREG	sp, 1 * REGBYTES(a0)
	SREG	gp, 2 * REGBYTES(a0)
	SREG	tp, 3 * REGBYTES(a0)
	SREG	s0, 4 * REGBYTES(a0)
	SREG	s1, 5 * REGBYTES(a0)
	.irp n, 18,19,20,21,22,23,24,25,26,27
	SREG	x\n, (\n - 12) * REGBYTES(a0)   /* s2..s11 at 6..15 */
	.endr
	mv	a2, a0               /* opaque = ctx */
	li	a0, 0x80000000       /* SUSPEND_NON_RETENTIVE */
	la	a1, fuzz_resume
	li	a6, 3                /* HART_SUSPEND */
	li	a7, HSM_EID
	ecall
	ret                          /* it returned: a0 holds the error */

	.balign 4
fuzz_resume:                         /* a0 = hartid, a1 = opaque = ctx */
	LREG	ra, 0 * REGBYTES(a1)
	LREG	sp, 1 * REGBYTES(a1)
	LREG	gp, 2 * REGBYTES(a1)
	LREG	tp, 3 * REGBYTES(a1)
	LREG	s0, 4 * REGBYTES(a1)
	LREG	s1, 5 * REGBYTES(a1)
	.irp n, 18,19,20,21,22,23,24,25,26,27
	LREG	x\n, (\n - 12) * REGBYTES(a1)
	.endr
	SREG	a0, 16 * REGBYTES(a1)
	li	a0, 1
	ret

/*
 * Other harts, after a successful hart_start: a0 = hartid, a1 = opaque.
 * One stack per hart id (hart_start only wakes a STOPPED hart, so one
 * run per hart at a time); a hart id without a stack just waits.
 */
#define SEC_STACK 4096
#define SEC_HARTS 8
	.globl fuzz_secondary_entry
fuzz_secondary_entry:
	tally_load_gp
	li	t0, SEC_HARTS
	bgeu	a0, t0, 2f
	la	sp, sec_stacks
	addi	t0, a0, 1
	li	t1, SEC_STACK
	mul	t0, t0, t1
	add	sp, sp, t0           /* top of stack a0 */
	call	secondary_main
2:	wfi
	j	2b

/* S-mode traps: none is expected (interrupts stay off; ecalls never fault). */
	.balign 4
	.globl fuzz_trap_vector
fuzz_trap_vector:
	call	fuzz_unexpected_trap
3:	j	3b

	.bss
	.balign 16
sec_stacks:
	.space SEC_STACK * SEC_HARTS
