/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one fake CSR file (fake_csr.h says which cores it models). It stands
 * in for the firmware's assembly only (csr.h's csrr/csrw, csr_bank.S,
 * trap_guard.S): the probes of src/arch/ and the trap guard run on it as
 * they run on a hart.
 */
#include "arch/trap_guard.h"   /* the firmware's, on the fake csr.h */
#include "fake_csr.h"

struct fake_csr fake;
/* Only its address matters: a trap while mtvec holds it is the guard's. */
char trap_guard_vector[4];

/* Ibex's shape is a build parameter. mcounteren and the user-level CSRs
 * start as on the demo system's Ibex (absent); test_counters sets them. */
void fake_reset_ibex(unsigned num, unsigned width, enum fake_enc encoding)
{
	fake = (struct fake_csr){ .num = num, .width = width, .encoding = encoding };
}

/* cv64a6/cv32a6 with PERF_COUNTER_EN: counters 3..8, 9..31 reading 0. */
void fake_reset_cva6(void)
{
	fake = (struct fake_csr){ .num = 6, .width = 64, .sel_bits = 0x1f, .user_csrs = true };
}

/* QEMU's pmu-num=16; past it the CSRs are illegal instructions. */
void fake_reset_qemu(void)
{
	fake = (struct fake_csr){ .num = 16, .width = 64, .absent_traps = FAKE_CTRS(19, 31),
				  .sel_bits = ~0UL, .user_csrs = true };
}

/* An access the core does not have: the guard's vector notes it in mscratch,
 * as trap_guard.S does; without the guard the firmware would crash. */
static unsigned long trap(void)
{
	if (fake.mtvec == (unsigned long)trap_guard_vector)
		fake.mscratch = 1;
	else
		fake.unguarded_traps++;
	return 0;
}

static bool is_hpm(unsigned idx) { return idx >= 3 && idx < 3 + fake.num && idx < 32; }
static bool present(unsigned idx) { return idx == 0 || idx == 2 || is_hpm(idx); }

/* Whether counter idx's CSRs are there; an absent one traps if the core says so. */
static bool there(unsigned idx)
{
	if (present(idx))
		return true;
	if (idx < 32 && ((fake.absent_traps >> idx) & 1))
		trap();
	return false;
}

/* The bits a counter that is there keeps; it wraps past them. */
static uint64_t mask_of(unsigned idx)
{
	if (idx < 3 || fake.width >= 64)
		return ~0ULL;
	return (1ULL << fake.width) - 1;
}

uint64_t csr_read_counter(unsigned idx) { return there(idx) ? fake.ctr[idx] : 0; }

void csr_write_counter(unsigned idx, uint64_t val)
{
	if (there(idx))
		fake.ctr[idx] = val & mask_of(idx);
}

/* What mhpmevent idx of a counter that is there reads. */
static unsigned long selector(unsigned idx)
{
	if (fake.encoding == FAKE_ENC_DOC)
		return 1UL << idx;
	if (fake.encoding == FAKE_ENC_RTL)
		return 1UL << (idx - 3);
	return fake.evt[idx];
}

/* mhpmevent0..2 name no counter: nothing asks for them, they read 0. */
static bool event_there(unsigned idx)
{
	if (fake.event_traps) {
		trap();
		return false;
	}
	return idx >= 3 && there(idx);
}

unsigned long csr_read_event(unsigned idx) { return event_there(idx) ? selector(idx) : 0; }

void csr_write_event(unsigned idx, unsigned long val)
{
	if (event_there(idx) && fake.encoding == FAKE_ENC_WRITABLE)
		fake.evt[idx] = val & fake.sel_bits;
}

/* No Sscofpmf on any core modelled: no mhpmeventNh, no scountovf. */
unsigned long csr_read_eventh(unsigned idx) { (void)idx; return trap(); }
void csr_write_eventh(unsigned idx, unsigned long val) { (void)idx; (void)val; trap(); }
unsigned long r_scountovf(void) { return trap(); }

/* mcountinhibit has a bit for each counter there; time has none. */
static unsigned long inhibit_mask(void)
{
	unsigned long m = 0;

	for (unsigned idx = 0; idx < 32; idx++)
		if (present(idx))
			m |= 1UL << idx;
	return m;
}

/* Whether mcountinhibit is there; an access where it is not traps. */
static bool inhibit_there(void)
{
	if (fake.inhibit_traps)
		trap();
	return !fake.inhibit_traps;
}

unsigned long r_mcountinhibit(void) { return inhibit_there() ? fake.inhibit : 0; }

void w_mcountinhibit(unsigned long x)
{
	if (inhibit_there())
		fake.inhibit = x & inhibit_mask();
}

void set_mcountinhibit(unsigned long x)
{
	if (inhibit_there())
		fake.inhibit |= x & inhibit_mask();
}

void clear_mcountinhibit(unsigned long x)
{
	if (inhibit_there())
		fake.inhibit &= ~x;
}

/* mcounteren keeps the bits the core wires; mtvec and mscratch are plain. */
unsigned long r_mcounteren(void) { return fake.mcounteren; }
void w_mcounteren(unsigned long x) { fake.mcounteren = x & fake.counteren_bits; }
unsigned long r_mtvec(void) { return fake.mtvec; }
void w_mtvec(unsigned long x) { fake.mtvec = x; }
unsigned long r_mscratch(void) { return fake.mscratch; }
/* 0: misa not implemented, which the spec allows (no host test reads it). */
unsigned long r_misa(void) { return 0; }
void w_mscratch(unsigned long x) { fake.mscratch = x; }

/* Counter idx as S-mode or U-mode reads it: the same, unless the erratum hits it. */
static uint64_t user_view(unsigned idx)
{
	uint64_t v = csr_read_counter(idx);

	if (idx == fake.erratum_ctr && fake.erratum == FAKE_ERR_HIGH_HALF)
		v &= 0xffffffffULL;
	if (idx == fake.erratum_ctr && fake.erratum == FAKE_ERR_LOW_HALF)
		v &= ~0xffffffffULL;
	return v;
}

/* cycle..hpmcounter31 (low XLEN bits) and cycleh..hpmcounter31h, by number. */
unsigned long fake_csr_read(unsigned num)
{
	bool high = num >= CSR_CYCLEH;
	unsigned idx = num - (high ? CSR_CYCLEH : CSR_CYCLE);

	if (num < CSR_CYCLE || idx >= 32)
		return trap();          /* a CSR no test needs */
	fake.user_reads++;              /* test_counters counts the trial reads */
	if (!fake.user_csrs || idx == 1)
		return trap();
	return high ? (unsigned long)(user_view(idx) >> 32) : (unsigned long)user_view(idx);
}

void fake_tick(unsigned idx, uint64_t by)
{
	if (present(idx) && !((fake.inhibit >> idx) & 1))
		fake.ctr[idx] = (fake.ctr[idx] + by) & mask_of(idx);
}

/* Selector 0 counts nothing, on every core. */
void fake_event(unsigned long sel, uint64_t n)
{
	fake_tick(0, n);
	for (unsigned c = 3; sel && is_hpm(c); c++)
		if (selector(c) == sel)
			fake_tick(c, n);
}
