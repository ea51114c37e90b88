/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core (SBI spec chapter 11). See pmu.h for the counter layout.
 *
 * Rules every function here keeps:
 *  - validate everything first, then act: a request that fails changes
 *    nothing (with one documented exception, stop + RESET below);
 *  - a counter belongs to one caller from config_matching until it is
 *    stopped with RESET, counters 0 and 2 included;
 *  - a counter the backend cannot really stop is never handed out, so
 *    "stopped" is never said of a counter that keeps counting.
 *
 * How it stays fast: what each counter can count never changes after
 * boot, so pmu_init() asks the backend once per event and keeps, for each
 * general and cache event, the set of logical counters that can count it.
 * Each hart keeps the set of counters it has handed out (used) and the set
 * it has started (running). config_matching is then
 *     candidates & can_count(event) & ~used,  lowest bit first,
 * and start/stop check a whole mask with one AND each. No call walks the
 * counters one by one, so no call gets slower as counters fill up.
 */
#include "pmu.h"

static const struct pmu_backend *be;
static pmu_mem_check_fn mem_ok;
static uint32_t fw_supported;      /* bit n: firmware event n can happen here */
static struct pmu_hw_info hw;
static unsigned long num_hw;       /* logical hardware counters: 3 + hw.num_hpm */
static unsigned long num_all;      /* num_hw + PMU_NUM_FW_COUNTERS */
static uint8_t ctr_of[PMU_MAX_HW_COUNTERS]; /* logical index -> counter number */
static bool hpm_identity;          /* hpm counter n is logical index n (no gaps) */

/* Sets of logical counters, fixed at boot. */
static pmu_set_t all_set;          /* every valid counter, the time slot excluded */
static pmu_set_t hpm_set;          /* logical 3 .. num_hw - 1 */
static pmu_set_t fw_set;           /* the firmware counters */
static pmu_set_t prefer_set;       /* tried first: hpm_set with Sscofpmf, else all */

#define NO_COUNTER 0xff
#define TIME_SLOT  ((pmu_set_t)2)

/*
 * Which counters can count each general (type 0) and cache (type 1) event,
 * indexed by evmap_slot(): worked out once by pmu_init().
 */
#define EVMAP_HW_SLOTS    16      /* type 0 codes 0..15 (1..10 defined) */
#define EVMAP_CACHE_SLOTS 64      /* type 1 codes: cache_id << 3 | op << 1 | result */
static struct evmap {
	uint32_t can;                 /* logical hardware counters (all < 32) */
	int8_t excl;
	uint64_t sel;
} evmap[EVMAP_HW_SLOTS + EVMAP_CACHE_SLOTS];

static inline unsigned evmap_slot(unsigned long event_idx)
{
	unsigned code = (unsigned)PMU_EVENT_CODE(event_idx);
	return PMU_EVENT_TYPE(event_idx) == PMU_TYPE_HW ? code : EVMAP_HW_SLOTS + code;
}

/*
 * The index of the lowest set bit of a non-zero set. Cores without Zbb
 * have no ctz instruction, and GCC's __builtin_ctz becomes a call into
 * libgcc (a table walk, and code compiled for another register
 * convention: see entry.S). Instead: isolate the bit (x & -x), multiply by
 * a de Bruijn constant whose top five bits are then unique for each of the
 * 32 positions, and look the position up. One 32-bit multiply, so the
 * same on rv32 and rv64.
 */
static const uint8_t debruijn_pos[32] = {
	0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
	31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9,
};

static inline unsigned lowest_bit(pmu_set_t x)
{
	uint32_t lo = (uint32_t)x;
	unsigned off = 0;

	if (!lo) {
		lo = (uint32_t)(x >> 32);
		off = 32;
	}
	return off + debruijn_pos[((lo & -lo) * 0x077CB531u) >> 27];
}

unsigned pmu_lowest_bit(uint64_t x) { return lowest_bit(x); }

