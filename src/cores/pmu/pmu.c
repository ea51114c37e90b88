/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core (SBI spec chapter 11); the counter model is docs/pmu.md's.
 * Invariants: validate everything, then act (a failed request changes
 * nothing, but for stop + RESET below); a counter is one caller's from
 * config_matching to stop + RESET; a counter the backend cannot stop is
 * never handed out. Every call works on sets (bit masks of logical
 * counters) fixed at boot or kept per hart, so none walks the counters.
 * h is the calling hart's state; pmu.be the backend, the only way to a CSR.
 */
#include "base/bits.h"
#include "base/mem.h"
#include "cores/pmu/pmu.h"

/* What pmu_init() worked out, in one place (one base address for every field). */
#define EVMAP_HW_SLOTS    16      /* type 0 codes 0..15 (1..10 defined) */
#define EVMAP_CACHE_SLOTS 64      /* type 1 codes: cache_id << 3 | op << 1 | result */

static struct {
	const struct pmu_backend *be;
	const struct pmu_hw_info *hw; /* what the probe found: the machine record's */
	uint32_t stoppable;           /* hw->stoppable, which every map_event() reads */
	unsigned long num_hw;         /* logical hardware counters: 3 + num_hpm */
	unsigned long num_all;        /* num_hw + PMU_NUM_FW_COUNTERS */
	pmu_set_t all_set;            /* every valid counter, the time slot excluded */
	pmu_set_t hpm_set;            /* logical 3 .. num_hw - 1 */
	pmu_set_t prefer_set;         /* tried first: hpm_set with Sscofpmf, else all */
	uint32_t fw_supported;        /* bit n: firmware event n can happen here */
	bool hpm_identity;            /* hpm counter n is logical index n (no gaps) */
	uint8_t ctr_of[PMU_MAX_HW_COUNTERS];   /* logical index -> counter number (< 32) */
	struct pmu_logical_map none;            /* an event no counter here counts */
	/* firmware event n: any firmware counter if it can happen here, fw_code n */
	struct pmu_logical_map fw_events[PMU_FW_EVENT_MAX];
	/* general (type 0) events by code, then cache (type 1) ones from EVMAP_HW_SLOTS */
	struct pmu_logical_map evmap[EVMAP_HW_SLOTS + EVMAP_CACHE_SLOTS];
} pmu;

/* Logical counters 0..2 are cycle, time and instret (SBI 11.1's hardware numbering). */
#define TIME_CSR   1                  /* time's counter number: never handed out */
#define TIME_SLOT  ((pmu_set_t)2)
#define FIXED_SET  ((pmu_set_t)7)     /* cycle, time, instret */
#define CY_IR_SET  ((pmu_set_t)5)     /* cycle and instret: never released */

/*
 * The lowest member of a set. An empty set has none: both de Bruijn lookups
 * would answer a counter (0, or 32 on rv32) that was never a candidate.
 */
/*@ requires x != 0; */
static inline unsigned lowest_bit(pmu_set_t x)
{
	return PMU_XLEN == 64 ? lowest_bit64(x) : lowest_bit32(x);
}

/*
 * Is logical counter idx a firmware one? A macro, not a function: the
 * caller's own comparison then bounds idx below num_hw (<= 32) on the
 * hardware path, which is what the proof needs to see at ctr_of[idx].
 */
#define is_fw(idx) ((idx) >= pmu.num_hw)

/* Both, for the host tests (which build only one of them into lowest_bit). */
unsigned pmu_lowest_bit(uint64_t x) { return lowest_bit64(x); }
unsigned pmu_lowest_bit32(uint64_t x) { return lowest_bit32(x); }
const struct pmu_hw_info *pmu_hw(void) { return pmu.hw; }

/* A backend's counter-number mask as logical indices (hpm counters only). */
static pmu_set_t logical_of(uint32_t ctrs)
{
	pmu_set_t s = 0;

	if (pmu.hpm_identity)
		return (pmu_set_t)ctrs & pmu.hpm_set;
	for (unsigned i = 3; i < pmu.num_hw; i++)
		if ((ctrs >> pmu.ctr_of[i]) & 1)
			s |= pmu_bit(i);
	return s;
}

