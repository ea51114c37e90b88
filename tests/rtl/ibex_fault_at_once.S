/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A U-mode payload whose first instruction is illegal (a write to the
 * read-only cycle CSR): with no S-mode to pass the fault to, the firmware
 * must report it at the payload's base and stop, not loop.
 */
	.text
	.globl _start
_start:
	.option norvc
	unimp                   /* csrrw x0, cycle, x0: 0xc0001073 */
1:	j	1b
