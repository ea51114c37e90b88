/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The single-hart build (TALLY_SMP=OFF, e.g. Ibex): no hart can interrupt
 * another, so HSM, IPI and RFENCE are not offered (the dispatcher checks
 * ipi_available()) and hsm.c/ipi.c are not linked in: on Ibex every byte
 * counts against the 16 KiB budget.
 */
#include "hart.h"
#include "hsm.h"
#include "sbi.h"

bool ipi_available(void) { return false; }
bool hart_present(unsigned long hartid) { return hartid == r_mhartid(); }
void hsm_hart_arrived(unsigned long hartid, bool running) { (void)hartid; (void)running; }
void hsm_wait_for_harts(unsigned expected) { (void)expected; }
void ipi_process(unsigned long hartid) { (void)hartid; }

/* One hart: no other to be stopped. */
bool hsm_others_stopped(unsigned long self) { (void)self; return true; }

/* As hsm.c's, without IPIs to serve: the timer is the only M-mode interrupt. */
void hsm_suspend_until_interrupt(unsigned long hartid)
{
	(void)hartid;
	while (!(r_mip() & r_mie() & (MIP_SSIP | MIP_STIP | MIP_SEIP | MIP_LCOFIP))) {
		wfi();
		if (r_mip() & r_mie() & MIP_MTIP)
			sbi_timer_irq();
	}
}

void hsm_park(unsigned long hartid)
{
	(void)hartid;
	for (;;)
		wfi();          /* nothing could ever wake it */
}

/* Never reached: the dispatcher sends these EIDs nowhere without IPIs. */
struct sbiret sbi_hsm_ecall(SBI_ARGS)
{
	(void)a0; (void)a1; (void)a2; (void)a3; (void)a4; (void)a5; (void)fid;
	return sbi_err(SBI_ERR_NOT_SUPPORTED);
}

struct sbiret sbi_ipi_ecall(SBI_ARGS) __attribute__((alias("sbi_hsm_ecall")));
struct sbiret sbi_rfence_ecall(SBI_ARGS) __attribute__((alias("sbi_hsm_ecall")));
