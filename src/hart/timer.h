/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode's timer (TIME extension, SBI spec chapter 6): timer.c. */
#ifndef TALLY_HART_TIMER_H
#define TALLY_HART_TIMER_H

#include <stdint.h>
#include "base/sbi.h"

/* Program S-mode's next timer interrupt at `when` (time CSR units). */
struct sbiret timer_set(uint64_t when);
/* The M-mode timer interrupt (no Sstc): hand the deadline to S-mode as STIP. */
void timer_irq(void);

#endif
