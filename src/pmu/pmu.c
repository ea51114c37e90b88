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
 */
#include "pmu.h"

static const struct pmu_backend *be;
static pmu_mem_check_fn mem_ok;
static uint32_t fw_supported;      /* bit n: firmware event n can happen here */
static struct pmu_hw_info hw;
static unsigned long num_hw;       /* logical hardware counters: 3 + hw.num_hpm */
static uint8_t ctr_of[PMU_MAX_HW_COUNTERS]; /* logical index -> counter number */

#define NO_COUNTER 0xff

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
	for (unsigned i = 0; i < hw.num_hpm; i++)
		ctr_of[3 + i] = hw.hpm[i];
	num_hw = 3 + hw.num_hpm;
}

void pmu_hart_init(struct pmu_hart *h)
{
	/* Field by field: a struct assignment becomes a byte-wise memset here. */
	for (unsigned i = 0; i < PMU_MAX_COUNTERS; i++) {
		h->ctr[i].state = PMU_CTR_FREE;
		h->ctr[i].fw_value = 0;
	}
	for (unsigned e = 0; e < PMU_FW_EVENT_MAX; e++)
		h->fw_count[e] = 0;
	h->shmem = PMU_SHMEM_NONE;
	/*
	 * hpm counters start free, stopped and counting nothing. cycle and
	 * instret keep running: payloads read them directly until they ask
	 * for them through the PMU.
	 */
	for (unsigned i = 3; i < num_hw; i++) {
		be->stop(ctr_of[i], 0);
		be->clear(ctr_of[i]);
	}
}

const struct pmu_hw_info *pmu_hw(void) { return &hw; }
unsigned pmu_num_hw_counters(void) { return num_hw; }
bool pmu_fw_event_supported(unsigned code)
{
	return code < PMU_FW_EVENT_MAX && (fw_supported >> code) & 1;
}

static inline unsigned long num_total(void) { return num_hw + PMU_NUM_FW_COUNTERS; }
static inline bool is_fw(unsigned long idx) { return idx >= num_hw; }

/*
 * Visit each index of the set {base + i : bit i of mask}, lowest first.
 * A shift loop, not count-trailing-zeros: cores without Zbb would call
 * libgcc's table-driven __ctzdi2 for every bit, and the common set is one
 * counter at bit 0.
 */
#define for_each_in_set(idx, m, base, mask) \
	for ((m) = (mask), (idx) = (base); (m); (m) >>= 1, (idx)++) \
		if ((m) & 1)

/*
 * Is {base + i : bit i set in mask} a set of real counters? Checked without
 * overflow: base + highest bit must stay below the number of counters.
 * The time slot (index 1) is never a member of a valid set.
 */
/* One counter index: a counter we have, and not the time slot. */
static inline bool counter_valid(unsigned long idx)
{
	return idx < num_total() && idx != 1;
}

static inline bool set_valid(unsigned long base, unsigned long mask)
{
	unsigned long n = num_total();

	if (!mask)
		return true;
	if (base >= n)
		return false;
	if (n - base < PMU_XLEN && (mask >> (n - base)))
		return false;    /* a member at or past the last counter */
	if (base <= 1 && ((mask >> (1 - base)) & 1))
		return false;
	return true;
}

/*
 * Is this event well formed, and is it an event Tally can count at all?
 * INVALID_PARAM for reserved bits, NOT_SUPPORTED for events no counter can
 * count. Which counter counts it is decided afterwards.
 */
static long event_check(unsigned long event_idx, uint64_t event_data)
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
 * Can logical counter idx count the (already checked) event? Fills *sel.
 * cycle and instret are the same on every core, so they are decided here.
 */
static long counter_match(unsigned long idx, unsigned long event_idx,
			  uint64_t event_data, uint64_t *sel)
{
	unsigned ctr;

	if (is_fw(idx))
		return PMU_EVENT_TYPE(event_idx) == PMU_TYPE_FW ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
	if (PMU_EVENT_TYPE(event_idx) == PMU_TYPE_FW)
		return SBI_ERR_NOT_SUPPORTED;
	ctr = ctr_of[idx];
	if (!((hw.stoppable >> ctr) & 1))
		return SBI_ERR_NOT_SUPPORTED;
	*sel = 0;
	if (ctr == 0)
		return event_idx == PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES) ?
			SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
	if (ctr == 2)
		return event_idx == PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS) ?
			SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
	return be->match(ctr, event_idx, event_data, sel);
}

