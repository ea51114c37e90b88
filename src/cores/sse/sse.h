/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Supervisor Software Events, EID "SSE" (SBI spec chapter "Supervisor
 * Software Events Extension"). Pure C (sse.c): the registers an event
 * touches travel as a struct sse_regs that src/hart/sse_hart.c loads and stores,
 * so tests/host/cores/sse/test_sse.c runs the state machine on the host.
 */
#ifndef TALLY_SSE_H
#define TALLY_SSE_H

#include <stdbool.h>
#include <stdint.h>
#include "base/sbi.h"

/* sstatus bits an event entry and completion move (priv spec 4.1.1
 * "Supervisor Status Register (sstatus)"). */
#define SSE_SSTATUS_SIE      (1UL << 1)
#define SSE_SSTATUS_SPIE     (1UL << 5)
#define SSE_SSTATUS_SPP      (1UL << 8)
/* hstatus bits they move on a hart with H (priv spec 8.2 "Hypervisor and Virtual Supervisor CSRs") */
#define SSE_HSTATUS_SPV      (1UL << 7)
#define SSE_HSTATUS_SPVP     (1UL << 8)
#define SSE_PRV_U 0UL
#define SSE_PRV_S 1UL

/* The events Tally implements: two local ones per hart, one global one. */
enum { SSE_LOCAL_SOFTWARE, SSE_LOCAL_PMU_OVERFLOW, SSE_NUM_LOCAL };
enum { SSE_GLOBAL_SOFTWARE, SSE_NUM_GLOBAL };
#define SSE_MAX_NEST (SSE_NUM_LOCAL + SSE_NUM_GLOBAL)

struct sse_event {
	uint32_t id;
	uint8_t state;             /* enum sse_state */
	bool pending;              /* STATUS bit 2: signalled, not yet RUNNING */
	bool handler;              /* entry_pc/entry_arg came from register (until unregister) */
	uint32_t priority;         /* PRIORITY: lower value runs first */
	unsigned long config;      /* CONFIG: ONESHOT or 0 */
	unsigned long hart;        /* PREFERRED_HART (global); the owner (local) */
	unsigned long entry_pc, entry_arg;
	unsigned long sepc, flags, a6, a7;   /* INTERRUPTED_* */
	unsigned long running_on;  /* the hart whose handler runs it (RUNNING) */
};

/* One hart: its local events, its mask, the events its handlers are in. */
struct sse_hart {
	struct sse_event local[SSE_NUM_LOCAL];
	bool unmasked;             /* "software events are masked initially" */
	uint8_t depth;             /* running[depth - 1] is the innermost handler */
	struct sse_event *running[SSE_MAX_NEST];
};

/* The machine as SSE sees it. */
struct sse_sys {
	/* Hart h's events: offset bytes into its record, records[h] (h passed hart_ok). */
	void *const *records;
	unsigned long offset;
	unsigned long num_harts;   /* IDs below this may have a record; hart_ok says which are there */
	bool (*hart_ok)(unsigned long hartid);   /* a hart that exists (any ID) */
	bool pmu_overflow;         /* LOCAL_PMU_OVERFLOW has an interrupt (Sscofpmf) */
	struct sse_event global[SSE_NUM_GLOBAL];
};

/* What entry and completion move of the mode below M (sstatus: SIE, SPIE,
 * SPP only; hstatus: SPV, SPVP only, and virt, all zero without H). */
struct sse_regs {
	unsigned long pc, mode;    /* mode: SSE_PRV_S or SSE_PRV_U */
	unsigned long a6, a7, sepc, sstatus;
	unsigned long virt, hstatus;   /* virt: the interrupted context is a guest */
};

/* Boot: global events unused, their preferred hart the boot hart. */
void sse_init(struct sse_sys *s, unsigned long boot_hart);
/* Hart reset (boot, HSM hart_start): local events unused, events masked. */
void sse_hart_reset(struct sse_sys *s, unsigned long hart);

/* The SBI functions, for the calling hart. Attribute values travel in arrays
 * src/hart/sse_hart.c copies once sse_attrs_check() and the memory check pass. */
struct sbiret sse_attrs_check(struct sse_sys *s, unsigned long hart, uint32_t id,
			      uint32_t base, uint32_t count);
struct sbiret sse_read_attrs(struct sse_sys *s, unsigned long hart, uint32_t id,
			     uint32_t base, uint32_t count, unsigned long *out);
struct sbiret sse_write_attrs(struct sse_sys *s, unsigned long hart, uint32_t id,
			      uint32_t base, uint32_t count, const unsigned long *in);
struct sbiret sse_register(struct sse_sys *s, unsigned long hart, uint32_t id,
			   unsigned long entry_pc, unsigned long entry_arg);
struct sbiret sse_unregister(struct sse_sys *s, unsigned long hart, uint32_t id);
struct sbiret sse_enable(struct sse_sys *s, unsigned long hart, uint32_t id,
			 unsigned long *target);
struct sbiret sse_disable(struct sse_sys *s, unsigned long hart, uint32_t id);
/* inject and enable: *target is the hart the event may now run on. */
struct sbiret sse_inject(struct sse_sys *s, unsigned long hart, uint32_t id,
			 unsigned long hart_id, unsigned long *target);
struct sbiret sse_hart_unmask(struct sse_sys *s, unsigned long hart);
struct sbiret sse_hart_mask(struct sse_sys *s, unsigned long hart);

/* An event source (PMU overflow) signals a local event of this hart. */
void sse_signal_local(struct sse_sys *s, unsigned long hart, unsigned idx);
/* Is the local event registered for a handler (not UNUSED)? */
bool sse_local_registered(const struct sse_sys *s, unsigned long hart, unsigned idx);

/* Delivery: the event to enter now or NULL; enter it (r saved, then pointed at
 * the handler); complete the innermost (false, r untouched, if none runs). */
struct sse_event *sse_next(struct sse_sys *s, unsigned long hart);
void sse_enter(struct sse_sys *s, unsigned long hart, struct sse_event *e, struct sse_regs *r);
bool sse_complete(struct sse_sys *s, unsigned long hart, struct sse_regs *r);
#endif