/* A backend's counter-number mask as logical indices (hpm counters only). */
static pmu_set_t logical_of(uint32_t ctrs)
{
	pmu_set_t s = 0;

	if (hpm_identity)
		return (pmu_set_t)ctrs & hpm_set;
	for (unsigned i = 3; i < num_hw; i++)
		if ((ctrs >> ctr_of[i]) & 1)
			s |= pmu_bit(i);
	return s;
}

/* Counters 0 and 2, where they can be stopped, count cycles and instructions. */
static pmu_set_t fixed_counters(unsigned long event_idx)
{
	if (event_idx == PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES))
		return (hw.stoppable & 1) ? pmu_bit(0) : 0;
	if (event_idx == PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS))
		return ((hw.stoppable >> 2) & 1) ? pmu_bit(2) : 0;
	return 0;
}

/* Ask the backend about one event; keep only counters we offer. */
static long map_event(unsigned long event_idx, uint64_t event_data, pmu_set_t *can,
		      int8_t *excl, uint64_t *sel)
{
	struct pmu_event_map m = { .ctrs = 0, .excl = PMU_EXCL_NONE, .sel = 0 };
	long err = be->map(event_idx, event_data, &m);

	if (err)
		return err;
	*can = (logical_of(m.ctrs & hw.stoppable) | fixed_counters(event_idx));
	*excl = m.excl;
	*sel = m.sel;
	return SBI_SUCCESS;
}

/* Ask the backend once about a general or cache event and keep the answer. */
static void evmap_fill(unsigned long ev)
{
	struct evmap *e = &evmap[evmap_slot(ev)];
	pmu_set_t can;

	if (map_event(ev, 0, &can, &e->excl, &e->sel) == SBI_SUCCESS)
		e->can = (uint32_t)can;
}

void pmu_init(const struct pmu_backend *backend, pmu_mem_check_fn check, uint32_t fw_events)
{
	be = backend;
	mem_ok = check;
	fw_supported = fw_events & ((1UL << PMU_FW_EVENT_MAX) - 1);
	hw = (struct pmu_hw_info){ 0 };
	backend->probe(&hw);
	if (hw.num_hpm > PMU_MAX_HW_COUNTERS - 3)
		hw.num_hpm = PMU_MAX_HW_COUNTERS - 3;
	ctr_of[0] = 0;
	ctr_of[1] = NO_COUNTER;   /* time: read through rdtime, never a PMU counter */
	ctr_of[2] = 2;
	hpm_identity = true;
	for (unsigned i = 0; i < hw.num_hpm; i++) {
		ctr_of[3 + i] = hw.hpm[i];
		hpm_identity &= hw.hpm[i] == 3 + i;
	}
	num_hw = 3 + hw.num_hpm;
	num_all = num_hw + PMU_NUM_FW_COUNTERS;
	all_set = (num_all >= 64 ? ~(pmu_set_t)0 : pmu_bit(num_all) - 1) & ~TIME_SLOT;
	hpm_set = (pmu_bit(num_hw) - 1) & ~(pmu_set_t)7;
	fw_set = all_set & ~(pmu_bit(num_hw) - 1);
	/*
	 * With Sscofpmf, hpm counters come first: only they raise an overflow
	 * interrupt (cycle and instret have none without Smcntrpmf), and a
	 * sampling caller such as Linux perf needs it, while a counting caller
	 * loses nothing. Without it, the lowest counter that can count wins.
	 */
	prefer_set = hw.has_sscofpmf ? hpm_set : all_set;

	/* What each general and cache event can be counted on, once. */
	for (unsigned i = 0; i < EVMAP_HW_SLOTS + EVMAP_CACHE_SLOTS; i++)
		evmap[i] = (struct evmap){ .can = 0, .excl = PMU_EXCL_NONE, .sel = 0 };
	for (unsigned code = 1; code < PMU_HW_GENERAL_MAX; code++)
		evmap_fill(PMU_EVENT_IDX(PMU_TYPE_HW, code));
	for (unsigned id = 0; id < PMU_CACHE_ID_MAX; id++)
		for (unsigned op = 0; op < PMU_CACHE_OP_MAX; op++)
			for (unsigned res = 0; res < 2; res++)
				evmap_fill(PMU_CACHE_EVENT(id, op, res));
}

