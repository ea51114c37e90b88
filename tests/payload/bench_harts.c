/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a broadcast costs as harts grow: sbi_send_ipi and
 * sbi_remote_sfence_vma (the whole address space) to every hart
 * (hart_mask_base = -1), and the boot, in M-mode instructions, on the
 * sending hart and in total over all harts. scripts/bench-harts.py runs it
 * under `qemu -icount shift=0,sleep=off -smp N` and draws the table and plot
 * of docs/benchmark.md.
 *
 * The ruler is QEMU's execution log, not rdinstret: under -icount, QEMU
 * 7.2's minstret is its virtual clock (icount_get()), one tick per
 * instruction of any hart and the idle time it skips, so with more than
 * one hart it does not count one hart's instructions. scripts/bench-harts.py
 * logs every instruction executed in the firmware's range, with the hart
 * that ran it, and the payload marks where each measurement begins and
 * ends by running a labelled instruction the log also holds:
 *
 *   - boot: from reset to the boot hart's first payload instruction.
 *   - each broadcast: from bh_mark_begin, just before the sender's ecall,
 *     to bh_mark_end, once every hart has said it saw the broadcast (the
 *     IPI: its sip.SSIP; the fence: the sender's call returned, which it
 *     does once every target acknowledged, and the hart looked afterwards).
 *     "Every hart" includes the sender, so its own delivery is in its figure.
 *
 * The sender is the highest hart, not the boot hart. Under -icount QEMU 7.2
 * runs every hart on one host thread, in hart order, each until the next
 * virtual timer deadline, and starts again from hart 0 after the timers
 * have run; a hart only gets time that the harts before it left unused by
 * halting (wfi). A firmware whose sender spins in M-mode until each target
 * acknowledges a remote fence (OpenSBI's tlb_sync) therefore starves every
 * hart after it, for good: the targets take the IPI and never run its
 * handler (QEMU's patch "accel/tcg/tcg-accel-ops-rr: ensure fairness with
 * icount", 2023, describes this livelock and came after 7.2). With the
 * sender last, every target runs before it in each pass;
 * such a sender still spins until the deadline that ends its slice, and
 * those instructions are in its figures (the script marks them).
 *
 * No hart runs the firmware for anything else in these windows: a hart
 * that waits does so in wfi with its own Sstc timer (stimecmp), which
 * wakes it without the firmware, so the window's firmware instructions are
 * the broadcast's.
 *
 * Every call is checked: sbiret.error 0; for the IPI every hart, the sender
 * too, sees sip.SSIP; and at the end every hart reads its firmware counters
 * IPI_RECEIVED and SFENCE_VMA_RECEIVED (configured before the first round),
 * which must equal the rounds sent (IPI_RECEIVED: see check_counters).
 * Any failure ends the run with "bench-harts: FAIL" and SRST
 * SYSTEM_FAILURE: the script then draws nothing.
 *
 * Output (scripts/bench-harts.py reads it): "bench-harts: harts N", the
 * phases in order as "bench-harts: phase ipi|sfence", then
 * "bench-harts: done" and "N passed, 0 failed".
 */
#include <tally/sbi.h>
#include "sbicall.h"

#define MAXH 512                   /* QEMU virt's most harts */
#define STACK 1024                 /* a started hart's stack: two SBI calls deep */
#define ROUNDS 4
#define TICKS 1000                 /* a waiting hart's timer: 100 us at 10 MHz */
#define SIP_SSIP (1UL << 1)
#define SIE_SSIE (1UL << 1)
#define SIE_STIE (1UL << 5)
#define CAL_STEPS 4

/* Rounds: IPI rounds first, then SFENCE.VMA rounds. */
#define PHASES (2 * ROUNDS)

/* One record per hart, a cache line each; only its hart writes it after start. */
struct hart_rec {
	volatile unsigned long ready;         /* phase + 1: waiting for this phase's call */
	volatile unsigned long finished;      /* phase + 1: this phase measured */
	volatile unsigned long ipi_recv, sfence_recv;   /* its firmware counters at the end */
	volatile long failed;                 /* nonzero: what went wrong, a line below */
	volatile unsigned long failed_val;
} __attribute__((aligned(64)));

static struct hart_rec rec[MAXH];
static unsigned char stacks[MAXH][STACK] __attribute__((aligned(16)));
static volatile unsigned long done_phase;   /* the sender's fence call of this phase returned */
static unsigned long present[MAXH / (8 * sizeof(unsigned long))];
static unsigned nharts;
static unsigned long sender;      /* the highest hart: it makes every call */
static unsigned long num_counters;

enum { F_NONE, F_CFG, F_SSIP, F_READ };
static const char *const fail_what[] = {
	"",
	"config_matching of a firmware counter", "no sip.SSIP after the IPI",
	"fw_read",
};

void harts_entry(void);           /* below: a started hart's first instruction */

/* hart_start's a0 = hartid, a1 = opaque: the top of the hart's stack. */
__asm__(".section .text.harts_entry, \"ax\"\n"
	".globl harts_entry\n"
	"harts_entry:\n"
	"	.option push\n"
	"	.option norelax\n"
	"	la gp, __global_pointer$\n"
	"	.option pop\n"
	"	mv sp, a1\n"
	"	j harts_main\n");

static inline void set_stimecmp(unsigned long v)
{
	__asm__ volatile("csrw stimecmp, %0" : : "r"(v));
#if __riscv_xlen == 32
	__asm__ volatile("csrw stimecmph, zero");
#endif
}

/* Sleep until this hart's timer (TICKS ahead) or an enabled interrupt
 * wakes it: Sstc, so the firmware is not called. */
static void nap(void)
{
	set_stimecmp(rd_time() + TICKS);
	__asm__ volatile("wfi");
}

static unsigned long read_sip(void)
{
	unsigned long v;

	__asm__ volatile("csrr %0, sip" : "=r"(v));
	return v;
}

/* Wait until *flag == want, or (ipi) sip.SSIP is set. */
static void wait_round(volatile unsigned long *flag, unsigned long want, bool ipi)
{
	while (*flag != want && !(ipi && (read_sip() & SIP_SSIP)))
		nap();
	set_stimecmp(~0UL);               /* the timer's interrupt no longer pending */
}

/*
 * The marks the script finds in the log (bench-harts.py's -dfilter names
 * these two addresses): one instruction each, out of line so each has one
 * address.
 */
void bh_mark_begin(void);
void bh_mark_end(void);
__asm__(".section .text.bh_marks, \"ax\"\n"
	".globl bh_mark_begin\n"
	"bh_mark_begin:\n"
	"	ret\n"
	".globl bh_mark_end\n"
	"bh_mark_end:\n"
	"	ret\n");

/* A firmware counter counting `event` on this hart, started at 0; -1 if none. */
static long fw_counter(enum pmu_fw_event event)
{
	struct sbiret r = sbi_pmu_counter_config_matching(0, sbi_pmu_mask_all(0, num_counters),
		PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, sbi_pmu_fw_event(event), 0);

	return r.error ? -1 : (long)r.value;
}

static bool fw_value(long idx, unsigned long *v)
{
	struct sbiret r = sbi_pmu_counter_fw_read((unsigned long)idx);

	*v = r.uvalue;
	return r.error == 0;
}

static void sie_for_waits(void)
{
	/* wfi wakes for these with sstatus.SIE clear, and no trap is taken */
	__asm__ volatile("csrs sie, %0" : : "r"(SIE_SSIE | SIE_STIE));
}

static void clear_ssip(void)
{
	__asm__ volatile("csrc sip, %0" : : "r"(SIP_SSIP));
}

static unsigned failures;

static void fail(const char *what, unsigned long hart, long v)
{
	printf("bench-harts: FAIL hart %lu: %s (%ld)\n", hart, what, v);
	failures++;
}

static bool is_present(unsigned h)
{
	return (present[h / (8 * sizeof(unsigned long))] >> (h % (8 * sizeof(unsigned long)))) & 1;
}

/* Wait (Sstc timer and wfi, no firmware call) until every other hart's word reaches v. */
static void wait_all(unsigned long self, size_t off, unsigned long v)
{
	for (unsigned h = 0; h < MAXH; h++) {
		if (h == self || !is_present(h))
			continue;
		while (*(volatile unsigned long *)((char *)&rec[h] + off) < v)
			nap();
	}
	set_stimecmp(~0UL);
}

/* A target: announce each phase, wait for its broadcast, report. */
static void __attribute__((noreturn)) target(unsigned long hartid, long ipi_ctr, long fence_ctr)
{
	struct hart_rec *me = &rec[hartid];
	unsigned long w;

	if (ipi_ctr < 0 || fence_ctr < 0)
		me->failed = F_CFG;
	for (unsigned long p = 0; p < PHASES; p++) {
		bool ipi = p < ROUNDS;

		me->ready = p + 1;
		/* IPI: the broadcast itself ends the wait (sip.SSIP). Fence: the
		 * sender's word, written once its call returned, which is after
		 * every target acknowledged; the timer brings this hart to look. */
		wait_round(&done_phase, p + 1, ipi);
		if (ipi && !(read_sip() & SIP_SSIP)) {
			me->failed = F_SSIP;
			me->failed_val = p;
		}
		clear_ssip();
		me->finished = p + 1;
	}
	/* Its counters only once the sender has closed the last window. */
	wait_round(&done_phase, PHASES + 1, false);
	if (!fw_value(ipi_ctr, &w))
		me->failed = F_READ;
	me->ipi_recv = w;
	if (!fw_value(fence_ctr, &w))
		me->failed = F_READ;
	me->sfence_recv = w;
	me->finished = PHASES + 1;
	/* Parked: nothing wakes it (its timer is off, no more IPIs come). */
	for (;;)
		__asm__ volatile("wfi");
}

/*
 * SBI's PMU table names IPI_RECEIVED "Received IPI from other hart", which
 * firmwares read differently: Tally counts every IPI of sbi_send_ipi, the
 * sender's own too; OpenSBI 1.1 also every M-mode IPI a remote fence sends
 * a target (its own fence a hart runs without one); OpenSBI's newest does
 * not count the IPI a hart sends itself. A target has ROUNDS or
 * 2 * ROUNDS, the sender ROUNDS or none; any other count fails.
 */
static void check_counters(unsigned long h, unsigned long ipis, unsigned long fences)
{
	if (h == sender ? ipis != ROUNDS && ipis != 0 : ipis != ROUNDS && ipis != 2 * ROUNDS)
		fail("IPI_RECEIVED differs from the IPIs sent", h, (long)ipis);
	if (fences != ROUNDS)
		fail("SFENCE_VMA_RECEIVED differs from the fences sent", h, (long)fences);
}

/* The sender: every broadcast, each between the two marks, then the checks. */
static void __attribute__((noreturn)) send(unsigned long hartid, long ipi_ctr, long fence_ctr)
{
	if (ipi_ctr < 0 || fence_ctr < 0)
		fail(fail_what[F_CFG], hartid, 0);

	for (unsigned long p = 0; p < PHASES; p++) {
		bool ipi = p < ROUNDS;
		struct sbiret a;

		wait_all(hartid, __builtin_offsetof(struct hart_rec, ready), p + 1);
		printf("bench-harts: phase %s\n", ipi ? "ipi" : "sfence");
		bh_mark_begin();
		if (ipi)
			a = sbi_send_ipi(0, SBI_HART_MASK_ALL);
		else
			a = sbi_remote_sfence_vma(0, SBI_HART_MASK_ALL, 0, ~0UL);
		if (a.error)
			fail(ipi ? "sbi_send_ipi" : "sbi_remote_sfence_vma", hartid, a.error);
		/* the sender is a target too: its own SSIP may come after the call */
		if (ipi)
			wait_round(&done_phase, ~0UL, true);
		if (ipi && !(read_sip() & SIP_SSIP))
			fail(fail_what[F_SSIP], hartid, (long)p);
		clear_ssip();
		done_phase = p + 1;
		wait_all(hartid, __builtin_offsetof(struct hart_rec, finished), p + 1);
		bh_mark_end();
	}
	done_phase = PHASES + 1;
	wait_all(hartid, __builtin_offsetof(struct hart_rec, finished), PHASES + 1);

	/* Every hart received every broadcast, by its own firmware counters. */
	for (unsigned h = 0; h < MAXH; h++) {
		unsigned long ipis = 0, fences = 0;

		if (!is_present(h))
			continue;
		if (h == hartid) {
			if (!fw_value(ipi_ctr, &ipis) || !fw_value(fence_ctr, &fences))
				fail(fail_what[F_READ], h, 0);
		} else {
			ipis = rec[h].ipi_recv;
			fences = rec[h].sfence_recv;
			if (rec[h].failed)
				fail(fail_what[rec[h].failed], h, (long)rec[h].failed_val);
		}
		check_counters(h, ipis, fences);
	}
	if (failures) {
		printf("0 passed, %u failed\n", failures);
		sbi_shutdown(1);
	}
	printf("bench-harts: done\n%u passed, 0 failed\n", nharts * 2 * ROUNDS);
	sbi_shutdown(0);
	for (;;)
		__asm__ volatile("wfi");
}

/* Every hart, the boot hart too: its counters, then its part. */
static void __attribute__((noreturn)) run(unsigned long hartid)
{
	long ipi_ctr, fence_ctr;

	sie_for_waits();
	ipi_ctr = fw_counter(PMU_FW_IPI_RECEIVED);
	fence_ctr = fw_counter(PMU_FW_SFENCE_VMA_RECEIVED);
	if (hartid == sender)
		send(hartid, ipi_ctr, fence_ctr);
	target(hartid, ipi_ctr, fence_ctr);
}

/* A started hart. */
void harts_main(unsigned long hartid) __attribute__((noreturn, used));
void harts_main(unsigned long hartid)
{
	run(hartid);
}

int main(unsigned long hartid, unsigned long dtb)
{
	struct sbiret r;

	(void)dtb;
	num_counters = sbi_pmu_num_counters().uvalue;
	/* The harts there are: HSM knows them (INVALID_PARAM for a hart ID that is not). */
	for (unsigned h = 0; h < MAXH; h++) {
		r = sbi_hart_get_status(h);
		if (r.error == 0) {
			present[h / (8 * sizeof(unsigned long))] |= 1UL << (h % (8 * sizeof(unsigned long)));
			nharts++;
			sender = h;
		}
	}
	printf("bench-harts: harts %u\n", nharts);
	if (hartid >= MAXH || !is_present((unsigned)hartid)) {
		fail("the boot hart is not among the harts HSM reports", hartid, 0);
		sbi_shutdown(1);
	}
	for (unsigned h = 0; h < MAXH; h++) {
		if (h == hartid || !is_present(h))
			continue;
		/* opaque (a1 at harts_entry): the top of the hart's stack */
		r = sbi_hart_start(h, harts_entry, (unsigned long)(uintptr_t)stacks[h + 1]);
		if (r.error) {
			fail("hart_start", h, r.error);
			sbi_shutdown(1);
		}
	}
	run(hartid);
}
