/* SPDX-License-Identifier: BSD-2-Clause */
#include "drivers/htif.h"

/* own section: kept only where a board uses htif_reset; own cache line for fesvr */
volatile uint64_t tohost __attribute__((section(".htif"), aligned(64)));
volatile uint64_t fromhost __attribute__((section(".htif"), aligned(8)));

void htif_reset(uintptr_t base, unsigned long type, unsigned long reason)
{
	uint64_t code = (type == 0 && reason == 0) ? 0 : 1;

	(void)base;
	tohost = code << 1 | 1;   /* exit code 0 = pass, anything else = fail */
}
