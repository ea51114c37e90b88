/* SPDX-License-Identifier: BSD-2-Clause */
#include "arch/csr.h"
#include "arch/csr_probe.h"
#include "arch/trap_guard.h"
#include "platform/common/pmu_csr.h"

/*
 * Whether the core has mcountinhibit and Sscofpmf: the probe below finds
 * out and says so in the PMU core's pmu_hw(), which the rest reads.
 */

/* Write all-ones and read back: the bits that stick are the counter's width. */
static unsigned probe_width(unsigned ctr)
{
	uint64_t v;

	if (!csr_probe_counter(ctr, ~0ULL, &v) || !v)
		return 0;       /* absent: it trapped, or reads 0 and ignores writes */
	return pmu_bit_width(v);
}

void pmu_csr_probe(struct pmu_hw_info *info)
{
	struct trap_guard g;
	unsigned long old;

	trap_guard_begin(&g);
	old = r_mcountinhibit();
	info->has_inhibit = !trap_guard_end(&g);

	/* Sscofpmf brings scountovf; reading it traps where there is none. */
	trap_guard_begin(&g);
	(void)r_scountovf();
	info->has_sscofpmf = !trap_guard_end(&g);

	if (info->has_inhibit)
		w_mcountinhibit(old | ~7UL);   /* hpm counters hold still while probed */
	info->width[0] = 64;                   /* mcycle and minstret are 64-bit (priv spec 3.1.10 "Hardware Performance Monitor") */
	info->width[2] = 64;
	for (unsigned ctr = 3; ctr < PMU_MAX_HW_COUNTERS; ctr++) {
		unsigned w = probe_width(ctr);
		if (!w)
			continue;
		info->width[ctr] = (uint8_t)w;
		info->hpm[info->num_hpm++] = (uint8_t)ctr;
		/* Without mcountinhibit a selector of 0 is how an hpm counter stops. */
		info->stoppable |= 1UL << ctr;
	}
	if (info->has_inhibit)
		info->stoppable |= 1UL << 0 | 1UL << 2;
}

uint64_t pmu_csr_read(unsigned ctr) { return counter_read(ctr); }
void pmu_csr_write(unsigned ctr, uint64_t val) { counter_write(ctr, val); }

static void write_selector(unsigned ctr, uint64_t v)
{
#if __riscv_xlen == 32
	if (pmu_hw()->has_sscofpmf)
		csr_write_eventh(ctr, (unsigned long)(v >> 32));
#endif
	csr_write_event(ctr, (unsigned long)v);
}

uint64_t pmu_csr_selector(unsigned ctr)
{
	uint64_t v = csr_read_event(ctr);
#if __riscv_xlen == 32
	if (pmu_hw()->has_sscofpmf)
		v |= (uint64_t)csr_read_eventh(ctr) << 32;
#endif
	return v;
}


void pmu_csr_start(unsigned ctr, uint64_t sel, bool load, uint64_t value)
{
	/* First: the old value may be about to wrap, and would set OF again. */
	if (load)
		counter_write(ctr, value);
	if (!pmu_hw()->has_inhibit) {
		write_selector(ctr, sel);
		return;
	}
	/* A new run starts with a clear overflow flag (Sscofpmf OF, bit 63). */
	if (pmu_hw()->has_sscofpmf && ctr >= 3)
		write_selector(ctr, pmu_csr_selector(ctr) & ~HPMEVENT_OF);
	clear_mcountinhibit(1UL << ctr);   /* let it count */
}

void pmu_csr_stop(unsigned ctr, uint64_t sel)
{
	if (pmu_hw()->has_inhibit)
		set_mcountinhibit(1UL << ctr);   /* freeze it */
	else
		write_selector(ctr, 0);
}

bool pmu_csr_overflowed(unsigned ctr)
{
	return pmu_hw()->has_sscofpmf && ctr >= 3 && (pmu_csr_selector(ctr) & HPMEVENT_OF);
}

/* Write sel (plus Sscofpmf mode-inhibit bits) into mhpmevent. */
static inline void program(unsigned ctr, uint64_t sel, unsigned long cfg_flags)
{
	/*
	 * SBI config flags 3..7 (VUINH..MINH) line up with Sscofpmf's
	 * mhpmevent bits 58..62. Without Sscofpmf they are hints we cannot
	 * honour, and the spec lets us ignore them (table 8 note).
	 */
	if (pmu_hw()->has_sscofpmf)
		sel |= (uint64_t)(cfg_flags & PMU_CFG_INH_MASK) << 55;
	/* With no mcountinhibit, the selector is the on/off switch: stay off. */
	write_selector(ctr, pmu_hw()->has_inhibit ? sel : 0);
}

/*
 * config_matching's hardware work in one call (pmu.h, configure): hold
 * the counter still, program its selector, zero it, let it run. The
 * overflow flag needs no clearing here: programming wrote it 0.
 */
void pmu_csr_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags)
{
	if (pmu_hw()->has_inhibit)
		set_mcountinhibit(1UL << ctr);
	/* cycle and instret have no selector: held still, and left so, they are done. */
	if (ctr < 3 && !(cfg_flags & (PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START)))
		return;
	if (ctr >= 3)
		program(ctr, sel, cfg_flags);   /* without mcountinhibit: stays off */
	if (cfg_flags & PMU_CFG_CLEAR_VALUE)
		counter_write(ctr, 0);
	if (cfg_flags & PMU_CFG_AUTO_START) {
		if (pmu_hw()->has_inhibit)
			clear_mcountinhibit(1UL << ctr);
		else
			write_selector(ctr, sel);
	}
}

/*
 * stop + RESET in one call (pmu.h, release). An hpm counter whose selector
 * is 0 counts nothing, stopped or not, and its value no longer matters:
 * clearing the selector is all. cycle and instret are stopped.
 */
void pmu_csr_release(unsigned ctr, uint64_t sel)
{
	if (ctr >= 3)
		write_selector(ctr, 0);
	else if (pmu_hw()->has_inhibit)
		set_mcountinhibit(1UL << ctr);
}
