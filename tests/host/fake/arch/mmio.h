/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host stand-in for src/arch/mmio.h: every device access a board file or
 * driver makes lands in fake_mmio.c, which keeps a log of them and a small
 * register file (reads return what was last written or preset there).
 * This directory comes first on the include path of the board tests (and
 * of the tests on the fake CSR file, for its arch/csr.h).
 */
#ifndef TALLY_ARCH_MMIO_H
#define TALLY_ARCH_MMIO_H
#include <stdint.h>

uint8_t mmio_read8(uintptr_t addr);
uint32_t mmio_read32(uintptr_t addr);
void mmio_write8(uintptr_t addr, uint8_t v);
void mmio_write32(uintptr_t addr, uint32_t v);
/* The firmware has these on rv64 only; the fake always (a test of an rv32
 * build must simply never see them in the log). */
uint64_t mmio_read64(uintptr_t addr);
void mmio_write64(uintptr_t addr, uint64_t v);
#endif
