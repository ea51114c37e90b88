/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A platform: a core's PMU backend plus a board (memory map, console,
 * timer, how to power off, where the payload goes and in which mode).
 * Each preset links exactly one `platform` object; nothing else in Tally
 * asks which board it is on.
 */
#ifndef TALLY_PLATFORM_H
#define TALLY_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/pmu.h"

/* SRST reset types (SBI spec 10.1) */
#define SRST_SHUTDOWN    0
#define SRST_COLD_REBOOT 1
#define SRST_WARM_REBOOT 2
#define SRST_REASON_NONE    0
#define SRST_REASON_FAILURE 1

struct platform {
	const char *name;
	uintptr_t ram_base;
	uintptr_t ram_size;
	uintptr_t payload_base;
	unsigned payload_mode;        /* PRV_S, or PRV_U on M+U-only cores */
	bool mtvec_vectored;          /* core only supports vectored mtvec */

	void (*console_init)(void);
	void (*console_putc)(char c);
	int (*console_getc)(void);    /* -1 when nothing is waiting */

	uint64_t timebase_hz;
	uint64_t (*timer_value)(void);
	void (*timer_set)(unsigned long hartid, uint64_t when);

	/* Does not return. */
	void (*system_reset)(unsigned long type, unsigned long reason);

	const struct pmu_backend *pmu;
	uint32_t fw_events;           /* firmware events this board can produce */
};

extern const struct platform platform;

#endif
