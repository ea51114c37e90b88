/* SPDX-License-Identifier: BSD-2-Clause */
/* Device registers, only through these: the host tests put a fake first on the
 * include path (tests/host/fake/arch/mmio.h) that records every access,
 * so a board is checked without the board. */
#ifndef TALLY_ARCH_MMIO_H
#define TALLY_ARCH_MMIO_H
#include <stdint.h>

static inline uint8_t mmio_read8(uintptr_t addr) { return *(volatile uint8_t *)addr; }
static inline uint32_t mmio_read32(uintptr_t addr) { return *(volatile uint32_t *)addr; }
static inline void mmio_write8(uintptr_t addr, uint8_t v) { *(volatile uint8_t *)addr = v; }
static inline void mmio_write32(uintptr_t addr, uint32_t v) { *(volatile uint32_t *)addr = v; }
#if __riscv_xlen == 64
static inline uint64_t mmio_read64(uintptr_t addr) { return *(volatile uint64_t *)addr; }
static inline void mmio_write64(uintptr_t addr, uint64_t v) { *(volatile uint64_t *)addr = v; }
#endif
#endif
