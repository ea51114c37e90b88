/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef FAKE_IBEX_CSR_H
#define FAKE_IBEX_CSR_H
#include "arch/csr_probe.h"

enum { FAKE_ENC_DOC, FAKE_ENC_RTL };
struct fake_ibex {
	unsigned num, width;        /* NumMHPMCounters, MHPMCounterWidth */
	int encoding;               /* FAKE_ENC_*: how mhpmevent reads */
	bool no_inhibit;            /* mcountinhibit traps */
	/*
	 * Counter reads from U-mode. Current Ibex RTL: mcounteren is
	 * writable (counteren_bits: the bits that stick) and the user-level
	 * counter CSRs exist (user_csrs). The Ibex the demo system vendors:
	 * mcounteren reads 0 and those CSRs trap. time never exists on Ibex.
	 */
	unsigned long counteren_bits;
	bool user_csrs;
	unsigned long mcounteren;
	unsigned user_reads;        /* trial reads seen */
	uint64_t ctr[32];
	unsigned long inhibit;
	unsigned writes;
};
extern struct fake_ibex fake;
void fake_reset(unsigned num, unsigned width, int encoding);
void fake_tick(unsigned n, uint64_t by);
#endif
