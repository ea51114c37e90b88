/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trap frame entry.S keeps for each hart: x0..x31 in register order
 * (x0's slot reads 0), then the hart's record. It sits at the top of the
 * hart's stack and mscratch points at it whenever the hart is not in M-mode.
 */
#ifndef TALLY_ARCH_FRAME_H
#define TALLY_ARCH_FRAME_H

#include "arch/riscv.h"

/* x0..x31, then the pointer to this hart's record, padded to 16 bytes */
#define FRAME_SIZE (32 * REGBYTES + 16)

#ifndef __ASSEMBLER__
#include "arch/csr.h"

struct hart;

struct trap_frame {
	unsigned long x[32];
	struct hart *hart;            /* this hart's record (hart/hart.h) */
	unsigned long pad[16 / sizeof(long) - 1];
};
enum { REG_RA = 1, REG_SP = 2, REG_A0 = 10, REG_A1 = 11 };
#ifdef __riscv   /* host tests see the struct, not entry.S */
_Static_assert(sizeof(struct trap_frame) == FRAME_SIZE, "entry.S's FRAME_SIZE");
_Static_assert(__builtin_offsetof(struct trap_frame, hart) == 32 * REGBYTES, "entry.S's layout");
#endif

/* This hart's trap frame: entry.S keeps mscratch pointing at it (a trap guard borrows it). */
static inline struct trap_frame *this_frame(void)
{
	return (struct trap_frame *)r_mscratch();
}
#endif
#endif
