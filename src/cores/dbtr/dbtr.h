/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Debug triggers, EID "DBTR" (SBI spec chapter "Debug Triggers Extension").
 * Pure C (dbtr.c): triggers are reached through the caller's `program`
 * (src/hart/dbtr_hart.c), shared memory through a pointer it has checked, so
 * tests/host/cores/dbtr/test_dbtr.c runs it all on a fake hart. trig_idx i
 * is hardware trigger i: chains stay contiguous and there is no map to keep.
 */
#ifndef TALLY_DBTR_H
#define TALLY_DBTR_H

#include <stdbool.h>
#include <stdint.h>
#include "base/sbi.h"

/* More on a hart are left unused (QEMU has 2, CVA6 4 to 8): every hart's
 * state is in .bss, which boot clears, and boot time is counted. */
#define DBTR_MAX_TRIGGERS 8

/* tdata1 (Sdtrig): type in the top four bits, dmode below it */
#define TDATA1_TYPE(t)    ((t) >> (sizeof(long) * 8 - 4))
#define TDATA1_DMODE      (1UL << (sizeof(long) * 8 - 5))
#define TRIG_TYPE_MCONTROL  2     /* address/data match */
#define TRIG_TYPE_MCONTROL6 6     /* address/data match, Sdtrig 1.0 */

/* What S-mode installed; trig_state as OpenSBI fills it (docs/extensions.md). */
struct dbtr_trig {
	unsigned long state, tdata1, tdata2, tdata3;
};

struct dbtr_hart {
	unsigned num;                         /* trig_max */
	uint8_t types[DBTR_MAX_TRIGGERS];     /* bit 0: mcontrol, bit 1: mcontrol6 */
	unsigned long *shmem;                 /* NULL: disabled */
	struct dbtr_trig trig[DBTR_MAX_TRIGGERS];
};
#define DBTR_HAS_MCONTROL  1
#define DBTR_HAS_MCONTROL6 2

/* Program hardware trigger i; tdata1 as the hart kept it. t1 = 0 clears it. */
typedef unsigned long dbtr_program_fn(unsigned i, unsigned long t1, unsigned long t2,
				      unsigned long t3);

/* Shared memory: one entry per trigger, four XLEN-bit words. */
#define DBTR_ENTRY_WORDS 4

/* trig_max entries, one if there is no trigger */
static inline unsigned long dbtr_shmem_size(const struct dbtr_hart *h)
{
	return (h->num ? h->num : 1) * DBTR_ENTRY_WORDS * sizeof(long);
}

/* The functions but set_shmem, which is src/hart/dbtr_hart.c's. */
struct sbiret dbtr_num_triggers(const struct dbtr_hart *h, unsigned long tdata1);
struct sbiret dbtr_read(struct dbtr_hart *h, unsigned long base, unsigned long count);
struct sbiret dbtr_install(struct dbtr_hart *h, unsigned long count, dbtr_program_fn *program);
struct sbiret dbtr_update(struct dbtr_hart *h, unsigned long count, dbtr_program_fn *program);
struct sbiret dbtr_uninstall(struct dbtr_hart *h, unsigned long base, unsigned long mask,
			     dbtr_program_fn *program);
struct sbiret dbtr_enable(struct dbtr_hart *h, unsigned long base, unsigned long mask,
			  bool on, dbtr_program_fn *program);
/* Hart reset: every trigger uninstalled and cleared, shared memory off. */
void dbtr_reset(struct dbtr_hart *h, dbtr_program_fn *program);
#endif
