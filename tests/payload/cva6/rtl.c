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
 * And FWFT MISALIGNED_EXC_DELEG on a core that really traps misaligned
 * loads (QEMU never does): not delegated, the firmware emulates the load
 * and counts it (MISALIGNED_LOAD); delegated, S-mode's own handler takes
 * it (cause 4, stval the address) and the firmware never sees it.
 */
#include "check.h"
#include "ext_test.h"

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

static volatile uint32_t mis[3] __attribute__((aligned(8))) = { 0x44332211, 0x88776655, 0 };

/* lw from mis + 1: misaligned, 0x55443322 in little-endian memory. */
static uint32_t misaligned_load(void)
{
	uint32_t v = 0;
	__asm__ volatile("lw %0, 0(%1)" : "+r"(v) : "r"((uintptr_t)mis + 1) : "memory");
	return v;
}

static void check_misaligned(bool delegated)
{
	unsigned long ctr = ext_fw_counter(PMU_FW_MISALIGNED_LOAD), before = ext_fw_read(ctr);
	uint32_t v;

	ext_catch_begin();
	v = misaligned_load();
	ext_catch_end();
	if (delegated)
		CHECK(ext_trap.n == 1 && ext_trap.cause == 4 && ext_trap.tval == (uintptr_t)mis + 1 &&
		      ext_fw_read(ctr) == before,
		      "FWFT delegated: S-mode took the misaligned load (traps %lu cause %lu), "
		      "firmware counter +%lu", ext_trap.n, ext_trap.cause, ext_fw_read(ctr) - before);
	else
		CHECK(ext_trap.n == 0 && v == 0x55443322u && ext_fw_read(ctr) == before + 1,
		      "FWFT not delegated: emulated (0x%lx, S-mode traps %lu), firmware counter +%lu",
		      (unsigned long)v, ext_trap.n, ext_fw_read(ctr) - before);
	ext_fw_release(ctr);
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

	/* What the S-mode extensions find on this core (facts for docs/extensions.md). */
	printf("# DBTR: %lu triggers (%lu mcontrol, %lu mcontrol6)\n",
	       sbi_call(SBI_EXT_DBTR, 0, 0, 0, 0, 0, 0, 0).value,
	       sbi_call(SBI_EXT_DBTR, 0, 2UL << (__riscv_xlen - 4), 0, 0, 0, 0, 0).value,
	       sbi_call(SBI_EXT_DBTR, 0, 6UL << (__riscv_xlen - 4), 0, 0, 0, 0, 0).value);
	for (unsigned long f = 0; f < 6; f++)
		printf("# FWFT feature %lu: %s\n", f,
		       sbi_call(SBI_EXT_FWFT, 1, f, 0, 0, 0, 0, 0).error ? "not supported" : "supported");
	check_misaligned(false);
	r = sbi_call(SBI_EXT_FWFT, 0, 0, 1, 0, 0, 0, 0);
	CHECK(!r.error, "FWFT set(MISALIGNED_EXC_DELEG, 1): %ld", r.error);
	check_misaligned(true);
	r = sbi_call(SBI_EXT_FWFT, 0, 0, 0, 0, 0, 0, 0);
	CHECK(!r.error, "FWFT set(MISALIGNED_EXC_DELEG, 0): %ld", r.error);
	check_misaligned(false);
	finish();
}
