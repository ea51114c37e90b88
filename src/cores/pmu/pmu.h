/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core: the SBI PMU extension (SBI spec chapter 11) in plain C. The
 * hardware is a backend's (platform/pmu_backend.h), memory checks the
 * firmware's, so the same file builds into the firmware and the host tests.
 *
 * Logical counter indices, as Linux's riscv_pmu_sbi driver expects them:
 *   0        cycle      (hardware counter 0, mcycle)
 *   1        time       (never a valid PMU counter: get_info says INVALID_PARAM)
 *   2        instret    (hardware counter 2, minstret)
 *   3..      the mhpmcounters that really exist, in order
 *   then     PMU_NUM_FW_COUNTERS firmware counters
 */
#ifndef TALLY_PMU_H
#define TALLY_PMU_H

#include <stdbool.h>
#include <stdint.h>
#include "base/sbi.h"
#include "platform/pmu_backend.h"

#ifndef PMU_NUM_FW_COUNTERS
#define PMU_NUM_FW_COUNTERS 16
#endif
#define PMU_MAX_COUNTERS (PMU_MAX_HW_COUNTERS + PMU_NUM_FW_COUNTERS)

/* Snapshot area not set */
#define PMU_SHMEM_NONE     UINT64_MAX

/* Which logical counters can count an event, and their selector: fixed at boot,
 * but for a raw event (the backend's answer of the moment). */
struct pmu_logical_map {
	uint64_t can;           /* logical counters (pmu_set_t) */
	uint64_t sel;
	int8_t excl;            /* as in struct pmu_hw_map */
	uint8_t fw_code;        /* a firmware event's code (< PMU_FW_EVENT_MAX), else 0 */
};

/* A firmware-supplied check: may S-mode's memory [addr, addr+len) be used? */
typedef bool (*pmu_mem_check_fn)(uint64_t addr, uint64_t len);

enum pmu_ctr_state { PMU_CTR_FREE = 0, PMU_CTR_CONFIGURED, PMU_CTR_STARTED };

/* A set of logical counters: bit i = logical counter i. */
typedef uint64_t pmu_set_t;

struct pmu_counter {
	uint8_t fw_code;        /* firmware: the event it counts (< PMU_FW_EVENT_MAX) */
	int8_t excl;            /* the event's one-counter-at-a-time number, or -1 */
	uint64_t sel;           /* hardware: selector value as programmed */
	uint64_t fw_value;      /* firmware: value while stopped / base while started */
	uint64_t fw_start;      /* firmware: event count when started */
};

/*
 * One per hart, touched only by its hart: no lock. A counter is free,
 * configured (in used) or started (in used and running): as sets, each
 * question a call asks is one AND, whatever the number of counters.
 */
struct pmu_hart {
	pmu_set_t used;                        /* configured or started */
	pmu_set_t running;                     /* started */
	uint32_t excl_held;                    /* one-at-a-time events on an hpm counter */
	uint64_t shmem;                        /* snapshot area or PMU_SHMEM_NONE */
	struct pmu_counter ctr[PMU_MAX_COUNTERS];
	uint64_t fw_count[PMU_FW_EVENT_MAX];   /* events seen since boot */
};

/* Is counter i (< 64) in s? On rv32 picking the word first avoids the branch
 * of a variable 64-bit shift. */
static inline bool pmu_set_has(pmu_set_t s, unsigned long i)
{
	if (sizeof(unsigned long) == 8)
		return (s >> i) & 1;
	return (((i & 32) ? (uint32_t)(s >> 32) : (uint32_t)s) >> (i & 31)) & 1;
}

/* The set holding only counter i: again word by word on rv32. */
static inline pmu_set_t pmu_bit(unsigned long i)
{
	if (sizeof(unsigned long) == 8)
		return (pmu_set_t)1 << i;
	return (i & 32) ? (pmu_set_t)(1u << (i & 31)) << 32 : (pmu_set_t)(1u << (i & 31));
}

/* Boot: the backend probes into *hw (features.pmu), then the logical counters are laid out. */
void pmu_init(const struct pmu_backend *be, struct pmu_hw_info *hw,
	      pmu_mem_check_fn mem_ok, uint32_t fw_events);
/* Each hart, at boot: reset its state. */
void pmu_hart_init(struct pmu_hart *h);
unsigned pmu_num_hw_counters(void);   /* logical hardware indices: 3 + num_hpm */
bool pmu_fw_event_supported(unsigned code);

/* Count a firmware event on this hart; counters read the delta while started. */
static inline void pmu_fw_event(struct pmu_hart *h, unsigned code)
{
	h->fw_count[code]++;
}

/* The SBI functions, 64-bit values joined; the hart's state last, so the
 * decoder passes a0..a5 where they are and jumps. */
struct sbiret pmu_num_counters(void);
struct sbiret pmu_counter_get_info(unsigned long idx);
struct sbiret pmu_config_matching(unsigned long base,
				  unsigned long mask, unsigned long flags,
				  unsigned long event_idx, uint64_t event_data, struct pmu_hart *h);
struct sbiret pmu_counter_start(unsigned long base,
				unsigned long mask, unsigned long flags,
				uint64_t initial_value, struct pmu_hart *h);
struct sbiret pmu_counter_stop(unsigned long base,
			       unsigned long mask, unsigned long flags, struct pmu_hart *h);
struct sbiret pmu_fw_read(unsigned long idx, struct pmu_hart *h);
struct sbiret pmu_fw_read_hi(unsigned long idx, struct pmu_hart *h);
struct sbiret pmu_snapshot_set_shmem(unsigned long lo,
				     unsigned long hi, unsigned long flags, struct pmu_hart *h);
struct sbiret pmu_event_get_info(unsigned long lo,
				 unsigned long hi, unsigned long num_entries,
				 unsigned long flags, struct pmu_hart *h);

/* Test hooks: for tests/host only, the firmware never calls them. */
static inline enum pmu_ctr_state pmu_counter_state(const struct pmu_hart *h, unsigned long idx)
{
	if (idx >= PMU_MAX_COUNTERS || !pmu_set_has(h->used, idx))
		return PMU_CTR_FREE;
	return pmu_set_has(h->running, idx) ? PMU_CTR_STARTED : PMU_CTR_CONFIGURED;
}
/* The index of the lowest set bit of x (x != 0), without libgcc. */
unsigned pmu_lowest_bit(uint64_t x);
unsigned pmu_lowest_bit32(uint64_t x);   /* the same, as rv32 computes it */
/* The record pmu_init() was handed, as the backend's probe filled it. */
const struct pmu_hw_info *pmu_hw(void);

#endif