/* Counters 0 and 2, where they can be stopped, count cycles and instructions. */
static pmu_set_t fixed_counters(unsigned long event_idx)
{
	if (event_idx == PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES))
		return (pmu.stoppable & 1) ? pmu_bit(0) : 0;
	if (event_idx == PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS))
		return ((pmu.stoppable >> 2) & 1) ? pmu_bit(2) : 0;
	return 0;
}

/* Ask the backend about one event; keep only counters we offer. */
static long map_event(unsigned long event_idx, uint64_t event_data, struct pmu_logical_map *e)
{
	struct pmu_hw_map m = { .ctrs = 0, .excl = PMU_EXCL_NONE, .sel = 0 };
	long err = pmu.be->map(event_idx, event_data, &m);

	if (err)
		return err;
	e->can = logical_of(m.ctrs & pmu.stoppable) | fixed_counters(event_idx);
	e->excl = m.excl;
	e->sel = m.sel;
	e->fw_code = 0;
	return SBI_SUCCESS;
}

void pmu_init(const struct pmu_backend *backend, struct pmu_hw_info *hw, uint32_t fw_events)
{
	pmu_set_t fw_set;

	pmu.be = backend;
	pmu.hw = hw;
	pmu.fw_supported = fw_events & ((1UL << PMU_FW_EVENT_MAX) - 1);
	*hw = (struct pmu_hw_info){ 0 };
	backend->probe(hw);
	if (hw->num_hpm > PMU_MAX_HW_COUNTERS - 3)
		hw->num_hpm = PMU_MAX_HW_COUNTERS - 3;
	pmu.stoppable = hw->stoppable;
	pmu.ctr_of[0] = 0;
	pmu.ctr_of[1] = TIME_CSR;     /* time: read through rdtime, never a PMU counter */
	pmu.ctr_of[2] = 2;
	pmu.hpm_identity = true;
	for (unsigned i = 0; i < hw->num_hpm; i++) {
		pmu.ctr_of[3 + i] = hw->hpm[i];
		pmu.hpm_identity &= hw->hpm[i] == 3 + i;
	}
	pmu.num_hw = 3 + hw->num_hpm;
	pmu.num_all = pmu.num_hw + PMU_NUM_FW_COUNTERS;
	pmu.all_set = (pmu.num_all >= 64 ? ~(pmu_set_t)0 : pmu_bit(pmu.num_all) - 1) & ~TIME_SLOT;
	pmu.hpm_set = (pmu_bit(pmu.num_hw) - 1) & ~FIXED_SET;
	fw_set = pmu.all_set & ~(pmu_bit(pmu.num_hw) - 1);
	/* with Sscofpmf hpm counters first: only they interrupt on overflow (docs/pmu.md) */
	pmu.prefer_set = hw->has_sscofpmf ? pmu.hpm_set : pmu.all_set;

	pmu.none = (struct pmu_logical_map){ .can = 0, .excl = PMU_EXCL_NONE, .sel = 0 };
	/* an event that cannot happen here is one no counter counts: NOT_SUPPORTED */
	for (unsigned code = 0; code < PMU_FW_EVENT_MAX; code++)
		pmu.fw_events[code] = (struct pmu_logical_map){
			.can = ((pmu.fw_supported >> code) & 1) ? fw_set : 0,
			.excl = PMU_EXCL_NONE, .sel = 0, .fw_code = (uint8_t)code };
	for (unsigned i = 0; i < EVMAP_HW_SLOTS + EVMAP_CACHE_SLOTS; i++)
		pmu.evmap[i] = (struct pmu_logical_map){ .can = 0, .excl = PMU_EXCL_NONE, .sel = 0 };
	for (unsigned code = 1; code < PMU_HW_GENERAL_MAX; code++)
		map_event(code, 0, &pmu.evmap[code]);
	/* cache code = id << 3 | op << 1 | result (11.3): the defined ones */
	for (unsigned code = 0; code < EVMAP_CACHE_SLOTS; code++)
		if ((code >> 3) < PMU_CACHE_ID_MAX && ((code >> 1) & 3) < PMU_CACHE_OP_MAX)
			map_event(PMU_CACHE_EVENT(code >> 3, (code >> 1) & 3, code & 1), 0,
				  &pmu.evmap[EVMAP_HW_SLOTS + code]);
}

