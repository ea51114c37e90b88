/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target for the PMU core: a fuzzed counter shape for the fake
 * backend, then a fuzzed sequence of the nine SBI PMU functions (plus
 * firmware events and counter ticks) with fuzzed arguments and fuzzed
 * event_get_info / snapshot memory. The memory check accepts only the two
 * buffers this file allocates, sized exactly, so ASan sees any access past
 * what the core was allowed to touch.
 *
 * Beyond "no crash, no sanitizer report" it checks, after every call:
 *  - the error code is one the spec's table allows for that function;
 *  - a failed call changed nothing (hart, CSRs, shared memory), except
 *    stop + RESET answering ALREADY_STOPPED, which may release counters;
 *  - every started counter counts, every configured one does not, free hpm
 *    counters have no selector, and the core never touched a CSR that does
 *    not exist (the fake aborts on that);
 *  - success results make sense (index in the set, states, outputs 0/1).
 *
 * Run: fuzz_pmu -runs=200000 -seed=1 (ctest does).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fake_backend.h"

/* What the backend's probe finds: features.pmu in the firmware. */
static struct pmu_hw_info probed;

#define FAIL(...) do { fprintf(stderr, "fuzz_pmu: " __VA_ARGS__); fprintf(stderr, "\n"); abort(); } while (0)
#define ENSURE(c) do { if (!(c)) FAIL("%s:%d: %s", __FILE__, __LINE__, #c); } while (0)

/* ---- input stream ---------------------------------------------------------- */
static const uint8_t *in;
static size_t in_len;

static uint8_t u8(void)
{
	if (!in_len)
		return 0;
	in_len--;
	return *in++;
}

static uint64_t u64(void)
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v = v << 8 | u8();
	return v;
}

static unsigned long ulong_any(void) { return (unsigned long)u64(); }

/* ---- the world --------------------------------------------------------------- */
static struct pmu_hart H;
static uint64_t *page;                 /* 4096 bytes, 4096-aligned */
static uint8_t *ibuf;                  /* event_get_info buffer, ilen bytes, 16-aligned */
static size_t ilen;
static unsigned num_hw;                /* logical hw counters per the fake */
static uint8_t ctr_of[32];

static bool mem_ok(uint64_t addr, uint64_t len)
{
	const uintptr_t r[2][2] = { { (uintptr_t)page, 4096 }, { (uintptr_t)ibuf, ilen } };

	for (int i = 0; i < 2; i++)
		if (addr >= r[i][0] && len <= r[i][1] && addr - r[i][0] <= r[i][1] - len)
			return true;
	return false;
}

static unsigned long num_total(void) { return num_hw + PMU_NUM_FW_COUNTERS; }

/* A value for base/idx: mostly near the counters, sometimes anything. */
static unsigned long pick_idx(void)
{
	uint8_t k = u8();
	switch (k >> 5) {
	case 0: case 1: case 2: case 3: return k % (num_total() + 3);
	case 4: return num_total() - 1 - (k & 3);
	case 5: return ~0UL - (k & 7);
	case 6: return (unsigned long)1 << (k % PMU_XLEN);
	default: return ulong_any();
	}
}

/* Counters of base's set in a state (so that valid sets come up often). */
static unsigned long state_mask(unsigned long base, uint8_t state)
{
	unsigned long m = 0;

	for (unsigned i = 0; i < PMU_XLEN && base < num_total() && i < num_total() - base; i++)
		if (pmu_counter_state(&H, base + i) == state)
			m |= 1UL << i;
	return m;
}

static unsigned long pick_mask(unsigned long base)
{
	uint8_t k = u8();
	switch (k >> 5) {
	case 0: return 1UL << (k % 8);
	case 1: return u8();
	case 2: return ulong_any();
	case 3: return (unsigned long)u8() << (k % PMU_XLEN);
	case 4: return state_mask(base, PMU_CTR_STARTED);
	case 5: return state_mask(base, PMU_CTR_CONFIGURED);
	case 6: return state_mask(base, PMU_CTR_STARTED) & ((unsigned long)u8() | 1);
	default: return state_mask(base, PMU_CTR_CONFIGURED) & ((unsigned long)u8() | 1);
	}
}

