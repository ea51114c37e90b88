/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TIME extension, EID "TIME" (SBI spec chapter 6). With Sstc, S-mode's
 * stimecmp is the timer; without it, the board's M-mode timer (CLINT
 * mtimecmp) is, and its interrupt is passed on to S-mode as STIP.
 */
#include "base/machine.h"
#include "hart/hart.h"
#include "base/board.h"
#include "base/sbi.h"
#include "sbi/sbi_time.h"

static void set_timer(uint64_t when)
{
	pmu_fw_event(this_pmu(), PMU_FW_SET_TIMER);
	if (features.has_sstc) {
		w_stimecmp(when);    /* STIP now follows stimecmp by itself */
		return;
	}
	board_timer_set(r_mhartid(), when);
	clear_mip(MIP_STIP);         /* the old deadline no longer applies */
	set_mie(MIP_MTIP);           /* tell us when the new one passes */
}

/* The deadline passed: S-mode's timer interrupt is now pending. */
void sbi_timer_irq(void)
{
	clear_mie(MIP_MTIP);         /* MTIP stays high until the next set_timer */
	set_mip(MIP_STIP);
}

struct sbiret sbi_time_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	/* No S-mode (Ibex: M+U only): nobody could take the STIP this raises,
	 * since U-mode has no interrupts of its own, so TIME is not offered. */
	if (fid != 0 || !features.has_s_mode)
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
#if __riscv_xlen == 32
	set_timer(((uint64_t)a1 << 32) | a0);   /* rv32: stime_value in a0 (lo), a1 (hi) */
#else
	set_timer(a0);
#endif
	return sbi_ok(0);
}
