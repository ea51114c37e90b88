/* SPDX-License-Identifier: BSD-2-Clause */
/* The SiFive CLINT: msip, mtimecmp and mtime (QEMU virt, CVA6). */
#ifndef TALLY_CLINT_H
#define TALLY_CLINT_H
#include "base/device.h"

#define CLINT_MSIP     0x0000
#define CLINT_MTIMECMP 0x4000
#define CLINT_MTIME    0xbff8

uint64_t clint_mtime(uintptr_t base);
void clint_set_mtimecmp(uintptr_t base, unsigned long hartid, uint64_t when);
void clint_send_ipi(uintptr_t base, unsigned long hartid);
void clint_clear_ipi(uintptr_t base, unsigned long hartid);

/* A board's CLINT as its timer, and for IPIs where there are harts to wake. */
#define CLINT_TIMER(base_, hz_) { \
	.value = clint_mtime, .set = clint_set_mtimecmp, .base = (base_), .hz = (hz_) \
	BOARD_TIMER_MTIME((base_) + CLINT_MTIME) }
/* ... and, where there are harts to wake, for IPIs through msip. */
#define CLINT_IPI(base_) { .send = clint_send_ipi, .clear = clint_clear_ipi, .base = (base_) }
#endif