void pmu_hart_init(struct pmu_hart *h)
{
	/* field by field: a struct assignment becomes a byte-wise memset */
	h->used = 0;
	h->running = 0;
	h->excl_held = 0;
	for (unsigned i = 0; i < PMU_MAX_COUNTERS; i++) {
		h->ctr[i].fw_value = 0;
		h->ctr[i].excl = PMU_EXCL_NONE;   /* only an hpm counter ever holds one */
	}
	for (unsigned e = 0; e < PMU_FW_EVENT_MAX; e++)
		h->fw_count[e] = 0;
	h->shmem = PMU_SHMEM_NONE;
	/* hpm counters start free and stopped; cycle and instret keep running for payloads */
	for (unsigned i = 3; i < pmu.num_hw; i++)
		pmu.be->release(pmu.ctr_of[i], 0);
}

unsigned pmu_num_hw_counters(void) { return pmu.num_hw; }
bool pmu_fw_event_supported(unsigned code)
{
	if (code >= PMU_FW_EVENT_MAX)
		return false;
	return (pmu.fw_supported >> code) & 1;
}

/*
 * {base + i : bit i of mask} for a base below num_all (the caller checks it,
 * where base is then used), or 0 when it names a counter that does not
 * exist (checked without overflow). The time slot may be a member.
 */
static inline pmu_set_t set_of(unsigned long base, unsigned long mask)
{
	unsigned long room;

	if (mask == 1)                     /* Linux's every call: one bit, no shift of 64 */
		return pmu_bit(base);
	room = pmu.num_all - base;         /* counters from base on: 1..48 */
	if (room < PMU_XLEN && (mask >> room))
		return 0;                  /* a member at or past the last counter */
	return (pmu_set_t)mask << base;
}

static inline bool is_raw(unsigned long event_idx)
{
	/* the whole upper part: a raw type with reserved bits set is no raw type */
	unsigned long type = event_idx >> PMU_EVENT_TYPE_SHIFT;

	return type == PMU_TYPE_RAW || type == PMU_TYPE_RAW_V2;
}

/*
 * A raw event (is_raw()): the backend's answer, written into *raw, or NULL
 * (INVALID_PARAM, a backend's only error). *raw is written either way, so
 * nothing after can read a map half filled.
 */
static inline const struct pmu_logical_map *raw_find(unsigned long event_idx,
		uint64_t event_data, struct pmu_logical_map *raw)
{
	/* mhpmevent's bits: 32 on rv32, else 48 (type 2) or 56 (type 3) (11.3, 11.4) */
	unsigned bits = PMU_XLEN == 32 ? 32 :
		PMU_EVENT_TYPE(event_idx) == PMU_TYPE_RAW ? 48 : 56;

	if (PMU_EVENT_CODE(event_idx) || (event_data >> bits) ||
	    map_event(event_idx, event_data, raw)) {
		*raw = (struct pmu_logical_map){ .can = 0, .excl = PMU_EXCL_NONE, .sel = 0 };
		return 0;
	}
	return raw;
}

/*
 * Which counters can count this event: the boot-time entry, or for a raw
 * one raw_find()'s answer in *raw (a caller that has ruled raw events out
 * passes none). NULL where the spec says INVALID_PARAM. An event this
 * machine cannot count is pmu.none: config_matching then finds no counter,
 * NOT_SUPPORTED.
 */
