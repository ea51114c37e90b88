/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Measurement windows for the CVA6 RTL check (rtl.c). Each is
 *
 *   void w_NAME(unsigned long n, unsigned long out[16], unsigned long p,
 *               unsigned long stride);
 *
 * out[0..7] = cycle, instret, hpmcounter3..8 read before n iterations of
 * the workload, out[8..15] the same read after. Everything between the two
 * reads is fixed here, in assembly, so no compiler can move a spill or a
 * branch into one window and not the other: two windows of n1 and n2
 * iterations differ by exactly (n2 - n1) workloads, and the C side
 * compares that difference with the counts the core gives per iteration.
 *
 * One iteration = the workload's body, then `addi a0, a0, -1` and
 * `bnez a0, 1b` (one more ALU instruction and one more branch). a2 (p) is
 * the workload's pointer: a data word, or where the next fresh cache line
 * is; a3 how far the I-miss workload moves it each iteration.
 * Only the low XLEN bits are read: a window is far shorter than 2^32 events.
 */
#include <tally/riscv.h>

	/* The eight counters, in out[] order, into \slot * REGBYTES(a1) on. */
	.macro READ_ALL slot
	csrr	t0, cycle
	SREG	t0, (\slot + 0) * REGBYTES(a1)
	csrr	t0, instret
	SREG	t0, (\slot + 1) * REGBYTES(a1)
	.irp n, 3,4,5,6,7,8
	csrr	t0, hpmcounter\n
	SREG	t0, (\slot + \n - 1) * REGBYTES(a1)
	.endr
	.endm

	.macro WINDOW name, body
	.section .text.\name, "ax"
	.globl	\name
	.balign	64
\name:
	mv	t5, ra		/* BODY_CTRL calls: keep the return address */
	READ_ALL 0
1:	\body
	addi	a0, a0, -1
	bnez	a0, 1b
	READ_ALL 8
	mv	ra, t5
	ret
	.endm

	/* One load and one store to the same (cached) word. */
	.macro BODY_MEM
	LREG	t1, 0(a2)
	SREG	t1, REGBYTES(a2)
	.endm

	/*
	 * Control flow: a call (jal ra), its return (jalr x0, 0(ra)), a
	 * direct jump (jal x0), an indirect jump (jalr x0, 0(t1)) and a
	 * conditional branch that is never taken.
	 */
	.macro BODY_CTRL
	jal	ra, 2f
	j	3f
2:	ret
3:	la	t1, 4f
	jr	t1
4:	bltz	a0, 5f
5:
	.endm

	/* rdtime: CVA6 has no time CSR, so it traps; the firmware emulates it. */
	.macro BODY_EXC
	csrr	t1, time
	.endm

	/*
	 * One SBI call, base get_spec_version (EID 0x10, FID 0): where the
	 * cycles of a call go (rtl.c prints every event; only the trap and
	 * its mret are fixed by the core, the rest is the firmware's code).
	 * The call returns in a0/a1, so the window's a0 and a1 wait in t3/t4.
	 */
	.macro BODY_ECALL
	mv	t3, a0
	mv	t4, a1
	li	a7, 0x10
	li	a6, 0
	ecall
	mv	a0, t3
	mv	a1, t4
	.endm

	/* A load from a line never touched before: a0 lines from a2 on. */
	.macro BODY_DMISS
	LREG	t1, 0(a2)
	addi	a2, a2, 64
	.endm

	/*
	 * A call into a code line never fetched before (cold_code below,
	 * one `jr t0` every 64 bytes) and back; a3 bytes further each time.
	 * rtl.c steps 8 KiB, so every fetched line falls in one I-cache set
	 * (of any way size up to 8 KiB), not the window's own: the new lines
	 * evict only each other, never the code that counts them.
	 */
	.macro BODY_IMISS
	jalr	t0, 0(a2)
	add	a2, a2, a3
	.endm

	WINDOW w_mem, BODY_MEM
	WINDOW w_ctrl, BODY_CTRL
	WINDOW w_exc, BODY_EXC
	WINDOW w_ecall, BODY_ECALL
	WINDOW w_dmiss, BODY_DMISS
	WINDOW w_imiss, BODY_IMISS

	/* 1.25 MiB of `jr t0` (jalr x0, 0(t0)), one every 64 bytes. */
	.section .text.cold_code, "ax"
	.option push
	.option norvc
	.globl	cold_code
	.balign	64
cold_code:
	.rept	20480
	jr	t0
	.balign	64
	.endr
	.globl	cold_code_end
cold_code_end:
	.option pop
