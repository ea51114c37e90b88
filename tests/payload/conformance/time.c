/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Timer extension (SBI chapter 6): a far deadline does not fire (all 64
 * bits of stime_value count), a near one arrives in S-mode no earlier
 * than asked, and set_timer(-1) clears the pending interrupt.
 */
#include "conformance.h"

/* Wait up to 'ticks' of the time CSR for the timer interrupt. */
static bool wait_timer_irq(unsigned long ticks)
{
	unsigned long t0 = rd_time();

	while (!n_timer_irqs && rd_time() - t0 < ticks)
		;
	return n_timer_irqs != 0;
}

void test_time(void)
{
	struct sbiret r;
	unsigned long now;

	/* A deadline 2^32 ticks away: its low half alone lies in the past, so a
	 * firmware that dropped the high word (rv32: a1) would fire at once. */
	n_timer_irqs = 0;
	__asm__ volatile("csrs sie, %0" :: "r"(SIE_STIE));
	__asm__ volatile("csrs sstatus, %0" :: "r"(MSTATUS_SIE));
	r = set_timer((uint64_t)rd_time() + (1ULL << 32));
	check_eq(r.error, 0, "time: set_timer(now + 2^32)");
	wait_timer_irq(100000);   /* 10 ms at QEMU's 10 MHz */
	check_eq(n_timer_irqs, 0, "time: no interrupt before a far deadline (64-bit stime_value)");
	check_eq(r_sip() & SIP_STIP, 0, "time: STIP clear while the deadline is far");

	/* A near deadline fires, and arrives in S-mode as interrupt 5. */
	now = rd_time();
	r = set_timer((uint64_t)now + 10000);
	check_eq(r.error, 0, "time: set_timer(now + 1 ms)");
	check_eq(wait_timer_irq(10000000), 1, "time: S-mode timer interrupt arrives");
	check_eq(timer_cause, CAUSE_IRQ_FLAG | IRQ_S_TIMER, "time: scause = interrupt | 5");
	check_that(timer_at - now >= 10000, timer_at - now, ">= 10000 ticks",
		   "time: the interrupt came no earlier than the deadline");
	__asm__ volatile("csrc sstatus, %0" :: "r"(MSTATUS_SIE));

	/* set_timer(-1): the pending interrupt goes away and stays away. */
	r = set_timer(~0ULL);
	check_eq(r.error, 0, "time: set_timer(-1)");
	check_eq(r_sip() & SIP_STIP, 0, "time: set_timer(-1) clears STIP");
	spin(20000);
	check_eq(r_sip() & SIP_STIP, 0, "time: STIP stays clear after set_timer(-1)");
}
