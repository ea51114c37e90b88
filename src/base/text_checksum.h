/* SPDX-License-Identifier: BSD-2-Clause */
/* TALLY_TEXT_CHECKSUM (text_checksum.c): did anything write the firmware's code,
 * constants or guard words since boot? Without it, text_checksum_none.c. */
#ifndef TALLY_TEXT_CHECKSUM_H
#define TALLY_TEXT_CHECKSUM_H

#include <stdbool.h>
#include <stdint.h>

/* Boot: checksum .text and .rodata as loaded, lay the guard words; the
 * harts' n slots, stride bytes apart from base, each start with a
 * stack's bottom. */
void text_checksum_boot(uintptr_t base, unsigned n, uintptr_t stride);
/* Shutdown: checksum and guards again, print the verdict; false if anything changed. */
bool text_checksum_check(void);

#endif
