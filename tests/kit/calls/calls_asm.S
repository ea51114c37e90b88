/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The assembly calls.c needs beside the kit's start file:
 *  - sec_entry: where hart_start and a non-retentive hart_suspend send a
 *    hart (a0 = hartid, a1 = opaque): gp, a stack per hart, then
 *    secondary_main. (A payload of yours would use the kit's
 *    tally_hart_start(); this tests the bare HSM calls.)
 *  - resume_entry: where system_suspend resumes the boot hart: a stack of
 *    its own, then resumed(hartid, opaque), which ends the run.
 *  - catch_trap: an S-mode trap vector that notes scause, sepc and stval
 *    in struct caught, steps over the 4-byte instruction that trapped and
 *    returns (the debug-trigger checks use it; SIE stays 0, so only
 *    exceptions come here).
 *  - sse_entry: every SSE event's entry: all registers into the struct
 *    sse_ctx that ENTRY_ARG (a7) points to, sse_handler(ctx, hartid) on
 *    that struct's stack, all registers back, then SSE complete.
 */
#include <tally/riscv.h>
#define R REGBYTES
#define MAXH 8
#define STACK_SHIFT 12          /* 4 KiB per hart */
#define SSE_CTX_STACK (32 * R)  /* struct sse_ctx: regs[32], stack_top */

	.text
	.balign 4
	.globl sec_entry
sec_entry:
	tally_load_gp
	li	t0, MAXH
	bgeu	a0, t0, 1f
	la	sp, sec_stacks
	addi	t0, a0, 1
	slli	t0, t0, STACK_SHIFT
	add	sp, sp, t0
	call	secondary_main
1:	wfi
	j	1b

	.balign 4
	.globl resume_entry
resume_entry:
	tally_load_gp
	la	sp, resume_stack_top
	call	resumed
2:	j	2b

	/* struct caught { n, cause, epc, tval, t1 } at sscratch */
	.balign 4
	.globl catch_trap
catch_trap:
	csrrw	t0, sscratch, t0
	SREG	t1, (4 * R)(t0)
	LREG	t1, 0(t0)
	addi	t1, t1, 1
	SREG	t1, 0(t0)
	csrr	t1, scause
	SREG	t1, (1 * R)(t0)
	csrr	t1, stval
	SREG	t1, (3 * R)(t0)
	csrr	t1, sepc
	SREG	t1, (2 * R)(t0)
	addi	t1, t1, 4
	csrw	sepc, t1
	LREG	t1, (4 * R)(t0)
	csrrw	t0, sscratch, t0
	sret

	.balign 4
	.globl sse_entry
sse_entry:
	.irp n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	SREG	x\n, (\n * R)(a7)
	.endr
	mv	s0, a7
	LREG	sp, SSE_CTX_STACK(s0)
	mv	a0, s0
	mv	a1, a6
	call	sse_handler
	.irp n, 1,2,3,4,5,6,7,9,10,11,12,13,14,15,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	LREG	x\n, (\n * R)(s0)
	.endr
	LREG	s0, (8 * R)(s0)
	li	a6, 6                /* SSE complete: a6 and a7 come back from the attributes */
	li	a7, 0x535345
	ecall
3:	j	3b

	.bss
	.balign 16
sec_stacks:
	.space	MAXH << STACK_SHIFT
	.space	4096
resume_stack_top:
