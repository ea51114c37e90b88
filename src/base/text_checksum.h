/* SPDX-License-Identifier: BSD-2-Clause */
/* TALLY_TEXT_CHECKSUM (text_checksum.c): did anything write the firmware's code,
 * constants or guard words since boot? Without it, text_checksum_none.c. */
#ifndef TALLY_TEXT_CHECKSUM_H
#define TALLY_TEXT_CHECKSUM_H

#include <stdbool.h>
#include <stdint.h>

/* The harts' slots as boot laid them out: n stacks at base + i * stride
 * (each stack's bottom first), the last ending at end. */
struct guard_slots {
	uintptr_t base, stride, end;
	unsigned n;
};

/* Boot: checksum .text and .rodata as loaded, lay the guard words. */
void text_checksum_boot(const struct guard_slots *slots);
/* Shutdown: checksum and guards again, print the verdict; false if anything changed. */
bool text_checksum_check(void);

#endif
