/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core: the SBI PMU extension (SBI spec chapter 11) in plain C.
 *
 * It never touches a CSR itself. Everything it knows about the hardware
 * comes from a backend (struct pmu_backend: one per core: QEMU virt, Ibex,
 * CVA6), and everything it knows about memory comes from a check function
 * the firmware supplies. So the same file builds into the firmware and
 * into the host unit tests.
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

#ifndef PMU_NUM_FW_COUNTERS
#define PMU_NUM_FW_COUNTERS 16
#endif
#define PMU_MAX_HW_COUNTERS 32   /* CSR counter numbers 0..31 */
#define PMU_MAX_COUNTERS (PMU_MAX_HW_COUNTERS + PMU_NUM_FW_COUNTERS)
#define PMU_XLEN ((unsigned)(sizeof(unsigned long) * 8))

/* event_idx (SBI spec 11.1): [19:16] type, [15:0] code; bits above 19 reserved */
#define PMU_EVENT_TYPE(e)  (((e) >> 16) & 0xfUL)
#define PMU_EVENT_CODE(e)  ((e) & 0xffffUL)
#define PMU_EVENT_IDX(type, code) (((unsigned long)(type) << 16) | (code))
#define PMU_EVENT_IDX_MASK 0xfffffUL

enum pmu_event_type {
	PMU_TYPE_HW = 0, PMU_TYPE_CACHE = 1, PMU_TYPE_RAW = 2, PMU_TYPE_RAW_V2 = 3,
	PMU_TYPE_FW = 15,
};

/* Table 2: hardware general events */
enum pmu_hw_event {
	PMU_HW_NO_EVENT = 0, PMU_HW_CPU_CYCLES, PMU_HW_INSTRUCTIONS,
	PMU_HW_CACHE_REFERENCES, PMU_HW_CACHE_MISSES, PMU_HW_BRANCH_INSTRUCTIONS,
	PMU_HW_BRANCH_MISSES, PMU_HW_BUS_CYCLES, PMU_HW_STALLED_CYCLES_FRONTEND,
	PMU_HW_STALLED_CYCLES_BACKEND, PMU_HW_REF_CPU_CYCLES,
	PMU_HW_GENERAL_MAX
};

/* Tables 3-5: cache events, code = cache_id << 3 | op << 1 | result */
enum { PMU_CACHE_L1D, PMU_CACHE_L1I, PMU_CACHE_LL, PMU_CACHE_DTLB,
       PMU_CACHE_ITLB, PMU_CACHE_BPU, PMU_CACHE_NODE, PMU_CACHE_ID_MAX };
enum { PMU_CACHE_OP_READ, PMU_CACHE_OP_WRITE, PMU_CACHE_OP_PREFETCH, PMU_CACHE_OP_MAX };
enum { PMU_CACHE_RESULT_ACCESS, PMU_CACHE_RESULT_MISS };
#define PMU_CACHE_EVENT(id, op, res) \
	PMU_EVENT_IDX(PMU_TYPE_CACHE, ((id) << 3) | ((op) << 1) | (res))

/* Table 6: firmware events */
enum pmu_fw_event {
	PMU_FW_MISALIGNED_LOAD = 0, PMU_FW_MISALIGNED_STORE, PMU_FW_ACCESS_LOAD,
	PMU_FW_ACCESS_STORE, PMU_FW_ILLEGAL_INSN, PMU_FW_SET_TIMER,
	PMU_FW_IPI_SENT, PMU_FW_IPI_RECEIVED, PMU_FW_FENCE_I_SENT,
	PMU_FW_FENCE_I_RECEIVED, PMU_FW_SFENCE_VMA_SENT, PMU_FW_SFENCE_VMA_RECEIVED,
	PMU_FW_SFENCE_VMA_ASID_SENT, PMU_FW_SFENCE_VMA_ASID_RECEIVED,
	PMU_FW_HFENCE_GVMA_SENT, PMU_FW_HFENCE_GVMA_RECEIVED,
	PMU_FW_HFENCE_GVMA_VMID_SENT, PMU_FW_HFENCE_GVMA_VMID_RECEIVED,
	PMU_FW_HFENCE_VVMA_SENT, PMU_FW_HFENCE_VVMA_RECEIVED,
	PMU_FW_HFENCE_VVMA_ASID_SENT, PMU_FW_HFENCE_VVMA_ASID_RECEIVED,
	PMU_FW_EVENT_MAX,            /* 22..255 reserved */
	PMU_FW_PLATFORM = 0xffff,
};

/* Function IDs (table 20) */
enum {
	PMU_FID_NUM_COUNTERS = 0, PMU_FID_COUNTER_GET_INFO, PMU_FID_CONFIG_MATCHING,
	PMU_FID_COUNTER_START, PMU_FID_COUNTER_STOP, PMU_FID_FW_READ,
	PMU_FID_FW_READ_HI, PMU_FID_SNAPSHOT_SET_SHMEM, PMU_FID_EVENT_GET_INFO,
};

