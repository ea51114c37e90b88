/* SPDX-License-Identifier: BSD-2-Clause */
/* The harts' records, and the way every hart leaves M-mode for the payload. */
#include "arch/entry.h"
#include "base/machine.h"
#include "base/board.h"
#include "hart/hart.h"
#include "platform/common/dt.h"
#include <stdio.h>
#include <string.h>

/*
 * The boot hart's slot, at the start of the per-hart area (the linker
 * script puts .harts last): start.S takes its stack before anything is
 * known. The other slots follow it, past the image.
 */
#ifndef __FRAMAC__   /* the proof's stubs give _harts_start room for its harts */
__attribute__((section(".harts"), used, aligned(16)))
static char boot_slot[HART_SLOT_SIZE];
#endif

#if TALLY_MAX_HARTS > 1
struct hart *hart_table[TALLY_MAX_HARTS];
unsigned hart_slots = 1;             /* before the layout: the boot hart's slot */
static unsigned next_slot;           /* the slot the tree's next new hart asks for */
static unsigned no_room;             /* harts of the tree past the limit: parked */

#ifndef __FRAMAC__   /* the proof assumes any count instead (proof/eva/stubs.c) */
/* How many slots fit after the boot hart's, below limit: a count, decided once. */
unsigned slots_room(uintptr_t limit)
{
	uintptr_t start = SLOTS_END(1);
	uintptr_t n = limit > start ? (limit - start) / HART_SLOT_SIZE : 0;

	return n < TALLY_MAX_HARTS - 1 ? (unsigned)n : TALLY_MAX_HARTS - 1;
}
#endif

/* A record as a hart finds it: zeros (start.S clears the boot hart's) and its ID. */
static void hart_claim(unsigned slot, unsigned long hartid)
{
	struct hart *h = hart_at(slot);

	if (slot)
		memset(h, 0, sizeof(*h));
	h->id = hartid;
	hart_table[hartid] = h;
}

/* A hart's slot is its place among the tree's new harts: once one does
 * not fit, none after it does. */
static void place(unsigned long hartid, unsigned room)
{
	unsigned slot;

	if (hartid >= TALLY_MAX_HARTS || hart_table[hartid])
		return;
	slot = next_slot++;
	if (slot > room) {
		no_room++;
		return;
	}
	hart_claim(slot, hartid);
	hart_slots = slot + 1;
}

struct layout_ctx { unsigned room; };

static void place_dt_hart(void *ctx, uint64_t hartid)
{
	if (hartid >= TALLY_MAX_HARTS) {
		printf("tally: WARNING: hart %llu above the largest hart ID served (%u)\n",
		       (unsigned long long)hartid, TALLY_MAX_HARTS - 1);
		return;
	}
	place((unsigned long)hartid, ((struct layout_ctx *)ctx)->room);
}

unsigned hart_layout(unsigned long boot_hartid, unsigned long fdt, uintptr_t limit)
{
	struct layout_ctx ctx = { slots_room(limit) };

	/* The boot hart's slot is in the image: it always has one. */
	hart_claim(0, boot_hartid);
	hart_slots = next_slot = 1;
	if (fdt)
		dt_for_each_hart(fdt, place_dt_hart, &ctx);
	if (no_room)
		printf("tally: WARNING: no room below 0x%lx for %u more harts (%lu bytes each): "
		       "they stay parked\n", (unsigned long)limit, no_room,
		       (unsigned long)HART_SLOT_SIZE);
	return hart_count();
}
#endif

/* mret will land at addr in the payload's mode with its interrupts off and,
 * with an S-mode, translation off: the state a payload starts in. */
static void payload_entry_state(unsigned long addr)
{
	unsigned long ms = r_mstatus();

	ms &= ~(MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MPRV | MSTATUS_SIE | MSTATUS_SPIE);
	ms |= (unsigned long)platform.payload_mode << MSTATUS_MPP_SHIFT;
	w_mstatus(ms);
	w_mepc(addr);
	if (features.has_s_mode)
		w_satp(0);
}

void enter_payload(unsigned long hartid, unsigned long addr, unsigned long arg)
{
	payload_entry_state(addr);
	arch_enter_payload(hartid, arg);
}

#if TALLY_SMP || TALLY_SMODE_EXTENSIONS   /* HSM, SUSP: not in Ibex's image */
/* The ecall's answer is the resume's a0 and a1, and its way out (entry.S's
 * leave) enters an SSE event that woke the hart; it adds 4 to mepc. */
struct sbiret resume_payload(unsigned long hartid, unsigned long addr, unsigned long arg)
{
	payload_entry_state(addr - 4);
	return (struct sbiret){ (long)hartid, arg };
}
#endif
