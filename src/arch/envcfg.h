/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CSR fields behind SBI FWFT (src/hart/fwft.c): medeleg's misaligned
 * load/store bits, and menvcfg's controls of S-mode features (priv spec
 * 3.1.18 "Machine Environment Configuration Registers (menvcfg and
 * menvcfgh)"; the bits are in riscv.h). menvcfg is one 64-bit register;
 * on rv32 its upper half is menvcfgh. Older cores lack menvcfg: probe
 * under the trap guard.
 */
#ifndef TALLY_ARCH_ENVCFG_H
#define TALLY_ARCH_ENVCFG_H

#include <stdint.h>
#include "arch/csr.h"

#define MEDELEG_MISALIGNED ((1UL << CAUSE_MISALIGNED_LOAD) | (1UL << CAUSE_MISALIGNED_STORE))
static inline unsigned long r_medeleg(void) { return csr_read(medeleg); }
static inline void set_medeleg(unsigned long x) { csr_set(medeleg, x); }
static inline void clear_medeleg(unsigned long x) { csr_clear(medeleg, x); }

#if __riscv_xlen == 32
static inline uint64_t r_menvcfg(void)
{
	return (uint64_t)csr_read(CSR_MENVCFGH) << 32 | csr_read(CSR_MENVCFG);
}
static inline void set_menvcfg(uint64_t x)
{
	if ((uint32_t)x)
		csr_set(CSR_MENVCFG, (uint32_t)x);
	if (x >> 32)
		csr_set(CSR_MENVCFGH, (uint32_t)(x >> 32));
}
static inline void clear_menvcfg(uint64_t x)
{
	if ((uint32_t)x)
		csr_clear(CSR_MENVCFG, (uint32_t)x);
	if (x >> 32)
		csr_clear(CSR_MENVCFGH, (uint32_t)(x >> 32));
}
#else
static inline uint64_t r_menvcfg(void) { return csr_read(CSR_MENVCFG); }
static inline void set_menvcfg(uint64_t x) { csr_set(CSR_MENVCFG, x); }
static inline void clear_menvcfg(uint64_t x) { csr_clear(CSR_MENVCFG, x); }
#endif

#endif
