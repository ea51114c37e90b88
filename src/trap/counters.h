/* SPDX-License-Identifier: BSD-2-Clause */
/* counters.c: counter reads from below M, native or emulated (host-tested). */
#ifndef TALLY_COUNTERS_H
#define TALLY_COUNTERS_H
#include <stdbool.h>
#include "cores/pmu/pmu.h"

/*
 * Of the counters in `want` (bit n: CSR 0xC00 + n), those the mode below
 * reads itself: their mcounteren bit sticks and a trial read works.
 * mcounteren is left holding exactly those.
 */
unsigned long counters_probe_native(unsigned long want);

/*
 * Does the firmware answer a trapped read of counter n? time whenever it is
 * not native (from the board timer); the others only on an M+U hart, for
 * counters the PMU found, when not native.
 */
bool counters_emulated(unsigned n, unsigned long native, bool has_s_mode,
		       const struct pmu_hw_info *found);
#endif