static uint64_t fw_value(const struct pmu_hart *h, const struct pmu_counter *c)
{
	if (c->state != PMU_CTR_STARTED)
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
	c->state = PMU_CTR_STARTED;
}

static void counter_release(struct pmu_hart *h, unsigned long idx)
{
	if (!is_fw(idx) && ctr_of[idx] >= 3)
		be->clear(ctr_of[idx]);
	h->ctr[idx].state = PMU_CTR_FREE;
}

/*
 * The first free counter of the set that can count the event. With
 * Sscofpmf, hpm counters come first: only they raise an overflow interrupt
 * (cycle and instret have none without Smcntrpmf), and a sampling caller
 * such as Linux perf needs it, while a counting caller loses nothing. The
 * fixed counters 0 and 2 are the fallback.
 */
static long find_free(const struct pmu_hart *h, unsigned long base, unsigned long mask,
		      unsigned long event_idx, uint64_t event_data,
		      unsigned long *idx_out, uint64_t *sel)
{
	long err = SBI_ERR_NOT_SUPPORTED;
	unsigned long m, idx;

	for (int pass = hw.has_sscofpmf ? 0 : 1; pass < 2; pass++)
		for_each_in_set(idx, m, base, mask) {
			if (h->ctr[idx].state != PMU_CTR_FREE || (pass == 0 && idx < 3))
				continue;
			err = counter_match(idx, event_idx, event_data, sel);
			if (err != SBI_ERR_NOT_SUPPORTED) {
				*idx_out = idx;
				return err;
			}
		}
	return err;
}

/* FID 0 (11.5) */
struct sbiret pmu_num_counters(void)
{
	return sbi_ok(num_total());
}

/* FID 1 (11.6) */
struct sbiret pmu_counter_get_info(unsigned long idx)
{
	unsigned ctr;

	if (idx >= num_total() || idx == 1)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* Firmware counters are 64-bit; Linux reads this width on rv32 too. */
	if (is_fw(idx))
		return sbi_ok(PMU_INFO_TYPE_FW | (63UL << PMU_INFO_WIDTH_SHIFT));
	ctr = ctr_of[idx];
	/* The user-level CSR S-mode reads (cycle, instret, hpmcounterN). */
	return sbi_ok(((unsigned long)(hw.width[ctr] - 1) << PMU_INFO_WIDTH_SHIFT) |
		      (0xc00UL + ctr));
}

/* FID 2 (11.7) */
struct sbiret pmu_config_matching(unsigned long base,
				  unsigned long mask, unsigned long flags,
				  unsigned long event_idx, uint64_t event_data, struct pmu_hart *h)
{
	unsigned long m, idx = 0;
	uint64_t sel = 0;
	struct pmu_counter *c;
	long err;

	if ((flags & ~PMU_CFG_VALID_MASK) || !mask || !set_valid(base, mask))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	err = event_check(event_idx, event_data);
	if (err)
		return sbi_err(err);

	if (flags & PMU_CFG_SKIP_MATCH) {
		/* The caller names its counter: the first of the set (11.7 note). */
		for (m = mask, idx = base; !(m & 1); m >>= 1)
			idx++;
		err = counter_match(idx, event_idx, event_data, &sel);
		if (err)
			return sbi_err(err);
		/*
		 * Held by someone (configured or started): not handed out twice,
		 * as without SKIP_MATCH. Linux's legacy mode asks for cycle and
		 * instret this way, once per perf event. (ALREADY_STARTED is not
		 * an answer table 9 allows.)
		 */
		if (h->ctr[idx].state != PMU_CTR_FREE)
			return sbi_err(SBI_ERR_NOT_SUPPORTED);
	} else {
		/* The first free counter of the set that can count the event. */
		err = find_free(h, base, mask, event_idx, event_data, &idx, &sel);
		if (err)
			return sbi_err(err);
	}

	c = &h->ctr[idx];
	c->event_idx = (uint32_t)event_idx;
	c->event_data = event_data;
	c->sel = sel;
	c->state = PMU_CTR_CONFIGURED;
	if (!is_fw(idx)) {
		/* Stop before reprogramming so the new event starts clean. */
		be->stop(ctr_of[idx], c->sel);
		if (ctr_of[idx] >= 3)
			be->program(ctr_of[idx], sel, flags & PMU_CFG_INH_MASK);
	}
	if (flags & PMU_CFG_CLEAR_VALUE)
		counter_set(h, idx, 0);
	if (flags & PMU_CFG_AUTO_START)
		counter_start(h, idx);
	return sbi_ok(idx);
}

