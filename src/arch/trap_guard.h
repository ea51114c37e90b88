/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Trap guard, for probing at boot what a core really implements:
 *	struct trap_guard g;
 *	trap_guard_begin(&g); v = r_mcountinhibit(); ok = !trap_guard_end(&g);
 * While the guard is up, an exception skips the faulting (4-byte, e.g. CSR)
 * instruction and is remembered instead of taken (trap_guard.S). It borrows
 * mtvec and mscratch and gives both back.
 */
#ifndef TALLY_ARCH_TRAP_GUARD_H
#define TALLY_ARCH_TRAP_GUARD_H

#include <stdbool.h>
#include "arch/csr.h"

struct trap_guard { unsigned long mtvec, mscratch; };
extern char trap_guard_vector[];

static inline void trap_guard_begin(struct trap_guard *g)
{
	g->mtvec = r_mtvec();
	g->mscratch = r_mscratch();
	w_mscratch(0);                             /* 0 = nothing trapped yet */
	w_mtvec((unsigned long)trap_guard_vector); /* exceptions go to the guard */
}

/* Lower the guard; true if anything trapped while it was up. */
static inline bool trap_guard_end(struct trap_guard *g)
{
	unsigned long trapped = r_mscratch();
	w_mtvec(g->mtvec);       /* back to the real trap vector */
	w_mscratch(g->mscratch); /* and to this hart's trap frame */
	return trapped != 0;
}

#endif
