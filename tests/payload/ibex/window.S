/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ibex_window(w, n, before, after): the one place the Ibex payload measures
 * its event counters (ibex_test.c, test_exact_counts). It reads counters
 * 3..12 (hpmcounterN, then hpmcounterNh) into before[], runs workload w for
 * n iterations, and reads them again into after[].
 *
 * Why assembly: the test runs each workload twice (n = N1, then n = N2) and
 * checks only after - before of the second run minus the first. That
 * difference is the workload's N2 - N1 extra iterations alone only if both
 * runs execute exactly the same instructions around the loop. In C the
 * compiler decides what sits between a counter read and the workload; it
 * once spilled a register there in one inlined copy and not in the other,
 * and NumStores, NumInstrRetC and NumCyclesLSU were off by one. Here the
 * code is fixed: everything except the loop's iteration count is the same
 * instruction stream in both runs, at the same addresses, so it cancels
 * in the difference, whether the counter reads are native (simple_system)
 * or trap into the firmware and are emulated there (the demo system,
 * whose user counter CSRs do not exist): the firmware's emulation path is
 * also the same in both runs, and Ibex counts M-mode events too.
 *
 *   a0  workload (W_* in ibex_test.c; the order of the dispatch below)
 *   a1  n, the iteration count (>= 1); the loop counts it down to 0
 *   a2  before[20], a3 after[20]: counter N's low word at (N - 3) * 8,
 *       its high word (bits 39:32 of a 40-bit counter) 4 bytes above
 *
 * Every loop is "body; addi a1, a1, -1; bnez a1, 1b" (one conditional
 * branch per iteration, taken in all but the last), uncompressed and
 * 4-byte aligned, except W_COMP's whose whole body is compressed. A leaf:
 * no stack, only caller-saved registers.
 */
	.section .text.ibex_window, "ax"
	.globl ibex_window
	.option push
	.option norvc

/* Read counters 3..12 into the 20-word buffer at \buf. */
.macro SNAP buf
	.irp n, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
	csrr	t0, 0xc00 + \n
	csrr	t1, 0xc80 + \n
	sw	t0, (\n - 3) * 8(\buf)
	sw	t1, (\n - 3) * 8 + 4(\buf)
	.endr
.endm

	.balign 4
ibex_window:
	la	a4, w_buf		/* loads and stores go here (never the stack) */
	li	t3, 3			/* mul/div operands, set outside the loops */
	li	t4, 1000
	li	t5, 7
	SNAP	a2
	beqz	a0, w_load
	li	t2, 1
	beq	a0, t2, w_store
	li	t2, 2
	beq	a0, t2, w_jump
	li	t2, 3
	beq	a0, t2, w_branch_nt
	li	t2, 4
	beq	a0, t2, w_mul
	li	t2, 5
	beq	a0, t2, w_div
	j	w_comp

/* One uncompressed loop, 4-byte aligned: insn, then count a1 down. */
.macro LOOP name, insn:vararg
	.balign 4
\name:
1:	\insn
2:	addi	a1, a1, -1
	bnez	a1, 1b
	j	done
.endm

	LOOP	w_load, lw t0, 0(a4)		/* one lw per iteration */
	LOOP	w_store, sw a1, 4(a4)		/* one sw */
	LOOP	w_jump, jal x0, 2f		/* one jal, to the next instruction */
	LOOP	w_branch_nt, beq a1, zero, done	/* one beq never taken (a1 != 0) */
	LOOP	w_mul, mul t0, t3, t3		/* one mul */
	LOOP	w_div, div t0, t4, t5		/* one div, 1000 / 7 */

	.balign 4
w_comp:					/* two compressed instructions */
	.option push
	.option rvc
1:	c.addi	a1, -1
	c.bnez	a1, 1b
	.option pop

	.balign 4
done:
	SNAP	a3
	ret
	.option pop

	.bss
	.balign 8
w_buf:	.space 8
