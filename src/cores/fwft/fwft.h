/* SPDX-License-Identifier: BSD-2-Clause */
/* Firmware features, EID "FWFT" (SBI spec chapter "Firmware Features Extension"):
 * the rules of set and get, pure C; the hart's side is the caller's apply
 * function (src/hart/fwft_hart.c), so tests/host/cores/fwft/test_fwft.c fakes it. */
#ifndef TALLY_FWFT_H
#define TALLY_FWFT_H

#include <stdbool.h>
#include <stdint.h>
#include "base/machine.h"   /* struct fwft_caps */
#include "base/sbi.h"

/* One hart's features: every value is 0 after a hart reset, nothing locked. */
struct fwft_hart {
	uint8_t value[FWFT_NUM_FEATURES];   /* every value defined fits: 0, 1, 7, 16 */
	uint8_t locked;           /* bit f: feature f is locked until hart reset */
};

/* Make the hart do `value` for feature f; false: FAILED, the value kept. */
typedef bool fwft_apply_fn(unsigned f, unsigned long value);

struct sbiret fwft_set(struct fwft_hart *h, const struct fwft_caps *caps, uint32_t feature,
		       unsigned long value, unsigned long flags, fwft_apply_fn *apply);
struct sbiret fwft_get(const struct fwft_hart *h, const struct fwft_caps *caps, uint32_t feature);
/* Hart reset: every value back to 0 and every lock released. */
void fwft_reset(struct fwft_hart *h);
#endif
