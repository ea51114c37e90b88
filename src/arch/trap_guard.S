/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trap guard's vector (see csr.h). It leaves every register as it was:
 * t0 is parked in mscratch while mepc is stepped past the faulting
 * instruction, and mscratch = 1 then tells trap_guard_end() it happened.
 * 256-byte aligned because Ibex only has vectored mode and takes
 * exceptions at the vector base.
 */
	.section .text
	.balign 256
	.globl trap_guard_vector
trap_guard_vector:
	csrrw	t0, mscratch, t0
	csrr	t0, mepc
	addi	t0, t0, 4
	csrw	mepc, t0
	csrrwi	t0, mscratch, 1
	mret
