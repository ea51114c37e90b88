/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The single-hart build (TALLY_SMP=OFF, e.g. Ibex): no hart can interrupt
 * another, so HSM, IPI and RFENCE are not offered (the dispatcher checks
 * ipi_available()) and hsm.c/ipi.c are not linked in: on Ibex every byte
 * counts against the 16 KiB budget.
 */
#include "arch/csr.h"
#include "arch/wfi.h"
#include "hart/hsm.h"
#include "base/sbi.h"
#include "sbi/sbi_time.h"

bool ipi_available(void) { return false; }
bool hart_present(unsigned long hartid) { return hartid == r_mhartid(); }
void hsm_hart_arrived(unsigned long hartid, bool running) { }
void hsm_wait_for_harts(unsigned expected) { }
void ipi_process(unsigned long hartid) { }

/* One hart: no other to be stopped. */
bool hsm_others_stopped(unsigned long self) { return true; }

/* As hsm.c's, without IPIs to serve: the timer is the only M-mode interrupt. */
void hsm_suspend_until_interrupt(unsigned long hartid)
{
	while (!(r_mip() & r_mie() & (MIP_SSIP | MIP_STIP | MIP_SEIP | MIP_LCOFIP))) {
		wfi();
		if (r_mip() & r_mie() & MIP_MTIP)
			sbi_timer_irq();
	}
}

void hsm_park(unsigned long hartid)
{
	for (;;)
		wfi();          /* nothing could ever wake it */
}

/* Never reached: the dispatcher sends these EIDs nowhere without IPIs. */
struct sbiret sbi_hsm_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4, unsigned long a5,
			    unsigned long fid)
{
	return sbi_err(SBI_ERR_NOT_SUPPORTED);
}

sbi_ecall_fn sbi_ipi_ecall __attribute__((alias("sbi_hsm_ecall")));
sbi_ecall_fn sbi_rfence_ecall __attribute__((alias("sbi_hsm_ecall")));
