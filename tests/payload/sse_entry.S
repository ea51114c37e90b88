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
#include <tally/riscv.h>
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

/* void sse_ecall_all(struct sse_call *c): one ecall with those registers (callee.h). */
	.globl sse_ecall_all
sse_ecall_all:
	CALL_ALL_LOAD
	ecall
	CALL_ALL_DUMP

/* void sse_spin_all(struct sse_call *c): count a0 = in[0] down to 0 with
 * those registers, for an interrupt (a counter overflow) to strike. */
	.globl sse_spin_all
sse_spin_all:
	CALL_ALL_LOAD
1:	addi	a0, a0, -1
	bnez	a0, 1b
	CALL_ALL_DUMP
