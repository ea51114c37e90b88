/* SPDX-License-Identifier: BSD-2-Clause */
/* The QEMU PMU backend (pmu_qemu.c); its counter ops are exported for the
 * stand-in boards on QEMU (cva6/boards/qemu.c). */
#ifndef TALLY_PMU_QEMU_H
#define TALLY_PMU_QEMU_H
#include "platform/common/pmu_csr.h"

extern const struct pmu_backend pmu_qemu;

/*
 * QEMU 7.2 does not freeze mcycle/minstret under mcountinhibit: the first
 * read after inhibiting still sees the live count, and from then on a read
 * returns the value last *written* to the counter (target/riscv/csr.c,
 * riscv_pmu_read_ctr), and so does an hpm counter counting QEMU's events 1
 * and 2. pmu_csr.c's stop, start and configure with that handled (pmu_qemu.c).
 */
void qemu_pmu_stop(unsigned ctr, uint64_t sel);
void qemu_pmu_start(unsigned ctr, uint64_t sel, bool load, uint64_t value);
void qemu_pmu_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags);
#endif
