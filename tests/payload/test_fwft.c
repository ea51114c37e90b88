/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FWFT (SBI spec, Firmware Features chapter): every error row of set and
 * get, the LOCK flag, per-hart values and their reset on hart_start, and
 * what MISALIGNED_EXC_DELEG does to a misaligned access that traps.
 *
 * QEMU 7.2 never traps an ordinary misaligned load or store (it does the
 * access), but it does trap a misaligned AMO (as cause 6, or as cause 4
 * when QEMU runs one hart and splits the AMO into a load and a store): not
 * delegated, the firmware counts it (MISALIGNED_STORE or _LOAD) and passes
 * it on to S-mode (it cannot emulate an AMO byte by byte); delegated, it
 * reaches S-mode without the firmware seeing it, so the counters stay.
 */
#include <tally/sbi.h>
#include <tally/riscv.h>
#include "check.h"
#include "ext_test.h"

enum { SET = 0, GET = 1 };
enum { MISALIGNED_EXC_DELEG = 0, POINTER_MASKING_PMLEN = 5, NUM_FEATURES = 6 };
#define LOCK 1UL

static struct sbiret fwft_set(unsigned long f, unsigned long v, unsigned long flags)
{
	return ext_call(SBI_EXT_FWFT, SET, f, v, flags);
}
static struct sbiret fwft_get(unsigned long f) { return ext_call(SBI_EXT_FWFT, GET, f, 0, 0); }

static uint32_t amo_word[2] __attribute__((aligned(8)));

/* One misaligned AMO: did S-mode see it, and did the firmware count it? */
static void misaligned_amo_goes(bool through_firmware, const char *what)
{
	unsigned long st = ext_fw_counter(PMU_FW_MISALIGNED_STORE);
	unsigned long ld = ext_fw_counter(PMU_FW_MISALIGNED_LOAD);
	unsigned long before = ext_fw_read(st) + ext_fw_read(ld);
	void *p = (char *)amo_word + 1;

	ext_catch_begin();
	__asm__ volatile("amoadd.w zero, %1, (%0)" :: "r"(p), "r"(1) : "memory");
	ext_catch_end();
	check_eq(ext_trap.n, 1, "fwft: %s: the misaligned AMO reaches S-mode", what);
	check_that(ext_trap.cause == CAUSE_MISALIGNED_STORE || ext_trap.cause == CAUSE_MISALIGNED_LOAD,
		   ext_trap.cause, "4 or 6", "fwft: %s: as a misaligned access", what);
	check_eq(ext_trap.tval, (unsigned long)p, "fwft: %s: stval is the address", what);
	check_eq(ext_fw_read(st) + ext_fw_read(ld) - before, through_firmware ? 1 : 0,
		 "fwft: %s: firmware counters MISALIGNED_LOAD/STORE count %d", what, through_firmware);
	ext_fw_release(st);
	ext_fw_release(ld);
}

/* Run on the second hart: it starts with every feature at its reset value. */
static volatile unsigned long second_before, second_lock_err;
static void second_hart_locks(unsigned long hartid)
{
	(void)hartid;
	second_before = fwft_get(MISALIGNED_EXC_DELEG).uvalue;
	fwft_set(MISALIGNED_EXC_DELEG, 1, LOCK);
	second_lock_err = (unsigned long)fwft_set(MISALIGNED_EXC_DELEG, 0, 0).error;
}

