/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * IPI (SBI spec chapter 7) and RFENCE (chapter 8). A sender sets bits in the
 * target's mailbox (struct hart), then rings its doorbell (M-mode software
 * interrupt); the target runs ipi_process(). One remote fence is in flight at
 * a time, under rfence.lock, and a hart waiting for that lock keeps serving
 * its own mailbox so two senders never deadlock.
 */
#include "arch/atomic.h"
#include "arch/csr.h"
#include "arch/fence.h"
#include "arch/wfi.h"
#include "base/machine.h"
#include "base/board.h"
#include "hart/hart.h"
#include "hart/hsm.h"
#include "hart/ipi.h"
#include "tally_config.h"

/* Mailbox bits */
#define REQ_SSIP  1UL   /* raise S-mode's software interrupt (sbi_send_ipi) */
#define REQ_FENCE 2UL   /* run the fence described in `rfence` and acknowledge */

static struct {
	volatile unsigned long lock;      /* its waiters set wants_rfence in their record */
	unsigned long kind, start, size, id;
	unsigned long requester;          /* the hart waiting for the acknowledgements */
	volatile unsigned long waiting;   /* targets that have not acknowledged */
} rfence;

/* The SENT firmware event of each fence kind (SBI table 6); RECEIVED is the next.
 * A table: for the H fences table 6 and the FIDs order the pairs differently. */
static unsigned fence_event(unsigned long kind)
{
	static const uint8_t sent[F_KINDS] = {
		[F_FENCE_I] = PMU_FW_FENCE_I_SENT,
		[F_SFENCE_VMA] = PMU_FW_SFENCE_VMA_SENT,
		[F_SFENCE_VMA_ASID] = PMU_FW_SFENCE_VMA_ASID_SENT,
		[F_HFENCE_GVMA_VMID] = PMU_FW_HFENCE_GVMA_VMID_SENT,
		[F_HFENCE_GVMA] = PMU_FW_HFENCE_GVMA_SENT,
		[F_HFENCE_VVMA_ASID] = PMU_FW_HFENCE_VVMA_ASID_SENT,
		[F_HFENCE_VVMA] = PMU_FW_HFENCE_VVMA_SENT,
	};
	return sent[kind];
}

bool ipi_available(void)
{
	return platform.ipi.send != 0;
}

void ipi_ring(unsigned long hartid)
{
	fence_io_rw();                    /* the request before the doorbell */
	board_ipi_send(hartid);
}

/* Larger ranges than this are flushed whole: one instruction beats thousands. */
#define FENCE_PAGE_LIMIT (64UL * 4096)

static void run_fence(void)
{
	unsigned long a = rfence.start, size = rfence.size, id = rfence.id;
	unsigned long end = a + size;
	/* A range that wraps, or ends in the top page (a += 4096 would wrap and
	 * never reach end), is flushed whole too. */
	bool whole = (a == 0 && size == 0) || size == ~0UL || size > FENCE_PAGE_LIMIT ||
		end < a || end > ~0UL - 4095;

	switch (rfence.kind) {
	case F_FENCE_I:
		fence_i();
		return;
	case F_SFENCE_VMA:
		if (whole) { sfence_vma_all(); return; }
		for (; a < end; a += 4096) sfence_vma_page(a);
		return;
	case F_SFENCE_VMA_ASID:
		if (whole) { sfence_vma_asid_all(id); return; }
		for (; a < end; a += 4096) sfence_vma_asid_page(a, id);
		return;
	case F_HFENCE_GVMA_VMID:
		if (whole) { hfence_gvma_vmid_all(id); return; }
		for (; a < end; a += 4096) hfence_gvma(a >> 2, id);
		return;
	case F_HFENCE_GVMA:
		if (whole) { hfence_gvma_all(); return; }
		for (; a < end; a += 4096) hfence_gvma_any_vmid(a >> 2);
		return;
	case F_HFENCE_VVMA_ASID:
		if (whole) { hfence_vvma_asid_all(id); return; }
		for (; a < end; a += 4096) hfence_vvma(a, id);
		return;
	case F_HFENCE_VVMA:
		if (whole) { hfence_vvma_all(); return; }
		for (; a < end; a += 4096) hfence_vvma_any_asid(a);
		return;
	}
}

