/* SPDX-License-Identifier: BSD-2-Clause */
/* SSE on the harts (sse_hart.c): the calls sbi/sbi_sse.c decodes, boot and hart
 * reset, delivery on the way out of M-mode; none of it without S-mode (Ibex). */
#ifndef TALLY_HART_SSE_HART_H
#define TALLY_HART_SSE_HART_H

#include <stdbool.h>
#include <stdint.h>
#include "base/sbi.h"
#include "hart/hart.h"
#include "tally_config.h"

/* The SBI functions, for the calling hart. */
struct sbiret sse_call_attrs(uint32_t id, uint32_t base, uint32_t count, unsigned long lo,
			     unsigned long hi, bool write);
struct sbiret sse_call_register(uint32_t id, unsigned long entry_pc, unsigned long entry_arg);
struct sbiret sse_call_unregister(uint32_t id);
struct sbiret sse_call_enable(uint32_t id, bool enable);
struct sbiret sse_call_complete(unsigned long a0, unsigned long a1);
struct sbiret sse_call_inject(uint32_t id, unsigned long hartid);
struct sbiret sse_call_mask(bool unmask);

/* Boot hart, once: the global events. */
void sse_probe(unsigned long hartid);
/* A hart's reset (boot, hart_start): its local events unused, events masked. */
void sse_hart_start(unsigned long hartid);

#if TALLY_SMODE_EXTENSIONS
/* entry.S's way out, this hart's doorbell (f->sse_pending) set: enter the
 * events that may run now. The one place an event is entered. */
void sse_deliver(struct trap_frame *f);
/* A counter-overflow interrupt in M-mode: SSE's LOCAL_PMU_OVERFLOW. */
bool sse_pmu_overflow_irq(void);
#else
static inline bool sse_pmu_overflow_irq(void) { return false; }
#endif
#endif