static inline const struct pmu_logical_map *event_find(unsigned long event_idx,
		uint64_t event_data, struct pmu_logical_map *raw)
{
	unsigned long code = PMU_EVENT_CODE(event_idx);

	if (event_idx & ~PMU_EVENT_IDX_MASK)
		return 0;
	switch (PMU_EVENT_TYPE(event_idx)) {
	case PMU_TYPE_HW:
		if (code == PMU_HW_NO_EVENT || event_data)
			return 0;
		return code < EVMAP_HW_SLOTS ? &pmu.evmap[code] : &pmu.none;
	case PMU_TYPE_CACHE:
		if (event_data)
			return 0;
		return code < EVMAP_CACHE_SLOTS ? &pmu.evmap[EVMAP_HW_SLOTS + code] : &pmu.none;
	case PMU_TYPE_RAW:
	case PMU_TYPE_RAW_V2:
		return raw ? raw_find(event_idx, event_data, raw) : &pmu.none;
	case PMU_TYPE_FW:
		if (code != PMU_FW_PLATFORM && event_data)
			return 0;
		return code < PMU_FW_EVENT_MAX ? &pmu.fw_events[code] : &pmu.none;
	default:
		return &pmu.none;
	}
}

/* Firmware counter idx (num_hw <= idx < num_all, checked by the caller). */
static inline uint64_t fw_value(const struct pmu_hart *h, unsigned long idx)
{
	const struct pmu_counter *c = &h->ctr[idx];

	if (!pmu_set_has(h->running, idx))
		return c->fw_value;
	return c->fw_value + (h->fw_count[c->fw_code] - c->fw_start);
}

/* FID 0 (11.5) */
struct sbiret pmu_num_counters(void)
{
	return sbi_ok(pmu.num_all);
}

/* FID 1 (11.6) */
struct sbiret pmu_counter_get_info(unsigned long idx)
{
	unsigned ctr;

	if (idx >= pmu.num_all || idx == 1)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* 64-bit; Linux reads this width on rv32 too */
	if (is_fw(idx))
		return sbi_ok(PMU_INFO_TYPE_FW | (63UL << PMU_INFO_WIDTH_SHIFT));
	ctr = pmu.ctr_of[idx];
	return sbi_ok(((unsigned long)(pmu.hw->width[ctr] - 1) << PMU_INFO_WIDTH_SHIFT) |
		      (0xc00UL + ctr));
}

/* config_matching on a hardware counter: one backend call does what the flags ask. */
static __attribute__((noinline)) struct sbiret configure_hw(struct pmu_hart *h,
		unsigned long idx, unsigned long flags, const struct pmu_logical_map *e)
{
	struct pmu_counter *c = &h->ctr[idx];
	int excl = e->excl;   /* a local: the test below then bounds it */

	c->sel = e->sel;
	c->excl = PMU_EXCL_NONE;
	if (idx >= 3 && excl != PMU_EXCL_NONE) {
		c->excl = (int8_t)excl;
		h->excl_held |= 1u << excl;
	}
	pmu.be->configure(pmu.ctr_of[idx], e->sel,
			  flags & (PMU_CFG_INH_MASK | PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START));
	return sbi_ok(idx);
}

/* The lowest candidate now counts the event; a firmware counter's path makes no call. */
static __attribute__((noinline)) struct sbiret take(struct pmu_hart *h, pmu_set_t first,
		unsigned long flags, const struct pmu_logical_map *e)
{
	unsigned long idx;
	struct pmu_counter *c;
	pmu_set_t bit;

	if (!first)
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	idx = lowest_bit(first);
	/* first is part of all_set, so this never fails: the bound is checked
	 * where the index is used, before anything changes */
	if (idx >= pmu.num_all)
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	bit = pmu_bit(idx);
	h->used |= bit;
	if (flags & PMU_CFG_AUTO_START)
		h->running |= bit;
	if (!is_fw(idx))
		return configure_hw(h, idx, flags, e);
	c = &h->ctr[idx];
	c->fw_code = e->fw_code;
	if (flags & PMU_CFG_CLEAR_VALUE)
		c->fw_value = 0;
	if (flags & PMU_CFG_AUTO_START)
		c->fw_start = h->fw_count[c->fw_code];
	return sbi_ok(idx);
}

