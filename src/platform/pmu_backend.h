/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A PMU backend (platform/<core>/pmu_*.c): the only code that knows how a
 * counter and its selector look on one core. The PMU core calls it on the
 * calling hart; a backend includes nothing of the core. Counters are CSR
 * numbers 0..31; 0 and 2 (cycles, instructions) are the core's business.
 */
#ifndef TALLY_PMU_BACKEND_H
#define TALLY_PMU_BACKEND_H

#include <stdbool.h>
#include <stdint.h>
#include "base/machine.h"
#include "base/sbi_spec.h"

/*
 * One event on this core: the hpm counters that can count it (bit n =
 * mhpmcounter n; unprobed bits are ignored, so ~0 means all) and their
 * selector; excl names an event only one counter at a time may count
 * (QEMU keeps one event -> counter table).
 */
struct pmu_hw_map {
	uint32_t ctrs;
	int8_t excl;            /* 0..31, or -1: any number of counters may count it */
	uint64_t sel;
};
#define PMU_EXCL_NONE (-1)

struct pmu_backend {
	const char *name;
	/* Boot: which counters exist, their widths, what can be stopped, into *info. */
	void (*probe)(struct pmu_hw_info *info);
	/*
	 * Fill *m for event_idx/event_data (m->ctrs = 0: none can count it), or
	 * SBI_ERR_INVALID_PARAM for event_data the spec reserves. Asked once at
	 * boot for general and cache events, on each config_matching for raw ones.
	 */
	long (*map)(unsigned long event_idx, uint64_t event_data, struct pmu_hw_map *m);
	/*
	 * config_matching's hardware work in one call, so a backend can skip
	 * what a sequence would undo: stop, program the selector (ctr >= 3, with
	 * cfg_flags' mode-inhibit hints), CLEAR_VALUE, AUTO_START.
	 */
	void (*configure)(unsigned ctr, uint64_t sel, unsigned long cfg_flags);
	/* stop + RESET: stopped for good, the selector (ctr >= 3) cleared. */
	void (*release)(unsigned ctr, uint64_t sel);
	/* The value, for a snapshot (and for the stopped value QEMU keeps). */
	uint64_t (*read)(unsigned ctr);
	/* Count from value if load, else from where it stopped; clear a stale overflow. */
	void (*start)(unsigned ctr, uint64_t sel, bool load, uint64_t value);
	/* Stop counting; the value holds still until the next start. */
	void (*stop)(unsigned ctr, uint64_t sel);
	/* Sscofpmf overflow flag of a counter; NULL where there is none. */
	bool (*overflowed)(unsigned ctr);
	/* One line for the boot banner: what counter ctr (>= 3) can count. */
	const char *(*describe)(unsigned ctr);
};

/*
 * The width of a probed counter: its highest bit that stuck, plus one. Not
 * __builtin_clzll: without Zbb that links libgcc's __clzdi2 and its table,
 * against Ibex's size budget and the t2..t6 rule (arch/entry.S).
 */
static inline unsigned pmu_bit_width(uint64_t v)
{
	uint32_t x = (uint32_t)(v >> 32);
	unsigned w = 0;

	if (x)
		w = 32;
	else
		x = (uint32_t)v;
	for (unsigned step = 16; step; step >>= 1)
		if (x >> step) {
			x >>= step;
			w += step;
		}
	return w + x;   /* x is now 0 or 1 */
}

#endif
