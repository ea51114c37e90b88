/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A fake CSR file behaving like QEMU 7.2's default rv64 CPU
 * (target/riscv/csr.c, pmu.c), for pmu_tables: mcycle, minstret and
 * mhpmcounter3..18 (pmu-num=16), all 64-bit; mhpmcounter19..31 trap;
 * mhpmevent3..18 hold any value; mcountinhibit has bits 0 and 2..18; no
 * Sscofpmf (scountovf and mhpmeventNh trap). It implements the same
 * declarations as the CVA6 fake (tests/host/platform/cva6/fake/arch/csr.h), which
 * comes first on the include path, so pmu_csr.c and csr_probe.c run on it
 * unchanged. Counting is not modelled: the tables need only the selectors.
 */
#include "arch/csr.h"
#include "arch/trap_guard.h"

#define NUM_HPM 16

static uint64_t ctr[32];
static unsigned long evt[32], inhibit;
static bool guard, trapped;

static bool exists(unsigned idx) { return idx == 0 || idx == 2 || (idx >= 3 && idx < 3 + NUM_HPM); }
static unsigned long trap(void) { if (guard) trapped = true; return 0; }

uint64_t csr_read_counter(unsigned idx) { return exists(idx) ? ctr[idx] : trap(); }
void csr_write_counter(unsigned idx, uint64_t val) { if (exists(idx)) ctr[idx] = val; else trap(); }
unsigned long csr_read_user_counter(unsigned idx) { return (unsigned long)csr_read_counter(idx); }
unsigned long csr_read_user_counter_hi(unsigned idx) { return (unsigned long)(csr_read_counter(idx) >> 32); }
unsigned long csr_read_event(unsigned idx) { return idx >= 3 && exists(idx) ? evt[idx] : trap(); }
void csr_write_event(unsigned idx, unsigned long val) { if (idx >= 3 && exists(idx)) evt[idx] = val; else trap(); }
unsigned long csr_read_eventh(unsigned idx) { (void)idx; return trap(); }
void csr_write_eventh(unsigned idx, unsigned long val) { (void)idx; (void)val; trap(); }
unsigned long r_scountovf(void) { return trap(); }

static const unsigned long inhibit_mask = ((1UL << (3 + NUM_HPM)) - 1) & ~2UL;
unsigned long r_mcountinhibit(void) { return inhibit; }
void w_mcountinhibit(unsigned long x) { inhibit = x & inhibit_mask; }
void set_mcountinhibit(unsigned long x) { inhibit |= x & inhibit_mask; }
void clear_mcountinhibit(unsigned long x) { inhibit &= ~x; }

void trap_guard_begin(struct trap_guard *g) { (void)g; guard = true; trapped = false; }
bool trap_guard_end(struct trap_guard *g) { (void)g; guard = false; return trapped; }
