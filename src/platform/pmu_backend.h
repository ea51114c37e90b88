/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a PMU backend implements: the only code that knows how a counter
 * and its selector look on one core (platform/<core>/pmu_*.c). The PMU
 * core (cores/pmu/pmu.h) calls it; a backend includes this and nothing
 * of the core. Counter numbers here are CSR numbers 0..31.
 */
#ifndef TALLY_PMU_BACKEND_H
#define TALLY_PMU_BACKEND_H

#include <stdbool.h>
#include <stdint.h>
#include "base/machine.h"
#include "base/sbi_spec.h"

/*
 * What a backend says about one event: which hpm counters can count it
 * (bit n = mhpmcounter n; the core ignores bits of counters it did not
 * probe, so "all of them" may be written ~0), the selector value they need
 * (the same for each), and, where the core can count an event on only one
 * hpm counter at a time (QEMU keeps one event -> counter table), a small
 * number naming that event among such events, else -1.
 */
struct pmu_hw_map {
	uint32_t ctrs;
	int8_t excl;            /* 0..31, or -1: any number of counters may count it */
	uint64_t sel;
};
#define PMU_EXCL_NONE (-1)

/*
 * A backend: the only code that knows how a counter and its selector look
 * on one core. All of it runs on the calling hart.
 */
struct pmu_backend {
	const char *name;
	/*
	 * Boot: find which counters exist, their widths, what can be stopped,
	 * into *info (the machine record's), and keep what the other ops need.
	 */
	void (*probe)(struct pmu_hw_info *info);
	/*
	 * Which hpm counters can count event_idx/event_data (general and cache
	 * events: asked once at boot, the core keeps the answer; raw events:
	 * asked on each config_matching, since event_data can be anything).
	 * Fills *m (m->ctrs = 0: none can) and returns SBI_SUCCESS, or
	 * SBI_ERR_INVALID_PARAM for event_data the spec reserves. Counters 0
	 * and 2 are the core's business (cycles and instructions everywhere).
	 */
	long (*map)(unsigned long event_idx, uint64_t event_data, struct pmu_hw_map *m);
	/*
	 * config_matching's hardware work, in one call: stop the counter,
	 * program its selector (counters >= 3; cfg_flags carries the
	 * mode-inhibit hints), write 0 if cfg_flags has CLEAR_VALUE, start it
	 * if it has AUTO_START. One call lets a backend skip what a sequence
	 * would undo (QEMU's counter-freeze workaround before a zeroing).
	 */
	void (*configure)(unsigned ctr, uint64_t sel, unsigned long cfg_flags);
	/*
	 * stop + RESET: the counter is stopped for good and, for counters
	 * >= 3, its selector cleared (it returns to the free pool counting
	 * nothing). Its value no longer matters.
	 */
	void (*release)(unsigned ctr, uint64_t sel);
	/* The value, for a snapshot (and for the stopped value QEMU keeps). */
	uint64_t (*read)(unsigned ctr);
	/*
	 * Start counting, from value if load (start's SET_INIT_VALUE and
	 * INIT_SNAPSHOT) else from where it stopped, and clear a stale
	 * overflow flag. sel as programmed.
	 */
	void (*start)(unsigned ctr, uint64_t sel, bool load, uint64_t value);
	/* Stop counting; the value holds still until the next start. */
	void (*stop)(unsigned ctr, uint64_t sel);
	/* Sscofpmf overflow flag of a counter; NULL where there is none. */
	bool (*overflowed)(unsigned ctr);
	/* One line for the boot banner: what counter ctr (>= 3) can count. */
	const char *(*describe)(unsigned ctr);
};

/*
 * How many bits a probed counter has: the position of the highest bit that
 * stuck, plus one. Halving, on 32-bit words, not __builtin_clzll: without
 * Zbb that pulls libgcc's __clzdi2 and its 256-byte table into the image,
 * which Ibex's 16 KiB budget feels (and libgcc does not keep t2..t6 alone,
 * see tools/check-fixed-regs.py).
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
