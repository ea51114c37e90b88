/* SPDX-License-Identifier: BSD-2-Clause */
/* The fake backend itself: does it model the CSR file the way hardware does? */
#include "pmu_fixture.h"

static void fb_counters_that_exist(void)
{
	struct fake_cfg c = default_cfg();
	struct pmu_hw_info info = { 0 };

	fake_setup(&c);
	fake_backend.probe(&info);
	CHECK_EQ(info.num_hpm, 4);
	CHECK_EQ(info.hpm[0], 3);
	CHECK_EQ(info.hpm[3], 7);
	CHECK_EQ(info.width[7], 48);
	CHECK_EQ(info.width[6], 0);
	CHECK_EQ(info.stoppable, 1U << 0 | 1U << 2 | 1U << 3 | 1U << 4 | 1U << 5 | 1U << 7);
	CHECK(fake_exists(0) && !fake_exists(1) && fake_exists(2) && !fake_exists(6));
	/* after probe: hpm counters held, cycle and instret run */
	CHECK(fake_counting(0) && fake_counting(2));
	CHECK(!fake_counting(3));
	CHECK_EQ(fake.bad, 0);
}

static void fb_wraps_at_width(void)
{
	struct fake_cfg c = default_cfg();

	c.hpm_width = 12;
	fake_setup(&c);
	fake_write(3, 0xffffe);          /* only 12 bits stick */
	CHECK_EQ(fake_backend.read(3), 0xffe);
	fake_program(3, 0x10, 0);
	fake_backend.start(3, 0x10, false, 0);
	CHECK(fake_counting(3));
	fake_tick(3, 1);
	CHECK_EQ(fake_backend.read(3), 0xfff);
	CHECK(!fake_backend.overflowed(3));
	fake_tick(3, 3);
	CHECK_EQ(fake_backend.read(3), 2);
	CHECK(fake_backend.overflowed(3));
	/* start clears a stale OF */
	fake_backend.stop(3, 0);
	fake_backend.start(3, 0x10, false, 0);
	CHECK(!fake_backend.overflowed(3));
	/* 64-bit counters wrap at 64 bits */
	fake_write(0, ~0ULL);
	fake_tick(0, 2);
	CHECK_EQ(fake_backend.read(0), 1);
	CHECK_EQ(fake.bad, 0);
}

static void fb_inhibit_and_selector(void)
{
	struct fake_cfg c = default_cfg();

	fake_setup(&c);
	fake_write(4, 10);
	fake_tick(4, 5);                         /* inhibited: no count */
	CHECK_EQ(fake.csr.counter[4], 10);
	fake_backend.start(4, 0, false, 0);                /* uninhibited, but selector 0: no count */
	fake_tick(4, 5);
	CHECK_EQ(fake.csr.counter[4], 10);
	fake_program(4, 0x11, PMU_CFG_SET_SINH);
	CHECK_EQ(fake.csr.event[4], 0x11 | 1ULL << 61);   /* SINH -> mhpmevent bit 61 */
	fake_tick(4, 5);
	CHECK_EQ(fake.csr.counter[4], 15);
	fake_backend.stop(4, 0);
	fake_tick(4, 5);
	CHECK_EQ(fake.csr.counter[4], 15);
	fake_clear(4);
	CHECK_EQ(fake.csr.event[4], 0);
	CHECK_EQ(fake.bad, 0);
}

static void fb_without_inhibit(void)
{
	struct fake_cfg c = default_cfg();
	struct pmu_hw_info info = { 0 };

	c.has_inhibit = false;
	c.has_sscofpmf = false;
	fake_setup(&c);
	fake_backend.probe(&info);
	CHECK_EQ(info.stoppable, 1U << 3 | 1U << 4 | 1U << 5 | 1U << 7);
	CHECK(!info.has_inhibit);
	CHECK(fake_backend.overflowed == NULL);
	fake_program(5, 0x33, 0);
	CHECK(!fake_counting(5));                /* the selector is the switch: off */
	fake_backend.start(5, 0x33, false, 0);
	CHECK(fake_counting(5));
	fake_backend.stop(5, 0);
	CHECK(!fake_counting(5));
	CHECK(fake_counting(0));                 /* nothing stops cycle */
	CHECK_EQ(fake.bad, 0);
	fake_backend.stop(0, 0);                    /* the core must never ask this */
	CHECK_EQ(fake.bad, 1);
}

static void fb_forbidden_accesses_are_seen(void)
{
	struct fake_cfg c = default_cfg();

	fake_setup(&c);
	(void)fake_backend.read(1);
	CHECK_EQ(fake.bad, 1);
	(void)fake_backend.read(6);
	CHECK_EQ(fake.bad, 2);
	fake_write(31, 1);
	CHECK_EQ(fake.bad, 3);
	fake_program(0, 1, 0);
	CHECK_EQ(fake.bad, 4);
	fake_clear(2);
	CHECK_EQ(fake.bad, 5);
	fake_program(3, 1, PMU_CFG_AUTO_START);
	CHECK_EQ(fake.bad, 6);
	(void)fake_backend.read(40);
	CHECK_EQ(fake.bad, 7);
}

static struct pmu_hw_map map_of(unsigned long ev, uint64_t data, long *err)
{
	struct pmu_hw_map m = { .ctrs = 0, .excl = PMU_EXCL_NONE, .sel = 0 };

	*err = fake_backend.map(ev, data, &m);
	return m;
}

static void fb_map(void)
{
	struct fake_cfg c = default_cfg();
	struct pmu_hw_map m;
	long err;

	c.raw_reserved = 1ULL << 40;
	fake_setup(&c);
	m = map_of(EV_L1D_RM, 0, &err);
	CHECK_ERR(err, SBI_SUCCESS);
	CHECK_EQ(m.ctrs, c.cache_mask);
	CHECK_EQ(m.sel, FAKE_SEL_L1D_READ_MISS);
	m = map_of(EV_BR_MISS, 0, &err);
	CHECK_EQ(m.ctrs, c.branch_mask);
	CHECK_EQ(m.sel, FAKE_SEL_BRANCH_MISSES);
	m = map_of(EV_BUS_CYC, 0, &err);
	CHECK_ERR(err, SBI_SUCCESS);
	CHECK_EQ(m.ctrs, 0);
	m = map_of(EV_RAW2, 0xabc, &err);
	CHECK_EQ(m.ctrs, c.raw_mask);
	CHECK_EQ(m.sel, 0xabc);
	m = map_of(EV_RAW2, 0, &err);
	CHECK_EQ(m.ctrs, 0);
	m = map_of(EV_RAW, 1ULL << 40, &err);
	CHECK_ERR(err, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(fake.bad, 0);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(fb_counters_that_exist);
	RUN(fb_wraps_at_width);
	RUN(fb_inhibit_and_selector);
	RUN(fb_without_inhibit);
	RUN(fb_forbidden_accesses_are_seen);
	RUN(fb_map);
	return h_done();
}
