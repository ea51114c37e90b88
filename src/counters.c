/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which counters the mode below M reads natively, found at boot rather
 * than assumed from a core's name.
 *
 * A read of cycle, time, instret or hpmcounterN below M works only if
 * mcounteren has bit n set (priv spec 3.1.11 "Machine Counter-Enable
 * Register") and the core implements the user-level CSR at all. Cores differ: the current lowRISC Ibex RTL has a
 * working mcounteren and user-level counter CSRs, so U-mode reads go
 * straight to the hardware; older Ibex releases (the one the Ibex demo
 * system vendors) hardwire mcounteren to 0 and have no such CSRs, so every
 * read traps; CVA6 and QEMU implement mcounteren but CVA6 has no time CSR.
 * So the boot hart asks the hardware: write the bits it would like, keep
 * those that stick, and confirm them with trial reads of the user-level
 * CSRs from M-mode under the trap guard (a CSR that does not exist traps
 * in every mode): cycle, time and instret each, and hpmcounter3 for the
 * whole hpm block, which a core implements as one (an indexed read of all
 * 29 would cost Ibex's 16 KiB budget some 350 bytes). An hpm counter the
 * PMU did not find is never emulated and not listed in the banner, so a
 * stuck bit for a missing one changes nothing. Whatever is not native and
 * the firmware can answer is emulated by trap.c, and the banner says
 * which is which.
 */
#include "arch/csr_probe.h"
#include "counters.h"

unsigned long counters_probe_native(unsigned long want)
{
	unsigned long stuck = 0, native = 0;

	/* mcounteren itself may be missing (a core without U-mode): none native. */
	if (!csr_probe_mcounteren(want, &stuck))
		return 0;
	for (unsigned n = 0; n < 3; n++)
		if (((stuck >> n) & 1) && csr_probe_user_counter(n))
			native |= 1UL << n;
	/* hpmcounter3..31 stand or fall together (hpmcounter3 stands for them). */
	if ((stuck & ~7UL) && csr_probe_user_counter(3))
		native |= stuck & ~7UL;
	if (native != stuck)
		(void)csr_probe_mcounteren(native, &stuck);
	return native;
}

bool counters_emulated(unsigned n, unsigned long native, bool has_s_mode,
		       const struct pmu_hw_info *hw)
{
	if (n >= 32 || ((native >> n) & 1))
		return false;           /* the hardware answers it, or nothing does */
	if (n == 1)
		return true;            /* time, from the board timer */
	/* Where S-mode exists, a trapping counter read is S-mode's business
	 * (its scounteren); a counter the PMU did not find is nobody's. */
	return !has_s_mode && n < PMU_MAX_HW_COUNTERS && hw->width[n];
}
