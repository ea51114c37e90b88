/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI dispatcher: EID -> extension. A switch, not a table walk, and
 * since every handler takes the registers in the order they arrived (and
 * no more than eight of them), each case is a plain jump.
 */
#include "hart.h"
#include "hsm.h"
#include "sbi.h"

struct sbiret sbi_ecall(SBI_ARGS, unsigned long eid)
{
	/* PMU first: Linux calls it on every context switch while perf runs. */
	if (eid == SBI_EXT_PMU)
		return sbi_pmu_ecall(a0, a1, a2, a3, a4, a5, fid);
	/*
	 * The low five bits of every other EID Tally implements are different,
	 * so the switch becomes one indexed jump, and each case confirms the
	 * whole EID with a single compare.
	 */
	switch (eid & 0x1f) {
	case SBI_EXT_BASE & 0x1f:
		if (eid == SBI_EXT_BASE)
			return sbi_base_ecall(a0, a1, a2, a3, a4, a5, fid);
		break;
	case SBI_EXT_TIME & 0x1f:
		if (eid == SBI_EXT_TIME)
			return sbi_time_ecall(a0, a1, a2, a3, a4, a5, fid);
		break;
	case SBI_EXT_DBCN & 0x1f:
		if (eid == SBI_EXT_DBCN)
			return sbi_dbcn_ecall(a0, a1, a2, a3, a4, a5, fid);
		break;
	case SBI_EXT_SRST & 0x1f:
		if (eid == SBI_EXT_SRST)
			return sbi_srst_ecall(a0, a1, a2, a3, a4, a5, fid);
		break;
	/*
	 * Harts reach each other through IPIs; without them (one hart) these
	 * handlers answer NOT_SUPPORTED themselves, so this path makes no call
	 * before the jump.
	 */
	case SBI_EXT_HSM & 0x1f:
		if (eid == SBI_EXT_HSM)
			return sbi_hsm_ecall(a0, a1, a2, a3, a4, a5, fid);
		break;
	case SBI_EXT_IPI & 0x1f:
		if (eid == SBI_EXT_IPI)
			return sbi_ipi_ecall(a0, a1, a2, a3, a4, a5, fid);
		break;
	case SBI_EXT_RFENCE & 0x1f:
		if (eid == SBI_EXT_RFENCE)
			return sbi_rfence_ecall(a0, a1, a2, a3, a4, a5, fid);
		break;
	case SBI_EXT_LEGACY_PUTCHAR:
		if (eid == SBI_EXT_LEGACY_PUTCHAR)
			return sbi_legacy_putchar(a0, a1, a2, a3, a4, a5, fid);
		break;
	case SBI_EXT_LEGACY_GETCHAR:
		if (eid == SBI_EXT_LEGACY_GETCHAR)
			return sbi_legacy_getchar(a0, a1, a2, a3, a4, a5, fid);
		break;
	}
	return sbi_err(SBI_ERR_NOT_SUPPORTED);
}

/* Base probe_extension: keep in step with the switch above. */
long sbi_probe_extension(unsigned long eid)
{
	switch (eid) {
	case SBI_EXT_TIME:
		return features.has_s_mode;   /* see sbi_time.c */
	case SBI_EXT_HSM:
	case SBI_EXT_IPI:
	case SBI_EXT_RFENCE:
		return ipi_available();
	case SBI_EXT_PMU:
	case SBI_EXT_BASE:
	case SBI_EXT_DBCN:
	case SBI_EXT_SRST:
	case SBI_EXT_LEGACY_PUTCHAR:
	case SBI_EXT_LEGACY_GETCHAR:
		return 1;
	default:
		return 0;
	}
}
