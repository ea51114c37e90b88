/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI dispatcher: EID -> extension, generated from the list in
 * sbi_ext.h. A switch, not a table walk, and since every handler takes the
 * registers in the order they arrived (and no more than eight of them),
 * each case is a plain jump.
 */
#include "sbi_ext.h"

/*
 * One case per extension, on the EID's low five bits: they differ for
 * every EID Tally implements (two that collided would be a duplicate case
 * label, a compile error), so the switch becomes one indexed jump, and
 * each case confirms the whole EID with a single compare.
 */
#define DISPATCH_CASE(id, handler, offered)                               \
	case (id) & 0x1f:                                                 \
		if (eid == (id))                                          \
			return handler(a0, a1, a2, a3, a4, a5, fid);      \
		break;

struct sbiret sbi_ecall(SBI_ARGS, unsigned long eid)
{
	/* PMU first: Linux calls it on every context switch while perf runs. */
	if (eid == SBI_EXT_PMU)
		return sbi_pmu_ecall(a0, a1, a2, a3, a4, a5, fid);
	switch (eid & 0x1f) {
	SBI_EXTENSIONS(DISPATCH_CASE)
	}
	return sbi_err(SBI_ERR_NOT_SUPPORTED);
}
