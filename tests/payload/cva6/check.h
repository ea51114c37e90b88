/* SPDX-License-Identifier: BSD-2-Clause */
/* What the CVA6 payloads share: the payloads' checks (check.c) and counter reads. */
#ifndef CVA6_CHECK_H
#define CVA6_CHECK_H
#include <tally/sbi.h>
#include "sbicall.h"
#include "../check.h"

#define CHECK(cond, ...) check((cond), __VA_ARGS__)

static inline __attribute__((noreturn)) void finish(void)
{
	check_end(failed != 0);
}

static inline unsigned long r_sip(void)
{
	unsigned long v;

	__asm__ volatile("csrr %0, sip" : "=r"(v));
	return v;
}

/*
 * S-mode reads hpmcounterN directly (mcounteren lets it). How many bits
 * are the counter is what counter_get_info says (SBI spec 11.11: bits
 * 12..17 hold width - 1), not the CSR's size: on rv32 the high half
 * (hpmcounterNh) is read only for a counter wider than 32 bits, so a
 * 32-bit counter never gets bits above its width added, and the value is
 * cut to the width on rv64 as well.
 */
#if __riscv_xlen == 32
#define RD_HPM(n, wide) ({ unsigned long h = 0, l, h2 = 0; do { \
	if (wide) __asm__ volatile("csrr %0, 0xc8" #n : "=r"(h)); \
	__asm__ volatile("csrr %0, 0xc0" #n : "=r"(l)); \
	if (wide) __asm__ volatile("csrr %0, 0xc8" #n : "=r"(h2)); } while (h != h2); \
	(uint64_t)h << 32 | l; })
#else
#define RD_HPM(n, wide) ({ unsigned long v; (void)(wide); \
	__asm__ volatile("csrr %0, 0xc0" #n : "=r"(v)); (uint64_t)v; })
#endif

/* Logical counter idx's counter_get_info, asked once. */
static inline unsigned long hpm_info(unsigned idx)
{
	static unsigned long info[32];

	if (idx >= 32)
		return 0;
	if (!info[idx]) {
		struct sbiret r = SBI1(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, idx);
		info[idx] = r.error ? 0 : r.uvalue;
	}
	return info[idx];
}

static inline unsigned hpm_width(unsigned idx)
{
	return (unsigned)((hpm_info(idx) >> 12) & 63) + 1;
}

/* The value of logical counter idx, read through its user-level CSR. */
static inline uint64_t read_hpm(unsigned idx)
{
	unsigned long info = hpm_info(idx);
	unsigned width = hpm_width(idx);
	int wide = width > 32;
	uint64_t v;

	switch ((info & 0xfff) - 0xc00) {
	case 3: v = RD_HPM(3, wide); break;
	case 4: v = RD_HPM(4, wide); break;
	case 5: v = RD_HPM(5, wide); break;
	case 6: v = RD_HPM(6, wide); break;
	case 7: v = RD_HPM(7, wide); break;
	case 8: v = RD_HPM(8, wide); break;
	default: return 0;
	}
	return width >= 64 ? v : v & ((1ULL << width) - 1);
}
#endif
