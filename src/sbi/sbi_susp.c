/* SPDX-License-Identifier: BSD-2-Clause */
/* System Suspend, EID "SUSP": registers in, struct sbiret out; the suspend is src/hart/susp.c. */
#include "hart/susp.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_susp_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	if (fid != 0)
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	/* sleep_type is a uint32_t (base/sbi.h) */
	return susp_suspend((uint32_t)a0, a1, a2);
}
