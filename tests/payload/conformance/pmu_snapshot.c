/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension (SBI chapter 11): snapshot shared memory (set_shmem and
 * its error rows, TAKE_SNAPSHOT and INIT_SNAPSHOT) and, with Sscofpmf,
 * overflow interrupts and the overflow bitmap.
 */
#include "conformance.h"

uint64_t snap[512] __attribute__((aligned(4096)));

void test_pmu_snapshot(void)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	const unsigned long inaddr = (unsigned long)SBI_ERR_INVALID_ADDRESS;
	const unsigned long ev = PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN);
	unsigned long buf = (unsigned long)snap, a = fw_base + 2, b = fw_base + 5;

	/* Table 17 */
	check_eq(set_shmem(buf + 8, 0, 0).error, inval, "shmem: misaligned: INVALID_PARAM");
	check_eq(set_shmem(buf + 2048, 0, 0).error, inval, "shmem: half-page aligned: INVALID_PARAM");
	check_eq(set_shmem(buf, 0, 1).error, inval, "shmem: flags != 0: INVALID_PARAM");
	check_eq(set_shmem(FW_BASE, 0, 0).error, inaddr, "shmem: the firmware: INVALID_ADDRESS");
	check_eq(set_shmem(buf, 1, 0).error, inaddr, "shmem: hi != 0: INVALID_ADDRESS");
	check_eq(set_shmem(0x1000, 0, 0).error, inaddr, "shmem: below RAM: INVALID_ADDRESS");
	check_eq(set_shmem(ram_end, 0, 0).error, inaddr, "shmem: past the end of RAM: INVALID_ADDRESS");
	check_eq(set_shmem(buf, 0, 0).error, 0, "shmem: page-aligned payload buffer");

	/* Two firmware counters a and b = a + 3, relative to base a. */
	check_eq(cfg_match(a, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev, 0).uvalue, a, "snap: configure a");
	check_eq(cfg_match(b, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev, 0).uvalue, b, "snap: configure b");
	for (unsigned i = 0; i < 512; i++)
		snap[i] = 0xa5a5a5a5a5a5a5a5ULL;
	catch_begin();
	illegal_insn();
	illegal_insn();
	catch_end();
	check_eq(sbi_pmu_counter_stop(a, 1 | 1UL << (b - a), PMU_STOP_TAKE_SNAPSHOT).error, 0, "snap: stop with TAKE_SNAPSHOT");
	check_eq(snap[1], 2, "snap: a's value at offset 8");
	check_eq(snap[1 + (b - a)], 2, "snap: b's value at offset 8 + 8*(b - a)");
	check_eq(snap[2] == 0xa5a5a5a5a5a5a5a5ULL, 1, "snap: other slots untouched");
	check_eq(snap[0], 0, "snap: overflow bitmap 0 (no overflow)");

	snap[1] = 100;
	snap[1 + (b - a)] = 0x200000007ULL;
	check_eq(ctr_start(a, 1 | 1UL << (b - a), PMU_START_INIT_SNAPSHOT, 0).error, 0,
		 "snap: start with INIT_SNAPSHOT");
	check_eq(sbi_pmu_counter_fw_read(a).uvalue, 100, "snap: a loaded from the snapshot");
	check_eq(sbi_pmu_counter_fw_read(b).uvalue, (unsigned long)0x200000007ULL, "snap: b loaded from the snapshot (low)");
	check_eq(sbi_pmu_counter_fw_read_hi(b).uvalue, XLEN == 32 ? 2 : 0, "snap: b loaded from the snapshot (high)");
	check_eq(sbi_pmu_counter_stop(a, 1 | 1UL << (b - a), PMU_STOP_RESET).error, 0, "snap: release a and b");

	/* All-ones on both halves disables it. */
	check_eq(set_shmem(~0UL, ~0UL, 0).error, 0, "shmem: all-ones disables");
	check_eq(cfg_match(a, 1, 0, ev, 0).uvalue, a, "snap: configure a again");
	check_eq(ctr_start(a, 1, PMU_START_INIT_SNAPSHOT, 0).error, (unsigned long)SBI_ERR_NO_SHMEM,
		 "shmem: disabled: INIT_SNAPSHOT gives NO_SHMEM");
	sbi_pmu_counter_stop(a, 1, PMU_STOP_RESET);
}

#ifdef EXPECT_SSCOFPMF
/*
 * Sscofpmf: a counter started just below 2^64 overflows; the firmware
 * delegated LCOFI, so the interrupt reaches S-mode; OF shows in scountovf
 * and in the snapshot's overflow bitmap; a restart clears it. QEMU counts
 * raw event 1 (cycles) on an hpm counter and raises the overflow on time.
 */
void test_pmu_sscofpmf(void)
{
	const uint64_t start = ~0ULL - 3000;
	unsigned long idx, ovf;
	struct sbiret r;

	/* Sampling needs an overflow interrupt, so CPU_CYCLES from the whole set
	 * lands on an hpm counter (QEMU counts cycles there), not on counter 0. */
	r = cfg_match(0, hw_mask(), PMU_CFG_CLEAR_VALUE, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, 0, "sscof: CPU_CYCLES from the whole set");
	check_that(r.uvalue >= 3 && r.uvalue < fw_base, r.uvalue, "an hpm counter", "sscof: ... on an hpm counter");
	if (r.error)
		return;
	idx = r.uvalue;
	check_eq(set_shmem((unsigned long)snap, 0, 0).error, 0, "sscof: snapshot memory");
	n_lcof_irqs = 0;
	__asm__ volatile("csrs sie, %0" :: "r"(1UL << 13));     /* LCOFIE */
	__asm__ volatile("csrs sstatus, %0" :: "r"(1UL << 1));  /* SIE */
	check_eq(ctr_start(idx, 1, PMU_START_SET_INIT_VALUE, start).error, 0,
		 "sscof: start 3000 below the top");
	for (volatile int i = 0; i < 20000; i++)
		;
	__asm__ volatile("csrc sstatus, %0" :: "r"(1UL << 1));
	check_that(n_lcof_irqs >= 1, n_lcof_irqs, ">= 1", "sscof: the overflow interrupt reached S-mode");
	__asm__ volatile("csrr %0, 0xda0" : "=r"(ovf));          /* scountovf */
	check_eq((ovf >> (sbi_pmu_counter_get_info(idx).uvalue & 0x1f)) & 1, 1, "sscof: scountovf shows the counter's OF");
	snap[0] = 0;
	check_eq(sbi_pmu_counter_stop(idx, 1, PMU_STOP_TAKE_SNAPSHOT).error, 0, "sscof: stop with TAKE_SNAPSHOT");
	check_eq(snap[0], 1, "sscof: overflow bitmap bit 0 (relative to base = the counter)");
	check_that(snap[1] < start, (unsigned long)snap[1], "wrapped", "sscof: the value wrapped past 2^64");
	check_eq(ctr_start(idx, 1, 0, 0).error, 0, "sscof: start again");
	__asm__ volatile("csrr %0, 0xda0" : "=r"(ovf));
	check_eq((ovf >> (sbi_pmu_counter_get_info(idx).uvalue & 0x1f)) & 1, 0, "sscof: start cleared OF");
	check_eq(sbi_pmu_counter_stop(idx, 1, PMU_STOP_TAKE_SNAPSHOT | PMU_STOP_RESET).error, 0, "sscof: stop again");
	check_eq(snap[0], 0, "sscof: no overflow this time");
	__asm__ volatile("csrc sie, %0" :: "r"(1UL << 13));
	set_shmem(~0UL, ~0UL, 0);
}
#endif
