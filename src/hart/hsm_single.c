/* SPDX-License-Identifier: BSD-2-Clause */
/* The single-hart build (TALLY_SMP=OFF): no HSM, IPI or RFENCE (sbi/sbi_ext.c),
 * and these stubs instead of hsm.c and ipi.c, for Ibex's size budget. */
#include "arch/csr.h"
#include "arch/wfi.h"
#include "hart/hsm.h"
#include "hart/ipi.h"
#include "hart/timer.h"

bool ipi_available(void) { return false; }
bool hart_present(unsigned long hartid) { return hartid == r_mhartid(); }
void hsm_hart_arrived(unsigned long hartid, bool running) { }
void hsm_wait_for_harts(unsigned long hartid, unsigned expected) { }
void ipi_process(unsigned long hartid) { }

bool hsm_others_stopped(unsigned long self) { return true; }

/* As hsm.c's, without IPIs to serve: the timer is the only M-mode interrupt. */
void hsm_suspend_until_interrupt(unsigned long hartid)
{
	while (!(r_mip() & r_mie() & HSM_WAKE_IRQS)) {
		wfi();
		if (r_mip() & r_mie() & MIP_MTIP)
			timer_irq();
	}
}

void hsm_park(unsigned long hartid, hart_reset_fn *reset)
{
	for (;;)
		wfi();          /* nothing could ever wake it */
}
