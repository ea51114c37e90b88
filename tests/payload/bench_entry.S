/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The benchmark's first instruction, ahead of the kit's start file (its
 * .text.start is linked first): the boot row is the ruler at the payload's
 * entry, before the start file clears .bss.
 */
#include <tally/riscv.h>

	.section .text.start, "ax"
	.globl bench_entry
bench_entry:
#ifdef BENCH_CYCLES
	rdcycle	t0
#else
	rdinstret t0
#endif
	la	t1, bench_boot
	SREG	t0, 0(t1)
	j	_start

	.data
	.balign REGBYTES
	.globl bench_boot
bench_boot:
	.space	REGBYTES
