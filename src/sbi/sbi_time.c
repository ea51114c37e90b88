/* SPDX-License-Identifier: BSD-2-Clause */
/* TIME extension, EID "TIME" (SBI spec chapter 6): the timer is src/hart/timer.c. */
#include "base/machine.h"
#include "hart/timer.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_time_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	/* No S-mode (Ibex): nobody could take the STIP, so TIME is not offered. */
	if (fid != 0 || !features.has_s_mode)
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
#if __riscv_xlen == 32
	return timer_set(((uint64_t)a1 << 32) | a0);   /* rv32: stime_value in a0 (lo), a1 (hi) */
#else
	return timer_set(a0);
#endif
}
