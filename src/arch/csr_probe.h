/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter-bank access as plain functions, for PMU backends that must also
 * build on the host. This header has no inline assembly: a backend that
 * includes only this file (the Ibex one does) links against csr_bank.S
 * and csr_probe.c in the firmware, and against a fake CSR file in its
 * host tests (tests/host/ibex/).
 */
#ifndef TALLY_ARCH_CSR_PROBE_H
#define TALLY_ARCH_CSR_PROBE_H

#include <stdbool.h>
#include <stdint.h>

/* csr_bank.S: mcycle/minstret/mhpmcounterN (64-bit), mhpmeventN */
uint64_t csr_read_counter(unsigned idx);
void csr_write_counter(unsigned idx, uint64_t val);
unsigned long csr_read_event(unsigned idx);

/*
 * csr_probe.c: the same accesses under a trap guard, for boot-time probing
 * of CSRs that may not exist. Each returns false if the core trapped.
 */
/* Write val to counter idx, read it back into *back, then write 0. */
bool csr_probe_counter(unsigned idx, uint64_t val, uint64_t *back);
bool csr_probe_event(unsigned idx, unsigned long *val);
/* Write val to mcountinhibit and read back the bits that stuck. */
bool csr_probe_mcountinhibit(unsigned long val, unsigned long *back);

/*
 * counteren_probe.c: which counters the mode below may read (counters.c).
 * Write val to mcounteren and read back the bits that stuck (they stay).
 */
bool csr_probe_mcounteren(unsigned long val, unsigned long *back);
/*
 * Can the user-level counter CSR 0xC00 + idx be read at all? A trial read
 * from M-mode, for idx 0..3 (cycle, time, instret, hpmcounter3); other
 * idx: false.
 */
bool csr_probe_user_counter(unsigned idx);

/* mcountinhibit (priv spec 3.1.12 "Machine Counter-Inhibit CSR"): set bits
 * stop counters, clear bits run them */
void csr_inhibit_set(unsigned long bits);
void csr_inhibit_clear(unsigned long bits);

#endif
