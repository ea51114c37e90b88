/* SPDX-License-Identifier: BSD-2-Clause */
/* The dt_fixup hook of boards with a device tree (dt.c): a tree in RAM, or in ROM (_copy). */
#ifndef TALLY_DT_H
#define TALLY_DT_H

#include <stdbool.h>
#include <stdint.h>

/* Each enabled hart of the tree (lib/fdt.c's fdt_cpu_harts): its ID to fn. */
int dt_for_each_hart(unsigned long fdt, void (*fn)(void *ctx, uint64_t hartid), void *ctx);
void dt_fixup(unsigned long *fdt, uintptr_t fw_base, uintptr_t fw_size);
void dt_fixup_copy(unsigned long *fdt, uintptr_t fw_base, uintptr_t fw_size);
/* After the probes: take what the harts have and S-mode is not given out of their ISA in the tree. */
void dt_hide_extensions(unsigned long fdt, bool sstc, bool sscofpmf, bool h);

#endif
