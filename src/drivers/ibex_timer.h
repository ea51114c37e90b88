/* SPDX-License-Identifier: BSD-2-Clause */
/* The timer of lowRISC's Ibex examples (shared/rtl/timer.sv): the interrupt stays
 * raised while mtime >= mtimecmp, on the demo system until mtimecmp is written. */
#ifndef TALLY_IBEX_TIMER_H
#define TALLY_IBEX_TIMER_H
#include "base/device.h"

#define IBEX_TIMER_MTIME_LO    0x0
#define IBEX_TIMER_MTIME_HI    0x4
#define IBEX_TIMER_MTIMECMP_LO 0x8
#define IBEX_TIMER_MTIMECMP_HI 0xc

uint64_t ibex_timer_value(uintptr_t base);
void ibex_timer_set(uintptr_t base, unsigned long hartid, uint64_t when);

#define IBEX_TIMER(base_, hz_) { \
	.value = ibex_timer_value, .set = ibex_timer_set, .base = (base_), .hz = (hz_) \
	BOARD_TIMER_MTIME((base_) + IBEX_TIMER_MTIME_LO) }
#endif
