/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>
#include "arch/csr.h"
#include "arch/trap_guard.h"
#include "fake_cva6_csr.h"

struct fake_cva6 fake;

void fake_reset(void)
{
	memset(&fake, 0, sizeof(fake));
	fake.perf_counters = true;
}

/* An access to a CSR the configuration does not have. */
static unsigned long trap(void)
{
	if (fake.guard)
		fake.trapped = true;
	else
		fake.unguarded_traps++;
	return 0;
}

static bool is_hpm(unsigned idx) { return idx >= 3 && idx <= 8; }

/* 0 and 2 always exist; 3..8 if PERF_COUNTER_EN; the rest read 0. */
static bool exists(unsigned idx, bool *trapped)
{
	*trapped = false;
	if (idx == 0 || idx == 2)
		return true;
	if (is_hpm(idx)) {
		if (fake.perf_counters)
			return true;
		if (fake.absent_traps) {
			trap();
			*trapped = true;
		}
	}
	return false;
}

uint64_t csr_read_counter(unsigned idx)
{
	bool t;
	return exists(idx, &t) ? fake.ctr[idx] : 0;
}

void csr_write_counter(unsigned idx, uint64_t val)
{
	bool t;
	if (exists(idx, &t))
		fake.ctr[idx] = val;
}

/* The user-level view: the same counter, unless the erratum hits it. */
static uint64_t user_view(unsigned idx)
{
	uint64_t v = csr_read_counter(idx);

	if (idx == fake.erratum_ctr && fake.erratum == ERR_HIGH_HALF)
		v &= 0xffffffffULL;
	if (idx == fake.erratum_ctr && fake.erratum == ERR_LOW_HALF)
		v &= ~0xffffffffULL;
	return v;
}

unsigned long csr_read_user_counter(unsigned idx)
{
	return (unsigned long)user_view(idx);   /* low XLEN bits */
}

unsigned long csr_read_user_counter_hi(unsigned idx)
{
	return (unsigned long)(user_view(idx) >> 32);
}

unsigned long csr_read_event(unsigned idx)
{
	bool t;
	if (fake.event_traps)
		return trap();
	return is_hpm(idx) && exists(idx, &t) ? fake.evt[idx] : 0;
}

void csr_write_event(unsigned idx, unsigned long val)
{
	bool t;
	if (fake.event_traps) {
		trap();
		return;
	}
	if (is_hpm(idx) && exists(idx, &t))
		fake.evt[idx] = val & 0x1f;   /* the 5-bit selector */
}

/* No Sscofpmf: no mhpmeventNh, no scountovf. */
unsigned long csr_read_eventh(unsigned idx) { (void)idx; return trap(); }
void csr_write_eventh(unsigned idx, unsigned long val) { (void)idx; (void)val; trap(); }
unsigned long r_scountovf(void) { return trap(); }

static unsigned long inhibit_mask(void)
{
	return fake.perf_counters ? 0x1fdUL : 0x5UL;
}
unsigned long r_mcountinhibit(void) { return fake.inhibit_traps ? trap() : fake.inhibit; }
void w_mcountinhibit(unsigned long x)
{
	if (fake.inhibit_traps)
		trap();
	else
		fake.inhibit = x & inhibit_mask();
}
void set_mcountinhibit(unsigned long x)
{
	if (fake.inhibit_traps)
		trap();
	else
		fake.inhibit |= x & inhibit_mask();
}
void clear_mcountinhibit(unsigned long x)
{
	if (fake.inhibit_traps)
		trap();
	else
		fake.inhibit &= ~x;
}

void trap_guard_begin(struct trap_guard *g)
{
	(void)g;
	fake.guard = true;
	fake.trapped = false;
}

bool trap_guard_end(struct trap_guard *g)
{
	(void)g;
	fake.guard = false;
	return fake.trapped;
}

void fake_tick(unsigned ev, unsigned n)
{
	if (!(fake.inhibit & 1))
		fake.ctr[0] += n;
	for (unsigned c = 3; c <= 8 && fake.perf_counters; c++)
		if (!((fake.inhibit >> c) & 1) && fake.evt[c] == ev && ev >= 1 && ev <= 22)
			fake.ctr[c] += n;
}