static inline struct sbiret pick(struct pmu_hart *h,
		pmu_set_t set, unsigned long flags, const struct pmu_logical_map *e)
{
	pmu_set_t free = set & e->can & ~h->used, first;
	int excl = e->excl;

	/* an event one hpm counter at a time may count, already counted */
	if (excl != PMU_EXCL_NONE && ((h->excl_held >> excl) & 1))
		free &= ~pmu.hpm_set;
	if (flags & PMU_CFG_SKIP_MATCH) {
		/* the first of the set (11.7 note); a held one is not handed out
		 * twice (table 9 allows no ALREADY_STARTED) */
		first = set & -set & free;
	} else {
		first = free & pmu.prefer_set;
		if (!first)
			first = free;
	}
	return take(h, first, flags, e);
}

/* config_matching of a raw event: the backend's answer lives on this stack. */
static __attribute__((noinline)) struct sbiret config_raw(struct pmu_hart *h, pmu_set_t set,
		unsigned long flags, unsigned long event_idx, uint64_t event_data)
{
	struct pmu_logical_map raw;
	const struct pmu_logical_map *e = raw_find(event_idx, event_data, &raw);

	if (!e)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	return pick(h, set, flags, e);
}

/* FID 2 (11.7) */
struct sbiret pmu_config_matching(unsigned long base,
				  unsigned long mask, unsigned long flags,
				  unsigned long event_idx, uint64_t event_data, struct pmu_hart *h)
{
	pmu_set_t set;
	const struct pmu_logical_map *e;

	if (base >= pmu.num_all || (flags & ~PMU_CFG_VALID_MASK))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* the time slot is never picked (as OpenSBI and KVM); alone it is no set */
	set = set_of(base, mask) & ~TIME_SLOT;
	if (!set)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (is_raw(event_idx))
		return config_raw(h, set, flags, event_idx, event_data);
	e = event_find(event_idx, event_data, 0);   /* not raw: no room needed */
	if (!e)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	return pick(h, set, flags, e);
}

/* Start counter idx: from value if load, else from where it stopped. */
static __attribute__((noinline)) struct sbiret start_hw(struct pmu_hart *h, unsigned long idx,
							 bool load, uint64_t value)
{
	pmu.be->start(pmu.ctr_of[idx], h->ctr[idx].sel, load, value);
	return sbi_ok(0);
}

static inline void start_fw(struct pmu_hart *h, unsigned long idx, bool load, uint64_t value)
{
	struct pmu_counter *c = &h->ctr[idx];

	if (load)
		c->fw_value = value;
	c->fw_start = h->fw_count[c->fw_code];
}

/*
 * start_hw() or start_fw() for each member of a validated set of more than
 * one; off walks the snapshot's values along with idx, read from snap (the
 * area, or 0 without INIT_SNAPSHOT). set_of() let no member reach num_all:
 * the loop's bound says so where idx is used. The loop is unrolled for the
 * proof, which then knows each off to be below the area's 4 KiB.
 */
static __attribute__((noinline)) struct sbiret start_set(struct pmu_hart *h, unsigned long base,
		unsigned long mask, unsigned long flags, uint64_t initial_value, uintptr_t snap)
{
	uintptr_t off = sizeof(uint64_t);
	bool load = flags & (PMU_START_SET_INIT_VALUE | PMU_START_INIT_SNAPSHOT);

	/*@ loop unroll 64; */
	for (unsigned long idx = base; mask && idx < pmu.num_all;
	     mask >>= 1, idx++, off += sizeof(uint64_t))
		if (mask & 1) {
			uint64_t v = snap ? *(const uint64_t *)(snap + off) : initial_value;
			if (is_fw(idx))
				start_fw(h, idx, load, v);
			else
				start_hw(h, idx, load, v);
		}
	return sbi_ok(0);
}

