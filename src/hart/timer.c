/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * S-mode's timer. With Sstc, S-mode's stimecmp is the timer; without it,
 * the board's M-mode timer (CLINT mtimecmp) is, and its interrupt is
 * passed on to S-mode as STIP.
 */
#include "arch/csr.h"
#include "base/machine.h"
#include "base/board.h"
#include "hart/hart.h"
#include "hart/timer.h"

struct sbiret timer_set(uint64_t when)
{
	pmu_fw_event(this_pmu(), PMU_FW_SET_TIMER);
	if (features.has_sstc) {
		w_stimecmp(when);    /* STIP now follows stimecmp by itself */
		return sbi_ok(0);
	}
	board_timer_set(r_mhartid(), when);
	clear_mip(MIP_STIP);         /* the old deadline no longer applies */
	set_mie(MIP_MTIP);           /* tell us when the new one passes */
	return sbi_ok(0);
}

/* The deadline passed: S-mode's timer interrupt is now pending. */
void timer_irq(void)
{
	clear_mie(MIP_MTIP);         /* MTIP stays high until the next set_timer */
	set_mip(MIP_STIP);
}
