/* SPDX-License-Identifier: BSD-2-Clause */
/* check-fixed-regs.py must reject this: a function that writes t3. */
	.text
	.globl uses_t3
uses_t3:
	li	t3, 1
	ret
