// SPDX-License-Identifier: BSD-2-Clause
/*
 * The kit's harts: start another hart at a C function, and wait without
 * starving the others.
 *
 * A hart the firmware starts (HSM hart_start) enters with a0 = hartid,
 * a1 = opaque and nothing else: no gp, no stack. tally_hart_start() hands
 * the firmware a record as the opaque, and start.S's tally_hart_entry takes
 * the stack from it, sets gp and calls tally_hart_main() below.
 */
#include <tally/sbi.h>
#include <tally/riscv.h>

/* One record and one stack per hartid below TALLY_KIT_MAX_HARTS. */
struct tally_hart {
	unsigned long sp;               /* read first, by tally_hart_entry */
	void (*fn)(unsigned long hartid, unsigned long opaque);
	unsigned long opaque;
};
static struct tally_hart harts[TALLY_KIT_MAX_HARTS];
static unsigned char stacks[TALLY_KIT_MAX_HARTS][TALLY_KIT_HART_STACK] __attribute__((aligned(16)));

void tally_hart_entry(void);   /* start.S */

struct sbiret tally_hart_start(unsigned long hartid,
			       void (*fn)(unsigned long hartid, unsigned long opaque),
			       unsigned long opaque)
{
	if (hartid >= TALLY_KIT_MAX_HARTS)
		return (struct sbiret){ .error = SBI_ERR_INVALID_PARAM };
	harts[hartid] = (struct tally_hart){
		.sp = (unsigned long)(uintptr_t)stacks[hartid + 1],   /* the top of stacks[hartid] */
		.fn = fn,
		.opaque = opaque,
	};
	/* The firmware's start orders these stores before the hart's first load. */
	return sbi_hart_start(hartid, tally_hart_entry, (unsigned long)(uintptr_t)&harts[hartid]);
}

void tally_hart_main(unsigned long hartid, struct tally_hart *h) __attribute__((noreturn));
void tally_hart_main(unsigned long hartid, struct tally_hart *h)
{
#ifdef TALLY_KIT_SMODE
	extern char tally_trap_entry[];

	__asm__ volatile("csrw stvec, %0" : : "r"(tally_trap_entry));
#endif
	h->fn(hartid, h->opaque);
	sbi_hart_stop();
	printf("payload: hart %lu: HSM hart_stop returned\n", hartid);
	tally_exit(1);
}

/* Why: sbi.h. With sie.STIE set and sstatus.SIE clear, the pending timer
 * wakes wfi but takes no trap. */
void tally_relax(void)
{
#ifdef TALLY_KIT_SMODE
	unsigned long sie;

	__asm__ volatile("csrrs %0, sie, %1" : "=r"(sie) : "r"(1UL << IRQ_S_TIMER));
	sbi_set_timer(tally_time() + TALLY_KIT_RELAX_TICKS);
	__asm__ volatile("wfi");
	sbi_set_timer(~(uint64_t)0);    /* clears the pending timer */
	__asm__ volatile("csrw sie, %0" : : "r"(sie));
#else
	for (volatile int i = 0; i < 64; i++)
		;
#endif
}
