/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CVA6 RTL check (tests/rtl/run-cva6.sh links this into tally-rtl.elf
 * and runs it on a Verilator-built Variane_testharness). Counters are
 * configured through SBI for loads, stores, branches and L1D accesses, a
 * loop with a known number of each runs, and then:
 *  - every counter advanced by at least the loop's count (the core runs
 *    other code between start and stop: the SBI calls themselves);
 *  - and by not wildly more (a wrong selector would count something else);
 *  - stopped, no counter moves while the loop runs again.
 * Plus rdtime, which CVA6 does not have: the firmware must answer it.
 */
#include "check.h"

#define N 1000   /* loop iterations: N loads, N stores, N branches */

static volatile uint32_t buf[2];

/* Exactly one load, one store and one conditional branch per iteration. */
static void known_loop(unsigned long n)
{
	__asm__ volatile("1:\n\t"
			 "lw   t0, 0(%1)\n\t"
			 "sw   t0, 4(%1)\n\t"
			 "addi %0, %0, -1\n\t"
			 "bnez %0, 1b"
			 : "+r"(n) : "r"(buf) : "t0", "memory");
}

struct want { const char *name; unsigned long idx; uint64_t data; uint64_t min; };

void payload_main(unsigned long hartid, unsigned long fdt)
{
	static const struct want w[] = {
		{ "loads (L1D read access, sel 5)",
		  PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_ACCESS), 0, N },
		{ "stores (L1D write access, sel 6)",
		  PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_WRITE, PMU_CACHE_RESULT_ACCESS), 0, N },
		{ "branches (BRANCH_INSTRUCTIONS, sel 9)",
		  PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_INSTRUCTIONS), 0, N },
		{ "L1D accesses (raw 17)", PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 17, 2 * N },
	};
	unsigned ctr[4], n = 0;
	uint64_t v[4], frozen[4];
	struct sbiret r;

	(void)hartid; (void)fdt;
	printf("cva6 RTL counter check\n");
	for (unsigned i = 0; i < 4; i++) {
		r = pmu_config(3, 0x3f, PMU_CFG_CLEAR_VALUE, w[i].idx, w[i].data);
		CHECK(!r.error, "%s configured on counter %lu", w[i].name, r.value);
		if (r.error)
			finish();
		ctr[n++] = (unsigned)r.value;
	}
	known_loop(2);   /* warm the I-cache and the buffer's line */
	for (unsigned i = 0; i < 4; i++)
		pmu_start(ctr[i], 1, PMU_START_SET_INIT_VALUE, 0);
	known_loop(N);
	for (unsigned i = 0; i < 4; i++)
		pmu_stop(ctr[i], 1, 0);
	for (unsigned i = 0; i < 4; i++) {
		v[i] = read_hpm(ctr[i]);
		CHECK(v[i] >= w[i].min && v[i] < w[i].min + 2000, "%s: %llu (loop: %llu)",
		      w[i].name, (unsigned long long)v[i], (unsigned long long)w[i].min);
	}
	known_loop(N);
	for (unsigned i = 0; i < 4; i++) {
		frozen[i] = read_hpm(ctr[i]);
		CHECK(frozen[i] == v[i], "%s stopped: stays at %llu", w[i].name,
		      (unsigned long long)frozen[i]);
	}
	for (unsigned i = 0; i < 4; i++)
		pmu_stop(ctr[i], 1, PMU_STOP_RESET);

	unsigned long t0 = rd_time();
	known_loop(N);
	unsigned long t1 = rd_time();
	CHECK(t1 > t0, "rdtime (emulated from the CLINT): %lu then %lu", t0, t1);
	finish();
}