void test_fwft(unsigned long hartid)
{
	static const unsigned long reserved[] = {
		6, 0x3fffffff,               /* local, reserved */
		0x40000000, 0x7fffffff,      /* local, platform-specific: Tally has none */
		0x80000000, 0xbfffffff,      /* global, reserved */
		0xc0000000, 0xffffffff,      /* global, platform-specific */
	};
	struct sbiret r;

	r = SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_FWFT);
	if (!check_eq(r.uvalue, 1, "fwft: probe_extension(FWFT) = 1"))
		return;
	check_eq(SBI0(SBI_EXT_FWFT, 2).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "fwft: unknown FID 2");

	/* Reserved and platform-specific features: DENIED, value 0. */
	for (unsigned i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++) {
		r = fwft_get(reserved[i]);
		check_eq(r.error, (unsigned long)SBI_ERR_DENIED, "fwft: get(0x%lx) DENIED", reserved[i]);
		check_eq(r.uvalue, 0, "fwft: get(0x%lx) value 0", reserved[i]);
		check_eq(fwft_set(reserved[i], 0, 0).error, (unsigned long)SBI_ERR_DENIED,
			 "fwft: set(0x%lx) DENIED", reserved[i]);
	}

	/* Every defined feature: there (value 0 after reset) or NOT_SUPPORTED. */
	for (unsigned long f = 0; f < NUM_FEATURES; f++) {
		r = fwft_get(f);
		printf("# fwft feature %lu: %s\n", f, r.error ? "not supported" : "supported");
		if (r.error) {
			check_eq(r.error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "fwft: get(%lu) NOT_SUPPORTED", f);
			check_eq(r.uvalue, 0, "fwft: get(%lu) failing: value 0", f);
			check_eq(fwft_set(f, 1, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED,
				 "fwft: set(%lu) NOT_SUPPORTED", f);
		} else {
			check_eq(r.uvalue, 0, "fwft: get(%lu) is its reset value 0", f);
		}
	}
	/* feature is uint32_t: the bits above it do not count (rv64). */
	r = fwft_get(UPPER_GARBAGE | MISALIGNED_EXC_DELEG);
	check_eq(r.error, 0, "fwft: get(MISALIGNED_EXC_DELEG with bits above 32 set) succeeds");
	check_eq(fwft_get(UPPER_GARBAGE | 6).error, (unsigned long)SBI_ERR_DENIED,
		 "fwft: get(6 with bits above 32 set) DENIED");

	/* MISALIGNED_EXC_DELEG: bad flags and values. */
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 1, 2).error, (unsigned long)SBI_ERR_INVALID_PARAM,
		 "fwft: set flags bit 1 (reserved) INVALID_PARAM");
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 1, 1UL << (__riscv_xlen - 1)).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "fwft: set flags bit XLEN-1 (reserved) INVALID_PARAM");
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 2, 0).error, (unsigned long)SBI_ERR_INVALID_PARAM,
		 "fwft: set value 2 INVALID_PARAM");
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, ~0UL, 0).error, (unsigned long)SBI_ERR_INVALID_PARAM,
		 "fwft: set value ~0 INVALID_PARAM");
	if (__riscv_xlen == 64)
		check_eq(fwft_set(MISALIGNED_EXC_DELEG, UPPER_GARBAGE | 1, 0).error,
			 (unsigned long)SBI_ERR_INVALID_PARAM,
			 "fwft: value is unsigned long: 1 with bits above 32 INVALID_PARAM");
	check_eq(fwft_get(MISALIGNED_EXC_DELEG).uvalue, 0, "fwft: a failed set left the value 0");

	/* Delegation on and off, seen on a trapping misaligned access. */
	misaligned_amo_goes(true, "not delegated (reset)");
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 1, 0).error, 0, "fwft: set(MISALIGNED_EXC_DELEG, 1)");
	check_eq(fwft_get(MISALIGNED_EXC_DELEG).uvalue, 1, "fwft: get -> 1");
	misaligned_amo_goes(false, "delegated");
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 1, 0).error, 0, "fwft: set to the value it has succeeds");
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 0, 0).error, 0, "fwft: set(MISALIGNED_EXC_DELEG, 0)");
	misaligned_amo_goes(true, "delegation off again");

	/* LOCK: until hart reset, every set is DENIED_LOCKED; get still works. */
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 0, LOCK).error, 0, "fwft: set(0, LOCK)");
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 1, 0).error, (unsigned long)SBI_ERR_DENIED_LOCKED,
		 "fwft: locked: set(1) DENIED_LOCKED");
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 0, 0).error, (unsigned long)SBI_ERR_DENIED_LOCKED,
		 "fwft: locked: set(the same value) DENIED_LOCKED");
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 1, LOCK).error, (unsigned long)SBI_ERR_DENIED_LOCKED,
		 "fwft: locked: set(1, LOCK) DENIED_LOCKED");
	check_eq(fwft_set(MISALIGNED_EXC_DELEG, 1, 2).error, (unsigned long)SBI_ERR_INVALID_PARAM,
		 "fwft: locked: reserved flags are still INVALID_PARAM");
	r = fwft_get(MISALIGNED_EXC_DELEG);
	check_eq(r.error, 0, "fwft: locked: get succeeds");
	check_eq(r.uvalue, 0, "fwft: locked: get -> 0");
	misaligned_amo_goes(true, "locked at 0");

	/* Per hart, and reset by hart_start: another hart has its own value and lock. */
	unsigned long other = ext_other_hart(hartid);
	if (other == ~0UL) {
		printf("# fwft: one hart: per-hart values not checked (run with -smp 2)\n");
		return;
	}
	for (int round = 0; round < 2; round++) {
		second_before = second_lock_err = ~0UL;
		check_that(ext_run_on(other, second_hart_locks), 0, "the hart stops",
			   "fwft: hart %lu runs and stops (round %d)", other, round);
		check_eq(second_before, 0, "fwft: hart %lu starts with MISALIGNED_EXC_DELEG 0 (round %d)",
			 other, round);
		check_eq(second_lock_err, (unsigned long)SBI_ERR_DENIED_LOCKED,
			 "fwft: hart %lu locked its own value (round %d)", other, round);
	}
	check_eq(fwft_get(MISALIGNED_EXC_DELEG).uvalue, 0, "fwft: this hart's value is its own");
}
