/* SPDX-License-Identifier: BSD-2-Clause */
/* Hart State Management (SBI spec chapter 9): hsm.c (hsm_single.c without IPIs). */
#ifndef TALLY_HSM_H
#define TALLY_HSM_H

#include <stdbool.h>
#include <stdint.h>
#include "arch/csr.h"
#include "arch/riscv.h"
#include "base/mem.h"
#include "base/sbi.h"
#include "base/sbi_spec.h"

/* A hart starts as from reset: the extensions' per-hart state (sbi/sbi_ext.c). */
typedef void hart_reset_fn(unsigned long hartid);

/* Is hartid a hart this machine has, that checked in at boot? */
bool hart_present(unsigned long hartid);
/* Boot: this hart exists and is (boot hart) running or (others) stopped. */
void hsm_hart_arrived(unsigned long hartid, bool running);
/* Boot hart: wait (bounded) for the harts the device tree lists. */
void hsm_wait_for_harts(unsigned long hartid, unsigned expected);
/* A stopped hart waits here until hart_start; then reset(), and S-mode. Never returns. */
__attribute__((noreturn)) void hsm_park(unsigned long hartid, hart_reset_fn *reset);
/* SUSP: is every other hart that checked in STOPPED? */
bool hsm_others_stopped(unsigned long self);
/* SUSPENDED in WFI (serving IPIs and the timer) until an enabled S-level interrupt. */
void hsm_suspend_until_interrupt(unsigned long hartid);
/* The S-level interrupts that end such a wait (and SUSP's): pending, and enabled in mie. */
#define HSM_WAKE_IRQS (MIP_SSIP | MIP_STIP | MIP_SEIP | MIP_LCOFIP)

/*
 * May S-mode start or resume at addr (HSM start and resume, SUSP resume)?
 * RAM it may use, aligned to IALIGN: mepc drops bit 0, and bit 1 too where
 * misa.C is clear, so mret would run another address than the one asked.
 * misa 0 (not implemented) says nothing of C: then only bit 0 is refused.
 * SSE's entry_pc is checked for bit 0 alone, as its chapter says.
 */
static inline bool hsm_entry_ok(unsigned long addr)
{
	unsigned long misa = r_misa();
	unsigned long ialign = misa && !((misa >> ('C' - 'A')) & 1) ? 3 : 1;
	uint64_t end;

	return !(addr & ialign) && sbi_mem_window(addr, 4, &end) != 0;
}

/* The HSM functions (sbi/sbi_hsm.c decodes them). */
struct sbiret hsm_hart_start(unsigned long hartid, unsigned long addr, unsigned long opaque);
__attribute__((noreturn)) void hsm_hart_stop(hart_reset_fn *reset);
struct sbiret hsm_hart_status(unsigned long hartid);
struct sbiret hsm_hart_suspend(uint32_t type, unsigned long resume_addr, unsigned long opaque);
#endif
