/* SPDX-License-Identifier: BSD-2-Clause */
/* The harts' records, and the way every hart leaves M-mode for the payload. */
#include "arch/entry.h"
#include "base/machine.h"
#include "base/board.h"
#include "hart/hart.h"

/* The only array indexed by hart: everything else per hart is in here. */
struct hart harts[TALLY_MAX_HARTS];

_Static_assert(__builtin_offsetof(struct hart, pmu) == 0, "this_pmu() is this_hart()");

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
