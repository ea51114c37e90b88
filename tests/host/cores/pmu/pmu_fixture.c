/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include "pmu_fixture.h"

/* What the backend's probe finds: features.pmu in the firmware. */
static struct pmu_hw_info probed;

struct pmu_hart H;
_Alignas(4096) uint64_t snap_page[512];

#define MAX_REGIONS 8
static struct { uintptr_t start; size_t len; } regions[MAX_REGIONS];
static unsigned num_regions;
bool mem_refuse_all;
unsigned mem_calls;
uint64_t mem_max_len;

void mem_reset(void)
{
	num_regions = 0;
	mem_refuse_all = false;
	mem_calls = 0;
	mem_max_len = 0;
}

void mem_allow(const void *p, size_t len)
{
	if (num_regions < MAX_REGIONS) {
		regions[num_regions].start = (uintptr_t)p;
		regions[num_regions].len = len;
		num_regions++;
	}
}

uintptr_t sbi_mem_window(uint64_t addr, uint64_t len, uint64_t *end)
{
	mem_calls++;
	if (len > mem_max_len)
		mem_max_len = len;
	if (mem_refuse_all)
		return 0;
	for (unsigned i = 0; i < num_regions; i++) {
		uint64_t s = regions[i].start, n = regions[i].len;
		if (addr >= s && len <= n && addr - s <= n - len) {
			*end = addr + len;
			return (uintptr_t)addr;
		}
	}
	return 0;
}

struct fake_cfg default_cfg(void)
{
	const uint32_t hpm = 1U << 3 | 1U << 4 | 1U << 5 | 1U << 7;
	return (struct fake_cfg){
		.hpm_mask = hpm, .hpm_width = 48,
		.has_inhibit = true, .has_sscofpmf = true,
		.cache_mask = 1U << 3 | 1U << 4,
		.branch_mask = 1U << 7,
		.raw_mask = hpm,
	};
}

void setup_with(const struct fake_cfg *c, uint32_t fw_events)
{
	fake_setup(c);
	mem_reset();
	mem_allow(snap_page, sizeof(snap_page));
	memset(snap_page, 0, sizeof(snap_page));
	pmu_init(&fake_backend, &probed, fw_events);
	pmu_hart_init(&H);
	fake.mutations = 0;
	fake.programs = 0;
}

void setup(void)
{
	struct fake_cfg c = default_cfg();
	setup_with(&c, FW_EVENTS_DEFAULT);
}

unsigned ctr_of_idx(unsigned long idx)
{
	unsigned n = 3;

	if (idx < 3)
		return (unsigned)idx;
	for (unsigned c = 3; c < 32; c++)
		if (fake_exists(c) && n++ == idx)
			return c;
	return 0xff;
}

unsigned num_hw_counters(void)
{
	unsigned n = 3;

	for (unsigned c = 3; c < 32; c++)
		n += fake_exists(c);
	return n;
}

unsigned long num_counters(void)
{
	return num_hw_counters() + PMU_NUM_FW_COUNTERS;
}

void world_save(struct world *w)
{
	memcpy(&w->h, &H, sizeof(H));
	memcpy(&w->csr, &fake.csr, sizeof(fake.csr));
	memcpy(w->page, snap_page, sizeof(snap_page));
	w->mutations = fake.mutations;
}

bool world_same(const struct world *w)
{
	bool same = true;

	if (memcmp(&w->h, &H, sizeof(H))) {
		printf("       hart state changed\n");
		same = false;
	}
	if (memcmp(&w->csr, &fake.csr, sizeof(fake.csr))) {
		printf("       CSRs changed\n");
		same = false;
	}
	if (memcmp(w->page, snap_page, sizeof(snap_page))) {
		printf("       snapshot page changed\n");
		same = false;
	}
	if (w->mutations != fake.mutations) {
		printf("       backend asked to change something (%u calls)\n",
		       fake.mutations - w->mutations);
		same = false;
	}
	return same;
}

bool invariants_hold(void)
{
	bool ok = true;
	unsigned n = num_hw_counters();

	for (unsigned long idx = 0; idx < n; idx++) {
		unsigned c = ctr_of_idx(idx);
		uint8_t st = pmu_counter_state(&H, idx);

		if (idx == 1) {
			if (st != PMU_CTR_FREE) {
				printf("       time slot (1) is not free\n");
				ok = false;
			}
			continue;
		}
		if (st == PMU_CTR_STARTED && !fake_counting(c)) {
			printf("       counter %lu started but not counting\n", idx);
			ok = false;
		}
		if (st == PMU_CTR_CONFIGURED && fake_counting(c)) {
			printf("       counter %lu said stopped but counting\n", idx);
			ok = false;
		}
		if (st == PMU_CTR_FREE && c >= 3 &&
		    (fake_counting(c) || (fake.csr.event[c] & ~FAKE_OF))) {
			printf("       free counter %lu still has a selector\n", idx);
			ok = false;
		}
		if (st > PMU_CTR_STARTED) {
			printf("       counter %lu in state %u\n", idx, st);
			ok = false;
		}
	}
	if (fake.bad) {
		printf("       fake backend saw %u forbidden accesses\n", fake.bad);
		ok = false;
	}
	return ok;
}

struct sbiret cfg(unsigned long base, unsigned long mask, unsigned long flags,
		  unsigned long event_idx, uint64_t data)
{
	return pmu_config_matching(base, mask, flags, event_idx, data, &H);
}

struct sbiret start(unsigned long base, unsigned long mask, unsigned long flags, uint64_t init)
{
	return pmu_counter_start(base, mask, flags, init, &H);
}

struct sbiret stop(unsigned long base, unsigned long mask, unsigned long flags)
{
	return pmu_counter_stop(base, mask, flags, &H);
}

void take(unsigned long idx, unsigned long event_idx, uint64_t data)
{
	struct sbiret r = cfg(idx, 1, PMU_CFG_SKIP_MATCH, event_idx, data);
	if (r.error || r.value != idx)
		printf("       take(%lu): %s, value %lu\n", idx, h_err_name(r.error), r.value);
	CHECK(r.error == 0 && r.value == idx);
}
