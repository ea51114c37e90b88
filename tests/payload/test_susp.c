/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SUSP (SBI spec, System Suspend chapter): every error row, refusal while
 * another hart runs (with -smp 2), and a real suspend to RAM: woken by the
 * S-mode timer interrupt armed before the call, resumed at resume_addr
 * with a0 = hartid, a1 = opaque, satp = 0 and sstatus.SIE = 0, not before
 * the timer's deadline, and with the FWFT state kept.
 */
#include <tally/sbi.h>
#include <tally/riscv.h>
#include "check.h"
#include "ext_test.h"

#define HSM_STARTED 0
#define SIE_STIE (1UL << 5)

extern char ext_resume_entry[];
void ext_resumed(unsigned long hartid, unsigned long opaque);

/* GCC's own setjmp buffer (five words): no libc. */
static void *before_suspend[5];
static volatile unsigned long got_a0, got_a1, got_satp, got_sstatus, resumed_at;

void ext_resumed(unsigned long hartid, unsigned long opaque)
{
	got_a0 = hartid;
	got_a1 = opaque;
	__asm__ volatile("csrr %0, satp" : "=r"(got_satp));
	__asm__ volatile("csrr %0, sstatus" : "=r"(got_sstatus));
	resumed_at = (unsigned long)tally_time();
	__builtin_longjmp(before_suspend, 1);
}

static struct sbiret susp(unsigned long type, unsigned long addr, unsigned long opaque)
{
	return ext_call(SBI_EXT_SUSP, 0, type, addr, opaque);
}

/* The call itself apart from setjmp's frame (no register variables there). */
static __attribute__((noinline)) long susp_to_ram(unsigned long resume, unsigned long opaque)
{
	return susp(0, resume, opaque).error;
}

/* 1 if the hart suspended and came back through ext_resumed(), else 0 (the call failed). */
static __attribute__((noinline)) int suspend_and_resume(unsigned long resume, unsigned long opaque,
							 long *err)
{
	if (__builtin_setjmp(before_suspend))
		return 1;
	*err = susp_to_ram(resume, opaque);
	return 0;
}


/*
 * ram_end comes from the device tree, not from a build-time guess: "past
 * RAM" must be past the RAM of this run. A fixed 0x88000000 (-m 128M) is
 * ordinary RAM under -m 4G, so the firmware rightly accepted it, suspended,
 * and resumed there: S-mode illegal instruction at sepc 0x88000000.
 */