/* Table 8: config_matching flags */
#define PMU_CFG_SKIP_MATCH   (1UL << 0)
#define PMU_CFG_CLEAR_VALUE  (1UL << 1)
#define PMU_CFG_AUTO_START   (1UL << 2)
#define PMU_CFG_SET_VUINH    (1UL << 3)
#define PMU_CFG_SET_VSINH    (1UL << 4)
#define PMU_CFG_SET_UINH     (1UL << 5)
#define PMU_CFG_SET_SINH     (1UL << 6)
#define PMU_CFG_SET_MINH     (1UL << 7)
#define PMU_CFG_INH_MASK     (0x1fUL << 3)
#define PMU_CFG_VALID_MASK   0xffUL
/* Table 10: start flags */
#define PMU_START_SET_INIT_VALUE  (1UL << 0)
#define PMU_START_INIT_SNAPSHOT   (1UL << 1)
#define PMU_START_VALID_MASK      0x3UL
/* Table 12: stop flags */
#define PMU_STOP_RESET            (1UL << 0)
#define PMU_STOP_TAKE_SNAPSHOT    (1UL << 1)
#define PMU_STOP_VALID_MASK       0x3UL

/* counter_info (11.6): [11:0] csr, [17:12] width - 1, [XLEN-1] firmware */
#define PMU_INFO_CSR_SHIFT   0
#define PMU_INFO_WIDTH_SHIFT 12
#define PMU_INFO_TYPE_FW     (1UL << (PMU_XLEN - 1))

/* Snapshot shared memory (table 16) */
#define PMU_SHMEM_SIZE     4096
#define PMU_SHMEM_NONE     UINT64_MAX

/* What a backend found at boot. Counter numbers are CSR numbers 0..31. */
struct pmu_hw_info {
	unsigned num_hpm;                  /* mhpmcounters that exist */
	uint8_t hpm[PMU_MAX_HW_COUNTERS];  /* their counter numbers, ascending */
	uint8_t width[PMU_MAX_HW_COUNTERS];/* bits, by counter number (0: absent) */
	uint32_t stoppable;     /* counters the backend can really stop (bit n) */
	bool has_inhibit;       /* mcountinhibit exists */
	bool has_sscofpmf;      /* overflow bit and mode-inhibit bits in mhpmevent */
	const char *note;       /* anything the banner should say (errata), or NULL */
};

/*
 * What a backend says about one event: which hpm counters can count it
 * (bit n = mhpmcounter n; the core ignores bits of counters it did not
 * probe, so "all of them" may be written ~0), the selector value they need
 * (the same for each), and, where the core can count an event on only one
 * hpm counter at a time (QEMU keeps one event -> counter table), a small
 * number naming that event among such events, else -1.
 */
struct pmu_event_map {
	uint32_t ctrs;
	int8_t excl;            /* 0..31, or -1: any number of counters may count it */
	uint64_t sel;
};
#define PMU_EXCL_NONE (-1)

/*
 * A backend: the only code that knows how a counter and its selector look
 * on one core. All of it runs on the calling hart.
 */
struct pmu_backend {
	const char *name;
	/* Boot: find which counters exist, their widths, what can be stopped. */
	void (*probe)(struct pmu_hw_info *info);
	/*
	 * Which hpm counters can count event_idx/event_data (general and cache
	 * events: asked once at boot, the core keeps the answer; raw events:
	 * asked on each config_matching, since event_data can be anything).
	 * Fills *m (m->ctrs = 0: none can) and returns SBI_SUCCESS, or
	 * SBI_ERR_INVALID_PARAM for event_data the spec reserves. Counters 0
	 * and 2 are the core's business (cycles and instructions everywhere).
	 */
	long (*map)(unsigned long event_idx, uint64_t event_data, struct pmu_event_map *m);
	/*
	 * config_matching's hardware work, in one call: stop the counter,
	 * program its selector (counters >= 3; cfg_flags carries the
	 * mode-inhibit hints), write 0 if cfg_flags has CLEAR_VALUE, start it
	 * if it has AUTO_START. One call lets a backend skip what a sequence
	 * would undo (QEMU's counter-freeze workaround before a zeroing).
	 */
	void (*configure)(unsigned ctr, uint64_t sel, unsigned long cfg_flags);
	/*
	 * stop + RESET: the counter is stopped for good and, for counters
	 * >= 3, its selector cleared (it returns to the free pool counting
	 * nothing). Its value no longer matters.
	 */
	void (*release)(unsigned ctr, uint64_t sel);
	/* The value, for a snapshot (and for the stopped value QEMU keeps). */
	uint64_t (*read)(unsigned ctr);
	/*
	 * Start counting, from value if load (start's SET_INIT_VALUE and
	 * INIT_SNAPSHOT) else from where it stopped, and clear a stale
	 * overflow flag. sel as programmed.
	 */
	void (*start)(unsigned ctr, uint64_t sel, bool load, uint64_t value);
	/* Stop counting; the value holds still until the next start. */
	void (*stop)(unsigned ctr, uint64_t sel);
	/* Sscofpmf overflow flag of a counter; NULL where there is none. */
	bool (*overflowed)(unsigned ctr);
	/* One line for the boot banner: what counter ctr (>= 3) can count. */
	const char *(*describe)(unsigned ctr);
};

