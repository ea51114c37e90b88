/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A fake Ibex CSR file for the host tests, behaving like the RTL
 * (ibex_cs_registers.sv): mcycle/minstret 64-bit; mhpmcounter3..2+num
 * `width` bits wide, wrapping there; every other counter reads 0 and
 * ignores writes without trapping; mhpmevent read-only, in either encoding;
 * mcountinhibit writable only for counters that exist, bit 1 hardwired 0.
 * It replaces src/arch/csr_indexed.c, csr_probe.c and counteren_probe.c
 * (csr_probe.h).
 */
#include "fake_ibex_csr.h"

struct fake_ibex fake;

static uint64_t mask_of(unsigned n)
{
	if (n == 0 || n == 2)
		return ~0ULL;
	if (n >= 3 && n < 3 + fake.num && fake.width)
		return fake.width >= 64 ? ~0ULL : (1ULL << fake.width) - 1;
	return 0;                       /* absent: reads 0, ignores writes */
}

static unsigned long inhibit_mask(void)
{
	return fake.no_inhibit ? 0 : (unsigned long)(((1ULL << (3 + fake.num)) - 1) & ~2ULL);
}

void fake_reset(unsigned num, unsigned width, int encoding)
{
	fake = (struct fake_ibex){ .num = num, .width = width, .encoding = encoding };
}

/* One clock: every running counter counts its event `by` times. */
void fake_tick(unsigned n, uint64_t by)
{
	if (!((fake.inhibit >> n) & 1))
		fake.ctr[n] = (fake.ctr[n] + by) & mask_of(n);
}

uint64_t csr_read_counter(unsigned idx) { return idx < 32 ? fake.ctr[idx] & mask_of(idx) : 0; }
void csr_write_counter(unsigned idx, uint64_t val)
{
	if (idx < 32)
		fake.ctr[idx] = val & mask_of(idx);
	fake.writes++;
}

unsigned long csr_read_event(unsigned idx)
{
	if (idx < 3 || idx >= 3 + fake.num || idx >= 32)
		return 0;
	return fake.encoding == FAKE_ENC_DOC ? 1UL << idx : 1UL << (idx - 3);
}

bool csr_probe_counter(unsigned idx, uint64_t val, uint64_t *back)
{
	csr_write_counter(idx, val);
	*back = csr_read_counter(idx);
	csr_write_counter(idx, 0);
	return true;                    /* Ibex never traps on a counter */
}

bool csr_probe_event(unsigned idx, unsigned long *val)
{
	*val = csr_read_event(idx);
	return true;
}

bool csr_probe_mcountinhibit(unsigned long val, unsigned long *back)
{
	if (fake.no_inhibit)
		return false;
	fake.inhibit = val & inhibit_mask();
	*back = fake.inhibit;
	return true;
}

bool csr_probe_mcounteren(unsigned long val, unsigned long *back)
{
	fake.mcounteren = val & fake.counteren_bits;
	*back = fake.mcounteren;
	return true;
}

/* cycle, instret, hpmcounter3 where the CSRs exist (counters.c asks only
 * those; an absent hpm counter reads 0, as the machine-level ones do);
 * time nowhere. */
bool csr_probe_user_counter(unsigned idx)
{
	fake.user_reads++;
	return fake.user_csrs && idx != 1 && idx <= 3;
}

void csr_inhibit_set(unsigned long bits) { fake.inhibit |= bits & inhibit_mask(); }
void csr_inhibit_clear(unsigned long bits) { fake.inhibit &= ~bits; }
