/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DBTR's functions (SBI spec, Debug Triggers chapter) on one hart's
 * triggers. What Tally accepts from S-mode:
 *   - types 2 (mcontrol) and 6 (mcontrol6), the address/data match
 *     triggers, on hardware triggers whose tinfo lists the type;
 *   - never dmode = 1 or m = 1 (the chapter forbids both): a trigger S-mode
 *     installs never fires in M-mode and never hands the hart to a
 *     debugger; action must be 0 (raise a breakpoint exception, which
 *     medeleg sends to S-mode);
 *   - bits the hardware does not keep (read back after the write) make the
 *     install or update NOT_SUPPORTED, and the trigger is left cleared.
 * Every request is checked whole before any trigger changes, so a failed
 * call changes nothing (but for an update the hardware refuses midway:
 * the refused trigger is left uninstalled, the ones before it updated).
 *
 * How Tally reads the chapter's BAD_RANGE and "not mapped" rows (as OpenSBI
 * and kvm-unit-tests do): docs/extensions.md, "DBTR".
 */
#include "base/mem.h"
#include "cores/dbtr/dbtr.h"

#define XLEN (sizeof(long) * 8)

/* tdata1 fields of types 2 and 6 (Sdtrig "Match Control" chapters) */
#define MC_LOAD    (1UL << 0)
#define MC_STORE   (1UL << 1)
#define MC_EXECUTE (1UL << 2)
#define MC_U       (1UL << 3)
#define MC_S       (1UL << 4)
#define MC_M       (1UL << 6)
#define MC_MATCH   (0xfUL << 7)
#define MC_CHAIN   (1UL << 11)
#define MC_ACTION  (0xfUL << 12)
#define MC_SIZELO  (3UL << 16)     /* type 2 */
#define MC_TIMING  (1UL << 18)     /* type 2 */
#define MC_SELECT2 (1UL << 19)     /* type 2 */
#define MC_SIZEHI  (XLEN == 64 ? 3UL << 21 : 0)   /* type 2, RV64 only */
#define MC6_SIZE   (7UL << 16)
#define MC6_SELECT (1UL << 21)
#define MC6_VU     (1UL << 23)
#define MC6_VS     (1UL << 24)
#define TYPE_FIELD (0xfUL << (XLEN - 4))

#define COMMON_BITS (MC_LOAD | MC_STORE | MC_EXECUTE | MC_U | MC_S | MC_M | MC_MATCH | \
		     MC_CHAIN | MC_ACTION | TYPE_FIELD | TDATA1_DMODE)

/* The bits a trigger of this type must keep as written (hit bits and
 * read-only fields aside), and the mode bits enable/disable move. */
static unsigned long kept_bits(unsigned type)
{
	return COMMON_BITS | (type == TRIG_TYPE_MCONTROL6 ? MC6_SIZE | MC6_SELECT | MC6_VU | MC6_VS :
			      MC_SIZELO | MC_TIMING | MC_SELECT2 | MC_SIZEHI);
}
static unsigned long mode_bits(unsigned type)
{
	return MC_U | MC_S | (type == TRIG_TYPE_MCONTROL6 ? MC6_VU | MC6_VS : 0);
}

/* Where tdata1 and trig_state keep u, s (both types), vu, vs (type 6 only). */
static const struct { unsigned long t1, st; } mode_map[] = {
	{ MC_U, DBTR_STATE_U }, { MC_S, DBTR_STATE_S },
	{ MC6_VU, DBTR_STATE_VU }, { MC6_VS, DBTR_STATE_VS },
};
static unsigned n_modes(unsigned long t1)
{
	return TDATA1_TYPE(t1) == TRIG_TYPE_MCONTROL6 ? 4 : 2;
}