void ipi_process(unsigned long hartid)
{
	struct pmu_hart *pmu = this_pmu();   /* hartid is this hart */
	unsigned long req;

	board_ipi_clear(hartid);          /* before reading: a new request re-raises it */
	fence_io_rw();                    /* ... and the clear before the reads */
	req = atomic_swap(&hart_of(hartid)->mailbox, 0);
	if (req & REQ_SSIP) {
		set_mip(MIP_SSIP);           /* S-mode sees its software interrupt */
		pmu_fw_event(pmu, PMU_FW_IPI_RECEIVED);
	}
	if (req & REQ_FENCE) {
		run_fence();
		pmu_fw_event(pmu, fence_event(rfence.kind) + 1);
		/* The last to finish rings the requester, which waits in WFI. */
		unsigned long to = rfence.requester;
		if (atomic_sub(&rfence.waiting, 1) == 0)
			ipi_ring(to);
	}
}

/* The i-th target of (mask, base) from *pos on, or 0 when none is left. */
static struct hart *next_target(unsigned long mask, unsigned long base, unsigned long *pos)
{
	if (base == ~0UL) {
		while (*pos < hart_count()) {
			struct hart *h = hart_at((unsigned)(*pos)++);
			if (h->present)
				return h;
		}
		return 0;
	}
	for (; *pos < __riscv_xlen && (mask >> *pos); (*pos)++)
		if ((mask >> *pos) & 1) {
			unsigned long id = base + (*pos)++;

			/* ipi_targets_ok() found the hart: the bound keeps the index
			 * visibly inside the table */
			return id < TALLY_MAX_HARTS ? hart_of(id) : 0;
		}
	return 0;
}

struct sbiret ipi_send(unsigned long mask, unsigned long base)
{
	unsigned long self = r_mhartid(), pos = 0;
	struct pmu_hart *pmu = this_pmu();
	struct hart *h;

	if (!ipi_targets_ok(mask, base))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	while ((h = next_target(mask, base, &pos))) {
		pmu_fw_event(pmu, PMU_FW_IPI_SENT);
		if (h->id == self) {
			set_mip(MIP_SSIP);
			pmu_fw_event(pmu, PMU_FW_IPI_RECEIVED);
			continue;
		}
		atomic_fetch_or(&h->mailbox, REQ_SSIP);
		ipi_ring(h->id);
	}
	return sbi_ok(0);
}

/* The lock is free: wake the harts that slept waiting for it. */
static void rfence_wake_waiters(void)
{
	for (unsigned i = 0; i < hart_count(); i++) {
		struct hart *h = hart_at(i);
		if (h->wants_rfence && atomic_swap(&h->wants_rfence, 0))
			ipi_ring(h->id);
	}
}

struct sbiret rfence_send(enum fence_kind kind, unsigned long mask, unsigned long base,
			  unsigned long start, unsigned long size, unsigned long id)
{
	unsigned long self = r_mhartid(), n = 0, pos;
	struct pmu_hart *pmu = this_pmu();
	struct hart *h;

	if (kind >= F_HFENCE_GVMA_VMID && !((r_misa() >> ('H' - 'A')) & 1))
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	if (!ipi_targets_ok(mask, base))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* An ASID or VMID wider than the hart keeps is not valid (8.4-8.8). */
	if (((kind == F_SFENCE_VMA_ASID || kind == F_HFENCE_VVMA_ASID) && id > features.asid_max) ||
	    (kind == F_HFENCE_GVMA_VMID && id > features.vmid_max))
		return sbi_err(SBI_ERR_INVALID_PARAM);

	/* Wait our turn in WFI, serving others: a spinning hart keeps QEMU's
	 * one -icount thread from the holder and its targets. Our record's
	 * wants_rfence goes in before the last look, so the release rings us. */
	while (rfence.lock || atomic_swap(&rfence.lock, 1)) {
		atomic_swap(&this_hart()->wants_rfence, 1);
		if (rfence.lock)
			wfi();
		if (r_mip() & MIP_MSIP)
			ipi_process(self);
	}
	rfence.kind = kind;
	rfence.start = start;
	rfence.size = size;
	rfence.id = id;
	rfence.requester = self;
	for (pos = 0; (h = next_target(mask, base, &pos));)
		n += h->id != self;
	rfence.waiting = n;
	fence_rw();                          /* the request before the doorbells */
	for (pos = 0; (h = next_target(mask, base, &pos));) {
		pmu_fw_event(pmu, fence_event(kind));
		if (h->id == self) {
			run_fence();
			pmu_fw_event(pmu, fence_event(kind) + 1);
			continue;
		}
		atomic_fetch_or(&h->mailbox, REQ_FENCE);
		ipi_ring(h->id);
	}
	/* WFI, not a spin: the last acknowledgement rings us (mie.MSIE, no trap with
	 * MIE clear), and a spinning hart starves its targets under QEMU -icount. */
	while (rfence.waiting) {
		wfi();
		if (r_mip() & MIP_MSIP)
			ipi_process(self);
	}
	atomic_swap(&rfence.lock, 0);
	rfence_wake_waiters();
	return sbi_ok(0);
}
