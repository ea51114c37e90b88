/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot probe of counter reads (src/trap/counters.c) and trap.c's rule for
 * which trapped reads the firmware answers, on the fake CSR file set up as
 * the two Ibex configurations that exist:
 *   - current Ibex RTL (simple_system): mcounteren works, the user-level
 *     counter CSRs exist: cycle, instret and the hpm counters are read
 *     natively; only time (Ibex has no time CSR) is emulated;
 *   - the Ibex the demo system vendors: mcounteren reads 0, the user-level
 *     CSRs trap: every counter the PMU found is emulated, and time.
 * Plus the cases in between: a board that keeps counters away
 * (no_user_counters), mcounteren bits that stick for a CSR that traps
 * (the trial read must catch it), and an S-mode hart (QEMU virt, CVA6),
 * where only time is the firmware's.
 */
#include <stdio.h>
#include "fake_csr.h"
#include "trap/counters.h"
#include "platform/ibex/pmu_ibex.h"
#include "cores/pmu/pmu.h"

/* What the backend's probe finds: features.pmu in the firmware. */
static struct pmu_hw_info probed;

static int fails, checks;
#define CHECK(c) do { checks++; if (!(c)) { fails++; \
	printf("%s:%d: FAIL: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define CHECK_HEX(a, b) do { unsigned long a_ = (a), b_ = (b); checks++; if (a_ != b_) { fails++; \
	printf("%s:%d: FAIL: %s = %#lx, want %#lx\n", __FILE__, __LINE__, #a, a_, b_); } } while (0)

static struct pmu_hart h;
uintptr_t sbi_mem_window(uint64_t a, uint64_t l, uint64_t *end) { *end = a + l; return (uintptr_t)a; }

/* Boot as init.c does on an Ibex board: no time CSR, so TM is not wanted. */
static unsigned long boot(unsigned long counteren_bits, bool user_csrs, bool board_hides)
{
	unsigned long want = ~(1UL << 1);

	fake_reset_ibex(10, 40, FAKE_ENC_RTL);
	fake.counteren_bits = counteren_bits;
	fake.user_csrs = user_csrs;
	pmu_init(&pmu_ibex, &probed, 1u << PMU_FW_ILLEGAL_INSN);
	pmu_hart_init(&h);
	if (board_hides)
		want &= 1UL << 1;
	return counters_probe_native(want);
}

/* Bit n set: a trapped U-mode read of counter n is answered by the firmware. */
static unsigned long emulated(unsigned long native, bool has_s_mode)
{
	unsigned long m = 0;

	for (unsigned n = 0; n < 32; n++)
		if (counters_emulated(n, native, has_s_mode, pmu_hw()))
			m |= 1UL << n;
	return m;
}

#define FOUND 0x1ffdUL   /* cycle, instret, hpm3..12: what the PMU found */
#define TIME  0x2UL

static void test_current_rtl(void)
{
	unsigned long native = boot(0xffffffffUL, true, false);

	/* Everything asked for is native; mcounteren holds exactly that. */
	CHECK_HEX(native, 0xffffffffUL & ~TIME);
	CHECK_HEX(fake.mcounteren, native);
	CHECK(fake.user_reads == 3);           /* cycle, instret, hpmcounter3 (time not asked) */
	/* Only time is left to the firmware. */
	CHECK_HEX(emulated(native, false), TIME);
	CHECK_HEX(native & FOUND, FOUND);
}

static void test_demo_system(void)
{
	unsigned long native = boot(0, false, false);

	CHECK_HEX(native, 0);
	CHECK_HEX(fake.mcounteren, 0);
	CHECK(fake.user_reads == 0);           /* nothing stuck: nothing to try */
	/* Every counter the PMU found, and time; hpm13..31 (not found) are nobody's. */
	CHECK_HEX(emulated(native, false), FOUND | TIME);
	CHECK(!counters_emulated(13, native, false, pmu_hw()));
	CHECK(!counters_emulated(40, native, false, pmu_hw()));
}

/* mcounteren bits that stick although the CSRs trap: the trial read decides. */
static void test_bits_stick_csrs_trap(void)
{
	unsigned long native = boot(0xffffffffUL, false, false);

	CHECK_HEX(native, 0);
	CHECK_HEX(fake.mcounteren, 0);         /* put back to what really works */
	CHECK_HEX(emulated(native, false), FOUND | TIME);
}

/* A board keeping the counters away (the QEMU stand-in's tally-emul image). */
static void test_board_hides(void)
{
	unsigned long native = boot(0xffffffffUL, true, true);

	CHECK_HEX(native, 0);
	CHECK_HEX(fake.mcounteren, 0);
	CHECK_HEX(emulated(native, false), FOUND | TIME);
}

/* Only some bits stick (e.g. cycle and instret only). */
static void test_partial(void)
{
	unsigned long native = boot(0x5UL, true, false);

	CHECK_HEX(native, 0x5UL);
	CHECK_HEX(emulated(native, false), (FOUND & ~0x5UL) | TIME);
}

/* With S-mode (QEMU virt, CVA6) only time is the firmware's to answer. */
static void test_s_mode(void)
{
	unsigned long native = boot(0, false, false);

	CHECK_HEX(emulated(native, true), TIME);
	native = boot(0xffffffffUL, true, false);
	CHECK_HEX(emulated(native, true), TIME);
	CHECK_HEX(emulated(native | TIME, true), 0);   /* a time CSR: nothing */
}

int main(void)
{
	test_current_rtl();
	test_demo_system();
	test_bits_stick_csrs_trap();
	test_board_hides();
	test_partial();
	test_s_mode();
	printf("%d checks, %d failed\n", checks, fails);
	return fails != 0;
}
