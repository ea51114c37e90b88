/* SPDX-License-Identifier: BSD-2-Clause */
/* SSE on the harts (sse.c): the calls sbi/sbi_sse.c decodes, boot and hart
 * reset, delivery on the way out of M-mode; empty hooks without S-mode (Ibex). */
#ifndef TALLY_HART_SSE_H
#define TALLY_HART_SSE_H

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
void sse_deliver(void);
void sse_ring(unsigned long hartid);
/* A counter-overflow interrupt in M-mode: SSE's LOCAL_PMU_OVERFLOW. */
bool sse_pmu_overflow_irq(void);

/* Leaving an interrupt (trap.c): enter an SSE event that may be ready here;
 * one load and branch when there is none. */
static inline void sse_irq_exit(unsigned long hartid)
{
	if (hart_of(hartid)->sse_look)
		sse_deliver();
}

/* A hart that served its IPIs inside M-mode (fence or HSM wait) may have
 * cleared an SSE event's doorbell: ring it again, for after the mret. */
static inline void sse_rekick(unsigned long hartid)
{
	if (hart_of(hartid)->sse_look)
		sse_ring(hartid);
}

/* HSM suspend (hsm.c): may an SSE event run here now? It ends the suspend as
 * an interrupt would, and is entered after the mret (the rekick above). */
bool sse_ready(unsigned long hartid);
static inline bool sse_event_ready(unsigned long hartid)
{
	return hart_of(hartid)->sse_look && sse_ready(hartid);
}
#else
static inline bool sse_event_ready(unsigned long hartid) { return false; }
static inline void sse_irq_exit(unsigned long hartid) {}
static inline void sse_rekick(unsigned long hartid) {}
static inline bool sse_pmu_overflow_irq(void) { return false; }
#endif
#endif
