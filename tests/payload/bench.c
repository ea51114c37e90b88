/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The call-cost benchmark (not a test). Run under
 *   qemu -icount shift=0,sleep=off
 * so each instruction is one tick. For each SBI call it counts retired
 * instructions (minstret counts every mode, M-mode included) around N
 * calls, subtracts the same loop with a nop where the ecall was, and
 * divides by N: what is left is the cost of ecall -> firmware -> mret.
 */
#include <stdio.h>
#include "sbicall.h"

#define N 256

/* One ecall with every argument register live, as a real caller has them. */
#define CALL(eid, fid, x0, x1, x2) do { \
	register unsigned long a0 __asm__("a0") = (x0); \
	register unsigned long a1 __asm__("a1") = (x1); \
	register unsigned long a2 __asm__("a2") = (x2); \
	register unsigned long a6 __asm__("a6") = (fid); \
	register unsigned long a7 __asm__("a7") = (eid); \
	__asm__ volatile("ecall" : "+r"(a0), "+r"(a1) : "r"(a2), "r"(a6), "r"(a7) : "memory"); \
} while (0)
#define NOP(eid, fid, x0, x1, x2) do { \
	register unsigned long a0 __asm__("a0") = (x0); \
	register unsigned long a1 __asm__("a1") = (x1); \
	register unsigned long a2 __asm__("a2") = (x2); \
	register unsigned long a6 __asm__("a6") = (fid); \
	register unsigned long a7 __asm__("a7") = (eid); \
	__asm__ volatile("nop" : "+r"(a0), "+r"(a1) : "r"(a2), "r"(a6), "r"(a7) : "memory"); \
} while (0)

/* Instructions per iteration of BODY, minus the loop with a nop instead. */
#define MEASURE(result, BODY_CALL, BODY_NOP) do { \
	unsigned long t0 = rd_instret(); \
	for (int i = 0; i < N; i++) { BODY_CALL; } \
	unsigned long t1 = rd_instret(); \
	for (int i = 0; i < N; i++) { BODY_NOP; } \
	unsigned long t2 = rd_instret(); \
	result = ((t1 - t0) - (t2 - t1)) / N; \
} while (0)

#define EXT_PMU SBI_EXT_PMU
static struct { uint32_t idx, out; uint64_t data; } info __attribute__((aligned(16)));

static unsigned long boot_instret;

