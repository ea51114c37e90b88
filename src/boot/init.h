/* SPDX-License-Identifier: BSD-2-Clause */
/* init.c: boot. */
#ifndef TALLY_INIT_H
#define TALLY_INIT_H

/* entry.S calls these with a0 = hartid, a1 = device tree; neither returns. */
void tally_boot(unsigned long hartid, unsigned long fdt);
void tally_secondary(unsigned long hartid, unsigned long fdt);

#endif
