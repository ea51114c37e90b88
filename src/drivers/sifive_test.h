/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SiFive's test finisher (QEMU hw/misc/sifive_test.c; at 0x100000 on the
 * virt machine): one 32-bit register that powers QEMU off, with an exit
 * status, or resets it.
 */
#ifndef TALLY_SIFIVE_TEST_H
#define TALLY_SIFIVE_TEST_H
#include "base/device.h"

/* Power off (exit status 0, or 3 for a failure reason) or reset QEMU. */
void sifive_test_reset(uintptr_t base, unsigned long type, unsigned long reason);

#define SIFIVE_TEST_RESET(base_) { .reset = sifive_test_reset, .base = (base_) }
#endif
