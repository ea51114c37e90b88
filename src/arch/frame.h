/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trap frame entry.S keeps for each hart: x0..x31 in register order
 * (x0's slot reads 0), then the hart's record. It sits at the top of the
 * hart's stack and mscratch points at it whenever the hart is not in M-mode.
 */
#ifndef TALLY_ARCH_FRAME_H
#define TALLY_ARCH_FRAME_H

#include "arch/entry.h"
#include "arch/riscv.h"

/* x0..x31, the pointer to this hart's record, the fast paths' words (entry.h) */
#define FRAME_SIZE TRAP_FRAME_SIZE

#ifndef __ASSEMBLER__
#include <stdint.h>
#include "arch/csr.h"

struct hart;

struct trap_frame {
	unsigned long x[32];
	struct hart *hart;            /* this hart's record (hart/hart.h) */
	/* What the fast paths (fast_*.S) read (hart_init fills them): */
	uint64_t *fw_count;           /* the PMU's firmware event counts */
	unsigned long mtime;          /* rdtime answered from this address; 0: not here */
	unsigned long misaligned;     /* nonzero: misaligned loads/stores emulated here */
	/* SSE's doorbell: an event may run on this hart. Any hart sets it
	 * (hart/sse_hart.c, under SSE's lock); entry.S's way out tests it, so it
	 * lives here, one load from sp, rather than in struct hart. */
	volatile unsigned long sse_pending;
	unsigned long timecmp;        /* set_timer stores here (a CLINT's mtimecmp); 0: in C */
	unsigned long mtime_host;     /* as mtime, on a hart with H: V=0's reads only */
	unsigned long pad;
};
enum { REG_A0 = 10 };   /* x[REG_A0 + n] is an */
#ifdef __riscv   /* host tests see the struct, not entry.S */
_Static_assert(sizeof(struct trap_frame) == FRAME_SIZE, "entry.S's FRAME_SIZE");
_Static_assert(__builtin_offsetof(struct trap_frame, hart) == 32 * REGBYTES &&
	       __builtin_offsetof(struct trap_frame, fw_count) == TRAP_FRAME_FW_COUNT &&
	       __builtin_offsetof(struct trap_frame, mtime) == TRAP_FRAME_MTIME &&
	       __builtin_offsetof(struct trap_frame, misaligned) == TRAP_FRAME_MISALIGNED &&
	       __builtin_offsetof(struct trap_frame, sse_pending) == TRAP_FRAME_SSE_PENDING &&
	       __builtin_offsetof(struct trap_frame, timecmp) == TRAP_FRAME_TIMECMP &&
	       __builtin_offsetof(struct trap_frame, mtime_host) == TRAP_FRAME_MTIME_HOST,
	       "entry.S's layout");
#endif

/* This hart's trap frame: entry.S keeps mscratch pointing at it (a trap guard borrows it). */
static inline struct trap_frame *this_frame(void)
{
	return (struct trap_frame *)r_mscratch();
}
#endif
#endif