static unsigned long pick_flags(unsigned long valid)
{
	uint8_t k = u8();
	if (k < 200)
		return k & valid;
	if (k < 250)
		return (k & valid) | 1UL << (u8() % PMU_XLEN);
	return ulong_any();
}

static const unsigned long events[] = {
	PMU_EVENT_IDX(0, 1), PMU_EVENT_IDX(0, 2), PMU_EVENT_IDX(0, 6), PMU_EVENT_IDX(0, 0),
	PMU_EVENT_IDX(0, 11), PMU_CACHE_EVENT(0, 0, 0), PMU_CACHE_EVENT(0, 0, 1),
	PMU_CACHE_EVENT(4, 0, 1), PMU_CACHE_EVENT(7, 0, 0), PMU_CACHE_EVENT(0, 3, 0),
	PMU_EVENT_IDX(2, 0), PMU_EVENT_IDX(3, 0), PMU_EVENT_IDX(3, 1),
	PMU_EVENT_IDX(15, 0), PMU_EVENT_IDX(15, 4), PMU_EVENT_IDX(15, 5), PMU_EVENT_IDX(15, 6),
	PMU_EVENT_IDX(15, 21), PMU_EVENT_IDX(15, 22), PMU_EVENT_IDX(15, 256),
	PMU_EVENT_IDX(15, 0xffff), PMU_EVENT_IDX(4, 0), PMU_EVENT_IDX(14, 3),
};
#define N_EVENTS (sizeof(events) / sizeof(events[0]))

static unsigned long pick_event(void)
{
	uint8_t k = u8();
	if (k < 200)
		return events[k % N_EVENTS];
	if (k < 230)
		return u64() & PMU_EVENT_IDX_MASK;
	return ulong_any();
}

static uint64_t pick_data(void)
{
	uint8_t k = u8();
	if (k < 128)
		return 0;
	if (k < 200)
		return u8();
	return u64();
}

/* A physical address for shared memory: ours (maybe misaligned), or anything. */
static unsigned long pick_addr(void)
{
	uint8_t k = u8();
	switch (k >> 5) {
	case 0: case 1: return (unsigned long)(uintptr_t)page;
	case 2: return (unsigned long)(uintptr_t)page + (u8() & 0xff8);
	case 3: case 4: return (unsigned long)(uintptr_t)ibuf;
	case 5: return (unsigned long)(uintptr_t)ibuf + (u8() & 0x3f);
	case 6: return ~0UL;
	default: return ulong_any();
	}
}

static unsigned long pick_hi(void)
{
	uint8_t k = u8();
	return k < 220 ? 0 : k < 240 ? ~0UL : ulong_any();
}

/* ---- checks -------------------------------------------------------------------- */
struct world {
	struct pmu_hart h;
	struct fake_csrs csr;
	unsigned mutations;
	uint64_t page[512];
	uint8_t ibuf[64 * 16];
};
static struct world before;

static void save(void)
{
	memcpy(&before.h, &H, sizeof(H));
	memcpy(&before.csr, &fake.csr, sizeof(fake.csr));
	before.mutations = fake.mutations;
	memcpy(before.page, page, 4096);
	memcpy(before.ibuf, ibuf, ilen);
}

static void unchanged(const char *what)
{
	if (memcmp(&before.h, &H, sizeof(H)))
		FAIL("%s failed but changed the hart state", what);
	if (memcmp(&before.csr, &fake.csr, sizeof(fake.csr)) || before.mutations != fake.mutations)
		FAIL("%s failed but changed the CSRs", what);
	if (memcmp(before.page, page, 4096) || memcmp(before.ibuf, ibuf, ilen))
		FAIL("%s failed but wrote shared memory", what);
}

