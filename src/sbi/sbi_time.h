/* SPDX-License-Identifier: BSD-2-Clause */
/* sbi_time.c beyond the TIME extension's handler (sbi.h). */
#ifndef TALLY_SBI_TIME_H
#define TALLY_SBI_TIME_H

/* The M-mode timer interrupt (no Sstc): hand the deadline to S-mode as STIP. */
void sbi_timer_irq(void);

#endif
