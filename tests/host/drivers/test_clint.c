/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CLINT driver (src/drivers/clint.c) on the fake device bus, with the
 * bus log replayed into a model of the CLINT that receives the accesses.
 * Two kinds of CLINT are modelled:
 *
 *   STROBES  the SiFive CLINT as QEMU and most SoCs have it: a 32-bit
 *            store changes the half it addresses, a 64-bit store all of it.
 *   CVA6_64  CVA6's 64-bit CLINT (corev_apu/clint/clint.sv): it ignores
 *            the byte strobes, so every write replaces all 64 bits with the
 *            data word. A 32-bit store arrives on the 64-bit bus with its
 *            word in both halves (the RTL measurement: after
 *            "low, high, low" for a deadline of 0x7111, mtimecmp held
 *            0x0000711100007111), a 64-bit store with its value.
 *
 * The test builds twice (tests/host/CMakeLists.txt): with
 * __riscv_xlen = 64 the driver must reach the exact deadline on both
 * CLINTs through one 64-bit store; with __riscv_xlen = 32 it must use
 * 32-bit stores only, reach the exact deadline on a strobe-respecting
 * CLINT, and never pass through a value below both the old and the new
 * deadline (an early interrupt).
 */
#include "harness.h"
#include "fake_mmio.h"
#include "drivers/clint.h"

#define BASE 0x02000000UL
#define CMP(h) (BASE + CLINT_MTIMECMP + 8 * (h))

enum clint_kind { STROBES, CVA6_64 };

struct clint_model {
	enum clint_kind kind;
	uint64_t mtimecmp;     /* hart 0's and hart 1's are enough here */
	uint64_t lowest;       /* the smallest value mtimecmp took on the way */
	unsigned writes;
};

/* One store as the CLINT sees it. */
static void model_store(struct clint_model *m, uintptr_t addr, unsigned width, uint64_t val)
{
	unsigned shift = (addr & 4) ? 32 : 0;

	if (width == 8)
		m->mtimecmp = val;
	else if (m->kind == CVA6_64)
		m->mtimecmp = (val & 0xffffffffULL) << 32 | (val & 0xffffffffULL);
	else
		m->mtimecmp = (m->mtimecmp & ~(0xffffffffULL << shift)) |
			      (val & 0xffffffffULL) << shift;
	if (m->mtimecmp < m->lowest)
		m->lowest = m->mtimecmp;
	m->writes++;
}

/* Replay every write the driver made to hart h's mtimecmp into the model. */
static void replay(struct clint_model *m, unsigned long h)
{
	for (unsigned i = 0; i < mmio_n && i < MMIO_LOG_MAX; i++) {
		const struct mmio_access *a = &mmio_log[i];

		if (a->write && a->addr >= CMP(h) && a->addr < CMP(h) + 8)
			model_store(m, a->addr, a->width, a->val);
	}
}

/* set_timer(when) on a CLINT of this kind whose mtimecmp held `old`. */
static struct clint_model program(enum clint_kind kind, unsigned long h, uint64_t old, uint64_t when)
{
	struct clint_model m = { .kind = kind, .mtimecmp = old, .lowest = old };

	mmio_reset();
	clint_set_mtimecmp(BASE, h, when);
	replay(&m, h);
	return m;
}

static const uint64_t deadlines[] = {
	0x7111,                  /* the case: a small deadline soon after reset */
	0x500000001ULL,          /* both halves non-zero */
	0x00000001ffffffffULL,   /* low half all ones */
	0xfffffffe00000000ULL,   /* low half zero */
	~0ULL,                   /* "no timer" (Linux writes this to stop it) */
};
#define NDEAD (sizeof(deadlines) / sizeof(deadlines[0]))

#if __riscv_xlen == 64
/* rv64: one 64-bit store to the hart's mtimecmp, nothing else, on every CLINT. */
static void t_rv64_one_store(void)
{
	mmio_reset();
	clint_set_mtimecmp(BASE, 1, 0x500000001ULL);
	EXPECT(W64(CMP(1), 0x500000001ULL));
}

static void t_rv64_cva6_exact_deadline(void)
{
	for (unsigned i = 0; i < NDEAD; i++) {
		struct clint_model m = program(CVA6_64, 0, 0, deadlines[i]);

		CHECK_EQ(m.mtimecmp, deadlines[i]);
		CHECK_EQ(m.writes, 1);
		m = program(STROBES, 0, ~0ULL, deadlines[i]);
		CHECK_EQ(m.mtimecmp, deadlines[i]);
	}
}

static void t_rv64_mtime_one_load(void)
{
	mmio_reset();
	mmio_preset(BASE + CLINT_MTIME, 0x300000010ULL);
	CHECK_EQ(clint_mtime(BASE), 0x300000010ULL);
	EXPECT(R64(BASE + CLINT_MTIME, 0x300000010ULL));
}
#else
/* rv32: 32-bit stores only, in the order of priv spec 3.2.1 "Machine Timer Registers". */
static void t_rv32_split_sequence(void)
{
	mmio_reset();
	clint_set_mtimecmp(BASE, 1, 0x500000001ULL);
	EXPECT(W32(CMP(1), 0xffffffff), W32(CMP(1) + 4, 5), W32(CMP(1), 1));
}

static void t_rv32_exact_deadline_no_early_fire(void)
{
	for (unsigned i = 0; i < NDEAD; i++)
		for (unsigned j = 0; j < NDEAD; j++) {
			uint64_t old = deadlines[j], when = deadlines[i];
			struct clint_model m = program(STROBES, 0, old, when);

			CHECK_EQ(m.mtimecmp, when);
			/* Never below both deadlines: no interrupt neither asked for. */
			CHECK(m.lowest >= (old < when ? old : when));
		}
}

static void t_rv32_mtime_halves(void)
{
	mmio_reset();
	mmio_preset(BASE + CLINT_MTIME, 0x10);
	mmio_preset(BASE + CLINT_MTIME + 4, 0x3);
	CHECK_EQ(clint_mtime(BASE), 0x300000010ULL);
	EXPECT(R32(BASE + CLINT_MTIME + 4, 3), R32(BASE + CLINT_MTIME, 0x10),
	       R32(BASE + CLINT_MTIME + 4, 3));
}
#endif

/*
 * The model itself must be able to tell: the split sequence on CVA6's
 * 64-bit CLINT ends with the low word in both halves, as measured on the
 * RTL. (This is what the rv64 driver did before it used one store.)
 */
static void t_model_catches_split_on_cva6(void)
{
	struct clint_model m = { .kind = CVA6_64, .lowest = ~0ULL };

	model_store(&m, CMP(0), 4, 0xffffffff);
	model_store(&m, CMP(0) + 4, 4, 0);
	model_store(&m, CMP(0), 4, 0x7111);
	CHECK_EQ(m.mtimecmp, 0x0000711100007111ULL);
	CHECK(m.mtimecmp != 0x7111);
}

static void t_ipi(void)
{
	mmio_reset();
	clint_send_ipi(BASE, 3);
	clint_clear_ipi(BASE, 3);
	EXPECT(W32(BASE + 12, 1), W32(BASE + 12, 0));
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
#if __riscv_xlen == 64
	RUN(t_rv64_one_store);
	RUN(t_rv64_cva6_exact_deadline);
	RUN(t_rv64_mtime_one_load);
#else
	RUN(t_rv32_split_sequence);
	RUN(t_rv32_exact_deadline_no_early_fire);
	RUN(t_rv32_mtime_halves);
#endif
	RUN(t_model_catches_split_on_cva6);
	RUN(t_ipi);
	return h_done();
}
