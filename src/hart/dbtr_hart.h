/* SPDX-License-Identifier: BSD-2-Clause */
/* DBTR on the hart (dbtr_hart.c): the functions are src/cores/dbtr/dbtr.c. */
#ifndef TALLY_HART_DBTR_HART_H
#define TALLY_HART_DBTR_HART_H

#include "cores/dbtr/dbtr.h"
#include "hart/hart.h"

/* A hart's reset (boot, hart_start): probe its triggers, clear them. */
void dbtr_hart_reset(unsigned long hartid);
/* Write trigger i of this hart: the core's program function. */
unsigned long dbtr_program(unsigned i, unsigned long t1, unsigned long t2, unsigned long t3);
/* set_shmem (FID 1): the memory checked, then h->shmem. */
struct sbiret dbtr_set_shmem(struct dbtr_hart *h, unsigned long lo, unsigned long hi,
			     unsigned long flags);

static inline struct dbtr_hart *this_dbtr(void)
{
	return &this_hart()->dbtr;
}
#endif
