/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One record per hart: a hart reaches its own through mscratch (this_hart()),
 * others by hart ID (hart_of()). Only the owner writes it, except the IPI
 * mailbox and SSE's doorbell in its frame (others set them atomically, then
 * ring the hart), hsm_state (hart_start claims it by CAS) and the SSE
 * events (SSE's lock).
 */
#ifndef TALLY_HART_H
#define TALLY_HART_H

#include "arch/frame.h"
#include "cores/dbtr/dbtr.h"
#include "cores/fwft/fwft.h"
#include "cores/pmu/pmu.h"
#include "cores/sse/sse.h"
#include "tally_config.h"

struct hart {
	struct pmu_hart pmu;          /* first: this_pmu() is this_hart() */
	/* HSM (hsm.c) */
	volatile unsigned long hsm_state;
	volatile unsigned long present;
	unsigned long start_addr, start_arg;
	volatile unsigned long mailbox;   /* IPI requests (ipi.c) */
	unsigned long id;                 /* its hart ID: loops over the records ring it */
	volatile unsigned long wants_rfence;  /* asleep until the RFENCE lock is free (ipi.c) */
#if TALLY_SMODE_EXTENSIONS
	struct fwft_hart fwft;
	bool has_tdata3;              /* beside fwft's bytes, where it costs no padding */
	struct dbtr_hart dbtr;
	struct sse_hart sse;
	uint64_t htimedelta;          /* the hypervisor's, where the core has none (trap/hyp.c) */
#endif
};

/*
 * Per-hart memory (docs/boot.md, step 1): one slot per enabled hart of the
 * device tree, laid out once at boot right after the image, each a stack
 * with its record above it (the trap frame sits between them, at the
 * stack's top). The boot hart's slot is the first, inside the image, so
 * it has a stack before the tree is read; the rest end where the count
 * says (harts_end()), and PMP and the tree's reservation cover them too.
 */
#define HART_RECORD_SIZE ((sizeof(struct hart) + 15) & ~(uintptr_t)15)
#define HART_SLOT_SIZE   (TALLY_STACK_SIZE + HART_RECORD_SIZE)
_Static_assert(TALLY_STACK_SIZE % 16 == 0, "a stack's top (its frame) is 16-byte aligned");

#ifndef __FRAMAC__
/* The linker script's .harts: slot 0. Aligned as the slots are, so that a
 * record at a fixed offset (one hart) is read a word at a time. */
extern char _harts_start[] __attribute__((aligned(16)));
#define SLOT_RECORD(i) ((struct hart *)(_harts_start + (uintptr_t)(i) * HART_SLOT_SIZE + \
					TALLY_STACK_SIZE))
#define SLOTS_END(n)   ((uintptr_t)_harts_start + (uintptr_t)(n) * HART_SLOT_SIZE)
#else
/* The proof's slots are typed as what they hold, so that EVA reads a
 * record as a struct hart and a frame as a struct trap_frame. */
struct hart_slot {
	char stack[TALLY_STACK_SIZE - FRAME_SIZE];
	struct trap_frame frame;
	struct hart record __attribute__((aligned(16)));
};
_Static_assert(sizeof(struct hart_slot) == HART_SLOT_SIZE &&
	       __builtin_offsetof(struct hart_slot, record) == TALLY_STACK_SIZE,
	       "the proof's slots are the firmware's");
extern struct hart_slot _harts_start[];   /* stubs.c */
#define SLOT_RECORD(i) (&_harts_start[i].record)
#define SLOTS_END(n)   ((uintptr_t)&_harts_start[n])
#endif
#if TALLY_MAX_HARTS > 1
extern unsigned hart_slots;           /* laid out by hart_layout() */
#else
#define hart_slots 1U                 /* one hart: nothing to count */
#endif

/* The records in slot order (the boot hart's first), i < hart_count(). */
static inline struct hart *hart_at(unsigned i)
{
	return SLOT_RECORD(i);
}

static inline unsigned hart_count(void)
{
	return hart_slots;
}

/* Where the last slot ends: the firmware's region ends there. */
static inline uintptr_t harts_end(void)
{
	return SLOTS_END(hart_slots);
}

#if TALLY_MAX_HARTS > 1
/* Hart ID -> record, 0 for a hart that has none; filled once at boot. */
extern struct hart *hart_table[TALLY_MAX_HARTS];

/* Hart hartid's record (hartid < TALLY_MAX_HARTS, and the hart has one). */
static inline struct hart *hart_of(unsigned long hartid)
{
	return hart_table[hartid];
}

/* The boot hart, first thing: the slots of the tree's harts (fdt 0: the
 * boot hart alone) that fit below limit. Returns how many. */
unsigned hart_layout(unsigned long boot_hartid, unsigned long fdt, uintptr_t limit);
/* How many slots besides the boot hart's fit below limit (hart_layout). */
unsigned slots_room(uintptr_t limit);
#else
/* One hart (start.S parks any other): its record is the first slot's. */
static inline struct hart *hart_of(unsigned long hartid)
{
	(void)hartid;
	return hart_at(0);
}

static inline unsigned hart_layout(unsigned long boot_hartid, unsigned long fdt, uintptr_t limit)
{
	(void)fdt, (void)limit;
	hart_at(0)->id = boot_hartid;   /* the rest: zeros, as start.S cleared it */
	return 1;
}
#endif

/* Hart h's trap frame: it tops h's stack, right below the record (start.S). */
static inline struct trap_frame *hart_frame(struct hart *h)
{
	return (struct trap_frame *)h - 1;
}

/* This hart's record, through mscratch: right above its frame (start.S). */
static inline struct hart *this_hart(void)
{
	return (struct hart *)(this_frame() + 1);
}

/* This hart's PMU state: two instructions on the ecall path. */
static inline struct pmu_hart *this_pmu(void)
{
	return &this_hart()->pmu;
}

/* Boot, each hart for itself: its record, reachable through mscratch from now on. */
static inline struct hart *hart_attach(unsigned long hartid)
{
	struct hart *h = hart_of(hartid);

	this_frame()->hart = h;
	return h;
}

/* mret to addr in the payload's mode (S, or U on M+U cores), a0 = hartid, a1 = arg. */
__attribute__((noreturn)) void enter_payload(unsigned long hartid, unsigned long addr,
					     unsigned long arg);
/* The same from inside an ecall (a resume from suspend): returned as its answer. */
struct sbiret resume_payload(unsigned long hartid, unsigned long addr, unsigned long arg);
/* The fast paths count these firmware events by number (arch/entry.h). */
_Static_assert(PMU_FW_ILLEGAL_INSN == TRAP_FW_ILLEGAL_INSN &&
	       PMU_FW_MISALIGNED_LOAD == TRAP_FW_MISALIGNED_LOAD &&
	       PMU_FW_MISALIGNED_STORE == TRAP_FW_MISALIGNED_STORE, "the fast paths' event numbers");
#endif
