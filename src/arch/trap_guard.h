/* SPDX-License-Identifier: BSD-2-Clause */
/* Trap guard, for probing what a core implements:
 *	trap_guard_begin(&g); v = r_mcountinhibit(); ok = !trap_guard_end(&g);
 * An exception while it is up skips the faulting 4-byte instruction and is
 * remembered instead of taken. It borrows mtvec and mscratch. */
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
	w_mtvec(g->mtvec);
	w_mscratch(g->mscratch);
	return trapped != 0;
}

#endif
