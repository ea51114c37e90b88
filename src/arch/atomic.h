/* SPDX-License-Identifier: BSD-2-Clause */
/* Atomics between harts (HSM, IPI mailboxes); a core without the A extension
 * (Ibex) has one hart, where plain loads and stores are atomic already. */
#ifndef TALLY_ARCH_ATOMIC_H
#define TALLY_ARCH_ATOMIC_H

#include <stdbool.h>

#ifdef __riscv_atomic
static inline unsigned long atomic_fetch_or(volatile unsigned long *p, unsigned long v)
{ return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }
static inline unsigned long atomic_swap(volatile unsigned long *p, unsigned long v)
{ return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }
static inline unsigned long atomic_sub(volatile unsigned long *p, unsigned long v)
{ return __atomic_sub_fetch(p, v, __ATOMIC_SEQ_CST); }
/* Set *p to new if it holds old; true if it did. */
static inline bool atomic_cas(volatile unsigned long *p, unsigned long old, unsigned long new)
{ return __atomic_compare_exchange_n(p, &old, new, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); }
#else
static inline unsigned long atomic_fetch_or(volatile unsigned long *p, unsigned long v)
{ unsigned long o = *p; *p = o | v; return o; }
static inline unsigned long atomic_swap(volatile unsigned long *p, unsigned long v)
{ unsigned long o = *p; *p = v; return o; }
static inline unsigned long atomic_sub(volatile unsigned long *p, unsigned long v)
{ return *p -= v; }
static inline bool atomic_cas(volatile unsigned long *p, unsigned long old, unsigned long new)
{ if (*p != old) return false; *p = new; return true; }
#endif

#endif