/*
 * Start one counter of a validated set (FID 3's action). Kept apart from
 * the validation so that the common call, one counter, runs straight
 * through without the loop.
 */
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

static __attribute__((noinline)) void start_set(struct pmu_hart *h, unsigned long base,
		unsigned long mask, unsigned long flags, uint64_t initial_value)
{
	unsigned long m, idx;

	for_each_in_set(idx, m, base, mask)
		start_one(h, base, idx, flags, initial_value);
}

/* FID 3 (11.8) */
struct sbiret pmu_counter_start(unsigned long base,
				unsigned long mask, unsigned long flags,
				uint64_t initial_value, struct pmu_hart *h)
{
	unsigned long m, idx;
	bool unconfigured = false, started = false;

	/* The two ways of setting the value exclude each other (11.8 note). */
	if ((flags & ~PMU_START_VALID_MASK) ||
	    (flags == (PMU_START_SET_INIT_VALUE | PMU_START_INIT_SNAPSHOT)))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (mask == 1) {
		/* The usual call (Linux starts one counter at a time): the same
		 * checks as below, without the loop. */
		if (!counter_valid(base))
			return sbi_err(SBI_ERR_INVALID_PARAM);
		unconfigured = h->ctr[base].state == PMU_CTR_FREE;
		started = h->ctr[base].state == PMU_CTR_STARTED;
	} else {
		if (!set_valid(base, mask))
			return sbi_err(SBI_ERR_INVALID_PARAM);
		for_each_in_set(idx, m, base, mask) {
			unconfigured |= h->ctr[idx].state == PMU_CTR_FREE;
			started |= h->ctr[idx].state == PMU_CTR_STARTED;
		}
	}
	if (unconfigured)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if ((flags & PMU_START_INIT_SNAPSHOT) && h->shmem == PMU_SHMEM_NONE)
		return sbi_err(SBI_ERR_NO_SHMEM);
	if (started)
		return sbi_err(SBI_ERR_ALREADY_STARTED);

	if (mask == 1)
		start_one(h, base, base, flags, initial_value);
	else
		start_set(h, base, mask, flags, initial_value);
	return sbi_ok(0);
}

/*
 * Stop one counter of a validated set (FID 4's action): freeze it, then
 * snapshot and release it as the flags ask. Values and overflow bits in
 * the snapshot are indexed relative to base (table 16); the caller cleared
 * the bitmap, and a bit is only ever set with Sscofpmf.
 */
static __attribute__((noinline)) void stop_hw(struct pmu_hart *h, unsigned long base,
					      unsigned long idx, unsigned long flags)
{
	uint64_t *snap = (uint64_t *)(uintptr_t)h->shmem;
	unsigned ctr = ctr_of[idx];

	be->stop(ctr, h->ctr[idx].sel);
	h->ctr[idx].state = PMU_CTR_CONFIGURED;
	if (flags & PMU_STOP_TAKE_SNAPSHOT) {
		snap[1 + (idx - base)] = be->read(ctr);
		if (hw.has_sscofpmf && be->overflowed(ctr))
			snap[0] |= 1ULL << (idx - base);
	}
	if (flags & PMU_STOP_RESET)
		counter_release(h, idx);
}

