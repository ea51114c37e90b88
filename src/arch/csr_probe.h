/* SPDX-License-Identifier: BSD-2-Clause */
/* Counter-bank access as plain functions, no inline assembly: a backend using
 * only this header (Ibex's) links against a fake CSR file in its host tests. */
#ifndef TALLY_ARCH_CSR_PROBE_H
#define TALLY_ARCH_CSR_PROBE_H

#include <stdbool.h>
#include <stdint.h>

/* csr_bank.S: mcycle/minstret/mhpmcounterN (64-bit), mhpmeventN */
uint64_t csr_read_counter(unsigned idx);
void csr_write_counter(unsigned idx, uint64_t val);
unsigned long csr_read_event(unsigned idx);

/* csr_probe.c, under a trap guard: false if the core trapped. */
/* Write val to counter idx, read it back into *back, then write 0. */
bool csr_probe_counter(unsigned idx, uint64_t val, uint64_t *back);
bool csr_probe_event(unsigned idx, unsigned long *val);
/* Write val to mcountinhibit and read back the bits that stuck. */
bool csr_probe_mcountinhibit(unsigned long val, unsigned long *back);

/* counteren_probe.c: write val to mcounteren, read back what stuck (it stays). */
bool csr_probe_mcounteren(unsigned long val, unsigned long *back);
/* Can CSR 0xC00 + idx be read at all? idx 0..3 only; others: false. */
bool csr_probe_user_counter(unsigned idx);

/* priv spec 3.1.12 "Machine Counter-Inhibit CSR": a set bit stops a counter */
void csr_inhibit_set(unsigned long bits);
void csr_inhibit_clear(unsigned long bits);

#endif
