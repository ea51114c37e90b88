/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The counter and selector banks indexed by number: mcycle/minstret/
 * mhpmcounterN and mhpmeventN (and their upper halves on rv32).
 *
 * A CSR number is part of the csrr/csrw instruction, so "read counter n"
 * needs one instruction per n. In C that is a switch (csr_indexed.c keeps
 * the cold ones that way), which GCC compiles to a bounds check, a table
 * of offsets and an indirect jump: some 20 instructions a call. Here each
 * bank is a table of equal-sized entries, entry n at table + n * size,
 * and the function jumps straight into it: about 8 instructions. These
 * are the accesses on the PMU's start/stop path, so the difference shows
 * in every perf event switch.
 *
 * Only argument registers are used (a0 = n, a1.. = value), as any C
 * caller allows. Entries that name no CSR (counter 1 is mtime, which is
 * not a CSR; selectors 0..2 do not exist) read 0 and ignore writes, as the
 * switch did. Each csr instruction is 4 bytes, so
 * under the trap guard (csr_probe.c) a missing CSR is stepped over and
 * the entry still returns.
 */
#include "arch/riscv.h"

	.option push
	.option norvc            /* fixed-size entries: no compressed instructions */

/*
 * Jump to entry a0 of table \tbl, entries 1 << \shift bytes. Callers pass
 * counter numbers (< 32); the mask keeps any other value inside the table
 * (it then names counter n % 32) instead of jumping past it.
 */
.macro BANK_JUMP tbl, shift, scratch
	andi	a0, a0, 31
	la	\scratch, \tbl
	slli	a0, a0, \shift
	add	\scratch, \scratch, a0
	jr	\scratch
.endm

/*
 * A one-word selector bank: \name(n) reads (or \name(n, v) writes) CSR
 * \base + n; n = 0..2 have no selector (read 0, writes ignored).
 */
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
 * Read high, low, high again; if the high half moved, the low half wrapped
 * in between, so read low and high once more. In practice twice at most: the second
 * pass compares against the high half it just read, so even under the
 * trap guard, where a missing CSR leaves its register unchanged, the
 * halves then agree.
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