void pmu_hart_init(struct pmu_hart *h)
{
	/* Field by field: a struct assignment becomes a byte-wise memset here. */
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
	/*
	 * hpm counters start free, stopped and counting nothing. cycle and
	 * instret keep running: payloads read them directly until they ask
	 * for them through the PMU.
	 */
	for (unsigned i = 3; i < num_hw; i++)
		be->release(ctr_of[i], 0);
}

const struct pmu_hw_info *pmu_hw(void) { return &hw; }
unsigned pmu_num_hw_counters(void) { return num_hw; }
bool pmu_fw_event_supported(unsigned code)
{
	return code < PMU_FW_EVENT_MAX && (fw_supported >> code) & 1;
}

static inline bool is_fw(unsigned long idx) { return idx >= num_hw; }

/*
 * The set {base + i : bit i of mask} as logical counters, or 0 when it
 * names a counter that does not exist. Checked without overflow: base
 * must be a counter, and no bit of mask may reach num_all. The time slot
 * (index 1) may be a member: it is never configured, so start and stop
 * refuse it, and config_matching leaves it out.
 */
static inline pmu_set_t set_of(unsigned long base, unsigned long mask)
{
	unsigned long room;

	if (base >= num_all)
		return 0;
	room = num_all - base;             /* counters from base on: 1..48 */
	if (room < PMU_XLEN && (mask >> room))
		return 0;                  /* a member at or past the last counter */
	return (pmu_set_t)mask << base;
}

/*
 * Is this event well formed, and is it an event Tally can count at all?
 * INVALID_PARAM for reserved bits, NOT_SUPPORTED for events no counter can
 * count. Which counter counts it is decided afterwards.
 */
static inline __attribute__((always_inline)) long event_check(unsigned long event_idx,
							 uint64_t event_data)
{
	unsigned long code = PMU_EVENT_CODE(event_idx);

	if (event_idx & ~PMU_EVENT_IDX_MASK)
		return SBI_ERR_INVALID_PARAM;
	switch (PMU_EVENT_TYPE(event_idx)) {
	case PMU_TYPE_HW:
		if (code == PMU_HW_NO_EVENT || event_data)
			return SBI_ERR_INVALID_PARAM;
		return code < PMU_HW_GENERAL_MAX ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
	case PMU_TYPE_CACHE:
		if (event_data)
			return SBI_ERR_INVALID_PARAM;
		if ((code >> 3) >= PMU_CACHE_ID_MAX || ((code >> 1) & 3) >= PMU_CACHE_OP_MAX)
			return SBI_ERR_NOT_SUPPORTED;
		return SBI_SUCCESS;
	case PMU_TYPE_RAW:
	case PMU_TYPE_RAW_V2: {
		/*
		 * event_data is what goes into mhpmevent: 32 bits where the CSR
		 * is 32 bits wide (rv32), else 48 (type 2) or 56 (type 3) bits;
		 * the rest is the firmware's to set (11.3, 11.4).
		 */
		unsigned bits = PMU_XLEN == 32 ? 32 :
			PMU_EVENT_TYPE(event_idx) == PMU_TYPE_RAW ? 48 : 56;
		if (code || (event_data >> bits))
			return SBI_ERR_INVALID_PARAM;
		return SBI_SUCCESS;
	}
	case PMU_TYPE_FW:
		if (code != PMU_FW_PLATFORM && event_data)
			return SBI_ERR_INVALID_PARAM;
		return pmu_fw_event_supported(code) ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
	default:
		return SBI_ERR_NOT_SUPPORTED;
	}
}

/*
 * The counters that can count an (already checked) event, and what their
 * selector needs. General and cache events come from the boot-time table,
 * raw events from the backend, firmware events fit every firmware counter.
 */
