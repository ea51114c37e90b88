/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly for the conformance payload (this folder):
 *  - s_trap_vector: the payload's own S-mode trap vector. Faults the
 *    firmware redirects to S-mode (PMP access faults, illegal instructions,
 *    misaligned AMOs) and the S-mode timer interrupt land here.
 *  - regs_around_ecall: one ecall with every register but a0/a1 holding a
 *    known value, and a dump of all registers right after it.
 */
#include <tally/riscv.h>
#include "callee.h"

#define FRAME (32 * REGBYTES)

/*
 * Save x1 and x3..x31 in a frame on the current stack (indexed by register
 * number), call s_trap_handler(frame), restore, sret. The handler may
 * change sepc (to skip a faulting instruction) but no register.
 */
	.section .text
	.balign 4
	.globl s_trap_vector
s_trap_vector:
	addi	sp, sp, -FRAME
	SREG	x1, 1 * REGBYTES(sp)
	.irp n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	SREG	x\n, \n * REGBYTES(sp)
	.endr
	mv	a0, sp
	call	s_trap_handler
	LREG	x1, 1 * REGBYTES(sp)
	.irp n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	LREG	x\n, \n * REGBYTES(sp)
	.endr
	addi	sp, sp, FRAME
	sret

/*
 * void regs_around_ecall(unsigned long dump[32], unsigned long pattern,
 *                        unsigned long eid, unsigned long fid)
 *
 * Makes the call a7 = eid, a6 = fid, a0 = 0x5a, a1 = 0xa5 with every other
 * register but sp set to pattern + its register number, then stores
 * x0..x31 as the ecall left them into dump[]. The SBI spec lets the call
 * change a0 and a1 only. (sp is checked by this function returning.)
 *
 * regs_around_fault: the same around an illegal instruction, which the
 * firmware counts and redirects to s_trap_vector; nothing may change.
 */
#define F_DUMP  (15 * REGBYTES)
#define F_T6    (16 * REGBYTES)
#define F_SIZE  (20 * REGBYTES)   /* 16-byte aligned on rv32 and rv64 */
	.macro REGS_AROUND name, insn
	.globl \name
\name:
	addi	sp, sp, -F_SIZE
	/* callee-saved state of the C caller: ra, gp, tp, s0..s11 */
	SAVE_CALLEE sp
	SREG	a0, F_DUMP(sp)
	mv	a7, a2
	mv	a6, a3
	/* every register but sp, a0, a1, a6, a7 gets pattern + its number */
	.irp n, 1,3,4,5,6,7,8,9,12,13,14,15,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	addi	x\n, a1, \n
	.endr
	li	a0, 0x5a
	li	a1, 0xa5
	\insn
	/* dump: free t6 first, then use it as the pointer */
	SREG	t6, F_T6(sp)
	LREG	t6, F_DUMP(sp)
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
	SREG	x\n, \n * REGBYTES(t6)
	.endr
	LREG	t5, F_T6(sp)
	SREG	t5, 31 * REGBYTES(t6)
	RESTORE_CALLEE sp
	addi	sp, sp, F_SIZE
	ret
	.endm

	REGS_AROUND regs_around_ecall, ecall
	/* csrw cycle, zero: illegal, so it goes to the firmware and is redirected */
	REGS_AROUND regs_around_fault, ".4byte 0xc0001073"
