/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The differential test's cases (fastpath.c): one stub per instruction
 * and register. A stub takes a0 = struct fp_regs (fastpath.c): it loads
 * x1..x31 from regs->x, runs its one instruction, stores x1..x31 back and
 * returns with the C registers it found. sscratch holds the pointer while
 * the registers are the case's (S-mode interrupts must be off).
 */
#include <tally/riscv.h>

#define X_SLOTS 32
.macro save_c
	.set slot, X_SLOTS
	.irp r, ra, sp, gp, tp, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11
	SREG	\r, slot * REGBYTES(a0)
	.set slot, slot + 1
	.endr
.endm
.macro restore_c
	.set slot, X_SLOTS
	.irp r, ra, sp, gp, tp, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11
	LREG	\r, slot * REGBYTES(a0)
	.set slot, slot + 1
	.endr
.endm

/* stub NAME: INSN with every register the case's. */
.macro stub name, insn:vararg
	.section .text.fastpath, "ax"
	.balign 4
	.globl \name
\name:
	save_c
	csrw	sscratch, a0
	.irp n, 1,2,3,4,5,6,7,8,9,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	LREG	x\n, \n * REGBYTES(a0)
	.endr
	LREG	a0, 10 * REGBYTES(a0)
	.option push
	.option norvc                /* the 32-bit form: the one the fast paths decode */
	\insn
	.option pop
	csrrw	a0, sscratch, a0
	.irp n, 1,2,3,4,5,6,7,8,9,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	SREG	x\n, \n * REGBYTES(a0)
	.endr
	csrr	t0, sscratch
	SREG	t0, 10 * REGBYTES(a0)
	restore_c
	ret
.endm

#if __riscv_xlen == 64
#define PTR .dword
#else
#define PTR .word
#endif

/* NAME[32]: the stubs NAME_0..NAME_31, in a table C indexes by register. */
.macro ptr_table name
	.section .rodata
	.balign REGBYTES
	.globl \name
\name:
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	PTR	\name\()_\n
	.endr
.endm
/* The stubs of `OP xn, 0(a1)` (a load or a store) for n = 0..31, and their table. */
.macro mem_table name, op
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	stub \name\()_\n, \op x\n, 0(a1)
	.endr
	ptr_table \name
.endm
/* The same for counter reads, `OP xn`. */
.macro read_table name, op
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	stub \name\()_\n, \op x\n
	.endr
	ptr_table \name
.endm

	mem_table fp_lh, lh
	mem_table fp_lhu, lhu
	mem_table fp_lw, lw
	mem_table fp_sh, sh
	mem_table fp_sw, sw
	read_table fp_rdtime, rdtime
	stub fp_ecall_stub, ecall
#if __riscv_xlen == 64
	mem_table fp_lwu, lwu
	mem_table fp_ld, ld
	mem_table fp_sd, sd
#else
	read_table fp_rdtimeh, rdtimeh
#endif