static inline __attribute__((always_inline)) long can_count(unsigned long event_idx,
		uint64_t event_data, pmu_set_t *can, int8_t *excl, uint64_t *sel)
{
	const struct evmap *e;

	switch (PMU_EVENT_TYPE(event_idx)) {
	case PMU_TYPE_FW:
		*can = fw_set;
		*excl = PMU_EXCL_NONE;
		*sel = 0;
		return SBI_SUCCESS;
	case PMU_TYPE_RAW:
	case PMU_TYPE_RAW_V2:
		return map_event(event_idx, event_data, can, excl, sel);
	default:
		e = &evmap[evmap_slot(event_idx)];
		*can = e->can;
		*excl = e->excl;
		*sel = e->sel;
		return SBI_SUCCESS;
	}
}

static inline __attribute__((always_inline)) uint64_t fw_value(const struct pmu_hart *h,
								 unsigned long idx)
{
	const struct pmu_counter *c = &h->ctr[idx];

	if (!pmu_set_has(h->running, idx))
		return c->fw_value;
	return c->fw_value + (h->fw_count[PMU_EVENT_CODE(c->event_idx)] - c->fw_start);
}

static void counter_set(struct pmu_hart *h, unsigned long idx, uint64_t v)
{
	if (is_fw(idx))
		h->ctr[idx].fw_value = v;
	else
		be->write(ctr_of[idx], v);
}

static void counter_start(struct pmu_hart *h, unsigned long idx)
{
	struct pmu_counter *c = &h->ctr[idx];

	if (is_fw(idx))
		c->fw_start = h->fw_count[PMU_EVENT_CODE(c->event_idx)];
	else
		be->start(ctr_of[idx], c->sel);
	h->running |= pmu_bit(idx);
}

/*
 * The counter goes back to the free pool (stop + RESET): the hardware
 * stopped for good, its selector cleared, and the sets updated. A
 * firmware counter's value was kept by its caller before this.
 */
static void counter_release(struct pmu_hart *h, unsigned long idx)
{
	struct pmu_counter *c = &h->ctr[idx];
	pmu_set_t bit = pmu_bit(idx);

	if (!is_fw(idx))
		be->release(ctr_of[idx], c->sel);
	if (c->excl != PMU_EXCL_NONE)
		h->excl_held &= ~(1u << c->excl);
	h->running &= ~bit;
	h->used &= ~bit;
}

/* FID 0 (11.5) */
struct sbiret pmu_num_counters(void)
{
	return sbi_ok(num_all);
}

/* FID 1 (11.6) */
struct sbiret pmu_counter_get_info(unsigned long idx)
{
	unsigned ctr;

	if (idx >= num_all || idx == 1)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* Firmware counters are 64-bit; Linux reads this width on rv32 too. */
	if (is_fw(idx))
		return sbi_ok(PMU_INFO_TYPE_FW | (63UL << PMU_INFO_WIDTH_SHIFT));
	ctr = ctr_of[idx];
	/* The user-level CSR S-mode reads (cycle, instret, hpmcounterN). */
	return sbi_ok(((unsigned long)(hw.width[ctr] - 1) << PMU_INFO_WIDTH_SHIFT) |
		      (0xc00UL + ctr));
}

/*
 * config_matching's action on a hardware counter: the sets, then one
 * backend call that stops, programs, clears and starts as asked. Apart
 * from pmu_config_matching() so that a firmware counter's path makes no
 * call and needs no stack frame.
 */
static __attribute__((noinline)) struct sbiret config_hw(struct pmu_hart *h, unsigned long idx,
		unsigned long flags, uint64_t sel, int8_t excl)
{
	struct pmu_counter *c = &h->ctr[idx];
	unsigned ctr = ctr_of[idx];

	c->sel = sel;
	c->excl = PMU_EXCL_NONE;
	if (idx >= 3 && excl != PMU_EXCL_NONE) {
		c->excl = excl;
		h->excl_held |= 1u << excl;
	}
	if (flags & PMU_CFG_AUTO_START)
		h->running |= pmu_bit(idx);
	be->configure(ctr, sel, flags & (PMU_CFG_INH_MASK | PMU_CFG_CLEAR_VALUE |
					 PMU_CFG_AUTO_START));
	return sbi_ok(idx);
}

