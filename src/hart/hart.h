/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * This hart's own state: the trap frame entry.S keeps for it, and through
 * the frame its PMU state. (What all harts share is machine.h.)
 */
#ifndef TALLY_HART_H
#define TALLY_HART_H

#include "arch/csr.h"
#include "cores/pmu/pmu.h"

/*
 * What entry.S saves: x0..x31 in register order (x0 slot reads 0). It sits
 * at the top of the hart's stack and mscratch points at it, so it is also
 * where per-hart pointers live that the hot path wants without a multiply.
 */
struct trap_frame {
	unsigned long x[32];
	struct pmu_hart *pmu;         /* this hart's PMU state (init.c, hart_init) */
	unsigned long pad[16 / sizeof(long) - 1];
};
enum { REG_RA = 1, REG_SP = 2, REG_A0 = 10, REG_A1 = 11 };

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
