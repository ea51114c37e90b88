/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A fake PMU backend for the host tests: a model of one hart's counter CSRs.
 *
 *   - mcycle (0) and minstret (2) always exist and are 64 bits wide;
 *   - mhpmcounter3..31: the ones in cfg.hpm_mask exist, all cfg.hpm_width
 *     bits wide; values wrap at the width, writes keep only the width's bits;
 *   - mhpmevent3..31 selectors; an hpm counter counts only while its
 *     selector holds an event (selector bits 0..57 not all zero);
 *   - mcountinhibit, if cfg.has_inhibit: a set bit freezes the counter.
 *     Without it, 0 and 2 always count and hpm counters stop only by
 *     having their selector cleared (as src/platform/common/pmu_csr.c does);
 *   - Sscofpmf, if cfg.has_sscofpmf: mode-inhibit bits 58..62 and the OF
 *     bit 63 in mhpmevent; OF is set when an hpm counter wraps.
 *
 * Nothing counts by itself: the test ticks counters (fake_tick), and a tick
 * changes only a counter that is really counting.
 *
 * What the core must never do is counted in fake.bad (and, if
 * fake.abort_on_bad is set, aborts at once): touch a counter that does not
 * exist (counter 1, an absent hpm counter, a number >= 32), program or clear
 * a selector of counter 0 or 2, or pass program() flags outside bits 3..7.
 * On hardware these would trap or silently do nothing.
 */
#ifndef TALLY_FAKE_BACKEND_H
#define TALLY_FAKE_BACKEND_H

#include <stdbool.h>
#include <stdint.h>
#include "cores/pmu/pmu.h"

#define FAKE_OF        (1ULL << 63)
#define FAKE_INH_SHIFT 55                 /* SBI cfg bits 3..7 -> mhpmevent 58..62 */
#define FAKE_INH_BITS  (0x1fULL << 58)
#define FAKE_SEL_BITS  ((1ULL << 58) - 1) /* the event itself */

/* Selector values fake match() hands out */
#define FAKE_SEL_L1D_READ_ACCESS 0x10
#define FAKE_SEL_L1D_READ_MISS   0x11
#define FAKE_SEL_BRANCH_MISSES   0x20
#define FAKE_SEL_CYCLES          0x40

struct fake_cfg {
	uint32_t hpm_mask;      /* bit n (3..31): mhpmcounter n exists */
	unsigned hpm_width;     /* 1..64 */
	bool has_inhibit;       /* mcountinhibit */
	bool has_sscofpmf;
	/* Which counters (bit n = counter number) match() accepts events on: */
	uint32_t cache_mask;    /* L1D read access, L1D read miss */
	uint32_t branch_mask;   /* hardware general event BRANCH_MISSES */
	uint32_t cycles_mask;   /* CPU_CYCLES on an hpm counter (as QEMU can) */
	bool cycles_excl;       /* ...on one hpm counter at a time (as QEMU does) */
	uint32_t raw_mask;      /* raw events (type 2 and 3) with nonzero event_data */
	uint64_t raw_reserved;  /* event_data bits match() calls reserved (INVALID_PARAM) */
};

/* The CSR file. Tests may read it; they change it only through fake_* calls. */
struct fake_csrs {
	uint64_t counter[32];
	uint64_t event[32];     /* mhpmevent (0..2 unused) */
	uint32_t inhibit;       /* mcountinhibit (0 without one) */
};

struct fake_state {
	struct fake_cfg cfg;
	struct fake_csrs csr;
	unsigned bad;           /* things the core must never do (see above) */
	bool abort_on_bad;
	unsigned mutations;     /* calls of write/program/clear/start/stop */
	unsigned programs;      /* calls of program() */
	unsigned maps;          /* calls of map() */
	unsigned combined;      /* calls of configure() and release() */
	unsigned long last_program_flags;
	unsigned last_program_ctr;
	uint64_t last_program_sel;
};
extern struct fake_state fake;
extern struct pmu_backend fake_backend;

/* Reset the CSR file to what a core with this configuration has at reset. */
void fake_setup(const struct fake_cfg *cfg);
bool fake_exists(unsigned ctr);
/* Is counter ctr counting right now? */
bool fake_counting(unsigned ctr);
/* n events happen on counter ctr (counted only if it is counting). */
void fake_tick(unsigned ctr, uint64_t n);
/* n events on every counter. */
void fake_tick_all(uint64_t n);
uint64_t fake_width_mask(unsigned ctr);
/* The selector steps configure() and release() are made of, for the fake's own tests. */
void fake_program(unsigned ctr, uint64_t sel, unsigned long cfg_flags);
/* A counter write, as the backend's start does when it loads a value. */
void fake_write(unsigned ctr, uint64_t val);
void fake_clear(unsigned ctr);

#endif