/* FID 2 (11.7) */
struct sbiret pmu_config_matching(unsigned long base,
				  unsigned long mask, unsigned long flags,
				  unsigned long event_idx, uint64_t event_data, struct pmu_hart *h)
{
	/*
	 * A set that includes the time slot is fine, it is simply never
	 * picked (as OpenSBI and KVM do); the time slot alone is no set.
	 */
	pmu_set_t set = set_of(base, mask) & ~TIME_SLOT, can, pick;
	unsigned long idx;
	struct pmu_counter *c;
	uint64_t sel;
	int8_t excl;
	long err;

	if ((flags & ~PMU_CFG_VALID_MASK) || !set)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	err = event_check(event_idx, event_data);
	if (!err)
		err = can_count(event_idx, event_data, &can, &excl, &sel);
	if (err)
		return sbi_err(err);
	/* An event only one hpm counter may count at a time, already counted. */
	if (excl != PMU_EXCL_NONE && ((h->excl_held >> excl) & 1))
		can &= ~hpm_set;

	if (flags & PMU_CFG_SKIP_MATCH) {
		/*
		 * The caller names its counter: the first of the set (11.7
		 * note). Held by someone (configured or started): not handed
		 * out twice, as without SKIP_MATCH. Linux's legacy mode asks for
		 * cycle and instret this way, once per perf event.
		 * (ALREADY_STARTED is not an answer table 9 allows.)
		 */
		pick = set & -set;
		if (!(pick & can & ~h->used))
			return sbi_err(SBI_ERR_NOT_SUPPORTED);
	} else {
		/* The free counters of the set that can count it; preferred ones first. */
		pmu_set_t free = set & can & ~h->used;

		if (!free)
			return sbi_err(SBI_ERR_NOT_SUPPORTED);
		pick = free & prefer_set;
		if (!pick)
			pick = free;
	}
	idx = lowest_bit(pick);

	c = &h->ctr[idx];
	c->event_idx = (uint32_t)event_idx;
	h->used |= pmu_bit(idx);
	if (!is_fw(idx))
		return config_hw(h, idx, flags, sel, excl);
	/* A firmware counter: no hardware to touch, so no call at all. */
	if (flags & PMU_CFG_CLEAR_VALUE)
		c->fw_value = 0;
	if (flags & PMU_CFG_AUTO_START) {
		c->fw_start = h->fw_count[PMU_EVENT_CODE(event_idx)];
		h->running |= pmu_bit(idx);
	}
	return sbi_ok(idx);
}

/* Start one counter of a validated set (FID 3's action). */
static inline void start_one(struct pmu_hart *h, unsigned long base, unsigned long idx,
			     unsigned long flags, uint64_t initial_value)
{
	const uint64_t *snap = (const uint64_t *)(uintptr_t)h->shmem;

	if (flags & PMU_START_SET_INIT_VALUE)
		counter_set(h, idx, initial_value);
	else if (flags & PMU_START_INIT_SNAPSHOT)
		counter_set(h, idx, snap[1 + (idx - base)]);
	counter_start(h, idx);
}

static __attribute__((noinline, unused)) struct sbiret start_hw(struct pmu_hart *h,
		unsigned long idx, unsigned long flags, uint64_t initial_value)
{
	unsigned ctr = ctr_of[idx];

	if (flags & PMU_START_SET_INIT_VALUE)
		be->write(ctr, initial_value);
	be->start(ctr, h->ctr[idx].sel);
	h->running |= pmu_bit(idx);
	return sbi_ok(0);
}

static __attribute__((noinline)) struct sbiret start_set(struct pmu_hart *h,
		unsigned long base, pmu_set_t set, unsigned long flags, uint64_t initial_value)
{
	for (; set; set &= set - 1)
		start_one(h, base, lowest_bit(set), flags, initial_value);
	return sbi_ok(0);
}

