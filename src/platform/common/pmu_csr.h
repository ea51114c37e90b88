/* SPDX-License-Identifier: BSD-2-Clause */
/* PMU backend parts for counters as the privileged spec has them (mcountinhibit,
 * mhpmcounterN, mhpmeventN): a backend uses them where its core is standard. */
#ifndef TALLY_PMU_CSR_H
#define TALLY_PMU_CSR_H
#include "platform/pmu_backend.h"

/* Probe counters 0, 2 and 3..31, mcountinhibit and Sscofpmf into *info (and keep the last two). */
void pmu_csr_probe(struct pmu_hw_info *info);
uint64_t pmu_csr_read(unsigned ctr);
void pmu_csr_write(unsigned ctr, uint64_t val);
/* Start (from value if load)/stop through mcountinhibit, or through the selector where there is none. */
void pmu_csr_start(unsigned ctr, uint64_t sel, bool load, uint64_t value);
void pmu_csr_stop(unsigned ctr, uint64_t sel);
bool pmu_csr_overflowed(unsigned ctr);
/* configure and release of struct pmu_backend, for the standard CSRs. */
void pmu_csr_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags);
void pmu_csr_release(unsigned ctr, uint64_t sel);
/* mhpmevent as it reads now (with mhpmeventh on rv32 where Sscofpmf has it) */
uint64_t pmu_csr_selector(unsigned ctr);
#endif
