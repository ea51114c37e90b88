/* SPDX-License-Identifier: BSD-2-Clause */
/* HTIF, the host-target interface of Spike and the fesvr simulators: they find
 * `tohost` in the ELF; writing (code << 1) | 1 there ends the run. */
#ifndef TALLY_HTIF_H
#define TALLY_HTIF_H
#include "base/device.h"

extern volatile uint64_t tohost, fromhost;

void htif_reset(uintptr_t base, unsigned long type, unsigned long reason);

#define HTIF_RESET { .reset = htif_reset }
#endif