void test_susp(unsigned long hartid, unsigned long ram_end)
{
	static const unsigned long bad_types[] = { 1, 0x7fffffff, 0x80000000, 0xffffffff };
	const unsigned long resume = (unsigned long)ext_resume_entry;
	const unsigned long opaque = (unsigned long)0x5a5a1234c0ffee00ULL;
	struct sbiret r;

	r = SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_SUSP);
	if (!check_eq(r.uvalue, 1, "susp: probe_extension(SUSP) = 1"))
		return;
	check_eq(SBI0(SBI_EXT_SUSP, 1).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "susp: unknown FID 1");
	for (unsigned i = 0; i < sizeof(bad_types) / sizeof(bad_types[0]); i++)
		check_eq(susp(bad_types[i], resume, 0).error, (unsigned long)SBI_ERR_INVALID_PARAM,
			 "susp: sleep_type 0x%lx (%s) INVALID_PARAM", bad_types[i],
			 bad_types[i] < 0x80000000 ? "reserved" : "platform-specific, none here");
	check_eq(susp(UPPER_GARBAGE | 1, resume, 0).error, (unsigned long)SBI_ERR_INVALID_PARAM,
		 "susp: sleep_type 1 with bits above 32 INVALID_PARAM");
	/* bad resume addresses; type 0 with bits above 32 is still SUSPEND_TO_RAM */
	check_eq(susp(UPPER_GARBAGE | 0, 0x80000000UL, 0).error, (unsigned long)SBI_ERR_INVALID_ADDRESS,
		 "susp: resume_addr in the firmware INVALID_ADDRESS (sleep_type 0, bits above 32 set)");
	check_eq(susp(0, 0x1000, 0).error, (unsigned long)SBI_ERR_INVALID_ADDRESS,
		 "susp: resume_addr below RAM INVALID_ADDRESS");
	check_eq(susp(0, ram_end, 0).error, (unsigned long)SBI_ERR_INVALID_ADDRESS,
		 "susp: resume_addr 0x%lx (past RAM) INVALID_ADDRESS", ram_end);
	check_eq(susp(0, ~0UL - 1, 0).error, (unsigned long)SBI_ERR_INVALID_ADDRESS,
		 "susp: resume_addr at the top of the address space INVALID_ADDRESS");
	/* Odd: no instruction starts there (mret would drop bit 0 and resume elsewhere). */
	check_eq(susp(0, resume + 1, 0).error, (unsigned long)SBI_ERR_INVALID_ADDRESS,
		 "susp: odd resume_addr 0x%lx INVALID_ADDRESS", resume + 1);

	/* Another hart running: the entry criteria fail. */
	unsigned long other = ext_other_hart(hartid);
	if (other != ~0UL) {
		check_that(ext_start_spinner(other), 0, "started", "susp: hart %lu started", other);
		check_that(ext_wait_state(other, HSM_STARTED), 0, "STARTED", "susp: hart %lu runs", other);
		check_eq(susp(0, resume, opaque).error, (unsigned long)SBI_ERR_DENIED,
			 "susp: hart %lu running: DENIED", other);
		ext_release(other);
	} else {
		printf("# susp: one hart: DENIED with another hart running not checked (run with -smp 2)\n");
	}

	/* Suspend to RAM, woken by the timer 2 ms from now (QEMU virt: 10 MHz). */
	uint64_t deadline = tally_time() + 20000;
	unsigned long fwft_before = sbi_ecall(SBI_EXT_FWFT, 1, 0, 0, 0, 0, 0, 0).uvalue;
	got_a0 = got_a1 = got_satp = got_sstatus = ~0UL;
	sbi_set_timer(deadline);
	__asm__ volatile("csrs sie, %0" :: "r"(SIE_STIE));   /* the wake-up source; SIE stays 0 */
	long err = 0;
	check_that(suspend_and_resume(resume, opaque, &err), (unsigned long)err, "a resume",
		   "susp: suspend to RAM resumed at resume_addr");
	__asm__ volatile("csrc sie, %0" :: "r"(SIE_STIE));
	sbi_set_timer(~0ULL);                                     /* STIP off again */
	check_eq(got_a0, hartid, "susp: resumed with a0 = hartid");
	check_eq(got_a1, opaque, "susp: resumed with a1 = opaque");
	check_eq(got_satp, 0, "susp: resumed with satp = 0");
	check_eq(got_sstatus & 2, 0, "susp: resumed with sstatus.SIE = 0");
	check_that((uint64_t)resumed_at >= (uint64_t)(unsigned long)deadline, resumed_at,
		   ">= the deadline", "susp: woken by the timer, not before");
	r = sbi_ecall(SBI_EXT_HSM, 2, hartid, 0, 0, 0, 0, 0);
	check_eq(r.uvalue, HSM_STARTED, "susp: this hart is STARTED again");

	/* No wake-up source enabled (sie = 0): nothing could wake the hart, so
	 * it resumes at once instead of sleeping forever. */
	unsigned long sie;
	__asm__ volatile("csrrw %0, sie, zero" : "=r"(sie));
	got_a0 = got_a1 = ~0UL;
	err = 0;
	check_that(suspend_and_resume(resume, ~opaque, &err), (unsigned long)err, "a resume",
		   "susp: nothing enabled in sie: resumed at once");
	__asm__ volatile("csrw sie, %0" :: "r"(sie));
	check_eq(got_a0, hartid, "susp: ... with a0 = hartid");
	check_eq(got_a1, ~opaque, "susp: ... with a1 = opaque");
	check_eq(sbi_ecall(SBI_EXT_FWFT, 1, 0, 0, 0, 0, 0, 0).uvalue, fwft_before,
		 "susp: FWFT MISALIGNED_EXC_DELEG kept across the suspend");
}
