/* SPDX-License-Identifier: BSD-2-Clause */
/* Guarded probes for counters.c: a core without U-mode may lack mcounteren (priv
 * spec 3.1.11 "Machine Counter-Enable Register"), older Ibex the user counters. */
#include "arch/csr.h"
#include "arch/csr_probe.h"
#include "arch/trap_guard.h"

bool csr_probe_mcounteren(unsigned long val, unsigned long *back)
{
	struct trap_guard g;
	unsigned long v = 0;

	trap_guard_begin(&g);
	w_mcounteren(val);
	v = r_mcounteren();
	if (trap_guard_end(&g))
		return false;
	*back = v;
	return true;
}

bool csr_probe_user_counter(unsigned idx)
{
	struct trap_guard g;

	if (idx > 3)
		return false;
	trap_guard_begin(&g);
	switch (idx) {
	case 0: (void)csr_read(CSR_CYCLE); break;
	case 1: (void)csr_read(CSR_TIME); break;
	case 2: (void)csr_read(CSR_INSTRET); break;
	case 3: (void)csr_read(CSR_HPMCOUNTER3); break;
	}
	return !trap_guard_end(&g);
}