void payload_main(unsigned long hartid, unsigned long fdt)
{
	/* First thing: how many instructions ran since reset (ROM + firmware). */
	boot_instret = rd_instret();
	unsigned long r, nfw, nhw, fw = 0, hpm = 3;
	(void)hartid; (void)fdt;

	struct sbiret n = SBI0(EXT_PMU, PMU_FID_NUM_COUNTERS);
	nfw = PMU_NUM_FW_COUNTERS;
	nhw = n.value - nfw;
	fw = nhw;            /* first firmware counter */
	unsigned long all = ~0UL >> (PMU_XLEN - (n.value < PMU_XLEN ? n.value : PMU_XLEN));

	printf("bench: rv%u, %d calls each, M-mode instructions per call\n", (unsigned)__riscv_xlen, N);
	MEASURE(r, CALL(0x12345678, 0, 0, 0, 0), NOP(0x12345678, 0, 0, 0, 0));
	printf("bench: %-34s %lu\n", "unknown EID", r);
	MEASURE(r, CALL(SBI_EXT_BASE, 0, 0, 0, 0), NOP(SBI_EXT_BASE, 0, 0, 0, 0));
	printf("bench: %-34s %lu\n", "base get_spec_version", r);
	MEASURE(r, CALL(EXT_PMU, PMU_FID_NUM_COUNTERS, 0, 0, 0), NOP(EXT_PMU, 0, 0, 0, 0));
	printf("bench: %-34s %lu\n", "pmu num_counters", r);
	MEASURE(r, CALL(EXT_PMU, PMU_FID_COUNTER_GET_INFO, 0, 0, 0), NOP(EXT_PMU, 1, 0, 0, 0));
	printf("bench: %-34s %lu\n", "pmu counter_get_info(0)", r);

	/* config_matching(CYCLES, CLEAR|AUTO_START) + stop(RESET) */
	unsigned long cyc = PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES);
	MEASURE(r, {
		sbi_call(EXT_PMU, PMU_FID_CONFIG_MATCHING, 0, all, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, cyc, 0, 0);
		CALL(EXT_PMU, PMU_FID_COUNTER_STOP, 0, 1, PMU_STOP_RESET);
	}, {
		NOP(EXT_PMU, PMU_FID_CONFIG_MATCHING, 0, all, 6);
		NOP(EXT_PMU, PMU_FID_COUNTER_STOP, 0, 1, PMU_STOP_RESET);
	});
	printf("bench: %-34s %lu\n", "config_matching+stop(RESET)", r);

	/*
	 * start+stop on a hardware counter: an hpm counter with a cache event
	 * (stopping instret itself would stop the ruler we measure with).
	 */
	struct sbiret c = sbi_call(EXT_PMU, PMU_FID_CONFIG_MATCHING, 3, all >> 3, 0,
		 PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS), 0, 0);
	unsigned long hw = c.error ? 0 : c.value;
	MEASURE(r, { CALL(EXT_PMU, PMU_FID_COUNTER_START, hw, 1, 0);
		     CALL(EXT_PMU, PMU_FID_COUNTER_STOP, hw, 1, 0); },
		   { NOP(EXT_PMU, 3, hw, 1, 0); NOP(EXT_PMU, 4, hw, 1, 0); });
	printf("bench: %-34s %lu\n", "start+stop hardware counter", r);
	(void)hpm;

	/* start+stop on a firmware counter */
	sbi_call(EXT_PMU, PMU_FID_CONFIG_MATCHING, fw, 1, 0,
		 PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_SET_TIMER), 0, 0);
	MEASURE(r, { CALL(EXT_PMU, PMU_FID_COUNTER_START, fw, 1, 0);
		     CALL(EXT_PMU, PMU_FID_COUNTER_STOP, fw, 1, 0); },
		   { NOP(EXT_PMU, 3, fw, 1, 0); NOP(EXT_PMU, 4, fw, 1, 0); });
	printf("bench: %-34s %lu\n", "start+stop firmware counter", r);
	MEASURE(r, CALL(EXT_PMU, PMU_FID_FW_READ, fw, 0, 0), NOP(EXT_PMU, 5, fw, 0, 0));
	printf("bench: %-34s %lu\n", "fw_read", r);

	info.idx = (uint32_t)cyc;
	MEASURE(r, CALL(EXT_PMU, PMU_FID_EVENT_GET_INFO, (unsigned long)&info, 0, 1),
		   NOP(EXT_PMU, 8, (unsigned long)&info, 0, 1));
	printf("bench: %-34s %lu\n", "event_get_info (1 entry)", r);

	/*
	 * The two calls that reach the board's devices: set_timer (a deadline
	 * far in the future, so no interrupt follows; without Sstc this is the
	 * board timer's compare write) and DBCN write_byte (a space per call).
	 */
	MEASURE(r, CALL(SBI_EXT_TIME, 0, ~0UL, ~0UL, 0), NOP(SBI_EXT_TIME, 0, ~0UL, ~0UL, 0));
	printf("bench: %-34s %lu\n", "time set_timer", r);
	MEASURE(r, CALL(SBI_EXT_DBCN, 2, ' ', 0, 0), NOP(SBI_EXT_DBCN, 2, ' ', 0, 0));
	printf("\nbench: %-34s %lu\n", "dbcn write_byte", r);
	printf("bench: %-34s %lu\n", "boot: reset to payload entry", boot_instret);
	sbi_shutdown(0);
}
