/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Guard words (src/base/fw_guard.c): a pattern laid over firmware memory that
 * no code may write, checked later. Used by the TALLY_TEXT_CHECKSUM build
 * (text_checksum.c) to notice a write the firmware made through a pointer
 * a lower mode handed it, in places the text checksum cannot see.
 * Pure functions over [lo, hi): the host tests (tests/host/guard) run them
 * on ordinary arrays.
 */
#ifndef TALLY_FW_GUARD_H
#define TALLY_FW_GUARD_H

#include <stdint.h>

/* The word expected at addr (4-byte aligned): different for every address. */
uint32_t fw_guard_word(uintptr_t addr);
/* Write the pattern over every aligned word of [lo, hi). */
void fw_guard_fill(uintptr_t lo, uintptr_t hi);
/* The first word of [lo, hi) that no longer holds its pattern, or hi if none. */
uintptr_t fw_guard_find(uintptr_t lo, uintptr_t hi);

#endif
