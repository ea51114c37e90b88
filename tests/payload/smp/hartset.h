/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Sets of harts for the multi-hart payloads (smp, sse_smp, smp_stress),
 * up to SMP_MAX_HARTS (smp/entry.S gives each of those a stack).
 *
 * A set is one 64-bit word, so the same code serves rv64 and rv32. An SBI
 * call names harts by windows of XLEN: hart_mask holds bit i for hart
 * hart_mask_base + i (SBI spec, binary encoding). hset_call() turns a set
 * into one call per XLEN-aligned window that holds a hart of it: one call
 * on rv64, two on rv32 when the set spans harts 0-31 and 32-63.
 */
#ifndef PAYLOAD_SMP_HARTSET_H
#define PAYLOAD_SMP_HARTSET_H
#include <stdint.h>
#include <tally/sbi.h>

#define SMP_MAX_HARTS 64
#define HSET_XLEN __riscv_xlen

typedef uint64_t hset_t;
#define HBIT(h) ((hset_t)1 << (h))

/* Hart h's window: the XLEN-aligned base and the bit within it. */
#define HWIN_BASE(h) ((unsigned long)(h) & ~(unsigned long)(HSET_XLEN - 1))
#define HWIN_BIT(h) (1UL << ((unsigned long)(h) & (HSET_XLEN - 1)))

#define for_each_hart(h, set) \
	for (unsigned long h = 0; h < SMP_MAX_HARTS; h++) if (((set) >> h) & 1)

static inline unsigned hset_count(hset_t m)
{
	unsigned n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/*
 * Call fn(mask, base) for each window of XLEN harts from hart first
 * (first, first + XLEN, ...) that holds a hart of set; harts below first
 * are left out. The first error stops it and is returned (0 when every
 * call succeeded); calls, if not null, gets the number of calls made.
 */
static inline long hset_call_from(hset_t set, unsigned long first,
				  long (*fn)(unsigned long mask, unsigned long base, void *arg),
				  void *arg, unsigned *calls)
{
	unsigned n = 0;
	long e = 0;

	for (unsigned long base = first; base < SMP_MAX_HARTS && !e; base += HSET_XLEN) {
		unsigned long mask = (unsigned long)(set >> base);
		if (!mask)
			continue;
		n++;
		e = fn(mask, base, arg);
	}
	if (calls)
		*calls = n;
	return e;
}

/* The same in XLEN-aligned windows (hart_mask_base 0, XLEN, ...). */
static inline long hset_call(hset_t set, long (*fn)(unsigned long mask, unsigned long base, void *arg),
			     void *arg, unsigned *calls)
{
	return hset_call_from(set, 0, fn, arg, calls);
}

/* The sbi_send_ipi of hset_call: arg unused. */
static inline long hset_ipi_fn(unsigned long mask, unsigned long base, void *arg)
{
	(void)arg;
	return sbi_ecall(SBI_EXT_IPI, 0, mask, base, 0, 0, 0, 0).error;
}
#endif