/* FID 3 (11.8) */
struct sbiret pmu_counter_start(unsigned long base,
				unsigned long mask, unsigned long flags,
				uint64_t initial_value, struct pmu_hart *h)
{
	pmu_set_t set;
	uintptr_t snap = 0;
	bool load;

	/* The two ways of setting the value exclude each other (11.8 note). */
	if (base >= pmu.num_all || (flags & ~PMU_START_VALID_MASK) ||
	    (flags == (PMU_START_SET_INIT_VALUE | PMU_START_INIT_SNAPSHOT)))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	set = set_of(base, mask);
	if (!set || (set & ~h->used))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* snap: the area the memory check accepted, kept only where it is read */
	if (flags & PMU_START_INIT_SNAPSHOT) {
		snap = h->shmem;
		if (snap == PMU_SHMEM_NONE)
			return sbi_err(SBI_ERR_NO_SHMEM);
	}
	if (set & h->running)
		return sbi_err(SBI_ERR_ALREADY_STARTED);
	h->running |= set;
	/* Linux's mask 1 needs no loop, whose state would cost a stack frame */
	if (mask != 1)
		return start_set(h, base, mask, flags, initial_value, snap);
	if (snap)
		initial_value = ((const uint64_t *)snap)[1];
	load = flags != 0;   /* SET_INIT_VALUE or INIT_SNAPSHOT, never both (checked) */
	if (!is_fw(base))
		return start_hw(h, base, load, initial_value);
	start_fw(h, base, load, initial_value);
	return sbi_ok(0);
}

/* Counter idx back to the free pool (stop + RESET); the caller updates the sets. */
static void release_one(struct pmu_hart *h, unsigned long idx)
{
	struct pmu_counter *c;
	int excl;

	if (is_fw(idx))
		return;
	c = &h->ctr[idx];
	excl = c->excl;
	pmu.be->release(pmu.ctr_of[idx], c->sel);
	if (excl != PMU_EXCL_NONE)
		h->excl_held &= ~(1u << excl);
}

/*
 * Stop, then snapshot into the area snap: the value at offset off, the
 * overflow as bit of the bitmap (table 16); off and bit are this
 * counter's, relative to base.
 */
static __attribute__((noinline)) void stop_snapshot(struct pmu_hart *h, unsigned long idx,
		unsigned long flags, uintptr_t snap, uintptr_t off, uint64_t bit)
{
	const struct pmu_backend *be = pmu.be;
	unsigned ctr = pmu.ctr_of[idx];
	bool overflowed;

	/* before stopping: without mcountinhibit, stop clears the selector and its OF */
	overflowed = be->overflowed && be->overflowed(ctr);
	be->stop(ctr, h->ctr[idx].sel);
	*(uint64_t *)(snap + off) = be->read(ctr);   /* the value once frozen */
	if (overflowed)
		*(uint64_t *)snap |= bit;
	if (flags & PMU_STOP_RESET)
		release_one(h, idx);
}

/* snap: the snapshot area with TAKE_SNAPSHOT, else 0 */
static __attribute__((noinline)) struct sbiret stop_hw(struct pmu_hart *h, unsigned long idx,
		unsigned long flags, uintptr_t snap, uintptr_t off, uint64_t bit)
{
	if (snap)
		stop_snapshot(h, idx, flags, snap, off, bit);
	else if (flags & PMU_STOP_RESET)
		release_one(h, idx);   /* stopped to be forgotten, nobody reading it */
	else
		pmu.be->stop(pmu.ctr_of[idx], h->ctr[idx].sel);
	return sbi_ok(0);
}

/* Out of line, as stop_hw: the two callers share it (Ibex's size budget). */
static __attribute__((noinline)) struct sbiret stop_fw(struct pmu_hart *h, unsigned long idx,
		uintptr_t snap, uintptr_t off)
{
	struct pmu_counter *c = &h->ctr[idx];

	c->fw_value += h->fw_count[c->fw_code] - c->fw_start;
	if (snap)   /* never an overflow bit */
		*(uint64_t *)(snap + off) = c->fw_value;
	return sbi_ok(0);
}