/* FID 3 (11.8) */
struct sbiret pmu_counter_start(unsigned long base,
				unsigned long mask, unsigned long flags,
				uint64_t initial_value, struct pmu_hart *h)
{
	pmu_set_t set;

	/* The two ways of setting the value exclude each other (11.8 note). */
	if ((flags & ~PMU_START_VALID_MASK) ||
	    (flags == (PMU_START_SET_INIT_VALUE | PMU_START_INIT_SNAPSHOT)))
		return sbi_err(SBI_ERR_INVALID_PARAM);
#ifndef __OPTIMIZE_SIZE__   /* an image built for size (Ibex) takes the set path */
	if (mask == 1) {
		/*
		 * The common call (Linux starts one counter at a time): the
		 * same checks as for a set below, on one counter, without
		 * building the set.
		 */
		if (base >= num_all || !pmu_set_has(h->used, base))
			return sbi_err(SBI_ERR_INVALID_PARAM);
		if ((flags & PMU_START_INIT_SNAPSHOT) && h->shmem == PMU_SHMEM_NONE)
			return sbi_err(SBI_ERR_NO_SHMEM);
		if (pmu_set_has(h->running, base))
			return sbi_err(SBI_ERR_ALREADY_STARTED);
		if (flags & PMU_START_INIT_SNAPSHOT)
			return start_set(h, base, pmu_bit(base), flags, initial_value);
		if (!is_fw(base))
			return start_hw(h, base, flags, initial_value);
		/* A firmware counter needs no backend: no call, no frame. */
		struct pmu_counter *c = &h->ctr[base];

		if (flags & PMU_START_SET_INIT_VALUE)
			c->fw_value = initial_value;
		c->fw_start = h->fw_count[PMU_EVENT_CODE(c->event_idx)];
		h->running |= pmu_bit(base);
		return sbi_ok(0);
	}
#endif

	/* No counter, or one never configured (the time slot is never configured). */
	set = set_of(base, mask);
	if (!set || (set & ~h->used))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if ((flags & PMU_START_INIT_SNAPSHOT) && h->shmem == PMU_SHMEM_NONE)
		return sbi_err(SBI_ERR_NO_SHMEM);
	if (set & h->running)
		return sbi_err(SBI_ERR_ALREADY_STARTED);
	return start_set(h, base, set, flags, initial_value);
}

/*
 * Stop one hardware counter of a validated set (FID 4's action): freeze
 * it, then snapshot and release it as the flags ask. Values and overflow
 * bits in the snapshot are indexed relative to base (table 16); the caller
 * cleared the bitmap, and a bit is only ever set with Sscofpmf.
 */
static __attribute__((noinline)) void stop_hw(struct pmu_hart *h, unsigned long base,
					      unsigned long idx, unsigned long flags)
{
	uint64_t *snap = (uint64_t *)(uintptr_t)h->shmem;
	unsigned ctr = ctr_of[idx];
	bool overflowed;

	/* Stopped to be forgotten, nobody reading it: release alone. */
	if ((flags & (PMU_STOP_RESET | PMU_STOP_TAKE_SNAPSHOT)) == PMU_STOP_RESET) {
		counter_release(h, idx);
		return;
	}
	h->running &= ~pmu_bit(idx);
	/*
	 * The overflow flag as it is now, before stopping: a core without
	 * mcountinhibit stops an hpm counter by clearing its selector, and
	 * Sscofpmf's OF bit lives in the selector.
	 */
	overflowed = (flags & PMU_STOP_TAKE_SNAPSHOT) && hw.has_sscofpmf && be->overflowed(ctr);
	be->stop(ctr, h->ctr[idx].sel);
	if (flags & PMU_STOP_TAKE_SNAPSHOT) {
		snap[1 + (idx - base)] = be->read(ctr);   /* the value once frozen */
		if (overflowed)
			snap[0] |= 1ULL << (idx - base);
	}
	if (flags & PMU_STOP_RESET)
		counter_release(h, idx);
}