/* trig_state of trigger i: mapped, its hardware index, the mode bits of tdata1 */
static unsigned long state_of(unsigned i, unsigned long t1)
{
	unsigned long st = DBTR_STATE_MAPPED | (unsigned long)i << DBTR_STATE_HW_IDX_SHIFT;

	for (unsigned k = 0; k < n_modes(t1); k++)
		if (t1 & mode_map[k].t1)
			st |= mode_map[k].st;
	return st;
}
/* ... and back: tdata1 with its mode bits as trig_state saved them */
static unsigned long with_modes(unsigned long t1, unsigned long st)
{
	t1 &= ~mode_bits((unsigned)TDATA1_TYPE(t1));
	for (unsigned k = 0; k < n_modes(t1); k++)
		if (st & mode_map[k].st)
			t1 |= mode_map[k].t1;
	return t1;
}

/* The type bit of types[] a tdata1 needs, or 0 for a type Tally does not install. */
static uint8_t type_need(unsigned long t1)
{
	switch (TDATA1_TYPE(t1)) {
	case TRIG_TYPE_MCONTROL:  return DBTR_HAS_MCONTROL;
	case TRIG_TYPE_MCONTROL6: return DBTR_HAS_MCONTROL6;
	default:                  return 0;
	}
}

/* A tdata1 S-mode may ask for (whatever the hardware then keeps). */
static bool tdata1_ok(unsigned long t1)
{
	return !(t1 & (TDATA1_DMODE | MC_M | MC_ACTION));
}

static bool range_ok(const struct dbtr_hart *h, unsigned long base, unsigned long count)
{
	return base < h->num ? count <= h->num - base : count == 0 && base == 0 && h->num == 0;
}

/* FID 0 */
struct sbiret dbtr_num_triggers(const struct dbtr_hart *h, unsigned long tdata1)
{
	unsigned long n = 0;
	uint8_t need = type_need(tdata1);

	if (!tdata1)
		return sbi_ok(h->num);
	if (!tdata1_ok(tdata1))
		return sbi_ok(0);                /* nothing here takes that */
	for (unsigned i = 0; i < h->num; i++)
		n += (h->types[i] & need) != 0;
	return sbi_ok(n);
}

/* The memory set_shmem accepted, or 0: checked again where it is used, the
 * same answer (docs/proof.md: a kept address the proof joins with off's 0). */
static uintptr_t shmem(const struct dbtr_hart *h)
{
	uint64_t end;

	if (!h->shmem)
		return 0;
	/*@ slevel 2; */
	return sbi_mem_window((uintptr_t)h->shmem, dbtr_shmem_size(h), &end);
}

/* FID 2. The range is checked here, where it indexes trig[]: base + i < num. */
struct sbiret dbtr_read(struct dbtr_hart *h, unsigned long base, unsigned long count)
{
	unsigned num = h->num;
	uintptr_t a;

	/*@ slevel 2; */
	a = shmem(h);
	if (!a)
		return sbi_err(SBI_ERR_NO_SHMEM);
	/*@ slevel merge; */
	volatile unsigned long *w = (volatile unsigned long *)a;
	if (!range_ok(h, base, count))
		return sbi_err(SBI_ERR_BAD_RANGE);
	unsigned long t = base;
	for (unsigned long i = 0; i < count && i < num && t < num; i++, t++) {
		const struct dbtr_trig *tr = &h->trig[t];
		volatile unsigned long *e = w + i * DBTR_ENTRY_WORDS;
		e[0] = tr->state;
		e[1] = tr->tdata1;
		e[2] = tr->tdata2;
		e[3] = tr->tdata3;
	}
	return sbi_ok(0);
}

/*
 * install and update: the shared memory is on and count entries fit
 * (range_ok with base 0 is count <= num, tested in the callers, where count
 * then bounds e[]); copy them out once (S-mode may change the memory meanwhile).
 */
static void fetch(const volatile unsigned long *w, unsigned long count, struct dbtr_trig *e)
{
	for (unsigned long i = 0; i < count; i++) {
		const volatile unsigned long *s = w + i * DBTR_ENTRY_WORDS;
		e[i].state = s[0];       /* install: ignored; update: trig_idx */
		e[i].tdata1 = s[1];
		e[i].tdata2 = s[2];
		e[i].tdata3 = s[3];
	}
}

