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
	bgeu	s0, t0, park_forever /* a hart ID above those served: it never runs */

	/* One hart wins the right to initialise; the others wait for it. */
#ifdef __riscv_atomic
	la	t0, boot_lottery
	li	t1, 1
	amoswap.w t1, t1, (t0)
	bnez	t1, secondary
#else
	bnez	s0, secondary        /* no atomics (Ibex): hart 0 boots */
#endif
	/* The boot hart's slot is the first (hart/hart.c): sp = its frame, at
	 * the top of its stack, below its record. */
	la	sp, _harts_start
	li	t0, TALLY_STACK_SIZE
	add	sp, sp, t0
	addi	sp, sp, -FRAME_SIZE
	csrw	mscratch, sp
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

/*
 * The others have no stack until the boot hart has laid out the slots:
 * they wait in WFI (a spinning hart would starve the boot hart under
 * QEMU -icount), woken by the IPI the boot hart sends when boot_done is
 * set. A hart the tree does not name has no record: it parks.
 */
secondary:
	li	t0, MIP_MSIP
	csrw	mie, t0              /* MIE stays clear: WFI wakes, nothing traps */
	la	t0, boot_done
3:	lw	t1, 0(t0)
	bnez	t1, 4f
	wfi
	j	3b
4:	fence	r, rw
#if TALLY_MAX_HARTS > 1
	la	t0, hart_table
	slli	t1, s0, REGBYTES / 4 + 1   /* log2(REGBYTES): 3, or 2 on rv32 */
	add	t0, t0, t1
	LREG	t0, 0(t0)
	beqz	t0, park_forever
	addi	sp, t0, -FRAME_SIZE  /* the frame tops the stack, below the record */
	csrw	mscratch, sp
	mv	a0, s0
	mv	a1, s1
	call	tally_secondary      /* parks until HSM wakes the hart */
#endif
park_forever:
	wfi
	j	park_forever

	.data
	.balign 4
boot_lottery:	.word 0
	.globl boot_done
boot_done:	.word 0
