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
#include "boot/init.h"
#include "hart/hsm.h"
#include "base/mem.h"
#include "base/platform.h"
#include "base/sbi.h"
#include "sbi/sbi_time.h"
#include "sbi/smode_ext.h"
#include "tally_config.h"

enum { HSM_HART_START = 0, HSM_HART_STOP, HSM_HART_GET_STATUS, HSM_HART_SUSPEND };
#define SUSPEND_RETENTIVE     0x00000000UL
#define SUSPEND_NON_RETENTIVE 0x80000000UL
/* Internal: a hart_start caller owns the hart while it writes the start address. */
#define HSM_CLAIMED 0x100UL

/* One per hart; other harts write state/start_addr/opaque only through the CAS. */
static struct hsm_hart {
	volatile unsigned long state;
	volatile unsigned long present;
	unsigned long start_addr, opaque;
} hsm[TALLY_MAX_HARTS];

bool hart_present(unsigned long hartid)
{
	return hartid < TALLY_MAX_HARTS && hsm[hartid].present;
}

void hsm_hart_arrived(unsigned long hartid, bool running)
{
	hsm[hartid].state = running ? HSM_STARTED : HSM_STOPPED;
	fence_rw();
	hsm[hartid].present = 1;
}

static unsigned harts_here(void)
{
	unsigned n = 0;

	for (unsigned long hart = 0; hart < TALLY_MAX_HARTS; hart++)
		n += hart_present(hart);
	return n;
}

/*
 * A few million polls and at least a second of the board timer. The
 * polls alone were not enough on a loaded host: QEMU runs each hart on a
 * host thread, and 1 run in 50 on 8 harts (rv32, issue 23) entered the
 * payload with only the boot hart known. Out of line, so a boot whose
 * harts are all there (one hart: always) pays for none of it.
 */
static __attribute__((noinline)) void wait_for_harts(unsigned expected)
{
	uint64_t start = board_timer_value();

	for (unsigned long spin = 0; harts_here() < expected; spin++)
		if (spin >= 4000000 && board_timer_value() - start >= platform.timer.hz)
			return;
}

void hsm_wait_for_harts(unsigned expected)
{
	if (harts_here() < expected)
		wait_for_harts(expected);
}

/* The S-level interrupts a suspended hart wakes for: pending and enabled. */
static bool s_interrupt_pending(void)
{
	return r_mip() & r_mie() & (MIP_SSIP | MIP_STIP | MIP_SEIP | MIP_LCOFIP);
}

/*
 * Wait in WFI, serving other harts' requests, until cond() holds. MIE is
 * clear here (we are inside an ecall), so the trap handler passes nothing
 * on: without Sstc the M-mode timer stands for S-mode's, and unless it is
 * turned into STIP here a suspended hart would never see its timer (and
 * WFI would return at once forever).
 */
static void wait_until(unsigned long hartid, bool (*cond)(unsigned long))
{
	while (!cond(hartid)) {
		wfi();
		unsigned long pending = r_mip() & r_mie();
		if (pending & MIP_MSIP)
			ipi_process(hartid);
		if (pending & MIP_MTIP)
			sbi_timer_irq();
	}
	smode_ext_rekick(hartid);        /* an SSE event's doorbell served above */
}

static bool start_requested(unsigned long hartid) { return hsm[hartid].state == HSM_START_PENDING; }
/*
 * A suspended hart resumes for an S-level interrupt it enabled, or for an
 * SSE event that may run on it: another hart injected it (or enabled it
 * there) and rang the doorbell, which woke the WFI and was served above.
 * Without the second test the doorbell was eaten here and the event waited
 * for the hart's next interrupt or SSE call (issue 23).
 */
static bool woken(unsigned long hartid)
{
	return s_interrupt_pending() || smode_ext_event_ready(hartid);
}

