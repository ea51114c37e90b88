/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FWFT on the hart: which features exist (a boot probe) and what setting one
 * does; the rules are src/cores/fwft/fwft.c.
 *
 *   MISALIGNED_EXC_DELEG    medeleg bits 4 and 6; 0 (reset): the firmware
 *                           counts and emulates them (trap.c)
 *   LANDING_PAD             menvcfg.LPE   (Zicfilp)
 *   SHADOW_STACK            menvcfg.SSE   (Zicfiss)
 *   DOUBLE_TRAP             menvcfg.DTE   (Ssdbltrp)
 *   PTE_AD_HW_UPDATING      menvcfg.ADUE  (Svadu)
 *   POINTER_MASKING_PMLEN   menvcfg.PMM   (Smnpm, RV64 only): 0, 7 or 16
 *
 * A feature exists where its bit sticks when the boot hart sets it: probed,
 * never assumed from the build. All harts are alike (features, init.c).
 */
#include "arch/csr.h"
#include "arch/envcfg.h"
#include "arch/trap_guard.h"
#include "base/machine.h"
#include "hart/fwft_hart.h"
#include "hart/hart.h"

/* The menvcfg field of each boolean feature (0: not a menvcfg feature). */
static const uint64_t envcfg_bit[FWFT_NUM_FEATURES] = {
	[FWFT_LANDING_PAD] = ENVCFG_LPE, [FWFT_SHADOW_STACK] = ENVCFG_SSE,
	[FWFT_DOUBLE_TRAP] = ENVCFG_DTE, [FWFT_PTE_AD_HW_UPDATING] = ENVCFG_ADUE,
	[FWFT_POINTER_MASKING_PMLEN] = ENVCFG_PMM,
};

/* One trap guard per CSR: a missing CSR (menvcfg on an older core) traps and
 * is skipped. Every field is left clear, every feature's reset value. */
void fwft_probe(unsigned long hartid)
{
	struct trap_guard g;
	unsigned long deleg = 0;
	uint64_t bools = 0, pmm7 = 0, pmm16 = 0;
	const uint64_t all = ENVCFG_LPE | ENVCFG_SSE | ENVCFG_DTE | ENVCFG_ADUE;

	if (!features.has_s_mode)
		return;              /* nothing to delegate to, no S-mode to configure */
	trap_guard_begin(&g);
	set_medeleg(MEDELEG_MISALIGNED);
	deleg = r_medeleg();
	clear_medeleg(MEDELEG_MISALIGNED);
	if (trap_guard_end(&g))
		deleg = 0;
	trap_guard_begin(&g);
	set_menvcfg(all);
	bools = r_menvcfg() & all;
	clear_menvcfg(all);
	if (__riscv_xlen == 64) {    /* PMM: RV64 only */
		set_menvcfg(ENVCFG_PMM_PMLEN7);
		pmm7 = r_menvcfg() & ENVCFG_PMM;
		set_menvcfg(ENVCFG_PMM_PMLEN16);
		pmm16 = r_menvcfg() & ENVCFG_PMM;
		clear_menvcfg(ENVCFG_PMM);
	}
	if (trap_guard_end(&g))
		bools = pmm7 = pmm16 = 0;
	if ((deleg & MEDELEG_MISALIGNED) == MEDELEG_MISALIGNED)
		features.fwft.supported |= 1u << FWFT_MISALIGNED_EXC_DELEG;
	for (unsigned f = FWFT_LANDING_PAD; f <= FWFT_PTE_AD_HW_UPDATING; f++)
		if (bools & envcfg_bit[f])
			features.fwft.supported |= (uint8_t)(1u << f);
	features.fwft.pmlen7 = pmm7 == ENVCFG_PMM_PMLEN7;
	features.fwft.pmlen16 = pmm16 == ENVCFG_PMM_PMLEN16;
	if (features.fwft.pmlen7 || features.fwft.pmlen16)
		features.fwft.supported |= 1u << FWFT_POINTER_MASKING_PMLEN;
}

/* cores/fwft/fwft.c has checked f and value against features.fwft: only existing fields are touched. */
bool fwft_apply(unsigned f, unsigned long value)
{
	if (f == FWFT_MISALIGNED_EXC_DELEG) {
		if (value)
			set_medeleg(MEDELEG_MISALIGNED);
		else
			clear_medeleg(MEDELEG_MISALIGNED);
		return true;
	}
	clear_menvcfg(envcfg_bit[f]);
	if (f == FWFT_POINTER_MASKING_PMLEN)
		set_menvcfg(value == 7 ? ENVCFG_PMM_PMLEN7 : value == 16 ? ENVCFG_PMM_PMLEN16 : 0);
	else if (value)
		set_menvcfg(envcfg_bit[f]);
	return true;
}

/* A hart reset (boot, hart_start) restores every value and drops the locks
 * ("Upon hart reset, local feature values are not retained"); suspends keep them. */
void fwft_hart_reset(unsigned long hartid)
{
	fwft_reset(&hart_of(hartid)->fwft);
	for (unsigned f = 0; f < FWFT_NUM_FEATURES; f++)
		if ((features.fwft.supported >> f) & 1)
			fwft_apply(f, 0);
}