/*
 * stop_hw() or stop_fw() for each member of a validated set of more than
 * one; off and bit walk the snapshot along with idx (bound and unrolled as
 * in start_set).
 */
static __attribute__((noinline)) struct sbiret stop_set(struct pmu_hart *h, unsigned long base,
		unsigned long mask, unsigned long flags, uintptr_t snap)
{
	uintptr_t off = sizeof(uint64_t);
	uint64_t bit = 1;

	/*@ loop unroll 64; */
	for (unsigned long idx = base; mask && idx < pmu.num_all;
	     mask >>= 1, idx++, off += sizeof(uint64_t), bit <<= 1) {
		if (!(mask & 1))
			continue;
		if (is_fw(idx))
			stop_fw(h, idx, snap, off);
		else
			stop_hw(h, idx, flags, snap, off, bit);
	}
	return sbi_ok(0);
}

/* release_one() for each member of a set of stopped counters: stop + RESET's answer. */
static __attribute__((noinline)) struct sbiret release_set(struct pmu_hart *h, pmu_set_t set)
{
	for (; set; set &= set - 1)
		release_one(h, lowest_bit(set));
	return sbi_err(SBI_ERR_ALREADY_STOPPED);
}

/*
 * ALREADY_STOPPED, and the one exception to "fail changes nothing": RESET
 * still releases the stopped counters, as Linux stops, then releases with
 * a second stop (docs/pmu.md, "Ownership"). Started ones are left alone.
 */
static __attribute__((noinline)) struct sbiret stop_stopped(struct pmu_hart *h,
		pmu_set_t stopped, unsigned long flags)
{
	if (flags & PMU_STOP_RESET) {
		h->used &= ~stopped;
		stopped &= ~CY_IR_SET;
		if (stopped)
			return release_set(h, stopped);
	}
	return sbi_err(SBI_ERR_ALREADY_STOPPED);
}

/* FID 4 (11.9) */
struct sbiret pmu_counter_stop(unsigned long base,
			       unsigned long mask, unsigned long flags, struct pmu_hart *h)
{
	pmu_set_t set, stopped;
	uintptr_t snap = 0;

	if (base >= pmu.num_all || (flags & ~PMU_STOP_VALID_MASK))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	set = set_of(base, mask);
	if (!set || (set & ~h->used))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* snap: the area the memory check accepted, kept only where it is written */
	if (flags & PMU_STOP_TAKE_SNAPSHOT) {
		snap = h->shmem;
		if (snap == PMU_SHMEM_NONE)
			return sbi_err(SBI_ERR_NO_SHMEM);
	}
	stopped = set & ~h->running;
	if (stopped)
		return stop_stopped(h, stopped, flags);
	h->running &= ~set;
	if (flags & PMU_STOP_RESET)
		h->used &= ~set;
	/* the bitmap describes this call's counters (table 16) */
	if (snap)
		*(uint64_t *)snap = 0;
	if (mask != 1)
		return stop_set(h, base, mask, flags, snap);
	if (!is_fw(base))
		return stop_hw(h, base, flags, snap, sizeof(uint64_t), 1);
	return stop_fw(h, base, snap, sizeof(uint64_t));
}

/*
 * Is idx a configured firmware counter? (11.10, 11.11: else INVALID_PARAM)
 * A macro, as is_fw(): the comparisons then bound the caller's idx.
 */
#define fw_counter_ok(h, idx) \
	((idx) < pmu.num_all && is_fw(idx) && pmu_set_has((h)->used, (idx)))

/*
 * FID 5 (11.10) and, with hi, FID 6 (11.11): on rv32 each half of the
 * value; on rv64 all of it, and 0 for the upper half. One body for both,
 * so the check that guards fw_value() is written once.
 */
