/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The extensions only an S-mode payload can use (FWFT, DBTR, SUSP, SSE) as
 * the rest of the firmware sees them: a boot probe, a per-hart reset, and
 * SSE's look on the way out of an interrupt. In an image without them
 * (TALLY_SMODE_EXTENSIONS off: Ibex) all are empty.
 */
#ifndef TALLY_SMODE_EXT_H
#define TALLY_SMODE_EXT_H
#include <stdbool.h>
#include "tally_config.h"

#if TALLY_SMODE_EXTENSIONS
/* Boot hart, after features.has_s_mode is known: what do the harts have? */
void smode_ext_probe(void);
/* A hart starts as from reset (boot, HSM hart_start): FWFT values and
 * locks, debug triggers and their shared memory go back to reset state. */
void smode_ext_hart_reset(unsigned long hartid);
/*
 * Leaving an interrupt (trap.c): if an SSE event may be ready for this
 * hart (another hart's IPI said so, or an overflow), enter it now
 * (sbi_sse.c). One load and branch when there is none.
 */
extern volatile unsigned long sse_look[];
void sse_deliver(void);
static inline void smode_ext_irq_exit(unsigned long hartid)
{
	if (sse_look[hartid])
		sse_deliver();
}
/*
 * A hart that served its own IPIs from inside M-mode (a fence wait, an
 * HSM wait) may have cleared the doorbell of an SSE event meant for it:
 * ring it again, so the event is entered on the way out of the interrupt
 * that follows the mret.
 */
void sse_rekick(unsigned long hartid);
static inline void smode_ext_rekick(unsigned long hartid)
{
	if (sse_look[hartid])
		sse_rekick(hartid);
}
/*
 * HSM suspend (hsm.c): may an SSE event run on this hart now? It ends the
 * suspend as an interrupt would (its doorbell already woke the WFI), and
 * is entered on the way out (the rekick above). One load when none rang.
 */
bool sse_ready(unsigned long hartid);
static inline bool smode_ext_event_ready(unsigned long hartid)
{
	return sse_look[hartid] && sse_ready(hartid);
}
/* A counter-overflow interrupt in M-mode: SSE's LOCAL_PMU_OVERFLOW (sbi_sse.c). */
bool sse_pmu_overflow_irq(void);
static inline bool smode_ext_lcofi(void) { return sse_pmu_overflow_irq(); }
#else
static inline void smode_ext_probe(void) {}
static inline void smode_ext_hart_reset(unsigned long hartid) {}
static inline void smode_ext_irq_exit(unsigned long hartid) {}
static inline bool smode_ext_lcofi(void) { return false; }
static inline void smode_ext_rekick(unsigned long hartid) {}
static inline bool smode_ext_event_ready(unsigned long hartid) { return false; }
#endif
#endif