/* stop + RESET of one running hardware counter (Linux's every perf event delete). */
static __attribute__((noinline, unused)) struct sbiret release_hw(struct pmu_hart *h,
								   unsigned long idx)
{
	counter_release(h, idx);
	return sbi_ok(0);
}

/* A firmware counter makes no backend call: kept apart so it needs no stack frame. */
static inline void stop_fw(struct pmu_hart *h, unsigned long base, unsigned long idx,
			   unsigned long flags)
{
	uint64_t *snap = (uint64_t *)(uintptr_t)h->shmem;
	struct pmu_counter *c = &h->ctr[idx];
	pmu_set_t bit = pmu_bit(idx);

	c->fw_value = fw_value(h, idx);
	h->running &= ~bit;
	if (flags & PMU_STOP_RESET)
		h->used &= ~bit;
	if (flags & PMU_STOP_TAKE_SNAPSHOT)
		snap[1 + (idx - base)] = c->fw_value;   /* never an overflow bit */
}

static inline void stop_one(struct pmu_hart *h, unsigned long base, unsigned long idx,
			    unsigned long flags)
{
	if (is_fw(idx))
		stop_fw(h, base, idx, flags);
	else
		stop_hw(h, base, idx, flags);
}

static __attribute__((noinline)) struct sbiret stop_set(struct pmu_hart *h,
		unsigned long base, pmu_set_t set, unsigned long flags)
{
	/* The bitmap describes this call's counters (table 16): start from none. */
	if (flags & PMU_STOP_TAKE_SNAPSHOT)
		*(uint64_t *)(uintptr_t)h->shmem = 0;
	for (; set; set &= set - 1)
		stop_one(h, base, lowest_bit(set), flags);
	return sbi_ok(0);
}

/* Release every counter of a set (stop + RESET on stopped counters). */
static __attribute__((noinline)) struct sbiret release_set(struct pmu_hart *h, pmu_set_t set)
{
	for (; set; set &= set - 1)
		counter_release(h, lowest_bit(set));
	return sbi_err(SBI_ERR_ALREADY_STOPPED);
}

/* FID 4 (11.9) */
struct sbiret pmu_counter_stop(unsigned long base,
			       unsigned long mask, unsigned long flags, struct pmu_hart *h)
{
	pmu_set_t set, stopped;

	if (flags & ~PMU_STOP_VALID_MASK)
		return sbi_err(SBI_ERR_INVALID_PARAM);
#ifndef __OPTIMIZE_SIZE__   /* an image built for size (Ibex) takes the set path */
	if (mask == 1) {
		/* One counter (Linux's every call): the checks below, without the set. */
		if (base >= num_all || !pmu_set_has(h->used, base))
			return sbi_err(SBI_ERR_INVALID_PARAM);
		if ((flags & PMU_STOP_TAKE_SNAPSHOT) && h->shmem == PMU_SHMEM_NONE)
			return sbi_err(SBI_ERR_NO_SHMEM);
		if (!pmu_set_has(h->running, base)) {
			/* Stopped already: RESET still releases it (see below). */
			if (flags & PMU_STOP_RESET)
				return release_set(h, pmu_bit(base));
			return sbi_err(SBI_ERR_ALREADY_STOPPED);
		}
		if (!is_fw(base)) {
			if (flags == PMU_STOP_RESET)
				return release_hw(h, base);
			if (flags & PMU_STOP_TAKE_SNAPSHOT)
				*(uint64_t *)(uintptr_t)h->shmem = 0;
			stop_hw(h, base, base, flags);
			return sbi_ok(0);
		}
		if (flags & PMU_STOP_TAKE_SNAPSHOT)
			return stop_set(h, base, pmu_bit(base), flags);
		/* A firmware counter without a snapshot: no call, no frame. */
		h->ctr[base].fw_value = fw_value(h, base);
		h->running &= ~pmu_bit(base);
		if (flags & PMU_STOP_RESET)
			h->used &= ~pmu_bit(base);
		return sbi_ok(0);
	}
#endif

	set = set_of(base, mask);
	if (!set || (set & ~h->used))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if ((flags & PMU_STOP_TAKE_SNAPSHOT) && h->shmem == PMU_SHMEM_NONE)
		return sbi_err(SBI_ERR_NO_SHMEM);
	stopped = set & ~h->running;
	if (stopped) {
		/*
		 * The one exception to "fail changes nothing": RESET still
		 * releases the counters that were already stopped. Linux stops a
		 * counter, then releases it with a second stop + RESET, and a
		 * counter lost here would be lost until reboot. Started counters
		 * in the set are left alone.
		 */
		if (flags & PMU_STOP_RESET)
			return release_set(h, stopped);
		return sbi_err(SBI_ERR_ALREADY_STOPPED);
	}
	return stop_set(h, base, set, flags);
}

