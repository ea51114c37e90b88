/* SPDX-License-Identifier: BSD-2-Clause */
/* init.c: boot, and the way every hart leaves M-mode for the payload. */
#ifndef TALLY_INIT_H
#define TALLY_INIT_H

/* entry.S calls these with a0 = hartid, a1 = device tree; neither returns. */
void tally_boot(unsigned long hartid, unsigned long fdt);
void tally_secondary(unsigned long hartid, unsigned long fdt);

/*
 * mret to addr in the payload's mode (S, or U on an M+U core such as
 * Ibex) with a0 = hartid, a1 = arg: the boot hart at the end of boot,
 * harts started or resumed through HSM.
 */
__attribute__((noreturn)) void enter_payload(unsigned long hartid, unsigned long addr,
					     unsigned long arg);

#endif
