/* SPDX-License-Identifier: BSD-2-Clause */
/* FWFT on the hart (fwft_hart.c): the rules are src/cores/fwft/fwft.c. */
#ifndef TALLY_HART_FWFT_HART_H
#define TALLY_HART_FWFT_HART_H

#include "cores/fwft/fwft.h"
#include "hart/hart.h"

/* Boot hart, once: which features exist. */
void fwft_probe(unsigned long hartid);
/* A hart's reset (boot, hart_start): every value 0, no lock. */
void fwft_hart_reset(unsigned long hartid);
/* Set feature f on this hart (medeleg, menvcfg): fwft_set's apply function. */
bool fwft_apply(unsigned f, unsigned long value);

static inline struct fwft_hart *this_fwft(void)
{
	return &this_hart()->fwft;
}
#endif
