/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DBTR, EID 0x44425452: registers in, struct sbiret out; the functions
 * are in dbtr.c. This file holds what they leave to the hart: finding its
 * triggers (at every hart reset, under the trap guard: harts may differ),
 * writing one, and checking the shared memory S-mode names.
 */
#include "arch/csr.h"
#include "arch/sdtrig.h"
#include "arch/trap_guard.h"
#include "cores/dbtr/dbtr.h"
#include "base/machine.h"
#include "base/mem.h"
#include "tally_config.h"

static struct dbtr_hart dbtr_harts[TALLY_MAX_HARTS];
static bool has_tdata3[TALLY_MAX_HARTS];

/*
 * tdata1 = 0 first: a trigger half written (new tdata1, old tdata2) never
 * fires. tdata3 only where it exists; a nonzero tdata3 where it does not
 * would be lost, so tdata1 reads back as 0 and dbtr.c refuses the entry.
 */
static unsigned long dbtr_program(unsigned i, unsigned long t1, unsigned long t2, unsigned long t3)
{
	w_tselect(i);
	w_tdata1(0);
	w_tdata2(t2);
	if (has_tdata3[r_mhartid()])
		w_tdata3(t3);
	else if (t3)
		return 0;
	w_tdata1(t1);
	return r_tdata1();
}

/* How many triggers this hart has, what types each takes; all cleared. */
static void dbtr_probe(struct dbtr_hart *h, unsigned long hartid)
{
	struct trap_guard g;
	unsigned i;

	h->num = 0;
	if (!features.has_s_mode)
		return;
	for (i = 0; i < DBTR_MAX_TRIGGERS; i++) {
		unsigned long sel = ~0UL, info = 0, t1 = 0;
		bool no_tinfo;

		trap_guard_begin(&g);
		w_tselect(i);
		sel = r_tselect();
		if (trap_guard_end(&g) || sel != i)
			break;                   /* no Sdtrig, or no trigger i */
		trap_guard_begin(&g);
		info = r_tinfo();
		no_tinfo = trap_guard_end(&g);
		if (no_tinfo) {                  /* tinfo is optional: the type tdata1 shows */
			t1 = r_tdata1();
			info = 1UL << TDATA1_TYPE(t1);
		}
		if (info == 1)
			break;                   /* "no trigger at this tselect" */
		h->types[i] = (uint8_t)(((info >> TRIG_TYPE_MCONTROL) & 1 ? DBTR_HAS_MCONTROL : 0) |
					((info >> TRIG_TYPE_MCONTROL6) & 1 ? DBTR_HAS_MCONTROL6 : 0));
	}
	h->num = i;
	if (i) {
		trap_guard_begin(&g);
		w_tselect(0);
		(void)r_tdata3();
		has_tdata3[hartid] = !trap_guard_end(&g);
	}
}

void dbtr_hart_reset(unsigned long hartid)
{
	struct dbtr_hart *h = &dbtr_harts[hartid];

	dbtr_probe(h, hartid);
	dbtr_reset(h, dbtr_program);
}

/*
 * set_shmem (FID 1): like the PMU's snapshot memory and DBCN's buffers,
 * never trusted as given: aligned, and in RAM outside the firmware
 * (sbi_mem_ok), for the trig_max entries S-mode may make us touch.
 */
static struct sbiret dbtr_set_shmem(struct dbtr_hart *h, unsigned long lo, unsigned long hi,
				    unsigned long flags)
{
	unsigned long size = (h->num ? h->num : 1) * DBTR_ENTRY_WORDS * sizeof(long);

	if (flags)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (lo == ~0UL && hi == ~0UL) {
		h->shmem = 0;
		return sbi_ok(0);
	}
	if (lo & (sizeof(long) - 1))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* Nothing Tally runs on has memory the firmware reaches above XLEN bits. */
	if (hi || !sbi_mem_ok(lo, size))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	h->shmem = (unsigned long *)(uintptr_t)lo;
	return sbi_ok(0);
}

struct sbiret sbi_dbtr_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	struct dbtr_hart *h = &dbtr_harts[r_mhartid()];

	switch (fid) {
	case DBTR_FID_NUM_TRIGGERS:
		return dbtr_num_triggers(h, a0);
	case DBTR_FID_SET_SHMEM:
		return dbtr_set_shmem(h, a0, a1, a2);
	case DBTR_FID_READ:
		return dbtr_read(h, a0, a1);
	case DBTR_FID_INSTALL:
		return dbtr_install(h, a0, dbtr_program);
	case DBTR_FID_UPDATE:
		return dbtr_update(h, a0, dbtr_program);
	case DBTR_FID_UNINSTALL:
		return dbtr_uninstall(h, a0, a1, dbtr_program);
	case DBTR_FID_ENABLE:
	case DBTR_FID_DISABLE:
		return dbtr_enable(h, a0, a1, fid == DBTR_FID_ENABLE, dbtr_program);
	default:
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
}
