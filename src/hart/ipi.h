/* SPDX-License-Identifier: BSD-2-Clause */
/* Inter-hart requests: IPIs (SBI spec chapter 7) and remote fences (chapter 8), ipi.c. */
#ifndef TALLY_IPI_H
#define TALLY_IPI_H

#include <stdbool.h>
#include "base/sbi.h"
#include "hart/hsm.h"

/* Each kind is its RFENCE function's FID, so sbi_rfence.c passes the FID on. */
enum fence_kind {
	F_FENCE_I = RFENCE_FID_REMOTE_FENCE_I,
	F_SFENCE_VMA = RFENCE_FID_REMOTE_SFENCE_VMA,
	F_SFENCE_VMA_ASID = RFENCE_FID_REMOTE_SFENCE_VMA_ASID,
	F_HFENCE_GVMA_VMID = RFENCE_FID_REMOTE_HFENCE_GVMA_VMID,
	F_HFENCE_GVMA = RFENCE_FID_REMOTE_HFENCE_GVMA,
	F_HFENCE_VVMA_ASID = RFENCE_FID_REMOTE_HFENCE_VVMA_ASID,
	F_HFENCE_VVMA = RFENCE_FID_REMOTE_HFENCE_VVMA,
	F_KINDS
};

/* Does this platform have a way to interrupt another hart? */
bool ipi_available(void);
/* Ring hart `hartid`'s doorbell (M-mode software interrupt), ordered after
 * what this hart wrote for it: a mailbox bit, SSE's look flag, an HSM state. */
void ipi_ring(unsigned long hartid);
/* M-mode software interrupt: do what other harts asked of this one. */
void ipi_process(unsigned long hartid);
/*
 * The harts of (mask, base), base == -1 for all (7.1, 8.1): a window of
 * XLEN hart IDs from base, any of the 512. False if one of them does not
 * exist: nothing is sent then. Inline: IPI, RFENCE and the legacy calls
 * each keep their own short copy, which on one hart folds away.
 */
static inline bool ipi_targets_ok(unsigned long mask, unsigned long base)
{
	if (base == ~0UL)
		return true;
	for (unsigned long i = 0; mask; i++, mask >>= 1)
		if ((mask & 1) && (base + i < base || !hart_present(base + i)))
			return false;
	return true;
}
/* send_ipi: S-mode's software interrupt on the harts of (mask, base). */
struct sbiret ipi_send(unsigned long mask, unsigned long base);
/* A remote fence of this kind on the harts of (mask, base), waiting until all have run it. */
struct sbiret rfence_send(enum fence_kind kind, unsigned long mask, unsigned long base,
			  unsigned long start, unsigned long size, unsigned long id);
#endif
