/* SPDX-License-Identifier: BSD-2-Clause */
/* FWFT, EID 0x46574654: registers in, struct sbiret out. The rules are
 * src/cores/fwft/fwft.c; what a feature does to the hart, src/hart/fwft_hart.c. */
#include "hart/fwft_hart.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_fwft_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	/* feature is a uint32_t (base/sbi.h); value and flags are checked whole */
	switch (fid) {
	case FWFT_FID_SET:
		return fwft_set(this_fwft(), &features.fwft, (uint32_t)a0, a1, a2, fwft_apply);
	case FWFT_FID_GET:
		return fwft_get(this_fwft(), &features.fwft, (uint32_t)a0);
	default:
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
}
