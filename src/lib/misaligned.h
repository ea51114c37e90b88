/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Emulation of misaligned loads and stores for S-mode and U-mode.
 *
 * The unprivileged spec (2.6, "Load and Store Instructions") lets a core
 * raise an address-misaligned exception for a load or store whose address
 * is not a multiple of its width, and expects the execution environment to
 * make such an access work "invisibly" anyway. On a core that traps (CVA6,
 * and QEMU for the AMOs it refuses), that environment is the SBI firmware:
 * it reads the instruction, does the access one byte at a time, writes the
 * destination register and steps past the instruction.
 *
 * The work is split in two so that the interesting half is testable on the
 * build machine:
 *   misaligned.c     decode + emulate, pure C (C11), memory reached only
 *                    through the two byte accessors of struct misaligned_mem
 *   arch/mprv.c      those accessors for real (mstatus.MPRV, trap guard) and
 *                    the trap-handler glue, emulate_misaligned()
 */
#ifndef TALLY_MISALIGNED_H
#define TALLY_MISALIGNED_H

#include <stdbool.h>
#include <stdint.h>

/*
 * One byte of memory as the trapped mode sees it. Each returns 0 when the
 * access worked, else the exception cause it raised (a load/store access
 * or page fault; cause 0, a misaligned fetch, can never come from a byte
 * data access, so 0 is free to mean "no fault").
 */
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
 * Emulate the instruction `insn` that trapped with `cause` (4: load
 * address misaligned, 6: store/AMO address misaligned), for a hart of
 * XLEN = bits in unsigned long. x[] are the trapped context's x0..x31;
 * only the destination register of a load changes, and only when the
 * whole access succeeded. A compressed instruction needs only its low 16
 * bits in insn.
 */
enum misaligned_status misaligned_emulate(unsigned long cause, uint32_t insn,
					  unsigned long x[32],
					  const struct misaligned_mem *mem,
					  struct misaligned_result *res);

#endif
