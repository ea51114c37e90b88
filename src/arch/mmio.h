/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device registers, read and written through these functions only. Why
 * not plain volatile pointers in every driver? So that the host tests can
 * put a fake here (tests/host/boards/fake/arch/mmio.h comes first on their
 * include path) that records every access: which address, how wide, in
 * which order. That is how a board description is checked without the
 * board (tests/host/boards/). In the firmware each one is a single load
 * or store; volatile keeps the compiler from merging, reordering or
 * dropping them.
 */
#ifndef TALLY_ARCH_MMIO_H
#define TALLY_ARCH_MMIO_H
#include <stdint.h>

static inline uint8_t mmio_read8(uintptr_t addr) { return *(volatile uint8_t *)addr; }
static inline uint32_t mmio_read32(uintptr_t addr) { return *(volatile uint32_t *)addr; }
static inline void mmio_write8(uintptr_t addr, uint8_t v) { *(volatile uint8_t *)addr = v; }
static inline void mmio_write32(uintptr_t addr, uint32_t v) { *(volatile uint32_t *)addr = v; }
#if __riscv_xlen == 64
/* One 64-bit access (ld/sd): a device register wider than 32 bits, in one go. */
static inline uint64_t mmio_read64(uintptr_t addr) { return *(volatile uint64_t *)addr; }
static inline void mmio_write64(uintptr_t addr, uint64_t v) { *(volatile uint64_t *)addr = v; }
#endif
#endif
