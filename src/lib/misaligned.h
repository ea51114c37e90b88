/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Misaligned loads and stores from S/U-mode, which the unprivileged spec
 * (2.6) lets a core trap on and the execution environment make work
 * invisibly. misaligned.c decodes and emulates in pure C; arch/mprv.c
 * gives it memory (MPRV, trap guard) and is the trap handler's glue.
 */
#ifndef TALLY_MISALIGNED_H
#define TALLY_MISALIGNED_H

#include <stdbool.h>
#include <stdint.h>

/* One byte as the trapped mode sees it: 0, or the cause raised (never 0 for data). */
struct misaligned_mem {
	unsigned long (*load8)(unsigned long addr, uint8_t *val);
	unsigned long (*store8)(unsigned long addr, uint8_t val);
};

enum misaligned_status {
	MISALIGNED_EMULATED,  /* registers written; step mepc by res->len */
	MISALIGNED_FAULT,     /* a byte access faulted: deliver res->cause, res->addr */
	MISALIGNED_REFUSED,   /* not an access we emulate: deliver the trap unchanged */
};

struct misaligned_result {
	unsigned len;          /* EMULATED: the instruction's length, 2 or 4 */
	unsigned long cause;   /* FAULT: what the byte access raised */
	unsigned long addr;    /* FAULT: the address of the byte that faulted */
};

/*
 * Emulate `insn`, which trapped with `cause` (4 or 6), for XLEN = bits in
 * unsigned long. x[]: the trapped x0..x31; only a load's rd changes, and
 * only when the whole access succeeded.
 */
enum misaligned_status misaligned_emulate(unsigned long cause, uint32_t insn,
					  unsigned long x[32],
					  const struct misaligned_mem *mem,
					  struct misaligned_result *res);

#endif
