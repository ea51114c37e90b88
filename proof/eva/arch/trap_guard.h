/* SPDX-License-Identifier: BSD-2-Clause */
/* The proof's trap_guard.h: a guarded probe may trap or not, whatever it touched. */
#ifndef TALLY_ARCH_TRAP_GUARD_H
#define TALLY_ARCH_TRAP_GUARD_H
#include <stdbool.h>
#include "proof_hw.h"
struct trap_guard { unsigned long mtvec, mscratch; };
extern char trap_guard_vector[];
static inline void trap_guard_begin(struct trap_guard *g) { g->mtvec = g->mscratch = 0; }
static inline bool trap_guard_end(struct trap_guard *g) { (void)g; return proof_any_bool(); }
#endif
