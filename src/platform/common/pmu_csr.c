/* SPDX-License-Identifier: BSD-2-Clause */
#include "arch/csr.h"
#include "arch/csr_probe.h"
#include "arch/trap_guard.h"
#include "platform/common/pmu_csr.h"

/* The core's counters through the standard CSRs, for backends on cores that have them. */

/* Whether the core has mcountinhibit and Sscofpmf: the probe's findings, kept. */
static struct {
	bool has_inhibit, has_sscofpmf;
} csr;

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

	trap_guard_begin(&g);
	(void)r_scountovf();
	info->has_sscofpmf = !trap_guard_end(&g);

	csr.has_inhibit = info->has_inhibit;
	csr.has_sscofpmf = info->has_sscofpmf;
	if (info->has_inhibit)
		w_mcountinhibit(old | ~7UL);   /* hpm counters hold still while probed */
	info->width[0] = 64;                   /* mcycle and minstret are 64-bit (priv spec 3.1.10 "Hardware Performance Monitor") */
	info->width[2] = 64;
	/* n stays below 29 (ctr reaches 32 first); the test says so where hpm[n] is written */
	for (unsigned ctr = 3, n = 0; ctr < PMU_MAX_HW_COUNTERS && n < PMU_MAX_HW_COUNTERS - 3; ctr++) {
		unsigned w = probe_width(ctr);
		if (!w)
			continue;
		info->width[ctr] = (uint8_t)w;
		info->hpm[n++] = (uint8_t)ctr;
		info->num_hpm = n;
		/* without mcountinhibit, a selector of 0 stops an hpm counter */
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
	if (csr.has_sscofpmf)
		csr_write_eventh(ctr, (unsigned long)(v >> 32));
#endif
	csr_write_event(ctr, (unsigned long)v);
}

uint64_t pmu_csr_selector(unsigned ctr)
{
	uint64_t v = csr_read_event(ctr);
#if __riscv_xlen == 32
	if (csr.has_sscofpmf)
		v |= (uint64_t)csr_read_eventh(ctr) << 32;
#endif
	return v;
}


void pmu_csr_start(unsigned ctr, uint64_t sel, bool load, uint64_t value)
{
	/* First: the old value may be about to wrap, and would set OF again. */
	if (load)
		counter_write(ctr, value);
	if (!csr.has_inhibit) {
		write_selector(ctr, sel);
		return;
	}
	/* A new run starts with a clear overflow flag (Sscofpmf OF, bit 63). */
	if (csr.has_sscofpmf && ctr >= 3)
		write_selector(ctr, pmu_csr_selector(ctr) & ~HPMEVENT_OF);
	clear_mcountinhibit(1UL << ctr);   /* let it count */
}

void pmu_csr_stop(unsigned ctr, uint64_t sel)
{
	if (csr.has_inhibit)
		set_mcountinhibit(1UL << ctr);   /* freeze it */
	else
		write_selector(ctr, 0);
}

bool pmu_csr_overflowed(unsigned ctr)
{
	return csr.has_sscofpmf && ctr >= 3 && (pmu_csr_selector(ctr) & HPMEVENT_OF);
}

/* Write sel (plus Sscofpmf mode-inhibit bits) into mhpmevent. */
static inline void program(unsigned ctr, uint64_t sel, unsigned long cfg_flags)
{
	/* SBI flags VUINH..MINH line up with mhpmevent bits 58..62; without
	 * Sscofpmf the spec lets us ignore them (table 8 note). */
	if (csr.has_sscofpmf)
		sel |= (uint64_t)(cfg_flags & PMU_CFG_INH_MASK) << 55;
	/* With no mcountinhibit, the selector is the on/off switch: stay off. */
	write_selector(ctr, csr.has_inhibit ? sel : 0);
}

/* config_matching's hardware work in one call; programming clears OF too. */
void pmu_csr_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags)
{
	if (csr.has_inhibit)
		set_mcountinhibit(1UL << ctr);
	/* cycle and instret have no selector: held still, and left so, they are done. */
	if (ctr < 3 && !(cfg_flags & (PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START)))
		return;
	if (ctr >= 3)
		program(ctr, sel, cfg_flags);   /* without mcountinhibit: stays off */
	if (cfg_flags & PMU_CFG_CLEAR_VALUE)
		counter_write(ctr, 0);
	if (cfg_flags & PMU_CFG_AUTO_START) {
		if (csr.has_inhibit)
			clear_mcountinhibit(1UL << ctr);
		else
			write_selector(ctr, sel);
	}
}

/* stop + RESET in one call: an hpm counter with selector 0 counts nothing. */
void pmu_csr_release(unsigned ctr, uint64_t sel)
{
	if (ctr >= 3)
		write_selector(ctr, 0);
	else if (csr.has_inhibit)
		set_mcountinhibit(1UL << ctr);
}
