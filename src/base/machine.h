/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the boot hart found about the machine (all harts are alike): filled
 * in once by init.c, mem.c, dt.c and the PMU backend's probe, before any
 * other hart runs or any SBI call; read-only afterwards.
 */
#ifndef TALLY_MACHINE_H
#define TALLY_MACHINE_H

#include <stdbool.h>
#include <stdint.h>

/* At most this many separate RAM ranges are known (more are left out, closed). */
#define TALLY_MAX_RAM_RANGES 8

#define PMU_MAX_HW_COUNTERS 32   /* CSR counter numbers 0..31 */

/* The counters as the PMU backend's probe found them, by CSR number. */
struct pmu_hw_info {
	unsigned num_hpm;                  /* mhpmcounters that exist */
	uint8_t hpm[PMU_MAX_HW_COUNTERS];  /* their counter numbers, ascending */
	uint8_t width[PMU_MAX_HW_COUNTERS];/* bits, by counter number (0: absent) */
	uint32_t stoppable;     /* counters the backend can really stop (bit n) */
	bool has_inhibit;       /* mcountinhibit exists */
	bool has_sscofpmf;      /* overflow bit and mode-inhibit bits in mhpmevent */
	const char *note;       /* anything the banner should say (errata), or NULL */
};

/* What FWFT can offer (hart/fwft_hart.c's boot probe; the rules: cores/fwft/). */
struct fwft_caps {
	uint8_t supported;        /* bit f: feature f has what it needs */
	bool pmlen7, pmlen16;     /* POINTER_MASKING_PMLEN: the PMLENs that stick */
};

struct features {
	bool has_s_mode;        /* misa.S: a supervisor to delegate to */
	bool has_sstc;          /* S-mode programs its own timer (stimecmp) */
	bool sstc_hidden;       /* stimecmp is there but S-mode does not get it (no time CSR) */
	bool has_time_csr;      /* rdtime works in S-mode; else trap.c emulates it */
	bool has_h;             /* misa.H with S-mode: guests' traps go to HS (trap/hyp.c) */
	bool has_htimedelta;    /* the CSR exists; else trap/hyp.c keeps one per hart */
	/* mcounteren: counters the mode below reads itself (bit n: 0xC00 + n),
	 * as probed (counters.c); trap.c answers the others it can. */
	unsigned long counteren;
	bool has_pmp;
	/* The largest ASID satp (and VMID hgatp) keeps: RFENCE rejects bigger ones. */
	unsigned long asid_max, vmid_max;
	unsigned num_harts;     /* from the device tree, or 1 */
	/* What lower modes may hand the firmware (mem.c): RAM ranges, sorted and
	 * merged, minus the firmware's PMP region [fw_lo, fw_hi). */
	unsigned num_ram;
	struct ram_range { uint64_t lo, hi; } ram[TALLY_MAX_RAM_RANGES];
	uint64_t fw_lo, fw_hi;
	struct pmu_hw_info pmu;   /* counters: widths, inhibit, Sscofpmf */
	struct fwft_caps fwft;    /* the features FWFT offers */
};
extern struct features features;   /* init.c */

#endif
