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

/*
 * For a test that hands the firmware every register (fuzz_ecall,
 * sse_ecall_all): a struct { in[8], out[32], pattern, sp_before } at a0.
 * CALL_ALL_LOAD keeps the C caller's registers in a frame, puts in[] in
 * a0..a7 and pattern + n in every other register xn but sp; then comes
 * the instruction under test; CALL_ALL_DUMP stores x0..x31 as they are
 * in out[] and returns to the C caller.
 */
#define CA_IN(n)   ((n) * REGBYTES)
#define CA_OUT(n)  ((8 + (n)) * REGBYTES)
#define CA_PAT     (40 * REGBYTES)
#define CA_SPB     (41 * REGBYTES)
/* Frame: ra gp tp s0..s11 (slots 0..14), call pointer (15), t6 (16); 18 slots keep sp 16-aligned. */
#define CA_F_CALL  (15 * REGBYTES)
#define CA_F_T6    (16 * REGBYTES)
#define CA_F_SIZE  (18 * REGBYTES)

	.macro CALL_ALL_LOAD
	addi	sp, sp, -CA_F_SIZE
	SAVE_CALLEE sp
	SREG	a0, CA_F_CALL(sp)
	SREG	sp, CA_SPB(a0)          /* what x2 must still be afterwards */
	LREG	t6, CA_PAT(a0)
	.irp n, 1,3,4,5,6,7,8,9,18,19,20,21,22,23,24,25,26,27,28,29,30
	addi	x\n, t6, \n
	.endr
	addi	t6, t6, 31
	.irp n, 1,2,3,4,5,6,7
	LREG	x1\n, CA_IN(\n)(a0)
	.endr
	LREG	a0, CA_IN(0)(a0)
	.endm

	.macro CALL_ALL_DUMP
	SREG	t6, CA_F_T6(sp)         /* free t6 first, then use it as the pointer */
	LREG	t6, CA_F_CALL(sp)
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
	SREG	x\n, CA_OUT(\n)(t6)
	.endr
	LREG	t5, CA_F_T6(sp)
	SREG	t5, CA_OUT(31)(t6)
	RESTORE_CALLEE sp
	addi	sp, sp, CA_F_SIZE
	ret
	.endm
