/* SPDX-License-Identifier: BSD-2-Clause */
/* HSM, EID "HSM" (SBI spec chapter 9): registers in, struct sbiret out; src/hart/hsm.c acts. */
#include "hart/hsm.h"
#include "hart/ipi.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_hsm_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4, unsigned long a5,
			    unsigned long fid)
{
	if (!ipi_available())
		return sbi_err(SBI_ERR_NOT_SUPPORTED);   /* nothing can wake a stopped hart */
	switch (fid) {
	case HSM_FID_HART_START:
		return hsm_hart_start(a0, a1, a2);
	case HSM_FID_HART_STOP:
		hsm_hart_stop(sbi_ext_hart_reset);   /* does not return */
	case HSM_FID_HART_GET_STATUS:
		return hsm_hart_status(a0);
	case HSM_FID_HART_SUSPEND:
		/* suspend_type is a uint32_t (spec 9.4; base/sbi.h) */
		return hsm_hart_suspend((uint32_t)a0, a1, a2);
	default:
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
}
