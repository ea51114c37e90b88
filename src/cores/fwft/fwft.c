/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FWFT set and get: which answer each request gets (SBI spec, FWFT
 * chapter, tables "FWFT Firmware Features Set Errors" and "... Get
 * Errors"). The checks run in this order, so one request has one answer:
 *   1. the feature type: reserved, or platform-specific (Tally defines
 *      none), is DENIED; a defined one the hart lacks is NOT_SUPPORTED;
 *   2. set only: reserved flag bits are INVALID_PARAM;
 *   3. set only: a locked feature is DENIED_LOCKED, whatever the value
 *      (LOCK: "the feature value can no longer be modified until hart
 *      reset", and a request to keep it is still a set);
 *   4. set only: a value the feature does not define is INVALID_PARAM.
 * Only then does the hart change; LOCK takes effect with the value.
 */
#include "cores/fwft/fwft.h"

/* Features 0..5 are the only ones defined; everything else Tally has none of.
 * Each caller tests the bound itself first, where the feature then indexes. */
static long feature_error(const struct fwft_caps *caps, unsigned feature)
{
	if (!((caps->supported >> feature) & 1))
		return SBI_ERR_NOT_SUPPORTED;
	return SBI_SUCCESS;
}

/* Table "FWFT Feature Attribute Values": 0/1, or a PMLEN the hart has. */
static bool value_ok(const struct fwft_caps *caps, uint32_t feature, unsigned long value)
{
	if (feature == FWFT_POINTER_MASKING_PMLEN)
		return value == 0 || (value == 7 && caps->pmlen7) || (value == 16 && caps->pmlen16);
	return value <= 1;
}

struct sbiret fwft_set(struct fwft_hart *h, const struct fwft_caps *caps, uint32_t feature,
		       unsigned long value, unsigned long flags, fwft_apply_fn *apply)
{
	long err;

	if (feature >= FWFT_NUM_FEATURES)
		return sbi_err(SBI_ERR_DENIED);   /* reserved, or platform-specific and unimplemented */
	err = feature_error(caps, feature);
	if (err)
		return sbi_err(err);
	if (flags & ~FWFT_SET_LOCK)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if ((h->locked >> feature) & 1)
		return sbi_err(SBI_ERR_DENIED_LOCKED);
	if (!value_ok(caps, feature, value))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* The same value again succeeds (spec NOTE) and need not touch the hart. */
	if (value != h->value[feature] && !apply(feature, value))
		return sbi_err(SBI_ERR_FAILED);
	h->value[feature] = (uint8_t)value;
	if (flags & FWFT_SET_LOCK)
		h->locked |= (uint8_t)(1u << feature);
	return sbi_ok(0);
}

struct sbiret fwft_get(const struct fwft_hart *h, const struct fwft_caps *caps, uint32_t feature)
{
	long err;

	if (feature >= FWFT_NUM_FEATURES)
		return sbi_err(SBI_ERR_DENIED);   /* as for set */
	err = feature_error(caps, feature);
	/* "In case of failure, the content of sbiret.value is zero." */
	return err ? sbi_err(err) : sbi_ok(h->value[feature]);
}

void fwft_reset(struct fwft_hart *h)
{
	for (unsigned f = 0; f < FWFT_NUM_FEATURES; f++)
		h->value[f] = 0;
	h->locked = 0;
}
