/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one fake CSR file of the host tests, behind tests/host/fake/arch/csr.h.
 * A test picks a core with fake_reset_<core>(), which sets the switches
 * below as that core's RTL has them, then flips the ones its quirk needs:
 *  - Ibex (ibex_cs_registers.sv): mcycle/minstret 64-bit, `num` counters
 *    (NumMHPMCounters) `width` bits wide that wrap there; mhpmevent
 *    read-only, in the manual's encoding or the RTL's; absent counters read
 *    0 without trapping; mcounteren and the user-level counter CSRs exist
 *    on current RTL but not on the demo system's Ibex;
 *  - CVA6 (csr_regfile.sv, perf_counters.sv): six 64-bit counters (none
 *    without PERF_COUNTER_EN, then reading 0 or trapping), a 5-bit
 *    selector, an erratum in one half of one counter's user view, and on
 *    some FPGA builds mcountinhibit or mhpmeventN trapping;
 *  - QEMU 7.2's default rv64 CPU (target/riscv/csr.c), for the docs
 *    tables: 16 counters, selectors holding any value, 19..31 trapping.
 * No core modelled has Sscofpmf (mhpmeventNh and scountovf trap) or a time
 * CSR. Counting is the test's to drive: fake_tick and fake_event.
 */
#ifndef FAKE_CSR_H
#define FAKE_CSR_H
#include "arch/csr.h"   /* the fake one beside this file */

/* How mhpmeventN reads: as last written, or wired as Ibex's manual or RTL has it. */
enum fake_enc { FAKE_ENC_WRITABLE, FAKE_ENC_DOC, FAKE_ENC_RTL };
/* Which half of erratum_ctr's user-level view reads 0. */
enum fake_erratum { FAKE_ERR_NONE, FAKE_ERR_LOW_HALF, FAKE_ERR_HIGH_HALF };

/* Counters lo..hi as a mask of counter numbers. */
#define FAKE_CTRS(lo, hi) ((~0u >> (31 - (hi))) & (~0u << (lo)))
#define FAKE_CVA6_HPM FAKE_CTRS(3, 8)   /* where CVA6 has its six */

struct fake_csr {
	/* The core's quirk switches. */
	unsigned num;                /* mhpmcounter3..2+num exist */
	unsigned width;              /* their width in bits */
	uint32_t absent_traps;       /* absent counters whose CSRs trap; others read 0 */
	enum fake_enc encoding;
	unsigned long sel_bits;      /* the bits of a written selector that stick */
	bool inhibit_traps;          /* mcountinhibit is not there */
	bool event_traps;            /* mhpmevent3..31 are not there */
	bool user_csrs;              /* cycle, instret, hpmcounterN exist (time never) */
	unsigned long counteren_bits;   /* the bits of mcounteren that stick */
	unsigned erratum_ctr;        /* counter with a broken user view, or 0 */
	enum fake_erratum erratum;
	/* The CSRs' state. */
	uint64_t ctr[32];
	unsigned long evt[32];
	unsigned long inhibit, mcounteren, mtvec, mscratch;
	unsigned user_reads;         /* reads of a user-level counter, trapping ones too */
	unsigned unguarded_traps;    /* a trap outside the trap guard: firmware would crash */
};
extern struct fake_csr fake;

void fake_reset_ibex(unsigned num, unsigned width, enum fake_enc encoding);
void fake_reset_cva6(void);
void fake_reset_qemu(void);
/* Counter idx counts `by` events, if it is running (Ibex's wired events). */
void fake_tick(unsigned idx, uint64_t by);
/* Event sel happens n times, one per cycle: counter 0 and every counter selecting it count. */
void fake_event(unsigned long sel, uint64_t n);
#endif
