/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kit's start file: the first instruction of the payload, at the base
 * address the linker script was given (where the firmware jumps, in S-mode,
 * or in U-mode on an M+U core such as Ibex), with a0 = hartid, a1 = device tree.
 *
 * It sets gp and sp, clears .bss, (S-mode) points stvec at a handler that
 * reports an unexpected trap instead of looping, calls
 * main(hartid, dtb) and ends the run with main's return value
 * (tally_exit: SRST shutdown, reason NONE for 0, SYSTEM_FAILURE otherwise).
 * Assembled with -DTALLY_KIT_SMODE for an S-mode payload; a U-mode payload
 * touches no CSR.
 *
 * tally_hart_entry is where tally_hart_start() (harts.c) sends a hart.
 */
#include <tally/riscv.h>

	.section .text.start, "ax"
	.globl _start
_start:
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	la	sp, __stack_top
	/* clear .bss (a0, a1 kept for main) */
	la	t0, __bss_start
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	sw	zero, 0(t0)
	addi	t0, t0, 4
	j	1b
2:
#ifdef TALLY_KIT_SMODE
	la	t0, tally_trap_entry
	csrw	stvec, t0
#endif
	call	main
	tail	tally_exit		/* a0 = main's return value */

/*
 * A hart started by tally_hart_start(): a0 = hartid, a1 = its record in
 * harts.c, whose first word is the top of its stack. Its own section, so
 * that a payload that starts no hart links none of it.
 */
	.section .text.tally_hart_entry, "ax"
	.balign 4
	.globl tally_hart_entry
tally_hart_entry:
	tally_load_gp
	LREG	sp, 0(a1)
	tail	tally_hart_main

#ifdef TALLY_KIT_SMODE
/*
 * A trap the payload did not expect (it has not set stvec itself): say
 * what and where, then end the run with a failure. Never returns, so it
 * saves nothing; sp starts again at the top of the stack in case the
 * trap came from a broken one.
 */
	.text
	.balign 4
	.globl tally_trap_entry
tally_trap_entry:
	la	sp, __stack_top
	csrr	a0, scause
	csrr	a1, sepc
	csrr	a2, stval
	tail	tally_trap_report
#endif
