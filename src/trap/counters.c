/* SPDX-License-Identifier: BSD-2-Clause */
/* Which counters the mode below reads natively, probed rather than assumed from
 * a core's name (docs/boot.md, section 2), and which traps the firmware answers. */
#include "arch/csr_probe.h"
#include "trap/counters.h"

unsigned long counters_probe_native(unsigned long want)
{
	unsigned long stuck = 0, native = 0;

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
		       const struct pmu_hw_info *found)
{
	if (n >= 32 || ((native >> n) & 1))
		return false;           /* the hardware answers it, or nothing does */
	if (n == 1)
		return true;            /* time, from the board timer */
	/* with S-mode, a trapping read is S-mode's business (its scounteren) */
	return !has_s_mode && n < PMU_MAX_HW_COUNTERS && found->width[n];
}
