/* SPDX-License-Identifier: BSD-2-Clause */
/* IPI, EID "sPI" (SBI spec chapter 7): registers in, struct sbiret out; src/hart/ipi.c acts. */
#include "hart/ipi.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_ipi_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4, unsigned long a5,
			    unsigned long fid)
{
	if (fid != 0 || !ipi_available())
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	return ipi_send(a0, a1);
}
