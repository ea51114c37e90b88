/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System Suspend (SBI spec chapter "System Suspend Extension"): SUSPEND_TO_RAM
 * only. Every other hart must be STOPPED; the caller resumes "from the STOPPED
 * state" at resume_addr (resume_payload). The board sleeps its own way
 * (platform.system_suspend), else the hart waits in WFI for an interrupt
 * S-mode enabled; with none enabled it resumes at once rather than hang
 * (kvm-unit-tests' `susp` group masks them all). RAM, FWFT values and locks
 * and the debug triggers are kept.
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
	if (!hsm_entry_ok(resume_addr))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	if (!hsm_others_stopped(self))
		return sbi_err(SBI_ERR_DENIED);
	if (platform.system_suspend)
		platform.system_suspend(self);
	else if (r_mie() & HSM_WAKE_IRQS)
		hsm_suspend_until_interrupt(self);
	/* else: no wake-up source enabled, resume at once */
	return resume_payload(self, resume_addr, opaque);
}