static void invariants(void)
{
	for (unsigned long idx = 0; idx < num_hw; idx++) {
		unsigned c = ctr_of[idx];
		uint8_t st = pmu_counter_state(&H, idx);

		if (idx == 1) {
			ENSURE(st == PMU_CTR_FREE);
			continue;
		}
		if (st == PMU_CTR_STARTED && !fake_counting(c))
			FAIL("counter %lu started but not counting", idx);
		if (st == PMU_CTR_CONFIGURED && fake_counting(c))
			FAIL("counter %lu reported stopped but counting", idx);
		if (st == PMU_CTR_FREE && c >= 3 && (fake.csr.event[c] & ~FAKE_OF))
			FAIL("free counter %lu keeps a selector", idx);
		ENSURE(st <= PMU_CTR_STARTED);
	}
	for (unsigned long idx = num_hw; idx < num_total(); idx++) {
		ENSURE(pmu_counter_state(&H, idx) <= PMU_CTR_STARTED);
		if (pmu_counter_state(&H, idx) != PMU_CTR_FREE)
			ENSURE(H.ctr[idx].fw_code < PMU_FW_EVENT_MAX);
	}
	ENSURE(fake.bad == 0);
}

static bool in_set(unsigned long base, unsigned long mask, unsigned long idx)
{
	return idx >= base && idx - base < PMU_XLEN && ((mask >> (idx - base)) & 1);
}

static void allowed(const char *fn, long err, long a, long b, long c, long d)
{
	if (err != SBI_SUCCESS && err != a && err != b && err != c && err != d)
		FAIL("%s returned %ld, not in its table", fn, err);
}

