/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * src/cores/fwft/fwft.c, the FWFT rules, against a fake hart: the order of the
 * errors, LOCK, the same value again, a hart that refuses, reset.
 */
#include "harness.h"
#include "cores/fwft/fwft.h"

static unsigned applied, refuse;
static unsigned long last_f, last_v;

static bool fake_apply(unsigned f, unsigned long v)
{
	applied++;
	last_f = f;
	last_v = v;
	return !refuse;
}

static const struct fwft_caps caps = {
	.supported = 1u << FWFT_MISALIGNED_EXC_DELEG | 1u << FWFT_POINTER_MASKING_PMLEN,
	.pmlen7 = true,
};

static void f_feature_types(void)
{
	struct fwft_hart h = { 0 };
	static const uint32_t denied[] = { 6, 0x3fffffff, 0x40000000, 0x7fffffff,
					   0x80000000, 0xbfffffff, 0xc0000000, 0xffffffff };

	for (unsigned i = 0; i < sizeof(denied) / sizeof(denied[0]); i++) {
		CHECK_ERR(fwft_get(&h, &caps, denied[i]).error, SBI_ERR_DENIED);
		CHECK_EQ(fwft_get(&h, &caps, denied[i]).value, 0);
		/* DENIED before the flags are looked at */
		CHECK_ERR(fwft_set(&h, &caps, denied[i], 0, 2, fake_apply).error, SBI_ERR_DENIED);
	}
	CHECK_ERR(fwft_get(&h, &caps, FWFT_LANDING_PAD).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_ERR(fwft_set(&h, &caps, FWFT_DOUBLE_TRAP, 1, 2, fake_apply).error, SBI_ERR_NOT_SUPPORTED);
	CHECK_OK(fwft_get(&h, &caps, FWFT_MISALIGNED_EXC_DELEG), 0);
	CHECK_EQ(applied, 0);
}

static void f_values_and_flags(void)
{
	struct fwft_hart h = { 0 };

	applied = 0;
	CHECK_ERR(fwft_set(&h, &caps, 0, 1, 2, fake_apply).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(fwft_set(&h, &caps, 0, 1, ~0UL, fake_apply).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(fwft_set(&h, &caps, 0, 2, 0, fake_apply).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(fwft_set(&h, &caps, FWFT_POINTER_MASKING_PMLEN, 16, 0, fake_apply).error,
		  SBI_ERR_INVALID_PARAM);   /* the hart has PMLEN 7 only */
	CHECK_ERR(fwft_set(&h, &caps, FWFT_POINTER_MASKING_PMLEN, 1, 0, fake_apply).error,
		  SBI_ERR_INVALID_PARAM);
	CHECK_EQ(applied, 0);
	CHECK_OK(fwft_set(&h, &caps, FWFT_POINTER_MASKING_PMLEN, 7, 0, fake_apply), 0);
	CHECK_EQ(last_f, FWFT_POINTER_MASKING_PMLEN);
	CHECK_EQ(last_v, 7);
	CHECK_OK(fwft_get(&h, &caps, FWFT_POINTER_MASKING_PMLEN), 7);
	/* the same value again succeeds without touching the hart */
	applied = 0;
	CHECK_OK(fwft_set(&h, &caps, FWFT_POINTER_MASKING_PMLEN, 7, 0, fake_apply), 0);
	CHECK_EQ(applied, 0);
	/* a hart that refuses: FAILED, the value stays */
	refuse = 1;
	CHECK_ERR(fwft_set(&h, &caps, 0, 1, 0, fake_apply).error, SBI_ERR_FAILED);
	CHECK_OK(fwft_get(&h, &caps, 0), 0);
	/* ... and LOCK does not take either */
	CHECK_ERR(fwft_set(&h, &caps, 0, 1, FWFT_SET_LOCK, fake_apply).error, SBI_ERR_FAILED);
	refuse = 0;
	CHECK_OK(fwft_set(&h, &caps, 0, 1, 0, fake_apply), 0);
}

static void f_lock_until_reset(void)
{
	struct fwft_hart h = { 0 }, other = { 0 };

	CHECK_OK(fwft_set(&h, &caps, 0, 1, FWFT_SET_LOCK, fake_apply), 0);
	applied = 0;
	CHECK_ERR(fwft_set(&h, &caps, 0, 0, 0, fake_apply).error, SBI_ERR_DENIED_LOCKED);
	CHECK_ERR(fwft_set(&h, &caps, 0, 1, 0, fake_apply).error, SBI_ERR_DENIED_LOCKED);
	CHECK_ERR(fwft_set(&h, &caps, 0, 1, FWFT_SET_LOCK, fake_apply).error, SBI_ERR_DENIED_LOCKED);
	CHECK_ERR(fwft_set(&h, &caps, 0, 2, 0, fake_apply).error, SBI_ERR_DENIED_LOCKED);
	CHECK_ERR(fwft_set(&h, &caps, 0, 1, 3, fake_apply).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(applied, 0);
	CHECK_OK(fwft_get(&h, &caps, 0), 1);
	/* one feature's lock is not another's, one hart's not another's */
	CHECK_OK(fwft_set(&h, &caps, FWFT_POINTER_MASKING_PMLEN, 7, 0, fake_apply), 0);
	CHECK_OK(fwft_set(&other, &caps, 0, 0, 0, fake_apply), 0);
	fwft_reset(&h);
	CHECK_OK(fwft_get(&h, &caps, 0), 0);
	CHECK_OK(fwft_get(&h, &caps, FWFT_POINTER_MASKING_PMLEN), 0);
	CHECK_OK(fwft_set(&h, &caps, 0, 1, 0, fake_apply), 0);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(f_feature_types);
	RUN(f_values_and_flags);
	RUN(f_lock_until_reset);
	return h_done();
}
