/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hart State Management, EID "HSM" (SBI spec chapter 9): start, stop,
 * status and suspend, with the spec's state machine. A stopped hart sits
 * in hsm_park() with only its software interrupt enabled; hart_start
 * writes where it should go and wakes it through the board's IPI.
 */
#include "arch/atomic.h"
#include "arch/csr.h"
#include "arch/fence.h"
#include "arch/wfi.h"
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"
#include "hart/hart.h"
#include "hart/hsm.h"
#include "hart/ipi.h"
#include "hart/timer.h"
#include "tally_config.h"

/* Internal: a hart_start caller owns the hart while it writes the start address. */
#define HSM_CLAIMED 0x100UL

/* The record of a present hart, or NULL: a caller that uses the record
 * gets it from the same check that bounds hartid. */
static struct hart *present_hart(unsigned long hartid)
{
	struct hart *h = hartid < TALLY_MAX_HARTS ? hart_of(hartid) : 0;

	return h && h->present ? h : 0;
}

bool hart_present(unsigned long hartid)
{
	return present_hart(hartid) != 0;
}

void hsm_hart_arrived(unsigned long hartid, bool running)
{
	struct hart *h = hart_of(hartid);

	h->hsm_state = running ? HSM_STARTED : HSM_STOPPED;
	fence_rw();
	h->present = 1;
}

static unsigned harts_here(void)
{
	unsigned n = 0;

	for (unsigned i = 0; i < hart_count(); i++)
		n += hart_at(i)->present != 0;
	return n;
}

/*
 * The boot hart waits in WFI, woken by its own timer every 10 us
 * (poll), until the others have checked in or a second of the
 * board timer and WAIT_POLLS looks went by: QEMU runs each hart on a host
 * thread, which a loaded host may hold back. A spin would do worse under
 * QEMU -icount, where all harts share one host thread that leaves a
 * spinning hart only at a timer deadline: the others could not check in
 * until QEMU's own 100 ms tick. Out of line: a boot whose harts are all
 * there pays nothing.
 */
#define WAIT_POLLS 10000
static __attribute__((noinline, unused)) void wait_for_harts(unsigned long hartid, unsigned expected)
{
	uint64_t start = board_timer_value(), poll = platform.timer.hz / 100000 + 1;
	unsigned long mie = r_mie();

	/* MIE is clear: the timer only ends the WFI, it takes no trap. */
	w_mie(mie | MIP_MTIP);
	for (unsigned long n = 0; harts_here() < expected; n++) {
		if (n >= WAIT_POLLS && board_timer_value() - start >= platform.timer.hz)
			break;
		board_timer_set(hartid, board_timer_value() + poll);
		wfi();
	}
	board_timer_set(hartid, ~0ULL);   /* no deadline: MTIP clear, as before */
	w_mie(mie);
}

void hsm_wait_for_harts(unsigned long hartid, unsigned expected)
{
	/* One hart (TALLY_MAX_HARTS 1) is always there: no wait to build. */
	if (TALLY_MAX_HARTS > 1 && harts_here() < expected)
		wait_for_harts(hartid, expected);
}

/* The S-level interrupts a suspended hart wakes for: pending and enabled. */
static bool s_interrupt_pending(void)
{
	return r_mip() & r_mie() & HSM_WAKE_IRQS;
}

/*
 * Wait in WFI, serving other harts' requests, until cond() holds. MIE is
 * clear inside an ecall, so without Sstc the M-mode timer must be turned
 * into STIP here, or a suspended hart would never see its timer.
 */
static void wait_until(unsigned long hartid, bool (*cond)(unsigned long))
{
	while (!cond(hartid)) {
		wfi();
		unsigned long pending = r_mip() & r_mie();
		if (pending & MIP_MSIP)
			ipi_process(hartid);
		if (pending & MIP_MTIP)
			timer_irq();
	}
}

static bool start_requested(unsigned long hartid)
{
	return hart_of(hartid)->hsm_state == HSM_START_PENDING;
}
/* A suspended hart resumes for an S-level interrupt it enabled, or for an SSE
 * event that may run on it: its doorbell, which the ecall's way out answers. */
static bool woken(unsigned long hartid)
{
	return s_interrupt_pending() || hart_frame(hart_of(hartid))->sse_pending;
}

void hsm_park(unsigned long hartid, hart_reset_fn *reset)
{
	struct hart *h = hart_of(hartid);

	/* Only the software interrupt may wake a stopped hart (and only WFI: MIE stays 0). */
	w_mie(MIP_MSIP);
	wait_until(hartid, start_requested);
	/* As from reset: drop an SSIP from an IPI while stopped and an old STIP
	 * (with Sstc STIP follows stimecmp, so the deadline itself moves away). */
	clear_mip(MIP_SSIP | MIP_STIP);
	if (features.has_sstc)
		w_stimecmp(~0ULL);
	reset(hartid);                   /* the extensions: as after a hart reset */
	h->hsm_state = HSM_STARTED;
	enter_payload(hartid, h->start_addr, h->start_arg);
}

bool hsm_others_stopped(unsigned long self)
{
	for (unsigned i = 0; i < hart_count(); i++) {
		struct hart *h = hart_at(i);
		if (h->id != self && h->present && h->hsm_state != HSM_STOPPED)
			return false;
	}
	return true;
}

void hsm_suspend_until_interrupt(unsigned long hartid)
{
	struct hart *h = hart_of(hartid);

	h->hsm_state = HSM_SUSPENDED;
	wait_until(hartid, woken);
	h->hsm_state = HSM_STARTED;
}

struct sbiret hsm_hart_start(unsigned long hartid, unsigned long addr, unsigned long opaque)
{
	struct hart *h = present_hart(hartid);

	if (!h)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (!hsm_entry_ok(addr))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	/* Claim the hart: only one caller moves it out of STOPPED. */
	if (!atomic_cas(&h->hsm_state, HSM_STOPPED, HSM_CLAIMED))
		return sbi_err(SBI_ERR_ALREADY_AVAILABLE);
	h->start_addr = addr;
	h->start_arg = opaque;
	fence_rw();                       /* address and argument before the state */
	h->hsm_state = HSM_START_PENDING;
	ipi_ring(hartid);
	return sbi_ok(0);
}

void hsm_hart_stop(hart_reset_fn *reset)
{
	unsigned long self = r_mhartid();

	hart_of(self)->hsm_state = HSM_STOPPED;
	hsm_park(self, reset);
}

struct sbiret hsm_hart_status(unsigned long hartid)
{
	struct hart *h = present_hart(hartid);
	unsigned long s;

	if (!h)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	s = h->hsm_state;
	return sbi_ok(s == HSM_CLAIMED ? HSM_START_PENDING : s);
}

struct sbiret hsm_hart_suspend(uint32_t type, unsigned long resume_addr, unsigned long opaque)
{
	unsigned long hartid = r_mhartid();

	/*
	 * Table 9.4's other types are reserved or platform-specific (Tally has
	 * none); Table 9.5 answers both INVALID_PARAM. Bits above 31 were
	 * dropped by the decoder (sbi_hsm.c).
	 */
	if (type != HSM_SUSPEND_RETENTIVE && type != HSM_SUSPEND_NON_RETENTIVE)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (type == HSM_SUSPEND_NON_RETENTIVE && !hsm_entry_ok(resume_addr))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	hsm_suspend_until_interrupt(hartid);
	if (type == HSM_SUSPEND_NON_RETENTIVE)
		return resume_payload(hartid, resume_addr, opaque);   /* as if from reset */
	return sbi_ok(0);
}