/* ---- one input ----------------------------------------------------------------- */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fake_cfg cfg = { 0 };
	uint32_t fw_events;
	unsigned nent;

	in = data;
	in_len = size;
	fake.abort_on_bad = true;

	cfg.hpm_mask = (uint32_t)u8() << 3 | (uint32_t)u8() << 11 | (uint32_t)u8() << 19 |
		       (uint32_t)(u8() & 0x1f) << 27;
	cfg.hpm_width = 1 + u8() % 64;
	{
		uint8_t b = u8();
		cfg.has_inhibit = b & 1;
		cfg.has_sscofpmf = b & 2;
		cfg.cycles_mask = (b & 8) ? cfg.hpm_mask : 0;
		cfg.cycles_excl = b & 16;    /* one hpm counter at a time, as QEMU */
	}
	cfg.cache_mask = cfg.hpm_mask & ((uint32_t)u8() * 0x01010101U);
	cfg.branch_mask = cfg.hpm_mask & ((uint32_t)u8() * 0x01010101U);
	cfg.raw_mask = cfg.hpm_mask & ~((uint32_t)u8() * 0x01010101U);
	cfg.raw_reserved = u8() > 240 ? 1ULL << 40 | 0x8000 : 0;
	fw_events = (uint32_t)u8() | (uint32_t)u8() << 8 | (uint32_t)u8() << 16;
	nent = 1 + u8() % 64;

	page = aligned_alloc(4096, 4096);
	ilen = nent * 16;
	ibuf = aligned_alloc(16, ilen);
	ENSURE(page && ibuf);
	{
		/* whatever S-mode left in the snapshot area */
		uint64_t seed = u8();
		for (unsigned i = 0; i < 512; i++)
			page[i] = seed ? (i + 1) * 0x9e3779b97f4a7c15ULL ^ seed : 0;
	}
	memset(ibuf, 0, ilen);

	fake_setup(&cfg);
	pmu_init(&fake_backend, &probed, mem_ok, fw_events);
	pmu_hart_init(&H);
	num_hw = 3;
	ctr_of[0] = 0; ctr_of[1] = 0xff; ctr_of[2] = 2;
	for (unsigned c = 3; c < 32; c++)
		if (fake_exists(c))
			ctr_of[num_hw++] = (uint8_t)c;
	ENSURE(pmu_num_hw_counters() == num_hw);
	/* most runs start with the snapshot area set, as Linux does at boot */
	if (u8() < 192)
		ENSURE(pmu_snapshot_set_shmem((unsigned long)(uintptr_t)page, 0, 0, &H).error == 0);
	invariants();

	for (unsigned steps = 0; in_len && steps < 400; steps++) {
		uint8_t op = u8();
		struct sbiret r;

		save();
		switch (op % 13) {
		case 0:
			r = pmu_num_counters();
			ENSURE(r.error == 0 && r.value == num_total());
			break;
		case 1: {
			unsigned long idx = pick_idx();
			r = pmu_counter_get_info(idx);
			allowed("get_info", r.error, SBI_ERR_INVALID_PARAM, 1, 1, 1);
			ENSURE((r.error == 0) == (idx < num_total() && idx != 1));
			if (!r.error && idx < num_hw)
				ENSURE((r.value & 0xfff) == 0xc00 + ctr_of[idx] &&
				       ((r.value >> 12) & 63) == (ctr_of[idx] < 3 ? 63 : cfg.hpm_width - 1));
			if (!r.error)
				ENSURE(!(r.value & PMU_INFO_TYPE_FW) == (idx < num_hw));
			unchanged("get_info");
			break;
		}
		case 2: {
			unsigned long base = pick_idx(), mask = pick_mask(base);
			unsigned long flags = pick_flags(PMU_CFG_VALID_MASK), ev = pick_event();
			uint64_t d = pick_data();
			r = pmu_config_matching(base, mask, flags, ev, d, &H);
			allowed("config_matching", r.error, SBI_ERR_INVALID_PARAM, SBI_ERR_NOT_SUPPORTED, 1, 1);
			if (flags & ~PMU_CFG_VALID_MASK)
				ENSURE(r.error == SBI_ERR_INVALID_PARAM);
			if (r.error) {
				unchanged("config_matching");
				break;
			}
			ENSURE(in_set(base, mask, r.value) && r.value < num_total() && r.value != 1);
			ENSURE(pmu_counter_state(&before.h, r.value) == PMU_CTR_FREE);
			ENSURE(pmu_counter_state(&H, r.value) == ((flags & PMU_CFG_AUTO_START) ?
							 PMU_CTR_STARTED : PMU_CTR_CONFIGURED));
			if (flags & PMU_CFG_SKIP_MATCH) {
				/* the first member of the set that is not the time slot */
				unsigned long m = mask;
				if (base + (unsigned long)__builtin_ctzl(m) == 1)
					m &= m - 1;
				ENSURE(m && r.value == base + (unsigned long)__builtin_ctzl(m));
			}
			if (r.value >= 3 && r.value < num_hw && fake.programs)
				ENSURE(!(fake.last_program_flags & ~PMU_CFG_INH_MASK));
			break;
		}
		case 3: {
			unsigned long base = pick_idx(), mask = pick_mask(base);
			unsigned long flags = pick_flags(PMU_START_VALID_MASK);
			uint64_t init = u8() < 128 ? u8() : u64();
			r = pmu_counter_start(base, mask, flags, init, &H);
			allowed("start", r.error, SBI_ERR_INVALID_PARAM, SBI_ERR_ALREADY_STARTED,
				SBI_ERR_NO_SHMEM, 1);
			if ((flags & ~PMU_START_VALID_MASK) || flags == PMU_START_VALID_MASK)
				ENSURE(r.error == SBI_ERR_INVALID_PARAM);
			if (r.error) {
				unchanged("start");
				break;
			}
			for (unsigned long i = 0; i < PMU_XLEN; i++) {
				unsigned long idx = base + i;
				uint64_t want;

				if (!((mask >> i) & 1))
					continue;
				ENSURE(pmu_counter_state(&H, idx) == PMU_CTR_STARTED &&
				       pmu_counter_state(&before.h, idx) == PMU_CTR_CONFIGURED);
				if (!(flags & (PMU_START_SET_INIT_VALUE | PMU_START_INIT_SNAPSHOT)))
					continue;
				want = (flags & PMU_START_SET_INIT_VALUE) ? init :
					((const uint64_t *)(uintptr_t)H.shmem)[1 + i];
				if (idx < num_hw)
					ENSURE(fake.csr.counter[ctr_of[idx]] == (want & fake_width_mask(ctr_of[idx])));
				else
					ENSURE(H.ctr[idx].fw_value == want);
			}
			break;
		}
		case 4: {
			unsigned long base = pick_idx(), mask = pick_mask(base);
			unsigned long flags = pick_flags(PMU_STOP_VALID_MASK);
			r = pmu_counter_stop(base, mask, flags, &H);
			allowed("stop", r.error, SBI_ERR_INVALID_PARAM, SBI_ERR_ALREADY_STOPPED,
				SBI_ERR_NO_SHMEM, 1);
			if (flags & ~PMU_STOP_VALID_MASK)
				ENSURE(r.error == SBI_ERR_INVALID_PARAM);
			if (r.error == SBI_ERR_ALREADY_STOPPED && (flags & PMU_STOP_RESET)) {
				/* the documented exception: stopped members are released */
				for (unsigned long i = 0; i < PMU_XLEN; i++)
					if ((mask >> i) & 1)
						ENSURE(pmu_counter_state(&before.h, base + i) == PMU_CTR_STARTED ?
						       pmu_counter_state(&H, base + i) == PMU_CTR_STARTED :
						       pmu_counter_state(&H, base + i) == PMU_CTR_FREE);
				if (memcmp(before.page, page, 4096) || memcmp(before.ibuf, ibuf, ilen))
					FAIL("stop failed but wrote shared memory");
				break;
			}
			if (r.error) {
				unchanged("stop");
				break;
			}
			for (unsigned long i = 0; i < PMU_XLEN; i++)
				if ((mask >> i) & 1)
					ENSURE(pmu_counter_state(&H, base + i) == ((flags & PMU_STOP_RESET) ?
						PMU_CTR_FREE : PMU_CTR_CONFIGURED));
			if ((flags & PMU_STOP_TAKE_SNAPSHOT) && mask) {
				/* table 16: values at 8 + 8 * (idx - base), overflow bits
				 * relative to base (only with Sscofpmf) for this call's
				 * counters, the bitmap's other bits 0, no other value touched */
				const uint64_t *snap = (const uint64_t *)(uintptr_t)H.shmem;
				const uint64_t *old = before.page + (snap - page);

				ENSURE(snap >= page && snap < page + 512);
				for (unsigned long i = 0; i < 64; i++) {
					unsigned long idx = base + i;
					uint64_t bit = 1ULL << i;

					if (i >= PMU_XLEN || !((mask >> i) & 1)) {
						ENSURE(snap[1 + i] == old[1 + i]);
						ENSURE(!(snap[0] & bit));
						continue;
					}
					if (idx < num_hw) {
						ENSURE(snap[1 + i] == fake.csr.counter[ctr_of[idx]]);
						/* the flag as the counter had it when stopped: with
						 * RESET its selector, OF included, is cleared after */
						if (cfg.has_sscofpmf)
							ENSURE(!!(snap[0] & bit) ==
							       (ctr_of[idx] >= 3 &&
								(before.csr.event[ctr_of[idx]] & FAKE_OF)));
					} else {
						ENSURE(snap[1 + i] == H.ctr[idx].fw_value);
						if (cfg.has_sscofpmf)
							ENSURE(!(snap[0] & bit));
					}
				}
				if (!cfg.has_sscofpmf)
					ENSURE(snap[0] == 0);
				ENSURE(!memcmp(snap + 65, old + 65, 4096 - 65 * 8));
			}
			break;
		}
		case 5:
		case 6: {
			unsigned long idx = pick_idx();
			bool hi = op % 13 == 6;
			r = hi ? pmu_fw_read_hi(idx, &H) : pmu_fw_read(idx, &H);
			allowed("fw_read", r.error, SBI_ERR_INVALID_PARAM, 1, 1, 1);
			ENSURE((r.error == 0) == (idx >= num_hw && idx < num_total() &&
						  pmu_counter_state(&H, idx) != PMU_CTR_FREE));
			if (!r.error && hi && PMU_XLEN == 64)
				ENSURE(r.value == 0);
			unchanged("fw_read");
			break;
		}
		case 7: {
			unsigned long lo = pick_addr(), hi = pick_hi(), flags = u8() < 240 ? 0 : ulong_any();
			r = pmu_snapshot_set_shmem(lo, hi, flags, &H);
			allowed("set_shmem", r.error, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM,
				SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
			if (flags)
				ENSURE(r.error == SBI_ERR_INVALID_PARAM);
			if (r.error)
				unchanged("set_shmem");
			else
				ENSURE(H.shmem == PMU_SHMEM_NONE || H.shmem == (uintptr_t)page);
			break;
		}
		case 8: {
			unsigned long lo = pick_addr(), hi = pick_hi(), flags = u8() < 240 ? 0 : ulong_any();
			unsigned long n = u8() < 230 ? u8() % 70 : ulong_any();
			/* fill our buffer with entries, a few malformed */
			for (size_t off = 0; off + 16 <= ilen; off += 16) {
				uint32_t ev = (uint32_t)pick_event();
				uint32_t out = 0xa5a5a5a5;
				uint64_t d = pick_data();
				memcpy(ibuf + off, &ev, 4);
				memcpy(ibuf + off + 4, &out, 4);
				memcpy(ibuf + off + 8, &d, 8);
			}
			save();
			r = pmu_event_get_info(lo, hi, n, flags, &H);
			allowed("event_get_info", r.error, SBI_ERR_NOT_SUPPORTED, SBI_ERR_INVALID_PARAM,
				SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED);
			if (flags)
				ENSURE(r.error == SBI_ERR_INVALID_PARAM);
			if (r.error) {
				unchanged("event_get_info");
				break;
			}
			ENSURE(mem_ok(lo, (uint64_t)n * 16) && hi == 0 && flags == 0);
			ENSURE(memcmp(&before.h, &H, sizeof(H)) == 0 && before.mutations == fake.mutations);
			for (unsigned long i = 0; i < n; i++) {
				uint8_t *e = (uint8_t *)(uintptr_t)lo + 16 * i;
				size_t off = (size_t)(e - (uint8_t *)(uintptr_t)lo);
				uint32_t out;
				const uint8_t *old = (uintptr_t)lo >= (uintptr_t)ibuf &&
					(uintptr_t)lo < (uintptr_t)ibuf + ilen ?
					before.ibuf + ((uintptr_t)lo - (uintptr_t)ibuf) + off :
					(const uint8_t *)before.page + ((uintptr_t)lo - (uintptr_t)page) + off;
				memcpy(&out, e + 4, 4);
				ENSURE(out == 0 || out == 1);
				ENSURE(!memcmp(e, old, 4) && !memcmp(e + 8, old + 8, 8));
			}
			break;
		}
		case 9:
			pmu_fw_event(&H, u8() % PMU_FW_EVENT_MAX);
			break;
		case 10:
			fake_tick(u8() % 32, u8() < 200 ? u8() : u64());
			break;
		case 11:
			fake_tick_all(u8());
			break;
		default: {
			/* read every configured firmware counter: values stay consistent */
			for (unsigned long idx = num_hw; idx < num_total(); idx++) {
				struct sbiret lo = pmu_fw_read(idx, &H), hi = pmu_fw_read_hi(idx, &H);
				ENSURE(lo.error == hi.error);
			}
			break;
		}
		}
		invariants();
	}

	free(page);
	free(ibuf);
	page = NULL;
	ibuf = NULL;
	return 0;
}
