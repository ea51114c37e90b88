/* SPDX-License-Identifier: BSD-2-Clause */
/* TIME extension, EID "TIME" (SBI spec chapter 6): the timer is src/hart/timer.c. */
#include "base/machine.h"
#include "hart/timer.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_time_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	/* No S-mode: nobody could take the STIP (an M+U image has no TIME row at all). */
	if (fid != 0 || !features.has_s_mode)
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	return timer_set(sbi_arg64(a0, a1));   /* stime_value */
}
