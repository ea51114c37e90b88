/* SPDX-License-Identifier: BSD-2-Clause */
/* Just enough of the flattened device tree format to read what Tally needs. */
#ifndef TALLY_FDT_H
#define TALLY_FDT_H
#include <stdint.h>

/* Number of /cpus/cpu@N nodes, or 0 if the blob is not a sane device tree. */
unsigned fdt_count_cpus(uintptr_t fdt);
#endif
