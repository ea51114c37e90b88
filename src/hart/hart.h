/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * This hart's own state: the trap frame entry.S keeps for it, and through
 * the frame its PMU state. (What all harts share is machine.h.)
 */
#ifndef TALLY_HART_H
#define TALLY_HART_H

#include <stddef.h>
#include "arch/csr.h"
#include "arch/entry.h"
#include "cores/pmu/pmu.h"

/*
 * What entry.S saves: x0..x31 in register order (x0 slot reads 0). It sits
 * at the top of the hart's stack and mscratch points at it, so it is also
 * where per-hart pointers live that the hot path wants without a multiply.
 */
struct trap_frame {
	unsigned long x[32];
	struct pmu_hart *pmu;         /* this hart's PMU state (init.c, hart_init) */
	/* What entry.S's fast paths read (init.c, hart_init; offsets in arch/entry.h): */
	uint64_t *fw_count;           /* pmu->fw_count: the firmware events they count */
	unsigned long mtime;          /* rdtime answered there from this address; 0: not there */
	unsigned long misaligned;     /* nonzero: misaligned loads/stores emulated there */
};
enum { REG_RA = 1, REG_SP = 2, REG_A0 = 10, REG_A1 = 11 };
_Static_assert(sizeof(struct trap_frame) == TRAP_FRAME_SIZE &&
	       offsetof(struct trap_frame, fw_count) == TRAP_FRAME_FW_COUNT &&
	       offsetof(struct trap_frame, mtime) == TRAP_FRAME_MTIME &&
	       offsetof(struct trap_frame, misaligned) == TRAP_FRAME_MISALIGNED,
	       "struct trap_frame is what entry.S thinks it is");
_Static_assert(PMU_FW_ILLEGAL_INSN == TRAP_FW_ILLEGAL_INSN &&
	       PMU_FW_MISALIGNED_LOAD == TRAP_FW_MISALIGNED_LOAD &&
	       PMU_FW_MISALIGNED_STORE == TRAP_FW_MISALIGNED_STORE, "entry.S's event numbers");

/* This hart's trap frame: entry.S keeps mscratch pointing at it (a trap guard borrows it). */
static inline struct trap_frame *this_frame(void)
{
	return (struct trap_frame *)r_mscratch();
}

/* This hart's PMU state, through mscratch: two instructions on the ecall path. */
static inline struct pmu_hart *this_pmu(void)
{
	return this_frame()->pmu;
}

#endif
