/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The counter and selector banks indexed by number: mcycle/minstret/
 * mhpmcounterN and mhpmeventN (and the rv32 upper halves). A CSR number is
 * part of the instruction, so each bank is a table of equal-sized entries
 * the function jumps straight into, cheaper than a C switch's bounds check
 * and offset table: these are on the PMU's start/stop path.
 * Only argument registers are used. Entries naming no CSR (counter 1,
 * selectors 0..2) read 0 and ignore writes. Every instruction is 4 bytes,
 * so under the trap guard a missing CSR is stepped over.
 */
#include "arch/riscv.h"

	.option push
	.option norvc            /* fixed-size entries: no compressed instructions */

/* Jump to entry a0 of \tbl (entries 1 << \shift bytes); the mask keeps it inside. */
.macro BANK_JUMP tbl, shift, scratch
	andi	a0, a0, 31
	la	\scratch, \tbl
	slli	a0, a0, \shift
	add	\scratch, \scratch, a0
	jr	\scratch
.endm

/* \name(n) reads, or \name(n, v) writes, CSR \base + n */
.macro SELECTOR_READ name, base
	.section .text.\name, "ax"
	.globl \name
\name:
	BANK_JUMP \name\()_tbl, 3, a1
	.balign 8
\name\()_tbl:
	.set n, 0
	.rept 32
	.if n < 3
	li	a0, 0
	.else
	csrr	a0, \base + n
	.endif
	ret
	.set n, n + 1
	.endr
.endm

.macro SELECTOR_WRITE name, base
	.section .text.\name, "ax"
	.globl \name
\name:
	BANK_JUMP \name\()_tbl, 3, a2
	.balign 8
\name\()_tbl:
	.set n, 0
	.rept 32
	.if n < 3
	nop
	.else
	csrw	\base + n, a1
	.endif
	ret
	.set n, n + 1
	.endr
.endm


#if __riscv_xlen == 64
/* uint64_t csr_read_counter(unsigned n) */
	.section .text.csr_read_counter, "ax"
	.globl csr_read_counter
csr_read_counter:
	BANK_JUMP read_counter_tbl, 3, a1
	.balign 8
read_counter_tbl:
	.set n, 0
	.rept 32
	.if n == 1
	li	a0, 0
	.else
	csrr	a0, 0xb00 + n
	.endif
	ret
	.set n, n + 1
	.endr

/* void csr_write_counter(unsigned n, uint64_t v) */
	.section .text.csr_write_counter, "ax"
	.globl csr_write_counter
csr_write_counter:
	BANK_JUMP write_counter_tbl, 3, a2
	.balign 8
write_counter_tbl:
	.set n, 0
	.rept 32
	.if n == 1
	nop
	.else
	csrw	0xb00 + n, a1
	.endif
	ret
	.set n, n + 1
	.endr
#else
/*
 * rv32: uint64_t csr_read_counter(unsigned n), a0 = low, a1 = high.
 * Read high, low, high; if the high half moved, read again. The retry
 * compares against the high half it just read, so it ends even under the
 * trap guard, where a missing CSR leaves its register unchanged.
 */
	.section .text.csr_read_counter, "ax"
	.globl csr_read_counter
csr_read_counter:
	BANK_JUMP read_counter_tbl, 4, a3   /* a3 keeps the entry for a retry */
	.balign 16
read_counter_tbl:
	.set n, 0
	.rept 32
	.if n == 1
	li	a0, 0
	li	a1, 0
	ret
	nop
	.else
	csrr	a1, 0xb80 + n
	csrr	a0, 0xb00 + n
	csrr	a2, 0xb80 + n
	j	read_counter_check
	.endif
	.set n, n + 1
	.endr
read_counter_check:
	beq	a1, a2, 1f
	mv	a1, a2              /* the high half moved: read low and high again */
	addi	a3, a3, 4
	jr	a3
1:	ret

/* rv32: void csr_write_counter(unsigned n, uint64_t v), a1 = low, a2 = high.
 * Low half to 0 first, so no carry out of it lands in the new high half. */
	.section .text.csr_write_counter, "ax"
	.globl csr_write_counter
csr_write_counter:
	BANK_JUMP write_counter_tbl, 4, a3
	.balign 16
write_counter_tbl:
	.set n, 0
	.rept 32
	.if n == 1
	ret
	nop
	nop
	nop
	.else
	csrw	0xb00 + n, zero
	csrw	0xb80 + n, a2
	csrw	0xb00 + n, a1
	ret
	.endif
	.set n, n + 1
	.endr

/* mhpmeventNh (Sscofpmf, rv32): csr_read_eventh(n), csr_write_eventh(n, v) */
	SELECTOR_READ csr_read_eventh, 0x720
	SELECTOR_WRITE csr_write_eventh, 0x720
#endif

/* mhpmeventN: csr_read_event(n), csr_write_event(n, v) */
	SELECTOR_READ csr_read_event, 0x320
	SELECTOR_WRITE csr_write_event, 0x320

	.option pop
