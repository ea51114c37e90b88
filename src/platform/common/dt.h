/* SPDX-License-Identifier: BSD-2-Clause */
/* The dt_fixup hook of boards with a device tree (dt.c): a tree in RAM, or in ROM (_copy). */
#ifndef TALLY_DT_H
#define TALLY_DT_H

#include <stdint.h>

unsigned dt_fixup(unsigned long *fdt, uintptr_t fw_base, uintptr_t fw_size);
unsigned dt_fixup_copy(unsigned long *fdt, uintptr_t fw_base, uintptr_t fw_size);

#endif
