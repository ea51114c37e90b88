/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Supervisor Software Events, EID "SSE" (SBI spec chapter "Supervisor
 * Software Events Extension"): the events, their states and attributes,
 * and how one enters and leaves S-mode. Pure C (sse.c): the registers an
 * event touches come in and go out as a struct sse_regs, which the caller
 * (sbi_sse.c) loads from and stores to the trap frame and the CSRs, so
 * tests/host/test_sse.c runs the whole state machine on the host.
 */
#ifndef TALLY_SSE_H
#define TALLY_SSE_H

#include <stdbool.h>
#include <stdint.h>
#include "base/sbi.h"

enum sse_fid {
	SSE_FID_READ_ATTRS = 0, SSE_FID_WRITE_ATTRS, SSE_FID_REGISTER, SSE_FID_UNREGISTER,
	SSE_FID_ENABLE, SSE_FID_DISABLE, SSE_FID_COMPLETE, SSE_FID_INJECT,
	SSE_FID_HART_UNMASK, SSE_FID_HART_MASK,
};

/* Table "SSE Event ID Space": the standard events. */
#define SSE_EV_LOCAL_HIGH_PRIO_RAS   0x00000000u
#define SSE_EV_LOCAL_DOUBLE_TRAP     0x00000001u
#define SSE_EV_GLOBAL_HIGH_PRIO_RAS  0x00008000u
#define SSE_EV_LOCAL_PMU_OVERFLOW    0x00010000u
#define SSE_EV_LOCAL_LOW_PRIO_RAS    0x00100000u
#define SSE_EV_GLOBAL_LOW_PRIO_RAS   0x00108000u
#define SSE_EV_LOCAL_SOFTWARE        0xffff0000u
#define SSE_EV_GLOBAL_SOFTWARE       0xffff8000u
#define SSE_EV_GLOBAL                (1u << 15)   /* event_id[15]: global event */

/* Table "SSE Event Attributes": IDs 0..9, everything above is reserved. */
enum sse_attr {
	SSE_ATTR_STATUS = 0, SSE_ATTR_PRIORITY, SSE_ATTR_CONFIG, SSE_ATTR_PREFERRED_HART,
	SSE_ATTR_ENTRY_PC, SSE_ATTR_ENTRY_ARG, SSE_ATTR_INTERRUPTED_SEPC,
	SSE_ATTR_INTERRUPTED_FLAGS, SSE_ATTR_INTERRUPTED_A6, SSE_ATTR_INTERRUPTED_A7,
	SSE_NUM_ATTRS
};

/* "Software Event States"; STATUS bits [1:0] */
enum sse_state { SSE_UNUSED = 0, SSE_REGISTERED, SSE_ENABLED, SSE_RUNNING };
#define SSE_STATUS_PENDING   (1UL << 2)
#define SSE_STATUS_INJECT    (1UL << 3)
#define SSE_CONFIG_ONESHOT   1UL          /* CONFIG bit 0; the rest is reserved */
/* INTERRUPTED_FLAGS: SPP, SPIE, hstatus.SPV, hstatus.SPVP, SPELP, SDT */
#define SSE_FLAG_SPP         (1UL << 0)
#define SSE_FLAG_SPIE        (1UL << 1)
#define SSE_FLAGS_DEFINED    0x3fUL

/* sstatus bits an event entry and completion move (priv spec 4.1.1
 * "Supervisor Status Register (sstatus)"). */
#define SSE_SSTATUS_SIE      (1UL << 1)
#define SSE_SSTATUS_SPIE     (1UL << 5)
#define SSE_SSTATUS_SPP      (1UL << 8)
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
	struct sse_hart *harts;    /* indexed by hart ID, nharts of them */
	unsigned long nharts;
	bool (*hart_ok)(unsigned long hartid);   /* a hart that exists */
	bool pmu_overflow;         /* LOCAL_PMU_OVERFLOW has an interrupt (Sscofpmf) */
	struct sse_event global[SSE_NUM_GLOBAL];
};

/*
 * What an event entry or completion reads and writes of the mode below
 * M: where it resumes (pc, in mode), a6 and a7, sepc, and sstatus's SIE,
 * SPIE and SPP bits (the other bits of sstatus are left as they are).
 */
struct sse_regs {
	unsigned long pc, mode;    /* mode: SSE_PRV_S or SSE_PRV_U */
	unsigned long a6, a7, sepc, sstatus;
};

/* Boot: global events unused, their preferred hart the boot hart. */
void sse_init(struct sse_sys *s, unsigned long boot_hart);
/* Hart reset (boot, HSM hart_start): local events unused, events masked. */
void sse_hart_reset(struct sse_sys *s, unsigned long hart);

/*
 * The SBI functions, for the calling hart. Attribute values travel in
 * plain arrays: sbi_sse.c copies them from and to S-mode's memory once
 * sse_attrs_check() has passed and the memory has been checked.
 */
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

/*
 * Delivery. sse_next: the event the hart must enter now, or NULL (masked,
 * nothing pending and enabled, or a handler of higher priority running).
 * sse_enter: save r as the event's interrupted state and point r at its
 * handler. sse_complete: leave the innermost handler, r back to what it
 * interrupted; false (r untouched) if no handler is running.
 */
struct sse_event *sse_next(struct sse_sys *s, unsigned long hart);
void sse_enter(struct sse_sys *s, unsigned long hart, struct sse_event *e, struct sse_regs *r);
bool sse_complete(struct sse_sys *s, unsigned long hart, struct sse_regs *r);

/* sbi_sse.c: boot and hart reset, and delivery on the way out of M-mode. */
void sse_probe(void);
void sse_hart_init(unsigned long hartid);
#endif