/* Write entry e to trigger i and check the hart kept it. */
static bool program_trig(struct dbtr_hart *h, unsigned i, const struct dbtr_trig *e,
			 dbtr_program_fn *program)
{
	unsigned long keep = kept_bits((unsigned)TDATA1_TYPE(e->tdata1));
	unsigned long back = program(i, e->tdata1, e->tdata2, e->tdata3);

	if ((back ^ e->tdata1) & keep) {
		program(i, 0, 0, 0);
		return false;
	}
	h->trig[i].state = state_of(i, e->tdata1);
	h->trig[i].tdata1 = e->tdata1;
	h->trig[i].tdata2 = e->tdata2;
	h->trig[i].tdata3 = e->tdata3;
	return true;
}

static void clear_trig(struct dbtr_hart *h, unsigned i, dbtr_program_fn *program)
{
	program(i, 0, 0, 0);
	h->trig[i] = (struct dbtr_trig){ 0, 0, 0, 0 };
}

/*
 * The first free run of n triggers that take entries e[i..i+n-1]. The
 * trigger t and the entry j are each tested against their own bound where
 * they index (t < num, j < count): a run that fits has both.
 */
static int find_run(const struct dbtr_hart *h, const struct dbtr_trig *e, unsigned long count,
		    unsigned long i, unsigned n, const bool *taken)
{
	unsigned num = h->num;

	for (unsigned s = 0; s + n <= num; s++) {
		unsigned k;
		for (k = 0; k < n; k++) {
			unsigned t = s + k;
			unsigned long j = i + k;
			if (t >= num || j >= count || taken[t] ||
			    (h->trig[t].state & DBTR_STATE_MAPPED) ||
			    !(h->types[t] & type_need(e[j].tdata1)))
				break;
		}
		if (k == n)
			return (int)s;
	}
	return -1;
}

/* FID 3. e[] and idx[] start zeroed: entries past count are never used. */
struct sbiret dbtr_install(struct dbtr_hart *h, unsigned long count, dbtr_program_fn *program)
{
	struct dbtr_trig e[DBTR_MAX_TRIGGERS] = { { 0, 0, 0, 0 } };
	unsigned idx[DBTR_MAX_TRIGGERS] = { 0 };
	bool taken[DBTR_MAX_TRIGGERS] = { false };
	unsigned num = h->num;
	unsigned long i;
	uintptr_t a;

	/*@ slevel 2; */
	a = shmem(h);
	if (!a)
		return sbi_err(SBI_ERR_NO_SHMEM);
	/*@ slevel merge; */
	volatile unsigned long *w = (volatile unsigned long *)a;
	if (count > num)
		return sbi_err(SBI_ERR_BAD_RANGE);
	fetch(w, count, e);
	for (i = 0; i < count; i++)
		if (!tdata1_ok(e[i].tdata1) || (i == count - 1 && (e[i].tdata1 & MC_CHAIN)))
			return (struct sbiret){ SBI_ERR_INVALID_PARAM, i };
	/* Each chain (entries linked by chain = 1) gets contiguous triggers. */
	for (i = 0; i < count;) {
		unsigned long j = i;   /* the chain's last entry: the last of all has no chain */
		while (j + 1 < count && (e[j].tdata1 & MC_CHAIN))
			j++;
		unsigned n = (unsigned)(j - i + 1);
		int s = find_run(h, e, count, i, n, taken);
		if (s < 0)
			return (struct sbiret){ SBI_ERR_FAILED, i };
		for (unsigned k = 0; k < n; k++) {
			unsigned t = (unsigned)s + k;
			unsigned long j = i + k;
			if (t < num && j < count) {   /* find_run() tested both */
				idx[j] = t;
				taken[t] = true;
			}
		}
		i += n;
	}
	for (i = 0; i < count; i++) {
		if (!program_trig(h, idx[i], &e[i], program)) {
			for (unsigned long k = 0; k < i; k++)
				clear_trig(h, idx[k], program);   /* all or nothing */
			return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, i };
		}
	}
	for (i = 0; i < count; i++)
		w[i * DBTR_ENTRY_WORDS] = idx[i];
	return sbi_ok(0);
}

