/* SPDX-License-Identifier: BSD-2-Clause */
/* Guarded bank probes: mhpmcounterN/mhpmeventN may be read-only zero (priv spec
 * 3.1.10 "Hardware Performance Monitor"), or trap (QEMU): then false. */
#include "arch/csr.h"        /* the host tests put a fake one first */
#include "arch/csr_probe.h"
#include "arch/trap_guard.h" /* this one as it is, on the fake */

bool csr_probe_counter(unsigned idx, uint64_t val, uint64_t *back)
{
	struct trap_guard g;
	uint64_t v = 0;
	bool ok;

	trap_guard_begin(&g);
	csr_write_counter(idx, val);
	v = csr_read_counter(idx);
	csr_write_counter(idx, 0);
	ok = !trap_guard_end(&g);
	*back = ok ? v : 0;   /* written either way: no caller reads a stale value */
	return ok;
}

bool csr_probe_event(unsigned idx, unsigned long *val)
{
	struct trap_guard g;
	unsigned long v = 0;

	trap_guard_begin(&g);
	v = csr_read_event(idx);
	if (trap_guard_end(&g))
		return false;
	*val = v;
	return true;
}

bool csr_probe_mcountinhibit(unsigned long val, unsigned long *back)
{
	struct trap_guard g;
	unsigned long v = 0;

	trap_guard_begin(&g);
	w_mcountinhibit(val);
	v = r_mcountinhibit();
	if (trap_guard_end(&g))
		return false;
	*back = v;
	return true;
}

void csr_inhibit_set(unsigned long bits) { set_mcountinhibit(bits); }
void csr_inhibit_clear(unsigned long bits) { clear_mcountinhibit(bits); }
