/* SPDX-License-Identifier: BSD-2-Clause */
/* What the CVA6 payloads share: a check counter and the PMU calls they use. */
#ifndef CVA6_CHECK_H
#define CVA6_CHECK_H
#include <stdio.h>
#include "sbicall.h"

static unsigned passed, failed;

/* One line per check, "ok" or "FAIL", as run-payload.sh expects. */
#define CHECK(cond, ...) do { \
	if (cond) { passed++; printf("ok   "); } else { failed++; printf("FAIL "); } \
	printf(__VA_ARGS__); printf("\n"); } while (0)

static inline __attribute__((noreturn)) void finish(void)
{
	printf("%u passed, %u failed\n", passed, failed);
	sbi_shutdown(failed != 0);
}

#define PMU(fid, a, b, c, d, e, f) sbi_call(SBI_EXT_PMU, fid, a, b, c, d, e, f)

/* config_matching with a 64-bit event_data split as the calling convention wants. */
static inline struct sbiret pmu_config(unsigned long base, unsigned long mask,
				       unsigned long flags, unsigned long ev, uint64_t data)
{
#if __riscv_xlen == 32
	return PMU(PMU_FID_CONFIG_MATCHING, base, mask, flags, ev,
		   (unsigned long)data, (unsigned long)(data >> 32));
#else
	return PMU(PMU_FID_CONFIG_MATCHING, base, mask, flags, ev, data, 0);
#endif
}

static inline struct sbiret pmu_start(unsigned long base, unsigned long mask,
				      unsigned long flags, uint64_t init)
{
#if __riscv_xlen == 32
	return PMU(PMU_FID_COUNTER_START, base, mask, flags, (unsigned long)init,
		   (unsigned long)(init >> 32), 0);
#else
	return PMU(PMU_FID_COUNTER_START, base, mask, flags, init, 0, 0);
#endif
}

static inline struct sbiret pmu_stop(unsigned long base, unsigned long mask, unsigned long flags)
{
	return PMU(PMU_FID_COUNTER_STOP, base, mask, flags, 0, 0, 0);
}

/* S-mode reads hpmcounter3..8 directly (mcounteren lets it), 64 bits. */
#if __riscv_xlen == 32
#define RD_HPM(n) ({ unsigned long h, l, h2; do { \
	__asm__ volatile("csrr %0, 0xc8" #n : "=r"(h)); \
	__asm__ volatile("csrr %0, 0xc0" #n : "=r"(l)); \
	__asm__ volatile("csrr %0, 0xc8" #n : "=r"(h2)); } while (h != h2); \
	(uint64_t)h << 32 | l; })
#else
#define RD_HPM(n) ({ unsigned long v; __asm__ volatile("csrr %0, 0xc0" #n : "=r"(v)); (uint64_t)v; })
#endif

static inline uint64_t read_hpm(unsigned idx)
{
	switch (idx) {
	case 3: return RD_HPM(3);
	case 4: return RD_HPM(4);
	case 5: return RD_HPM(5);
	case 6: return RD_HPM(6);
	case 7: return RD_HPM(7);
	case 8: return RD_HPM(8);
	default: return 0;
	}
}
#endif
