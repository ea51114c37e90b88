/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fake_backend.h"

struct fake_state fake;
static bool fake_overflowed(unsigned ctr);

static void bad(const char *what, unsigned ctr)
{
	fake.bad++;
	fprintf(stderr, "fake backend: %s (counter %u)\n", what, ctr);
	if (fake.abort_on_bad)
		abort();
}

bool fake_exists(unsigned ctr)
{
	if (ctr == 0 || ctr == 2)
		return true;
	return ctr >= 3 && ctr < 32 && ((fake.cfg.hpm_mask >> ctr) & 1);
}

static unsigned width(unsigned ctr)
{
	return ctr < 3 ? 64 : fake.cfg.hpm_width;
}

uint64_t fake_width_mask(unsigned ctr)
{
	unsigned w = width(ctr);
	return w >= 64 ? ~0ULL : (1ULL << w) - 1;
}

bool fake_counting(unsigned ctr)
{
	if (!fake_exists(ctr))
		return false;
	if (fake.cfg.has_inhibit && ((fake.csr.inhibit >> ctr) & 1))
		return false;
	return ctr < 3 || (fake.csr.event[ctr] & FAKE_SEL_BITS) != 0;
}

void fake_tick(unsigned ctr, uint64_t n)
{
	uint64_t m, old, sum;

	if (!fake_counting(ctr))
		return;
	m = fake_width_mask(ctr);
	old = fake.csr.counter[ctr];
	sum = old + n;
	/* wrapped past the width: the sum overflowed 64 bits or left the mask */
	if ((sum < old || sum > m) && fake.cfg.has_sscofpmf && ctr >= 3)
		fake.csr.event[ctr] |= FAKE_OF;
	fake.csr.counter[ctr] = sum & m;
}

void fake_tick_all(uint64_t n)
{
	for (unsigned c = 0; c < 32; c++)
		fake_tick(c, n);
}

void fake_setup(const struct fake_cfg *cfg)
{
	bool abort_on_bad = fake.abort_on_bad;

	memset(&fake, 0, sizeof(fake));
	fake.cfg = *cfg;
	fake.cfg.hpm_mask &= ~7U;
	if (!fake.cfg.hpm_width || fake.cfg.hpm_width > 64)
		fake.cfg.hpm_width = 64;
	fake.abort_on_bad = abort_on_bad;
	/* No Sscofpmf, no overflow flag: the backend has no overflowed(). */
	fake_backend.overflowed = fake.cfg.has_sscofpmf ? fake_overflowed : NULL;
	/* At reset counters hold junk and selectors are zero; junk shows up bugs. */
	for (unsigned c = 0; c < 32; c++)
		if (fake_exists(c))
			fake.csr.counter[c] = (0x5a5a5a5a5a5a5a5aULL + c) & fake_width_mask(c);
}

/* ---- the backend ops ---------------------------------------------------- */

static void fake_probe(struct pmu_hw_info *info)
{
	/* Like pmu_csr_probe: hpm counters held still, cycle/instret run. */
	if (fake.cfg.has_inhibit)
		fake.csr.inhibit |= fake.cfg.hpm_mask;
	info->width[0] = 64;
	info->width[2] = 64;
	for (unsigned c = 3; c < 32; c++) {
		if (!fake_exists(c))
			continue;
		info->width[c] = (uint8_t)width(c);
		info->hpm[info->num_hpm++] = (uint8_t)c;
		info->stoppable |= 1UL << c;
	}
	if (fake.cfg.has_inhibit)
		info->stoppable |= 1UL << 0 | 1UL << 2;
	info->has_inhibit = fake.cfg.has_inhibit;
	info->has_sscofpmf = fake.cfg.has_sscofpmf;
	info->note = NULL;
}

/*
 * Which counters count an event: the masks of the configuration, one
 * selector value per event. Counters that do not exist are in the masks
 * too (a test may set ~0): the core must keep only those it probed.
 */
static long fake_map(unsigned long event_idx, uint64_t event_data, struct pmu_hw_map *m)
{
	fake.maps++;
	switch (PMU_EVENT_TYPE(event_idx)) {
	case PMU_TYPE_HW:
		if (event_idx == PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_MISSES)) {
			m->ctrs = fake.cfg.branch_mask;
			m->sel = FAKE_SEL_BRANCH_MISSES;
		} else if (event_idx == PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES)) {
			m->ctrs = fake.cfg.cycles_mask;
			m->sel = FAKE_SEL_CYCLES;
			m->excl = fake.cfg.cycles_excl ? 0 : PMU_EXCL_NONE;
		}
		return SBI_SUCCESS;
	case PMU_TYPE_CACHE:
		if (event_idx == PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_ACCESS)) {
			m->ctrs = fake.cfg.cache_mask;
			m->sel = FAKE_SEL_L1D_READ_ACCESS;
		} else if (event_idx == PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS)) {
			m->ctrs = fake.cfg.cache_mask;
			m->sel = FAKE_SEL_L1D_READ_MISS;
		}
		return SBI_SUCCESS;
	case PMU_TYPE_RAW:
	case PMU_TYPE_RAW_V2:
		if (event_data & fake.cfg.raw_reserved)
			return SBI_ERR_INVALID_PARAM;
		if (event_data) {
			m->ctrs = fake.cfg.raw_mask;
			m->sel = event_data;
		}
		return SBI_SUCCESS;
	default:
		return SBI_SUCCESS;
	}
}

