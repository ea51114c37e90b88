/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * For payload assembly that hands every register to a test: keep the C
 * caller's callee-saved registers (ra, gp, tp, s0..s11) in slots 0..14 of
 * a frame at \base, and put them back. Include after arch/riscv.h.
 */
	.macro SAVE_CALLEE base
	SREG	ra, 0 * REGBYTES(\base)
	SREG	gp, 1 * REGBYTES(\base)
	SREG	tp, 2 * REGBYTES(\base)
	SREG	s0, 3 * REGBYTES(\base)
	SREG	s1, 4 * REGBYTES(\base)
	.irp n, 18,19,20,21,22,23,24,25,26,27
	SREG	x\n, (\n - 13) * REGBYTES(\base)   /* s2..s11 at slots 5..14 */
	.endr
	.endm

	.macro RESTORE_CALLEE base
	LREG	ra, 0 * REGBYTES(\base)
	LREG	gp, 1 * REGBYTES(\base)
	LREG	tp, 2 * REGBYTES(\base)
	LREG	s0, 3 * REGBYTES(\base)
	LREG	s1, 4 * REGBYTES(\base)
	.irp n, 18,19,20,21,22,23,24,25,26,27
	LREG	x\n, (\n - 13) * REGBYTES(\base)
	.endr
	.endm
