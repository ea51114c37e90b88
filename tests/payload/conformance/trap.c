/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The payload's S-mode trap handler (the vector is strap.S), the catch
 * window the checks open around an instruction that must trap, and the
 * instructions that trap.
 */
#include "conformance.h"

volatile unsigned long n_traps, n_timer_irqs, n_lcof_irqs;
volatile unsigned long last_cause, last_tval, last_epc, timer_cause, timer_at;
static volatile bool traps_allowed;
uint32_t amo_word[2] __attribute__((aligned(8)));

static inline unsigned long r_scause(void) { unsigned long v; __asm__ volatile("csrr %0, scause" : "=r"(v)); return v; }
static inline unsigned long r_stval(void) { unsigned long v; __asm__ volatile("csrr %0, stval" : "=r"(v)); return v; }
static inline unsigned long r_sepc(void) { unsigned long v; __asm__ volatile("csrr %0, sepc" : "=r"(v)); return v; }
unsigned long r_sip(void) { unsigned long v; __asm__ volatile("csrr %0, sip" : "=r"(v)); return v; }

void s_trap_handler(unsigned long *regs);
void s_trap_handler(unsigned long *regs)
{
	unsigned long cause = r_scause(), epc = r_sepc();
	uint16_t insn;

	(void)regs;
	if (cause == (CAUSE_IRQ_FLAG | 13)) {
		/* Sscofpmf counter overflow: S-mode clears LCOFIP itself. */
		n_lcof_irqs++;
		__asm__ volatile("csrc sip, %0" :: "r"(1UL << 13));
		return;
	}
	if (cause & CAUSE_IRQ_FLAG) {
		timer_cause = cause;
		timer_at = rd_time();
		n_timer_irqs++;
		/* Mask it: the pending bit stays until the next set_timer. */
		__asm__ volatile("csrc sie, %0" :: "r"(SIE_STIE));
		return;
	}
	if (!traps_allowed) {
		failed++;
		printf("FAIL - unexpected S-mode trap scause 0x%lx sepc 0x%lx stval 0x%lx\n",
		       cause, epc, r_stval());
		check_end(0);
	}
	n_traps++;
	last_cause = cause;
	last_tval = r_stval();
	last_epc = epc;
	/* Resume after the faulting instruction: 2 or 4 bytes long. */
	insn = *(volatile uint16_t *)epc;
	__asm__ volatile("csrw sepc, %0" :: "r"(epc + ((insn & 3) == 3 ? 4 : 2)));
}

void catch_begin(void) { n_traps = 0; last_cause = last_tval = ~0UL; traps_allowed = true; }
void catch_end(void) { traps_allowed = false; }

void caught_illegal_insn(void)
{
	catch_begin();
	illegal_insn();
	catch_end();
}

void illegal_insn(void)
{
#ifdef UMODE
	/* An M+U hart has no S-mode to pass an illegal instruction on to, so
	 * here it is one the firmware emulates and counts as ILLEGAL_INSN:
	 * rdtime (Ibex has no time CSR). */
	(void)rd_time();
#else
	/* csrw cycle, zero: cycle is read-only, so this is illegal everywhere */
	__asm__ volatile(".4byte 0xc0001073" ::: "memory");
#endif
}
void store_to(unsigned long addr)
{
	__asm__ volatile("sw zero, 0(%0)" :: "r"(addr) : "memory");
}
unsigned long load_from(unsigned long addr)
{
	unsigned long v = 0;
	__asm__ volatile("lw %0, 0(%1)" : "+r"(v) : "r"(addr) : "memory");
	return v;
}
#ifndef UMODE   /* Ibex has no A extension */
void misaligned_amo(void *p)
{
	/* QEMU does not split AMOs: an odd address is a store/AMO misaligned fault */
	__asm__ volatile("amoadd.w zero, %1, (%0)" :: "r"(p), "r"(1) : "memory");
}
#endif

void spin(unsigned long n)
{
	for (volatile unsigned long i = 0; i < n; i++)
		;
}
