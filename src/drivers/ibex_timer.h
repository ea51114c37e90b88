/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The small machine timer of lowRISC's Ibex examples (shared/rtl/timer.sv
 * in the Ibex repository; the simple_system and the Ibex demo system both
 * use it). Four 32-bit registers from base:
 *   +0x0 mtime low    +0x4 mtime high
 *   +0x8 mtimecmp low +0xC mtimecmp high
 * mtime counts one per clock; the machine timer interrupt is raised while
 * mtime >= mtimecmp and, on the demo system, stays raised until mtimecmp
 * is written again.
 */
#ifndef TALLY_IBEX_TIMER_H
#define TALLY_IBEX_TIMER_H
#include "drivers/device.h"

#define IBEX_TIMER_MTIME_LO    0x0
#define IBEX_TIMER_MTIME_HI    0x4
#define IBEX_TIMER_MTIMECMP_LO 0x8
#define IBEX_TIMER_MTIMECMP_HI 0xc

uint64_t ibex_timer_value(uintptr_t base);
/* hartid is ignored: the timer has one compare register, for the one hart. */
void ibex_timer_set(uintptr_t base, unsigned long hartid, uint64_t when);

/* A board's Ibex example timer at base, counting hz times a second. */
#define IBEX_TIMER(base_, hz_) { \
	.value = ibex_timer_value, .set = ibex_timer_set, .base = (base_), .hz = (hz_), \
	.mtime = (base_) + IBEX_TIMER_MTIME_LO }
#endif