/* FID 4. The trig_idx of each entry, once checked, is kept in idx[]. */
struct sbiret dbtr_update(struct dbtr_hart *h, unsigned long count, dbtr_program_fn *program)
{
	struct dbtr_trig e[DBTR_MAX_TRIGGERS] = { { 0, 0, 0, 0 } };
	unsigned idx[DBTR_MAX_TRIGGERS] = { 0 };
	unsigned num = h->num;
	unsigned long i;
	uintptr_t a;

	/*@ slevel 2; */
	a = shmem(h);
	if (!a)
		return sbi_err(SBI_ERR_NO_SHMEM);
	/*@ slevel merge; */
	const volatile unsigned long *w = (const volatile unsigned long *)a;
	if (count > num)
		return sbi_err(SBI_ERR_BAD_RANGE);
	fetch(w, count, e);
	for (i = 0; i < count; i++) {
		unsigned long t = e[i].state, old;
		if (t >= num || !tdata1_ok(e[i].tdata1))
			return (struct sbiret){ SBI_ERR_INVALID_PARAM, i };
		if (!(h->trig[t].state & DBTR_STATE_MAPPED))
			return (struct sbiret){ SBI_ERR_FAILED, i };
		old = h->trig[t].tdata1;
		if (TDATA1_TYPE(old) != TDATA1_TYPE(e[i].tdata1) ||
		    ((old ^ e[i].tdata1) & MC_CHAIN))
			return (struct sbiret){ SBI_ERR_INVALID_PARAM, i };
		idx[i] = (unsigned)t;
	}
	for (i = 0; i < count; i++) {
		unsigned t = idx[i];
		if (!program_trig(h, t, &e[i], program)) {
			h->trig[t] = (struct dbtr_trig){ 0, 0, 0, 0 };   /* cleared by program_trig */
			return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, i };
		}
	}
	return sbi_ok(0);
}

/* Every trigger of (base, mask) exists (below trig_max), and if `installed`, is installed? */
static bool set_ok(const struct dbtr_hart *h, unsigned long base, unsigned long mask,
		   bool installed)
{
	unsigned num = h->num;

	for (unsigned b = 0; b < XLEN; b++) {
		if (!((mask >> b) & 1))
			continue;
		unsigned long t = base + b;   /* no wrap once base < num */
		if (base >= num || t >= num || (installed && !(h->trig[t].state & DBTR_STATE_MAPPED)))
			return false;
	}
	return true;
}

/* FID 5 */
struct sbiret dbtr_uninstall(struct dbtr_hart *h, unsigned long base, unsigned long mask,
			     dbtr_program_fn *program)
{
	unsigned num = h->num;

	if (!set_ok(h, base, mask, true))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* set_ok() said every trigger of the set is below num; said again where it indexes */
	for (unsigned b = 0; b < XLEN; b++) {
		unsigned long i = base + b;
		if (((mask >> b) & 1) && i < num)
			clear_trig(h, (unsigned)i, program);
	}
	return sbi_ok(0);
}

/* FID 6 (on) and 7: the mode bits from trig_state, or none; free triggers stay as they are. */
struct sbiret dbtr_enable(struct dbtr_hart *h, unsigned long base, unsigned long mask,
			  bool on, dbtr_program_fn *program)
{
	unsigned num = h->num;

	if (!set_ok(h, base, mask, false))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	for (unsigned b = 0; b < XLEN; b++) {
		unsigned long i = base + b;   /* below num, as in dbtr_uninstall */
		if (!((mask >> b) & 1) || i >= num || !(h->trig[i].state & DBTR_STATE_MAPPED))
			continue;
		struct dbtr_trig *t = &h->trig[i];
		t->tdata1 = with_modes(t->tdata1, on ? t->state : 0);
		program((unsigned)i, t->tdata1, t->tdata2, t->tdata3);
	}
	return sbi_ok(0);
}

void dbtr_reset(struct dbtr_hart *h, dbtr_program_fn *program)
{
	h->shmem = 0;
	for (unsigned i = 0; i < h->num; i++)
		clear_trig(h, i, program);
}
