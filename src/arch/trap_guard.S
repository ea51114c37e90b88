/* SPDX-License-Identifier: BSD-2-Clause */
/* The trap guard's vector (trap_guard.h): mepc past the faulting instruction,
 * t0 parked in mscratch, then mscratch = 1 for trap_guard_end(). 256-byte
 * aligned: Ibex takes exceptions at its vectored base. */
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
