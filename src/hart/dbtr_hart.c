/* SPDX-License-Identifier: BSD-2-Clause */
/* DBTR on the hart: finding its triggers (every hart reset: harts may differ),
 * writing one, checking S-mode's shared memory; the rules: src/cores/dbtr/dbtr.c. */
#include "arch/csr.h"
#include "arch/sdtrig.h"
#include "arch/trap_guard.h"
#include "base/machine.h"
#include "base/mem.h"
#include "hart/dbtr_hart.h"

/* tdata1 = 0 first: a half-written trigger never fires. A nonzero tdata3 where
 * there is none would be lost: 0 is returned and the core refuses the entry. */
unsigned long dbtr_program(unsigned i, unsigned long t1, unsigned long t2, unsigned long t3)
{
	w_tselect(i);
	w_tdata1(0);
	w_tdata2(t2);
	if (this_hart()->has_tdata3)
		w_tdata3(t3);
	else if (t3)
		return 0;
	w_tdata1(t1);
	return r_tdata1();
}

/* How many triggers this hart has, what types each takes; all cleared. */
static void dbtr_probe(struct dbtr_hart *h, struct hart *hart)
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
		hart->has_tdata3 = !trap_guard_end(&g);
	}
}

void dbtr_hart_reset(unsigned long hartid)
{
	struct hart *hart = hart_of(hartid);

	dbtr_probe(&hart->dbtr, hart);
	dbtr_reset(&hart->dbtr, dbtr_program);
}

/* set_shmem: the trig_max entries we may touch. */
struct sbiret dbtr_set_shmem(struct dbtr_hart *h, unsigned long lo, unsigned long hi,
				    unsigned long flags)
{
	unsigned long size = dbtr_shmem_size(h);

	if (flags)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (lo == ~0UL && hi == ~0UL) {
		h->shmem = 0;
		return sbi_ok(0);
	}
	uintptr_t base = 0;
	long err = sbi_shmem_check(lo, hi, sizeof(long), size, SBI_ERR_INVALID_PARAM,
				   sbi_mem_window, &base);
	if (err)
		return sbi_err(err);
	h->shmem = (unsigned long *)base;
	return sbi_ok(0);
}
