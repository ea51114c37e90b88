/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The last hart of the largest machine QEMU virt makes (-smp 512): HSM,
 * IPI and RFENCE reach hart ID 511 as they reach hart 1, through the
 * payload kit's tally_hart_start (its stacks sized for 512 harts).
 *
 *   hart_get_status   the far hart STOPPED; hart 512 INVALID_PARAM
 *   hart_start        0, then the hart runs and reads STARTED; a second
 *                     start while it runs ALREADY_AVAILABLE
 *   send_ipi          to the far hart by (1, its ID), by the XLEN window
 *                     holding it, and by base -1 (every hart, 510 of them
 *                     stopped): it sees exactly one sip.SSIP each time;
 *                     a mask reaching past hart 511 INVALID_PARAM, and
 *                     nothing delivered
 *   remote fences     fence_i and sfence_vma to every hart return 0: each
 *                     present hart answers, stopped or not
 *   the hart returns  STOPPED again, and it starts again
 *
 * The far hart is 511, or 510 when the boot hart is 511.
 */
#include <tally/sbi.h>
#include "check.h"
#include "sbicall.h"

#define HARTS 512
#define XLEN __riscv_xlen
#define SIP_SSIP (1UL << 1)
#define TICKS_PER_S 10000000ULL           /* QEMU virt's timer: 10 MHz */

static volatile unsigned long runs, ssips, quit;
static unsigned long far;

/* The far hart: count each software interrupt until asked to return. */
static void far_main(unsigned long hartid, unsigned long opaque)
{
	(void)opaque;
	if (hartid != far)
		return;
	runs++;
	while (!quit) {
		unsigned long sip;

		__asm__ volatile("csrr %0, sip" : "=r"(sip));
		if (sip & SIP_SSIP) {
			__asm__ volatile("csrc sip, %0" :: "r"(SIP_SSIP));
			ssips++;
		}
		tally_relax();
	}
}

/* Wait (in tally_relax, so the far hart runs under -icount too) until
 * *v reaches want; false after 60 s of nothing. */
static bool wait_for(volatile unsigned long *v, unsigned long want)
{
	uint64_t give_up = tally_time() + 60 * TICKS_PER_S;

	while (*v < want)
		if (tally_time() > give_up)
			return false;
		else
			tally_relax();
	return true;
}

/* A short pause in which a stray interrupt would arrive. */
static void settle(void)
{
	uint64_t end = tally_time() + TICKS_PER_S / 50;

	while (tally_time() < end)
		tally_relax();
}

static void ipi_reaches(const char *what, unsigned long mask, long base)
{
	unsigned long seen = ssips;

	check_eq(sbi_send_ipi(mask, base).error, 0, "send_ipi (%s) -> 0", what);
	check_that(wait_for(&ssips, seen + 1), ssips - seen, "1", "send_ipi (%s): hart %lu sees it",
		   what, far);
	settle();
	check_eq(ssips - seen, 1, "send_ipi (%s): hart %lu saw it once", what, far);
	/* base -1 reaches this hart too */
	__asm__ volatile("csrc sip, %0" :: "r"(SIP_SSIP));
}

int main(unsigned long hartid, unsigned long fdt)
{
	unsigned long window = 0;

	(void)fdt;
	far = hartid == HARTS - 1 ? HARTS - 2 : HARTS - 1;
	window = far - far % XLEN;
	printf("# far: hart %lu of %d, from boot hart %lu (rv%d)\n", far, HARTS, hartid, XLEN);

	check_eq(sbi_hart_get_status(far).uvalue, HSM_STOPPED, "hart_get_status(%lu) STOPPED", far);
	check_eq(sbi_hart_get_status(HARTS).error, SBI_ERR_INVALID_PARAM,
		 "hart_get_status(%d) -> INVALID_PARAM", HARTS);

	check_eq(tally_hart_start(far, far_main, 0).error, 0, "hart_start(%lu) -> 0", far);
	if (!check_that(wait_for(&runs, 1), runs, "1", "hart %lu runs", far))
		check_end(1);
	check_eq(sbi_hart_get_status(far).uvalue, HSM_STARTED, "hart_get_status(%lu) STARTED", far);
	check_eq(tally_hart_start(far, far_main, 0).error, SBI_ERR_ALREADY_AVAILABLE,
		 "hart_start(%lu) while it runs -> ALREADY_AVAILABLE", far);

	ipi_reaches("mask 1, base = its ID", 1, (long)far);
	ipi_reaches("its bit in the XLEN window holding it", 1UL << (far - window), (long)window);
	ipi_reaches("base -1: every hart", 0, SBI_HART_MASK_ALL);

	/* Hart 512 is past the machine: the whole call is refused. */
	unsigned long seen = ssips;
	check_eq(sbi_send_ipi(3, HARTS - 1).error, SBI_ERR_INVALID_PARAM,
		 "send_ipi (harts 511 and 512) -> INVALID_PARAM");
	settle();
	check_eq(ssips - seen, 0, "send_ipi (harts 511 and 512): nothing delivered");

	check_eq(sbi_remote_fence_i(0, SBI_HART_MASK_ALL).error, 0,
		 "remote_fence_i to every hart -> 0");
	check_eq(sbi_remote_sfence_vma(0, SBI_HART_MASK_ALL, 0, 0).error, 0,
		 "remote_sfence_vma to every hart -> 0");
	check_eq(sbi_remote_fence_i(1, (long)far).error, 0, "remote_fence_i (hart %lu) -> 0", far);

	quit = 1;
	uint64_t give_up = tally_time() + 60 * TICKS_PER_S;
	while (sbi_hart_get_status(far).uvalue != HSM_STOPPED && tally_time() < give_up)
		tally_relax();
	check_eq(sbi_hart_get_status(far).uvalue, HSM_STOPPED, "hart %lu returned: STOPPED", far);
	quit = 0;
	check_eq(tally_hart_start(far, far_main, 0).error, 0, "hart_start(%lu) again -> 0", far);
	check_that(wait_for(&runs, 2), runs, "2", "hart %lu runs again", far);
	quit = 1;

	check_summary();
	return failed;
}
