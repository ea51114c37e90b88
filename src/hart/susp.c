/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System Suspend (SBI spec chapter "System Suspend Extension"; decoded
 * by src/sbi/sbi_susp.c): SUSPEND_TO_RAM, the one sleep type whose
 * presence the extension implies. Entry requires every other hart STOPPED (HSM); the
 * caller then sleeps until woken and resumes "from the STOPPED state":
 * in S-mode at resume_addr with a0 = hartid, a1 = opaque, satp = 0 and
 * sstatus.SIE = 0 (enter_payload), everything else undefined.
 *
 * How the system sleeps is the board's (platform.system_suspend); a board
 * without a power controller, QEMU virt's, just waits in WFI for a wake-up
 * interrupt S-mode enabled (in sie) before the call. If S-mode enabled
 * none, nothing could ever wake the hart: rather than hang, it resumes at
 * once, a suspend of no length (a test suite that masks every interrupt
 * first, as kvm-unit-tests' `susp` group does, then still sees the
 * resume it checks). Either way RAM and
 * the firmware's state are kept: FWFT values and locks and the debug
 * triggers are as they were (FWFT: "during non-retentive suspend, feature
 * values are retained").
 */
#include "arch/csr.h"
#include "base/mem.h"
#include "base/board.h"
#include "hart/hart.h"
#include "hart/hsm.h"
#include "hart/susp.h"

#define SUSP_SUSPEND_TO_RAM 0u

struct sbiret susp_suspend(uint32_t type, unsigned long resume_addr, unsigned long opaque)
{
	unsigned long self = r_mhartid();

	/* 0x1..0x7fffffff reserved; 0x80000000.. platform-specific, and Tally has none. */
	if (type != SUSP_SUSPEND_TO_RAM)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* S-mode resumes there with translation off: it must be RAM it may execute. */
	if (!sbi_mem_ok(resume_addr, 4))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	if (!hsm_others_stopped(self))
		return sbi_err(SBI_ERR_DENIED);
	if (platform.system_suspend)
		platform.system_suspend(self);
	else if (r_mie() & (MIP_SSIP | MIP_STIP | MIP_SEIP | MIP_LCOFIP))
		hsm_suspend_until_interrupt(self);
	/* else: no wake-up source enabled, resume at once */
	enter_payload(self, resume_addr, opaque);
}
