/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A payload whose first instruction faults (illegal instruction), with
 * stvec still 0: the firmware must say it happened at the payload's first
 * instruction and stop with status 3, not loop through M-mode.
 */
	.section .text.start, "ax"
	.globl _start
_start:
	.option norvc
	unimp                   /* csrrw x0, cycle, x0: 0xc0001073 */
1:	j	1b
