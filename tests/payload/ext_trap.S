/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly for the extension tests (ext_test.h):
 *  - ext_trap_vector: the catch window's S-mode vector. It keeps the
 *    registers the C calling convention does not (ra, t0..t6, a0..a7),
 *    calls ext_trap_record(), which may move sepc, and returns.
 *  - ext_secondary_entry: where a hart started through HSM lands:
 *    a0 = hartid, a1 = opaque; it gets a stack and calls
 *    ext_secondary_main(hartid, opaque).
 *  - ext_exec_target: a target for execute triggers (test_dbtr.c).
 */
#include <tally/riscv.h>

	.section .text
	.balign 4
	.globl ext_trap_vector
ext_trap_vector:
	addi	sp, sp, -16 * REGBYTES
	.set	slot, 0
	.irp r, ra,t0,t1,t2,a0,a1,a2,a3,a4,a5,a6,a7,t3,t4,t5,t6
	SREG	\r, slot * REGBYTES(sp)
	.set	slot, slot + 1
	.endr
	call	ext_trap_record
	.set	slot, 0
	.irp r, ra,t0,t1,t2,a0,a1,a2,a3,a4,a5,a6,a7,t3,t4,t5,t6
	LREG	\r, slot * REGBYTES(sp)
	.set	slot, slot + 1
	.endr
	addi	sp, sp, 16 * REGBYTES
	sret

	.globl ext_secondary_entry
ext_secondary_entry:
	tally_load_gp
	la	sp, ext_secondary_stack_top
	call	ext_secondary_main
1:	j	1b

	.bss
	.balign 16
	.space 4096
	.globl ext_secondary_stack_top
ext_secondary_stack_top:

/* An execute-trigger target: the catch window skips the nop it stops on. */
	.section .text
	.option push
	.option norvc
	.balign 4
	.globl ext_exec_target
ext_exec_target:
	nop
	ret
	.option pop