/*
 * Which logical counters can count an event, and what their selector
 * needs: fixed at boot for general, cache and firmware events (pmu.c), the
 * backend's answer of the moment for a raw event.
 */
struct pmu_evmap {
	uint64_t can;           /* logical counters (pmu_set_t) */
	uint64_t sel;
	int8_t excl;            /* as in struct pmu_event_map */
};

/* A firmware-supplied check: may S-mode's memory [addr, addr+len) be used? */
typedef bool (*pmu_mem_check_fn)(uint64_t addr, uint64_t len);

enum pmu_ctr_state { PMU_CTR_FREE = 0, PMU_CTR_CONFIGURED, PMU_CTR_STARTED };

/*
 * A set of logical counters: bit i = logical counter i. 64 bits hold the
 * 32 hardware indices and the firmware counters after them.
 */
typedef uint64_t pmu_set_t;
#define PMU_BIT(i) ((pmu_set_t)1 << (i))

/* 32 bytes, so that finding counter i is one shift. */
struct pmu_counter {
	uint32_t event_idx;
	int8_t excl;            /* the event's one-counter-at-a-time number, or -1 */
	uint64_t sel;           /* hardware: selector value as programmed */
	uint64_t fw_value;      /* firmware: value while stopped / base while started */
	uint64_t fw_start;      /* firmware: event count when started */
};

/*
 * One per hart; only its own hart ever touches it, so no lock. A counter's
 * state is two bits of two sets: free (in neither), configured (in used),
 * started (in used and running). Sets make the questions the SBI calls
 * ask ("is any of these unconfigured?", "which free one can count this?")
 * one AND each, whatever the number of counters.
 */
struct pmu_hart {
	pmu_set_t used;                        /* configured or started */
	pmu_set_t running;                     /* started */
	uint32_t excl_held;                    /* one-at-a-time events on an hpm counter */
	uint64_t shmem;                        /* snapshot area or PMU_SHMEM_NONE */
	struct pmu_counter ctr[PMU_MAX_COUNTERS];
	uint64_t fw_count[PMU_FW_EVENT_MAX];   /* events seen since boot */
};

/*
 * Is logical counter i (< 64) in set s? On rv32 a 64-bit shift by a
 * variable amount is a dozen instructions with a branch; picking the word
 * first is three.
 */
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

static inline enum pmu_ctr_state pmu_counter_state(const struct pmu_hart *h, unsigned long idx)
{
	if (idx >= PMU_MAX_COUNTERS || !pmu_set_has(h->used, idx))
		return PMU_CTR_FREE;
	return pmu_set_has(h->running, idx) ? PMU_CTR_STARTED : PMU_CTR_CONFIGURED;
}

/* Boot (once): probe the backend, lay out the logical counters. */
void pmu_init(const struct pmu_backend *be, pmu_mem_check_fn mem_ok, uint32_t fw_events);
/* Each hart, at boot: reset its state. */
void pmu_hart_init(struct pmu_hart *h);
/* The index of the lowest set bit of x (x != 0), without libgcc. */
unsigned pmu_lowest_bit(uint64_t x);
unsigned pmu_lowest_bit32(uint64_t x);   /* the same, as rv32 computes it */

/*
 * How many bits a probed counter has: the position of the highest bit that
 * stuck, plus one. Halving, on 32-bit words, not __builtin_clzll: without
 * Zbb that pulls libgcc's __clzdi2 and its 256-byte table into the image,
 * which Ibex's 16 KiB budget feels (and libgcc does not keep t2..t6 alone,
 * see tools/check-fixed-regs.py).
 */
static inline unsigned pmu_bit_width(uint64_t v)
{
	uint32_t x = (uint32_t)(v >> 32);
	unsigned w = 0;

	if (x)
		w = 32;
	else
		x = (uint32_t)v;
	for (unsigned step = 16; step; step >>= 1)
		if (x >> step) {
			x >>= step;
			w += step;
		}
	return w + x;   /* x is now 0 or 1 */
}
/*
 * What the backend's probe found, filled once by pmu_init(). The one copy
 * of these facts: backends read theirs here too (pmu_csr.c: has_inhibit,
 * has_sscofpmf), the boot banner prints them.
 */
extern struct pmu_hw_info pmu_probed;
static inline const struct pmu_hw_info *pmu_hw(void) { return &pmu_probed; }
unsigned pmu_num_hw_counters(void);   /* logical hardware indices: 3 + num_hpm */
bool pmu_fw_event_supported(unsigned code);

/* Count a firmware event on this hart; counters read the delta while started. */
static inline void pmu_fw_event(struct pmu_hart *h, unsigned code)
{
	h->fw_count[code]++;
}

/*
 * The SBI functions (FID 0..8), 64-bit values already joined. The hart's
 * state comes last, so the ecall layer can pass a0..a5 where they already
 * are and jump.
 */
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

#endif
