/* SPDX-License-Identifier: BSD-2-Clause */
/* The CVA6 PMU backend (pmu_cva6.c); its own ops are exported for the QEMU
 * stand-in (boards/qemu.c), whose counters are QEMU's. */
#ifndef TALLY_PMU_CVA6_H
#define TALLY_PMU_CVA6_H
#include "platform/common/pmu_csr.h"

extern const struct pmu_backend pmu_cva6;
void pmu_cva6_probe(struct pmu_hw_info *info);
long pmu_cva6_map(unsigned long event_idx, uint64_t event_data, struct pmu_hw_map *m);
const char *pmu_cva6_describe(unsigned ctr);
#endif