static __attribute__((noinline)) struct sbiret fw_read(unsigned long idx, struct pmu_hart *h,
						       bool hi)
{
	uint64_t v;

	if (!fw_counter_ok(h, idx))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (PMU_XLEN == 64 && hi)
		return sbi_ok(0);
	v = fw_value(h, idx);
	return sbi_ok(hi ? (unsigned long)(v >> 32) : (unsigned long)v);
}

struct sbiret pmu_fw_read(unsigned long idx, struct pmu_hart *h) { return fw_read(idx, h, false); }
struct sbiret pmu_fw_read_hi(unsigned long idx, struct pmu_hart *h) { return fw_read(idx, h, true); }

/* FID 7 (11.12) */
struct sbiret pmu_snapshot_set_shmem(unsigned long lo,
				     unsigned long hi, unsigned long flags, struct pmu_hart *h)
{
	if (flags)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (lo == ~0UL && hi == ~0UL) {
		h->shmem = PMU_SHMEM_NONE;
		return sbi_ok(0);
	}
	/* as sbi_shmem_check(), keeping the address the memory check accepted */
	if (lo & (PMU_SHMEM_SIZE - 1))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	uint64_t end;
	uintptr_t snap = hi ? PMU_SHMEM_NONE : sbi_mem_window(lo, PMU_SHMEM_SIZE, &end);
	if (snap == PMU_SHMEM_NONE)
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	h->shmem = snap;
	return sbi_ok(0);
}

/* Table 18 */
struct pmu_event_info {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};

/* Does any counter on this hart's core count the event? One lookup. */
static __attribute__((noinline)) bool event_supported(unsigned long event_idx,
		uint64_t event_data)
{
	struct pmu_logical_map raw;
	const struct pmu_logical_map *e;

	/* apart, so raw is read only on the path that filled it */
	if (is_raw(event_idx)) {
		e = raw_find(event_idx, event_data, &raw);
		return e && e->can != 0;
	}
	e = event_find(event_idx, event_data, 0);
	return e && e->can != 0;
}

static inline struct pmu_event_info *entry_at(uintptr_t p)
{
	return (struct pmu_event_info *)(uintptr_t)p;
}

static void event_info_fill(struct pmu_event_info *e)
{
	uint32_t idx = e->event_idx;
	uint64_t data = e->event_data;
	unsigned t = (unsigned)PMU_EVENT_TYPE(idx);

	if (t != PMU_TYPE_RAW && t != PMU_TYPE_RAW_V2 && t != PMU_TYPE_FW)
		data = 0;
	e->output = event_supported(idx, data) ? 1 : 0;
}

/* FID 8 (11.13). The list is walked within the window the memory check gave. */
struct sbiret pmu_event_get_info(unsigned long lo,
				 unsigned long hi, unsigned long num_entries,
				 unsigned long flags, struct pmu_hart *h)
{
	const uintptr_t size = sizeof(struct pmu_event_info);
	uint64_t end;
	uintptr_t base, p, top;

	(void)h;
	/* No entries: SUCCESS once the address passes, nothing read or written (as OpenSBI). */
	if (flags || (lo & 15))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (hi || num_entries > (~0UL >> 4))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	/* a call of its own, its yes and no kept apart until tested (slevel) */
	/*@ slevel 2; */
	base = sbi_mem_window(lo, (uint64_t)num_entries * size, &end);
	if (!base)
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	/*@ slevel merge; */
	if (end < (uint64_t)base + size)   /* no entries (and, to the proof, end > 16) */
		return sbi_ok(0);
	/* Down to base (never 0), as end may be 4 GiB on rv32; every entry is
	 * validated before any is written. */
	top = (uintptr_t)(end - size);
	for (p = top; p >= base; p -= size)
		if (entry_at(p)->event_idx & ~PMU_EVENT_IDX_MASK)
			return sbi_err(SBI_ERR_INVALID_PARAM);
	for (p = top; p >= base; p -= size)
		event_info_fill(entry_at(p));
	return sbi_ok(0);
}
