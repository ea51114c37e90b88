/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * HTIF, the host-target interface of Spike and the riscv-fesvr based
 * simulators (the CVA6 Verilator testharness among them): the simulator
 * finds the 64-bit words `tohost` and `fromhost` by name in the ELF and
 * watches tohost. Writing (code << 1) | 1 there ends the run with exit
 * status `code`. There is no address to configure, so base is unused.
 */
#ifndef TALLY_HTIF_H
#define TALLY_HTIF_H
#include "base/device.h"

extern volatile uint64_t tohost, fromhost;

/* Exit 0 for a clean shutdown, 1 for anything else (a reboot cannot be done). */
void htif_reset(uintptr_t base, unsigned long type, unsigned long reason);

#define HTIF_RESET { .reset = htif_reset }
#endif
