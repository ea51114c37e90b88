/* SPDX-License-Identifier: BSD-2-Clause */
/* banner.c: what the boot hart found, printed once before the payload starts. */
#ifndef TALLY_BANNER_H
#define TALLY_BANNER_H

#include <stdint.h>

struct features;
struct platform;
struct pmu_hw_info;

/* Everything the banner prints comes in through these (fw_events: bit = SBI event code). */
void banner_print(unsigned long hartid, unsigned long fdt, const struct platform *board,
		  const struct features *machine, const struct pmu_hw_info *found,
		  uint32_t fw_events);

#endif
