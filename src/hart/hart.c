/* SPDX-License-Identifier: BSD-2-Clause */
/* The harts' records, and the way every hart leaves M-mode for the payload. */
#include "arch/entry.h"
#include "base/machine.h"
#include "base/board.h"
#include "hart/hart.h"

/* The only array indexed by hart: everything else per hart is in here. */
struct hart harts[TALLY_MAX_HARTS];

_Static_assert(__builtin_offsetof(struct hart, pmu) == 0, "this_pmu() is this_hart()");

void enter_payload(unsigned long hartid, unsigned long addr, unsigned long arg)
{
	unsigned long ms = r_mstatus();

	ms &= ~(MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MPRV | MSTATUS_SIE | MSTATUS_SPIE);
	ms |= (unsigned long)platform.payload_mode << MSTATUS_MPP_SHIFT;
	w_mstatus(ms);                   /* mret lands in the payload's mode, interrupts off */
	w_mepc(addr);
	if (features.has_s_mode)
		w_satp(0);               /* start with translation off */
	arch_enter_payload(hartid, arg);
}
