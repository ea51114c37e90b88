/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-in for src/arch/csr.h, for the CVA6 backend tests. The
 * backend (src/platform/cva6/pmu_cva6.c) and the shared helpers it uses
 * (src/platform/common/pmu_csr.c) include "arch/csr.h"; this directory
 * comes first on the host include path, so they get these declarations
 * and link against the fake CSR file in fake_cva6_csr.c instead of
 * csrr/csrw. Only what those two files use is here.
 */
#ifndef TALLY_ARCH_CSR_H
#define TALLY_ARCH_CSR_H
#include <stdbool.h>
#include <stdint.h>

#define HPMEVENT_OF (1ULL << 63)   /* Sscofpmf overflow bit (CVA6 has none) */

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
#endif