static bool hpm_ok(const char *op, unsigned ctr)
{
	if (ctr < 3 || !fake_exists(ctr)) {
		char what[64];
		snprintf(what, sizeof(what), "%s on a selector that does not exist", op);
		bad(what, ctr);
		return false;
	}
	return true;
}

static bool ctr_ok(const char *op, unsigned ctr)
{
	if (!fake_exists(ctr)) {
		char what[64];
		snprintf(what, sizeof(what), "%s on a counter that does not exist", op);
		bad(what, ctr);
		return false;
	}
	return true;
}

void fake_program(unsigned ctr, uint64_t sel, unsigned long cfg_flags)
{
	fake.mutations++;
	fake.programs++;
	fake.last_program_ctr = ctr;
	fake.last_program_sel = sel;
	fake.last_program_flags = cfg_flags;
	if (cfg_flags & ~PMU_CFG_INH_MASK)
		bad("program() flags outside bits 3..7", ctr);
	if (!hpm_ok("program", ctr))
		return;
	if (fake.cfg.has_sscofpmf)
		sel |= (uint64_t)(cfg_flags & PMU_CFG_INH_MASK) << FAKE_INH_SHIFT;
	/* Without mcountinhibit the selector is the on/off switch: stay off. */
	fake.csr.event[ctr] = fake.cfg.has_inhibit ? sel : 0;
}

void fake_clear(unsigned ctr)
{
	fake.mutations++;
	if (hpm_ok("clear", ctr))
		fake.csr.event[ctr] = 0;
}

static uint64_t fake_read(unsigned ctr)
{
	return ctr_ok("read", ctr) ? fake.csr.counter[ctr] : 0;
}

void fake_write(unsigned ctr, uint64_t val)
{
	fake.mutations++;
	if (ctr_ok("write", ctr))
		fake.csr.counter[ctr] = val & fake_width_mask(ctr);
}

static void fake_start(unsigned ctr, uint64_t sel, bool load, uint64_t value)
{
	if (load)
		fake_write(ctr, value);
	fake.mutations++;
	if (!ctr_ok("start", ctr))
		return;
	if (!fake.cfg.has_inhibit) {
		if (ctr >= 3)
			fake.csr.event[ctr] = sel;
		return;
	}
	if (fake.cfg.has_sscofpmf && ctr >= 3)
		fake.csr.event[ctr] &= ~FAKE_OF;
	fake.csr.inhibit &= ~(1U << ctr);
}

static void fake_stop(unsigned ctr, uint64_t sel)
{
	(void)sel;
	fake.mutations++;
	if (!ctr_ok("stop", ctr))
		return;
	if (fake.cfg.has_inhibit)
		fake.csr.inhibit |= 1U << ctr;
	else if (ctr >= 3)
		fake.csr.event[ctr] = 0;
	/* else: counters 0 and 2 cannot be stopped; the core must not ask. */
	else
		bad("stop() of counter 0 or 2 without mcountinhibit", ctr);
}

static bool fake_overflowed(unsigned ctr)
{
	if (!ctr_ok("overflowed", ctr))
		return false;
	return ctr >= 3 && (fake.csr.event[ctr] & FAKE_OF);
}

static const char *fake_describe(unsigned ctr)
{
	(void)ctr;
	return "fake: L1D read access/miss, branch misses, raw";
}

/*
 * configure and release (pmu.h), built from the single steps, so that a
 * forbidden access inside (a selector of counter 0 or 2, a counter that
 * does not exist) counts as bad. fake.combined counts the calls.
 */
static void fake_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags)
{
	fake.combined++;
	if (cfg_flags & ~(PMU_CFG_INH_MASK | PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START))
		bad("configure() flags outside INH, CLEAR_VALUE, AUTO_START", ctr);
	fake_stop(ctr, sel);
	if (ctr >= 3)
		fake_program(ctr, sel, cfg_flags & PMU_CFG_INH_MASK);
	if (cfg_flags & PMU_CFG_CLEAR_VALUE)
		fake_write(ctr, 0);
	if (cfg_flags & PMU_CFG_AUTO_START)
		fake_start(ctr, sel, false, 0);
}

static void fake_release(unsigned ctr, uint64_t sel)
{
	fake.combined++;
	fake_stop(ctr, sel);
	if (ctr >= 3)
		fake_clear(ctr);
}

struct pmu_backend fake_backend = {
	.name = "fake",
	.probe = fake_probe,
	.map = fake_map,
	.configure = fake_configure,
	.release = fake_release,
	.read = fake_read,
	.start = fake_start,
	.stop = fake_stop,
	.overflowed = fake_overflowed,
	.describe = fake_describe,
};
