/* SPDX-License-Identifier: BSD-2-Clause */
/* Harts talking to harts: HSM states, IPIs and remote fences (hsm.c, ipi.c). */
#ifndef TALLY_HSM_H
#define TALLY_HSM_H

#include <stdbool.h>

/* HSM states (SBI spec 9.1) */
enum hsm_state {
	HSM_STARTED = 0, HSM_STOPPED, HSM_START_PENDING, HSM_STOP_PENDING,
	HSM_SUSPENDED, HSM_SUSPEND_PENDING, HSM_RESUME_PENDING,
};

/* Is hartid a hart this machine has, that checked in at boot? */
bool hart_present(unsigned long hartid);
/* Boot: this hart exists and is (boot hart) running or (others) stopped. */
void hsm_hart_arrived(unsigned long hartid, bool running);
/* Boot hart: wait (bounded) for the harts the device tree lists. */
void hsm_wait_for_harts(unsigned expected);
/* A stopped hart waits here until hart_start; then enters S-mode. Never returns. */
__attribute__((noreturn)) void hsm_park(unsigned long hartid);
/* SUSP (sbi_susp.c): is every other hart that checked in STOPPED? */
bool hsm_others_stopped(unsigned long self);
/*
 * This hart, SUSPENDED, waits in WFI (serving other harts' requests and
 * the timer) until an S-level interrupt it has enabled is pending; then
 * STARTED again. HSM's suspends and SUSP's default suspend to RAM.
 */
void hsm_suspend_until_interrupt(unsigned long hartid);
/* Does this platform have a way to interrupt another hart? */
bool ipi_available(void);
/*
 * Ring hart `hartid`'s doorbell (its M-mode software interrupt): what this
 * hart wrote for it before (a mailbox bit, SSE's look flag, an HSM state)
 * is visible to it before the interrupt is.
 */
void ipi_ring(unsigned long hartid);
/* M-mode software interrupt: do what other harts asked of this one. */
void ipi_process(unsigned long hartid);
#endif
