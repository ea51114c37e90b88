/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where SUSP resumes (test_susp.c): a0 = hartid, a1 = opaque, sp
 * undefined. Every other hart is stopped, so the second hart's stack is
 * free to call ext_resumed(hartid, opaque) on; it does not return.
 */
#include <tally/riscv.h>
	.section .text
	.balign 4
	.globl ext_resume_entry
ext_resume_entry:
	tally_load_gp
	la	sp, ext_secondary_stack_top
	call	ext_resumed
1:	j	1b
