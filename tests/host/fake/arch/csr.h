/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-in for src/arch/csr.h: the accessors the PMU backends, the
 * probes (csr_probe.c, counteren_probe.c, csr_indexed.c), the trap guard
 * (the real src/arch/trap_guard.h) and struct hart's this_frame() use, as
 * calls into the one fake CSR file (fake_csr.c) instead of csrr/csrw.
 * This directory comes first on a host test's include path, so those
 * sources build unchanged. Only what they use is here.
 */
#ifndef TALLY_ARCH_CSR_H
#define TALLY_ARCH_CSR_H
#include <stdbool.h>
#include <stdint.h>
#include "arch/riscv.h"

/* The user-level counters, the only CSRs the probes read by number. */
unsigned long fake_csr_read(unsigned num);
#define csr_read(csr) fake_csr_read(csr)

/* The counter and selector banks (csr_bank.S in the firmware). */
uint64_t csr_read_counter(unsigned idx);
void csr_write_counter(unsigned idx, uint64_t val);
/* The real ones name mcycle and minstret directly: the same CSRs as the bank's 0 and 2. */
static inline uint64_t counter_read(unsigned idx) { return csr_read_counter(idx); }
static inline void counter_write(unsigned idx, uint64_t v) { csr_write_counter(idx, v); }
unsigned long csr_read_user_counter(unsigned idx);
unsigned long csr_read_user_counter_hi(unsigned idx);
unsigned long csr_read_event(unsigned idx);
void csr_write_event(unsigned idx, unsigned long val);
unsigned long csr_read_eventh(unsigned idx);
void csr_write_eventh(unsigned idx, unsigned long val);

unsigned long r_mcountinhibit(void);
void w_mcountinhibit(unsigned long x);
void set_mcountinhibit(unsigned long x);
void clear_mcountinhibit(unsigned long x);
unsigned long r_scountovf(void);
unsigned long r_mcounteren(void);
void w_mcounteren(unsigned long x);
/* The trap guard borrows these two, as on the hart. */
unsigned long r_mtvec(void);
void w_mtvec(unsigned long x);
unsigned long r_mscratch(void);
void w_mscratch(unsigned long x);
/* hart/hsm.h's entry check reads it (ipi.h includes that header). */
unsigned long r_misa(void);
#endif
