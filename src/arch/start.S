/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reset: every hart arrives here, takes its stack and trap frame (entry.S's
 * vector finds the frame through mscratch), and one hart initialises the
 * machine while the others wait (docs/boot.md, step 1).
 */
#include "arch/frame.h"
#include "arch/riscv.h"
#include "tally_config.h"

	.section .text.entry, "ax"
	.globl _start
_start:
	/* a0 = hartid, a1 = device tree, as QEMU's ROM and fw_jump loaders leave them.
	 * Some boot ROMs do not set a0, so ask the hart itself. */
	csrw	mie, zero
	csrr	s0, mhartid
	mv	s1, a1
	la	t0, trap_entry
	csrw	mtvec, t0            /* early faults reach the panic path */
	li	t0, TALLY_MAX_HARTS
	bgeu	s0, t0, park_forever /* no stack for this hart: it never runs */

	/* sp = frame of this hart = top of its stack - FRAME_SIZE */
	la	sp, _stacks_end
	li	t0, TALLY_STACK_SIZE
	mul	t0, t0, s0
	sub	sp, sp, t0
	addi	sp, sp, -FRAME_SIZE
	csrw	mscratch, sp

	/* One hart wins the right to initialise; the others wait for it. */
#ifdef __riscv_atomic
	la	t0, boot_lottery
	li	t1, 1
	amoswap.w t1, t1, (t0)
	bnez	t1, secondary
#else
	bnez	s0, secondary        /* no atomics (Ibex): hart 0 boots */
#endif
	/* Clear .bss 64 bytes a loop (the linker script aligns both ends). */
	la	t0, _bss_start
	la	t1, _bss_end
1:	bgeu	t0, t1, 2f
	.set off, 0
	.rept 64 / REGBYTES
	SREG	zero, off(t0)
	.set off, off + REGBYTES
	.endr
	addi	t0, t0, 64
	j	1b
2:	mv	a0, s0
	mv	a1, s1
	call	tally_boot           /* does not return: mret into the payload */
	j	park_forever

secondary:
	la	t0, boot_done
3:	lw	t1, 0(t0)
	beqz	t1, 3b
	fence	r, rw
	mv	a0, s0
	mv	a1, s1
	call	tally_secondary      /* parks until HSM wakes the hart */
park_forever:
	wfi
	j	park_forever

	.data
	.balign 4
boot_lottery:	.word 0
	.globl boot_done
boot_done:	.word 0
