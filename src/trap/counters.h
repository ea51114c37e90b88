/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter reads from the mode below M: which ones the hardware answers
 * itself (native) and which ones trap and are answered by the firmware
 * (emulated, trap.c). counters.c; no inline assembly, so the host tests
 * (tests/host/ibex/test_counters.c) run it on a fake CSR file.
 */
#ifndef TALLY_COUNTERS_H
#define TALLY_COUNTERS_H
#include <stdbool.h>
#include "cores/pmu/pmu.h"

/*
 * Boot probe: of the counters in `want` (bit n = cycle, time, instret,
 * hpmcounterN), which can the mode below read itself? Sets mcounteren to
 * want and keeps the bits that stuck and whose user-level CSR (0xC00 + n)
 * can be read. Returns them; mcounteren is left holding exactly those.
 */
unsigned long counters_probe_native(unsigned long want);

/*
 * Does the firmware answer a read of counter n (0..31) that trapped from
 * the mode below? time (1): whenever it is not native (no time CSR, or
 * TM kept clear), from the board timer. The others: only on an M+U hart
 * (no S-mode to own the trap), only for counters the PMU found (their
 * width is known), and only when not native.
 */
bool counters_emulated(unsigned n, unsigned long native, bool has_s_mode,
		       const struct pmu_hw_info *found);
#endif
