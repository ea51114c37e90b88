/* SPDX-License-Identifier: BSD-2-Clause */
/* SiFive's test finisher (QEMU hw/misc/sifive_test.c): power off with a status, or reset. */
#ifndef TALLY_SIFIVE_TEST_H
#define TALLY_SIFIVE_TEST_H
#include "base/device.h"

void sifive_test_reset(uintptr_t base, unsigned long type, unsigned long reason);

#define SIFIVE_TEST_RESET(base_) { .reset = sifive_test_reset, .base = (base_) }
#endif
