/* SPDX-License-Identifier: BSD-2-Clause */
/* The proof's mmio.h: a device register reads any value, a write goes nowhere. */
#ifndef TALLY_ARCH_MMIO_H
#define TALLY_ARCH_MMIO_H
#include <stdint.h>
#include "proof_hw.h"
static inline uint8_t mmio_read8(uintptr_t addr) { (void)addr; return (uint8_t)proof_any(); }
static inline uint32_t mmio_read32(uintptr_t addr) { (void)addr; return (uint32_t)proof_any(); }
static inline void mmio_write8(uintptr_t addr, uint8_t v) { (void)addr, (void)v; }
static inline void mmio_write32(uintptr_t addr, uint32_t v) { (void)addr, (void)v; }
#if __riscv_xlen == 64
static inline uint64_t mmio_read64(uintptr_t addr) { (void)addr; return proof_any(); }
static inline void mmio_write64(uintptr_t addr, uint64_t v) { (void)addr, (void)v; }
#endif
#endif