/* Is idx a configured firmware counter? (11.10, 11.11: else INVALID_PARAM) */
static inline bool fw_counter_ok(const struct pmu_hart *h, unsigned long idx)
{
	return idx < num_all && is_fw(idx) && pmu_set_has(h->used, idx);
}

/* FID 5 (11.10): on rv32 only the low 32 bits fit in sbiret.value. */
struct sbiret pmu_fw_read(unsigned long idx, struct pmu_hart *h)
{
	if (!fw_counter_ok(h, idx))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	return sbi_ok((unsigned long)fw_value(h, idx));
}

/* FID 6 (11.11): the upper 32 bits on rv32, always 0 on rv64. */
struct sbiret pmu_fw_read_hi(unsigned long idx, struct pmu_hart *h)
{
	if (!fw_counter_ok(h, idx))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	return sbi_ok(PMU_XLEN == 32 ? (unsigned long)(fw_value(h, idx) >> 32) : 0);
}

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
	if (lo & (PMU_SHMEM_SIZE - 1))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* Nothing Tally runs on has memory above XLEN bits of address. */
	if (hi || !mem_ok(lo, PMU_SHMEM_SIZE))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	h->shmem = lo;
	return sbi_ok(0);
}

/* Table 18 */
struct pmu_event_info {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};

/* Does any counter on this hart's core count the event? One lookup. */
static bool event_supported(unsigned long event_idx, uint64_t event_data)
{
	pmu_set_t can;
	uint64_t sel;
	int8_t excl;

	if (event_check(event_idx, event_data) ||
	    can_count(event_idx, event_data, &can, &excl, &sel))
		return false;
	return can != 0;
}

/* FID 8 (11.13) */
struct sbiret pmu_event_get_info(unsigned long lo,
				 unsigned long hi, unsigned long num_entries,
				 unsigned long flags, struct pmu_hart *h)
{
	struct pmu_event_info *e = (struct pmu_event_info *)(uintptr_t)lo;
	unsigned long i;

	(void)h;
	if (flags || (lo & 15) || !num_entries)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* num_entries * 16 must fit in an unsigned long and stay in checked memory. */
	if (hi || num_entries > (~0UL >> 4) ||
	    !mem_ok(lo, (uint64_t)num_entries * sizeof(*e)))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	/* Validate every entry before writing any (nothing changes on error). */
	for (i = 0; i < num_entries; i++)
		if (e[i].event_idx & ~PMU_EVENT_IDX_MASK)
			return sbi_err(SBI_ERR_INVALID_PARAM);
	for (i = 0; i < num_entries; i++) {
		uint32_t idx = e[i].event_idx;
		uint64_t data = e[i].event_data;
		unsigned t = (unsigned)PMU_EVENT_TYPE(idx);

		/* event_data only means something for raw and firmware events. */
		if (t != PMU_TYPE_RAW && t != PMU_TYPE_RAW_V2 && t != PMU_TYPE_FW)
			data = 0;
		e[i].output = event_supported(idx, data) ? 1 : 0;
	}
	return sbi_ok(0);
}
