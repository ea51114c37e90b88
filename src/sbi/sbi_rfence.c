/* SPDX-License-Identifier: BSD-2-Clause */
/* RFENCE, EID "RFNC" (SBI spec chapter 8): registers in, struct sbiret out; src/hart/ipi.c acts. */
#include "hart/ipi.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_rfence_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			       unsigned long a3, unsigned long a4, unsigned long a5,
			       unsigned long fid)
{
	if (fid >= F_KINDS || !ipi_available())
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	/* fence_i has no range; the ASID/VMID argument is a4 where there is one. */
	return rfence_send((enum fence_kind)fid, a0, a1, fid == F_FENCE_I ? 0 : a2,
			   fid == F_FENCE_I ? 0 : a3, a4);
}
