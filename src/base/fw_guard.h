/* SPDX-License-Identifier: BSD-2-Clause */
/* Guard words: a pattern over firmware memory no code may write, checked by the
 * TALLY_TEXT_CHECKSUM build; pure functions, host-tested (tests/host/base/test_fw_guard.c). */
#ifndef TALLY_FW_GUARD_H
#define TALLY_FW_GUARD_H

#include <stdint.h>

/* The word expected at addr (4-byte aligned). */
uint32_t fw_guard_word(uintptr_t addr);
/* Write the pattern over every aligned word of [lo, hi). */
void fw_guard_fill(uintptr_t lo, uintptr_t hi);
/* The first word of [lo, hi) that no longer holds its pattern, or hi if none. */
uintptr_t fw_guard_find(uintptr_t lo, uintptr_t hi);

#endif
