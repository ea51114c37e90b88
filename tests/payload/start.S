/* SPDX-License-Identifier: BSD-2-Clause */
/* Test payload entry (S-mode, or U-mode on Ibex): a0 = hartid, a1 = device tree. */
	.section .text.start, "ax"
	.globl _start
_start:
	la	sp, payload_stack_top
	call	payload_main
1:	j	1b

	.bss
	.balign 16
	.space 16384
	.globl payload_stack_top
payload_stack_top:
