/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly for test_sse.c:
 *  - sse_handler_entry: the ENTRY_PC of every event the test registers.
 *    The firmware enters it with a6 = hartid, a7 = ENTRY_ARG (a struct
 *    sse_ctx *) and every other register as the interrupted code left
 *    it; it keeps them all in ctx->regs, runs ctx->fn(ctx, hartid) on
 *    ctx's stack, puts them back and calls complete, which resumes the
 *    interrupted code with a6 and a7 from the event's attributes.
 *  - sse_ecall_all: one ecall with a0..a7 from the caller and every other
 *    register but sp holding pattern + its number, then all 32 registers
 *    as they came back: what an event in between must not have changed.
 *    sse_spin_all: the same around a countdown loop instead of the ecall.
 */
#include "arch/riscv.h"
#include "callee.h"

/* struct sse_ctx (test_sse.c): regs[32], stack_top, fn, ... */
#define CTX_STACK (32 * REGBYTES)
#define CTX_FN    (33 * REGBYTES)

	.section .text
	.balign 4
	.globl sse_handler_entry
sse_handler_entry:
	.irp n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	SREG	x\n, (\n * REGBYTES)(a7)
	.endr
	mv	s0, a7
	LREG	sp, CTX_STACK(s0)
	mv	a0, s0
	mv	a1, a6
	LREG	t0, CTX_FN(s0)
	jalr	t0
	/* everything back as it came (a6, a7 are the firmware's to restore), s0 last */
	.irp n, 1,2,3,4,5,6,7,9,10,11,12,13,14,15,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	LREG	x\n, (\n * REGBYTES)(s0)
	.endr
	LREG	s0, (8 * REGBYTES)(s0)
	li	a6, 6                /* SSE complete */
	li	a7, 0x535345
	ecall
	/* complete never returns here */
1:	j	1b

/* struct sse_call (test_sse.c): in[8], out[32], pattern */
#define IN(n)   ((n) * REGBYTES)
#define OUT(n)  ((8 + (n)) * REGBYTES)
#define PAT     (40 * REGBYTES)
/* Frame: ra gp tp s0..s11 (slots 0..14), call pointer (15), t6 (16); 18 slots keep sp 16-aligned. */
#define F_CALL  (15 * REGBYTES)
#define F_T6    (16 * REGBYTES)
#define F_SIZE  (18 * REGBYTES)

/* Every register but sp and a0..a7 = pattern + its number; a0..a7 = in[]. */
	.macro LOAD_ALL
	addi	sp, sp, -F_SIZE
	SAVE_CALLEE sp
	SREG	a0, F_CALL(sp)
	LREG	t6, PAT(a0)
	.irp n, 1,3,4,5,6,7,8,9,18,19,20,21,22,23,24,25,26,27,28,29,30
	addi	x\n, t6, \n
	.endr
	addi	t6, t6, 31
	.irp n, 1,2,3,4,5,6,7
	LREG	x1\n, IN(\n)(a0)
	.endr
	LREG	a0, IN(0)(a0)
	.endm

/* out[n] = xn, then back to the C caller. */
	.macro DUMP_ALL
	SREG	t6, F_T6(sp)
	LREG	t6, F_CALL(sp)
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
	SREG	x\n, OUT(\n)(t6)
	.endr
	LREG	t5, F_T6(sp)
	SREG	t5, OUT(31)(t6)
	RESTORE_CALLEE sp
	addi	sp, sp, F_SIZE
	ret
	.endm

/* void sse_ecall_all(struct sse_call *c): one ecall with those registers. */
	.globl sse_ecall_all
sse_ecall_all:
	LOAD_ALL
	ecall
	DUMP_ALL

/* void sse_spin_all(struct sse_call *c): count a0 = in[0] down to 0 with
 * those registers, for an interrupt (a counter overflow) to strike. */
	.globl sse_spin_all
sse_spin_all:
	LOAD_ALL
1:	addi	a0, a0, -1
	bnez	a0, 1b
	DUMP_ALL
