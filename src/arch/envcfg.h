/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CSR fields behind SBI FWFT (sbi_fwft.c): medeleg's misaligned
 * load/store bits, and menvcfg's controls of S-mode features (priv spec
 * 3.1.18, "Machine Environment Configuration Register"). menvcfg is one
 * 64-bit register; on rv32 its upper half is menvcfgh (0x31a). menvcfg
 * does not exist before priv spec 1.12: probe under the trap guard.
 */
#ifndef TALLY_ARCH_ENVCFG_H
#define TALLY_ARCH_ENVCFG_H

#include <stdint.h>
#include "csr.h"

#define MEDELEG_MISALIGNED ((1UL << CAUSE_MISALIGNED_LOAD) | (1UL << CAUSE_MISALIGNED_STORE))
static inline unsigned long r_medeleg(void) { return csr_read(medeleg); }
static inline void set_medeleg(unsigned long x) { csr_set(medeleg, x); }
static inline void clear_medeleg(unsigned long x) { csr_clear(medeleg, x); }

#define ENVCFG_LPE   (1ULL << 2)    /* Zicfilp: landing pads for S-mode */
#define ENVCFG_SSE   (1ULL << 3)    /* Zicfiss: shadow stacks for S-mode */
#define ENVCFG_PMM   (3ULL << 32)   /* Ssnpm/Smnpm (RV64 only): S-mode pointer masking */
#define ENVCFG_PMM_PMLEN7  (2ULL << 32)
#define ENVCFG_PMM_PMLEN16 (3ULL << 32)
#define ENVCFG_DTE   (1ULL << 59)   /* Ssdbltrp: double trap */
#define ENVCFG_ADUE  (1ULL << 61)   /* Svadu: hardware updates PTE A/D bits */

#if __riscv_xlen == 32
static inline uint64_t r_menvcfg(void)
{
	return (uint64_t)csr_read(0x31a) << 32 | csr_read(0x30a);
}
static inline void set_menvcfg(uint64_t x)
{
	if ((uint32_t)x)
		csr_set(0x30a, (uint32_t)x);
	if (x >> 32)
		csr_set(0x31a, (uint32_t)(x >> 32));
}
static inline void clear_menvcfg(uint64_t x)
{
	if ((uint32_t)x)
		csr_clear(0x30a, (uint32_t)x);
	if (x >> 32)
		csr_clear(0x31a, (uint32_t)(x >> 32));
}
#else
static inline uint64_t r_menvcfg(void) { return csr_read(0x30a); }
static inline void set_menvcfg(uint64_t x) { csr_set(0x30a, x); }
static inline void clear_menvcfg(uint64_t x) { csr_clear(0x30a, x); }
#endif

#endif
