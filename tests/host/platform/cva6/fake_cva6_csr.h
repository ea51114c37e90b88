/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A fake CVA6 CSR file that behaves like the RTL (core/csr_regfile.sv,
 * core/perf_counters.sv):
 *  - mcycle, minstret and mhpmcounter3..8, 64-bit; 9..31 read 0, ignore writes;
 *  - mhpmevent3..8 keep only the low 5 bits of a write, reset 0;
 *    mhpmevent9..31 read 0; no mhpmeventNh and no scountovf (no Sscofpmf):
 *    those trap;
 *  - mcountinhibit: bits 0, 2, 3..8;
 *  - events count only on counters whose selector picks them and whose
 *    inhibit bit is clear (fake_tick);
 *  - optional: no counters at all (PERF_COUNTER_EN = 0, e.g. cv32a60x),
 *    either reading 0 or trapping; and an erratum in one half of one
 *    counter's user-level view (hpmcounterN / hpmcounterNh);
 *  - optional, as on some versions of the 32-bit FPGA configuration
 *    (cv32a6_ima_sv32_fpga): mcountinhibit traps, mhpmeventN traps.
 */
#ifndef FAKE_CVA6_CSR_H
#define FAKE_CVA6_CSR_H
#include <stdbool.h>
#include <stdint.h>

enum fake_erratum { ERR_NONE, ERR_LOW_HALF, ERR_HIGH_HALF };

struct fake_cva6 {
	/* configuration */
	bool perf_counters;          /* mhpmcounter3..8 exist */
	bool absent_traps;           /* without them: CSRs trap instead of reading 0 */
	bool inhibit_traps;          /* mcountinhibit is not there: every access traps */
	bool event_traps;            /* mhpmevent3..31 are not there: every access traps */
	unsigned erratum_ctr;        /* counter with a broken user view, or 0 */
	enum fake_erratum erratum;   /* which half reads 0 through hpmcounterN(h) */
	/* state */
	uint64_t ctr[32];
	unsigned long evt[32];
	unsigned long inhibit;
	bool guard, trapped;
	unsigned unguarded_traps;    /* a trap outside the guard: firmware would crash */
};
extern struct fake_cva6 fake;

/* Reset to a CVA6 with counters, no erratum. */
void fake_reset(void);
/* n occurrences of CVA6 event ev (1..22); cycles advance counter 0. */
void fake_tick(unsigned ev, unsigned n);
#endif
