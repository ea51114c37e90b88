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
	struct trap_frame *frame;     /* at the top of this hart's stack */
	/* HSM (hsm.c) */
	volatile unsigned long hsm_state;
	volatile unsigned long present;
	unsigned long start_addr, start_arg;
	volatile unsigned long mailbox;   /* IPI requests (ipi.c) */
#if TALLY_SMODE_EXTENSIONS
	struct fwft_hart fwft;
	struct dbtr_hart dbtr;
	bool has_tdata3;
	struct sse_hart sse;
	uint64_t htimedelta;          /* the hypervisor's, where the core has none (trap/hyp.c) */
#endif
};

extern struct hart harts[];   /* hart.c: TALLY_MAX_HARTS of them */

/* Hart hartid's record (hartid < TALLY_MAX_HARTS). */
static inline struct hart *hart_of(unsigned long hartid)
{
	return &harts[hartid];
}

/* This hart's record, through mscratch. */
static inline struct hart *this_hart(void)
{
	return this_frame()->hart;
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

	h->frame = this_frame();
	h->frame->hart = h;
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