void hsm_park(unsigned long hartid)
{
	/* Only the software interrupt may wake a stopped hart (and only WFI: MIE stays 0). */
	w_mie(MIP_MSIP);
	wait_until(hartid, start_requested);
	/*
	 * Start clean, as from reset: an IPI that reached the hart while it was
	 * stopped left SSIP set, and an old deadline may still hold STIP (with
	 * Sstc STIP follows stimecmp, so the deadline itself is moved away).
	 */
	clear_mip(MIP_SSIP | MIP_STIP);
	if (features.has_sstc)
		w_stimecmp(~0ULL);
	smode_ext_hart_reset(hartid);    /* FWFT, DBTR: as after a hart reset */
	hsm[hartid].state = HSM_STARTED;
	enter_payload(hartid, hsm[hartid].start_addr, hsm[hartid].opaque);
}

bool hsm_others_stopped(unsigned long self)
{
	for (unsigned long h = 0; h < TALLY_MAX_HARTS; h++)
		if (h != self && hart_present(h) && hsm[h].state != HSM_STOPPED)
			return false;
	return true;
}

void hsm_suspend_until_interrupt(unsigned long hartid)
{
	hsm[hartid].state = HSM_SUSPENDED;
	wait_until(hartid, woken);
	hsm[hartid].state = HSM_STARTED;
}

static struct sbiret hart_start(unsigned long hartid, unsigned long addr, unsigned long opaque)
{
	if (!hart_present(hartid))
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (!sbi_mem_ok(addr, 4))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	/* Claim the hart: only one caller moves it out of STOPPED. */
	if (!atomic_cas(&hsm[hartid].state, HSM_STOPPED, HSM_CLAIMED))
		return sbi_err(SBI_ERR_ALREADY_AVAILABLE);
	hsm[hartid].start_addr = addr;
	hsm[hartid].opaque = opaque;
	fence_rw();                       /* address and argument before the state */
	hsm[hartid].state = HSM_START_PENDING;
	ipi_ring(hartid);
	return sbi_ok(0);
}

static struct sbiret hart_suspend(unsigned long hartid, uint32_t type,
				  unsigned long resume_addr, unsigned long opaque)
{
	/*
	 * Table 9.4: 0x1..0x0FFFFFFF and 0x80000001..0x8FFFFFFF are reserved;
	 * 0x10000000..0x7FFFFFFF and 0x90000000.. are platform-specific, and
	 * this platform implements none. (Bits above 31 never get here: the
	 * decoder below drops them.) Table 9.5 gives
	 * both the same answer: "suspend_type is reserved or is platform-specific
	 * and unimplemented" is INVALID_PARAM (NOT_SUPPORTED is for a type that
	 * is implemented but lacks a dependency).
	 */
	if (type != SUSPEND_RETENTIVE && type != SUSPEND_NON_RETENTIVE)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	if (type == SUSPEND_NON_RETENTIVE && !sbi_mem_ok(resume_addr, 4))
		return sbi_err(SBI_ERR_INVALID_ADDRESS);
	hsm_suspend_until_interrupt(hartid);
	if (type == SUSPEND_NON_RETENTIVE)
		enter_payload(hartid, resume_addr, opaque);   /* as if from reset */
	return sbi_ok(0);
}

struct sbiret sbi_hsm_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4, unsigned long a5,
			    unsigned long fid)
{
	unsigned long self = r_mhartid();

	if (!ipi_available())
		return sbi_err(SBI_ERR_NOT_SUPPORTED);   /* nothing can wake a stopped hart */
	switch (fid) {
	case HSM_HART_START:
		return hart_start(a0, a1, a2);
	case HSM_HART_STOP:
		hsm[self].state = HSM_STOPPED;
		hsm_park(self);                    /* does not return */
	case HSM_HART_GET_STATUS: {
		if (!hart_present(a0))
			return sbi_err(SBI_ERR_INVALID_PARAM);
		unsigned long s = hsm[a0].state;
		return sbi_ok(s == HSM_CLAIMED ? HSM_START_PENDING : s);
	}
	case HSM_HART_SUSPEND:
		/*
		 * suspend_type is a uint32_t (spec 9.4): a 32-bit argument is the
		 * low 32 bits of its register, and on rv64 the caller may leave
		 * anything above them (binary encoding, chapter 3: "higher
		 * privilege software must ensure that it only uses 32 bit data").
		 * resume_addr and opaque are unsigned long: whole registers.
		 */
		return hart_suspend(self, (uint32_t)a0, a1, a2);
	default:
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
}