/* A firmware counter makes no backend call: kept apart so it needs no stack frame. */
static inline void stop_fw(struct pmu_hart *h, unsigned long base, unsigned long idx,
			   unsigned long flags)
{
	uint64_t *snap = (uint64_t *)(uintptr_t)h->shmem;
	struct pmu_counter *c = &h->ctr[idx];

	c->fw_value = fw_value(h, c);
	c->state = (flags & PMU_STOP_RESET) ? PMU_CTR_FREE : PMU_CTR_CONFIGURED;
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

static __attribute__((noinline)) void stop_set(struct pmu_hart *h, unsigned long base,
		unsigned long mask, unsigned long flags)
{
	unsigned long m, idx;

	for_each_in_set(idx, m, base, mask)
		stop_one(h, base, idx, flags);
}

/* FID 4 (11.9) */
struct sbiret pmu_counter_stop(unsigned long base,
			       unsigned long mask, unsigned long flags, struct pmu_hart *h)
{
	unsigned long m, idx, stopped = 0;
	bool unconfigured = false;

	if (flags & ~PMU_STOP_VALID_MASK)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (mask == 1) {
		/* The usual call, one counter: the same checks without the loop. */
		if (!counter_valid(base))
			return sbi_err(SBI_ERR_INVALID_PARAM);
		unconfigured = h->ctr[base].state == PMU_CTR_FREE;
		stopped = h->ctr[base].state != PMU_CTR_STARTED;
	} else {
		if (!set_valid(base, mask))
			return sbi_err(SBI_ERR_INVALID_PARAM);
		for_each_in_set(idx, m, base, mask) {
			unconfigured |= h->ctr[idx].state == PMU_CTR_FREE;
			if (h->ctr[idx].state != PMU_CTR_STARTED)
				stopped |= 1UL << (idx - base);
		}
	}
	if (unconfigured)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if ((flags & PMU_STOP_TAKE_SNAPSHOT) && h->shmem == PMU_SHMEM_NONE)
		return sbi_err(SBI_ERR_NO_SHMEM);
	if (stopped) {
		/*
		 * The one exception to "fail changes nothing": RESET still
		 * releases the counters that were already stopped. Linux stops a
		 * counter, then releases it with a second stop + RESET, and a
		 * counter lost here would be lost until reboot. Started counters
		 * in the set are left alone.
		 */
		if (flags & PMU_STOP_RESET)
			for_each_in_set(idx, m, base, stopped)
				counter_release(h, idx);
		return sbi_err(SBI_ERR_ALREADY_STOPPED);
	}

	/* The bitmap describes this call's counters (table 16): start from none. */
	if (flags & PMU_STOP_TAKE_SNAPSHOT)
		*(uint64_t *)(uintptr_t)h->shmem = 0;
	if (mask == 1)
		stop_one(h, base, base, flags);
	else
		stop_set(h, base, mask, flags);
	return sbi_ok(0);
}

/* A configured firmware counter, or NULL (11.10, 11.11: INVALID_PARAM). */
static const struct pmu_counter *fw_counter(const struct pmu_hart *h, unsigned long idx)
{
	if (idx >= num_total() || !is_fw(idx) || h->ctr[idx].state == PMU_CTR_FREE)
		return 0;
	return &h->ctr[idx];
}

/* FID 5 (11.10): on rv32 only the low 32 bits fit in sbiret.value. */
struct sbiret pmu_fw_read(unsigned long idx, struct pmu_hart *h)
{
	const struct pmu_counter *c = fw_counter(h, idx);

	if (!c)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	return sbi_ok((unsigned long)fw_value(h, c));
}

/* FID 6 (11.11): the upper 32 bits on rv32, always 0 on rv64. */
struct sbiret pmu_fw_read_hi(unsigned long idx, struct pmu_hart *h)
{
	const struct pmu_counter *c = fw_counter(h, idx);

	if (!c)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	return sbi_ok(PMU_XLEN == 32 ? (unsigned long)(fw_value(h, c) >> 32) : 0);
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

/* Does any counter on this hart's core count the event? */
static bool event_supported(unsigned long event_idx, uint64_t event_data)
{
	uint64_t sel;

	if (event_check(event_idx, event_data))
		return false;
	if (PMU_EVENT_TYPE(event_idx) == PMU_TYPE_FW)
		return true;
	for (unsigned long idx = 0; idx < num_hw; idx++)
		if (idx != 1 && counter_match(idx, event_idx, event_data, &sel) == SBI_SUCCESS)
			return true;
	return false;
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
