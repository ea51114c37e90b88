/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly for the multi-hart payload (smp.c). The boot hart enters through
 * the kit's start.S like every payload; the others come here (gp first):
 *  - smp_entry: where hart_start and a non-retentive hart_suspend send a
 *    hart (a0 = hartid, a1 = opaque, S-mode, translation off). Each hart
 *    gets its own stack, indexed by hartid.
 *  - s_trap: the S-mode trap vector. smp.c keeps sstatus.SIE clear and
 *    polls sip, so any trap here is a failure: hand it to C.
 */
#include <tally/riscv.h>
#define SMP_STACK_SHIFT 13          /* 8 KiB per hart */
#ifndef SMP_MAX_HARTS
#define SMP_MAX_HARTS   64          /* as in hartset.h; a payload may ask for more */
#endif

	.section .text
	.balign 4
	.globl smp_entry
smp_entry:
	tally_load_gp
	li	t0, SMP_MAX_HARTS
	bgeu	a0, t0, 1f           /* no stack for it: never expected */
	la	sp, smp_stacks
	addi	t0, a0, 1
	slli	t0, t0, SMP_STACK_SHIFT
	add	sp, sp, t0           /* top of this hart's stack */
	call	secondary_main       /* never returns */
1:	wfi
	j	1b

	.balign 4
	.globl s_trap
s_trap:
	j	s_unexpected

	.bss
	.balign 16
smp_stacks:
	.space	SMP_MAX_HARTS << SMP_STACK_SHIFT
