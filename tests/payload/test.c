/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The S-mode conformance payload: every SBI function Tally implements,
 * called the way a kernel would call it, on the real trap path.
 *
 * One line per check ("ok - ..." or "FAIL - ... got X expected Y"), then
 * "N passed, M failed", then SRST shutdown (reason 0, so QEMU exits 0;
 * tests/qemu/run-payload.sh judges the summary line).
 *
 * The payload adapts to what the firmware reports (how many hpm counters,
 * where the firmware counters start), so the same checks run on QEMU with
 * any pmu-num and on other cores. Build-time knobs:
 *   EXPECT_HPM=n   the number of hpm counters the run must find
 *   RAM_END        end of RAM (default: QEMU virt with -m 128M)
 *   HPM_WIDTH      bits of an hpm counter (default 64, as QEMU)
 *   EXPECT_SSCOFPMF the CPU has Sscofpmf (QEMU -cpu ...,sscofpmf=true): counter
 *                  overflow interrupts reach S-mode and show in snapshots
 *   CVA6_MAP       the firmware runs the CVA6 backend (its event map, not
 *                  QEMU's) on QEMU, which does not count CVA6's events
 *   RAM_END64      the run has more RAM than usual (QEMU -m 4G on rv64, the
 *                  most QEMU gives rv32): end of RAM as a 64-bit address;
 *                  test_big_ram() uses its top page
 *   BIG_RAM_ONLY   only test_big_ram() (rv32 with 10 GiB: RAM_END cannot be
 *                  said in 32 bits, so the other checks do not apply)
 *   SV32_ABOVE_4G  rv32: also store through Sv32 to physical 0x1_0000_0000
 *                  (not on QEMU 7.2, see test_sv32_above_4g)
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "arch/riscv.h"
#include "sbicall.h"
#include "check.h"
#include "ext_test.h"

#ifndef RAM_END
#define RAM_END 0x88000000UL
#endif
#ifndef HPM_WIDTH
#define HPM_WIDTH 64
#endif
#define FW_BASE 0x80000000UL          /* the firmware, closed by PMP */
#define XLEN __riscv_xlen
#define NUM_FW_COUNTERS 16            /* what Tally provides */

#define EXT_IPI  0x735049UL
#define EXT_HSM  0x48534DUL
#define EXT_RFNC 0x52464E43UL
#define EXT_CPPC 0x43505043UL
#define EXT_UNKNOWN 0x7e57c0deUL

#define SIE_STIE (1UL << 5)
#define SIP_STIP (1UL << 5)

/* ---- results -------------------------------------------------------- */


static __attribute__((noreturn)) void finish(void)
{
	printf("%u passed, %u failed\n", passed, failed);
	sbi_shutdown(0);
}

/* ---- the payload's S-mode trap handler (vector in strap.S) ----------- */

extern char s_trap_vector[];
void s_trap_handler(unsigned long *regs);
void regs_around_ecall(unsigned long dump[32], unsigned long pattern,
		       unsigned long eid, unsigned long fid);
void regs_around_fault(unsigned long dump[32], unsigned long pattern,
		       unsigned long eid, unsigned long fid);

/*
 * Exceptions are expected only inside a catch window (traps_allowed);
 * the handler records what it saw and skips the faulting instruction.
 * The timer interrupt is always welcome: it is recorded and masked.
 */
static volatile bool traps_allowed;
static volatile unsigned long n_traps, n_timer_irqs;
static volatile unsigned long last_cause, last_tval, last_epc, timer_cause, timer_at;
static volatile unsigned long n_lcof_irqs;

static inline unsigned long r_scause(void) { unsigned long v; __asm__ volatile("csrr %0, scause" : "=r"(v)); return v; }
static inline unsigned long r_stval(void) { unsigned long v; __asm__ volatile("csrr %0, stval" : "=r"(v)); return v; }
static inline unsigned long r_sepc(void) { unsigned long v; __asm__ volatile("csrr %0, sepc" : "=r"(v)); return v; }
static inline unsigned long r_sip(void) { unsigned long v; __asm__ volatile("csrr %0, sip" : "=r"(v)); return v; }

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
		finish();
	}
	n_traps++;
	last_cause = cause;
	last_tval = r_stval();
	last_epc = epc;
	/* Resume after the faulting instruction: 2 or 4 bytes long. */
	insn = *(volatile uint16_t *)epc;
	__asm__ volatile("csrw sepc, %0" :: "r"(epc + ((insn & 3) == 3 ? 4 : 2)));
}

static void catch_begin(void) { n_traps = 0; last_cause = last_tval = ~0UL; traps_allowed = true; }
static void catch_end(void) { traps_allowed = false; }

/* Things that trap into the firmware, which counts them and passes them on. */
static void illegal_insn(void)
{
	/* csrw cycle, zero: cycle is read-only, so this is illegal everywhere */
	__asm__ volatile(".4byte 0xc0001073" ::: "memory");
}
static void store_to(unsigned long addr)
{
	__asm__ volatile("sw zero, 0(%0)" :: "r"(addr) : "memory");
}
static unsigned long load_from(unsigned long addr)
{
	unsigned long v = 0;
	__asm__ volatile("lw %0, 0(%1)" : "+r"(v) : "r"(addr) : "memory");
	return v;
}
static void misaligned_amo(void *p)
{
	/* QEMU does not split AMOs: an odd address is a store/AMO misaligned fault */
	__asm__ volatile("amoadd.w zero, %1, (%0)" :: "r"(p), "r"(1) : "memory");
}

/* ---- SBI call helpers ------------------------------------------------ */

#if XLEN == 32
#define LO(v) ((unsigned long)(v))
#define HI(v) ((unsigned long)((uint64_t)(v) >> 32))
#else
/* rv64 has no high register: put junk there, the firmware must ignore it */
#define LO(v) ((unsigned long)(v))
#define HI(v) 0xbadUL
#endif

static struct sbiret pmu(unsigned long fid, unsigned long a0, unsigned long a1,
			 unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5)
{
	return sbi_call(SBI_EXT_PMU, fid, a0, a1, a2, a3, a4, a5);
}
static struct sbiret cfg_match(unsigned long base, unsigned long mask, unsigned long flags,
			       unsigned long ev, uint64_t data)
{
	return pmu(PMU_FID_CONFIG_MATCHING, base, mask, flags, ev, LO(data), HI(data));
}
static struct sbiret ctr_start(unsigned long base, unsigned long mask, unsigned long flags,
			       uint64_t init)
{
	return pmu(PMU_FID_COUNTER_START, base, mask, flags, LO(init), HI(init), 0);
}
static struct sbiret ctr_stop(unsigned long base, unsigned long mask, unsigned long flags)
{
	return pmu(PMU_FID_COUNTER_STOP, base, mask, flags, 0, 0, 0);
}
static struct sbiret fw_read(unsigned long idx) { return pmu(PMU_FID_FW_READ, idx, 0, 0, 0, 0, 0); }
static struct sbiret fw_read_hi(unsigned long idx) { return pmu(PMU_FID_FW_READ_HI, idx, 0, 0, 0, 0, 0); }
static struct sbiret get_info(unsigned long idx) { return pmu(PMU_FID_COUNTER_GET_INFO, idx, 0, 0, 0, 0, 0); }
static struct sbiret set_shmem(unsigned long lo, unsigned long hi, unsigned long flags)
{
	return pmu(PMU_FID_SNAPSHOT_SET_SHMEM, lo, hi, flags, 0, 0, 0);
}
static struct sbiret ev_info(unsigned long lo, unsigned long hi, unsigned long n, unsigned long flags)
{
	return pmu(PMU_FID_EVENT_GET_INFO, lo, hi, n, flags, 0, 0);
}
static struct sbiret set_timer(uint64_t when)
{
	return sbi_call(SBI_EXT_TIME, 0, LO(when), HI(when), 0, 0, 0, 0);
}
static struct sbiret dbcn(unsigned long fid, unsigned long n, unsigned long lo, unsigned long hi)
{
	return sbi_call(SBI_EXT_DBCN, fid, n, lo, hi, 0, 0, 0);
}

/* Read hpmcounter n (3..31) from S-mode: the CSR number is an immediate. */
static unsigned long read_hpm(unsigned n)
{
	unsigned long v = 0;
#define HPM(i) case i: __asm__ volatile("csrr %0, %1" : "=r"(v) : "i"(0xc00 + i)); break;
	switch (n) {
	HPM(3) HPM(4) HPM(5) HPM(6) HPM(7) HPM(8) HPM(9) HPM(10) HPM(11) HPM(12)
	HPM(13) HPM(14) HPM(15) HPM(16) HPM(17) HPM(18) HPM(19) HPM(20) HPM(21)
	HPM(22) HPM(23) HPM(24) HPM(25) HPM(26) HPM(27) HPM(28) HPM(29) HPM(30) HPM(31)
	}
#undef HPM
	return v;
}

static void spin(unsigned long n)
{
	for (volatile unsigned long i = 0; i < n; i++)
		;
}

/* Memory for the shared-memory calls: page-aligned, in the payload's RAM. */
static uint64_t snap[512] __attribute__((aligned(4096)));
struct ev_entry { uint32_t event_idx, output; uint64_t event_data; };
static struct ev_entry evs[16] __attribute__((aligned(16)));
static uint32_t amo_word[2] __attribute__((aligned(8)));
static char text[64];

/* What the PMU looks like, found out by pmu_layout(). */
static unsigned long num_ctrs, fw_base, nhpm;
#define ALL_FW_MASK ((1UL << NUM_FW_COUNTERS) - 1)

/* ---- Base ------------------------------------------------------------ */

static void test_base(void)
{
	static const unsigned long present[] = {
		SBI_EXT_BASE, SBI_EXT_TIME, SBI_EXT_SRST, SBI_EXT_PMU, SBI_EXT_DBCN,
		SBI_EXT_LEGACY_PUTCHAR, SBI_EXT_LEGACY_GETCHAR,
	};
	/* Extensions Tally does not implement (legacy 0x08 is legacy shutdown). */
	static const unsigned long absent[] = { EXT_CPPC, EXT_UNKNOWN, 0x08 };
	/* Multi-hart extensions: present where the board can send IPIs. */
	static const unsigned long optional[] = { EXT_HSM, EXT_IPI, EXT_RFNC };
	struct sbiret r;

	r = SBI0(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION);
	check_eq(r.error, 0, "base: get_spec_version error");
	check_eq(r.value, 0x03000000, "base: spec version is 3.0");
	r = SBI0(SBI_EXT_BASE, SBI_BASE_GET_IMPL_ID);
	check_eq(r.error, 0, "base: get_impl_id error");
	check_eq(r.value, 0x7A11, "base: impl id is Tally's");
	r = SBI0(SBI_EXT_BASE, SBI_BASE_GET_IMPL_VERSION);
	check_eq(r.error, 0, "base: get_impl_version error");
	check_eq(r.value, 1, "base: impl version 0.1");
	for (unsigned i = 0; i < sizeof(present) / sizeof(present[0]); i++) {
		r = SBI1(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, present[i]);
		check_eq(r.error, 0, "base: probe_extension(0x%lx) error", present[i]);
		check_eq(r.value, 1, "base: probe_extension(0x%lx) = 1", present[i]);
	}
	for (unsigned i = 0; i < sizeof(absent) / sizeof(absent[0]); i++) {
		r = SBI1(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, absent[i]);
		check_eq(r.error, 0, "base: probe_extension(0x%lx) error", absent[i]);
		check_eq(r.value, 0, "base: probe_extension(0x%lx) = 0 (absent)", absent[i]);
	}
	/* An optional extension is either there (an unknown FID is then
	 * NOT_SUPPORTED by the extension itself) or absent altogether. */
	for (unsigned i = 0; i < sizeof(optional) / sizeof(optional[0]); i++) {
		r = SBI1(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, optional[i]);
		check_that(!r.error && r.value <= 1, r.value, "0 or 1",
			   "base: probe_extension(0x%lx) answers 0 or 1", optional[i]);
		printf("# extension 0x%lx %s\n", optional[i], r.value ? "present" : "absent");
		check_eq(SBI0(optional[i], 0x7fff).error, (unsigned long)SBI_ERR_NOT_SUPPORTED,
			 "ext 0x%lx: unknown FID 0x7fff", optional[i]);
		if (!r.value)
			check_eq(SBI0(optional[i], 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED,
				 "ext 0x%lx absent: FID 0 is NOT_SUPPORTED", optional[i]);
	}
	for (unsigned long fid = SBI_BASE_GET_MVENDORID; fid <= SBI_BASE_GET_MIMPID; fid++)
		check_eq(SBI0(SBI_EXT_BASE, fid).error, 0, "base: fid %lu (m*id) succeeds", fid);

	/* Unknown extensions and unknown functions of every extension. */
	check_eq(SBI0(EXT_UNKNOWN, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "unknown EID 0x%lx", EXT_UNKNOWN);
	check_eq(SBI0(EXT_CPPC, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "unimplemented EID CPPC");
	check_eq(SBI0(0x08, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "unimplemented legacy EID 0x08");
	check_eq(SBI0(SBI_EXT_BASE, 7).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "base: unknown FID 7");
	check_eq(SBI0(SBI_EXT_BASE, ~0UL).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "base: unknown FID ~0");
	check_eq(SBI0(SBI_EXT_TIME, 1).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "time: unknown FID 1");
	check_eq(SBI0(SBI_EXT_DBCN, 3).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "dbcn: unknown FID 3");
	check_eq(SBI0(SBI_EXT_SRST, 1).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "srst: unknown FID 1");
	check_eq(SBI0(SBI_EXT_PMU, 9).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: unknown FID 9");
}

/*
 * Compare a register dump from strap.S with what was loaded: pattern + n
 * everywhere, a6/a7 = fid/eid, and a0/a1 = 0x5a/0xa5 unless they carry a
 * result (skip_a01). Returns the number of registers that differ.
 */
static unsigned dump_diff(const unsigned long dump[32], unsigned long pattern,
			  unsigned long eid, unsigned long fid, bool skip_a01,
			  unsigned *first, unsigned long *got, unsigned long *want)
{
	unsigned bad = 0;

	for (unsigned n = 1; n < 32; n++) {
		unsigned long expect = n == 16 ? fid : n == 17 ? eid :
			n == 10 ? 0x5a : n == 11 ? 0xa5 : pattern + n;
		if (n == 2 || (skip_a01 && (n == 10 || n == 11)))
			continue;    /* sp: checked by the function returning at all */
		if (dump[n] != expect && !bad++) {
			*first = n;
			*got = dump[n];
			*want = expect;
		}
	}
	return bad;
}

/* An ecall changes a0 and a1 and nothing else, whatever path it takes. */
static void test_regs(void)
{
	static const struct { unsigned long eid, fid; const char *what; } calls[] = {
		{ SBI_EXT_BASE, SBI_BASE_PROBE_EXT, "base probe_extension" },
		{ SBI_EXT_PMU, PMU_FID_NUM_COUNTERS, "pmu num_counters" },
		{ SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, "pmu get_info (error)" },
		{ SBI_EXT_PMU, PMU_FID_FW_READ, "pmu fw_read (error)" },
		{ SBI_EXT_TIME, 7, "time unknown FID" },
		{ EXT_UNKNOWN, 0, "unknown EID" },
	};
#if XLEN == 64
	const unsigned long pattern = 0x5eed123400001200UL;   /* high half matters too */
#else
	const unsigned long pattern = 0x5eed1200UL;
#endif
	unsigned long dump[32], got = 0, want = 0;
	unsigned bad, first = 0;

	for (unsigned c = 0; c < sizeof(calls) / sizeof(calls[0]); c++) {
		regs_around_ecall(dump, pattern, calls[c].eid, calls[c].fid);
		bad = dump_diff(dump, pattern, calls[c].eid, calls[c].fid, true, &first, &got, &want);
		if (bad)
			check_eq(got, want, "ecall (%s) preserves registers: x%u (and %u more) changed",
				 calls[c].what, first, bad - 1);
		else
			check_eq(0, 0, "ecall (%s) preserves all registers but a0/a1", calls[c].what);
	}
	check_eq(dump[10], (unsigned long)SBI_ERR_NOT_SUPPORTED, "ecall (unknown EID): a0 = NOT_SUPPORTED");

	/* A trap the firmware redirects to S-mode changes no register at all
	 * (the payload's own handler saves and restores what it is given). */
	catch_begin();
	regs_around_fault(dump, pattern, 0, 0);
	catch_end();
	check_eq(n_traps, 1, "illegal instruction redirected to S-mode once");
	bad = dump_diff(dump, pattern, 0, 0, false, &first, &got, &want);
	if (bad)
		check_eq(got, want, "redirected trap preserves registers: x%u (and %u more) changed",
			 first, bad - 1);
	else
		check_eq(0, 0, "redirected trap preserves every register");
}

/* ---- DBCN ------------------------------------------------------------ */

static void test_dbcn(void)
{
	static const char msg[] = "[dbcn write]\n";
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	unsigned long buf = (unsigned long)text;
	struct sbiret r;

	r = dbcn(0, sizeof(msg) - 1, (unsigned long)msg, 0);
	check_eq(r.error, 0, "dbcn: write error");
	check_eq(r.value, sizeof(msg) - 1, "dbcn: write returns the byte count");
	r = dbcn(2, '\n', 0, 0);
	check_eq(r.error, 0, "dbcn: write_byte");
	memset(text, 0x55, sizeof(text));
	r = dbcn(1, sizeof(text), buf, 0);
	check_eq(r.error, 0, "dbcn: read error");
	check_eq(r.value, 0, "dbcn: read with no input returns 0 bytes");
	check_eq((unsigned char)text[0], 0x55, "dbcn: read of 0 bytes leaves the buffer alone");

	check_eq(dbcn(0, 4, buf, 1).error, inval, "dbcn: write with base_hi != 0");
	check_eq(dbcn(1, 4, buf, 1).error, inval, "dbcn: read with base_hi != 0");
	check_eq(dbcn(0, 16, FW_BASE, 0).error, inval, "dbcn: write from the firmware");
	check_eq(dbcn(1, 16, FW_BASE + 0x100, 0).error, inval, "dbcn: read into the firmware");
	check_eq(dbcn(0, 16, 0x1000, 0).error, inval, "dbcn: write from below RAM");
	check_eq(dbcn(0, ~0UL - buf + 2, buf, 0).error, inval, "dbcn: range wrapping past the top");
	check_eq(dbcn(0, 32, ~0UL - 15, 0).error, inval, "dbcn: range at the top of the address space");
	check_eq(dbcn(0, 16, RAM_END - 8, 0).error, inval, "dbcn: range running off the end of RAM");
	check_eq(dbcn(1, 16, RAM_END - 8, 0).error, inval, "dbcn: read running off the end of RAM");
	/* The last bytes of RAM are fine. */
	memcpy((void *)(RAM_END - 8), "[edge]\n\n", 8);
	r = dbcn(0, 8, RAM_END - 8, 0);
	check_eq(r.error, 0, "dbcn: write from the last 8 bytes of RAM");
	check_eq(r.value, 8, "dbcn: ... writes all 8");
}

/*
 * Arguments the spec types uint32_t (SRST reset_type/reset_reason) or
 * uint8_t (DBCN write_byte) are the low bits of their register only: on
 * rv64 a caller may leave anything above them (binary encoding, chapter 3).
 * So the answers below are the ones the low bits alone get. (HSM's
 * suspend_type is checked in smp/smp.c; shutdown itself, with garbage
 * above both SRST arguments, is lib.c's sbi_shutdown.) On rv32 there is
 * nothing above, and these repeat the plain checks.
 */
static void test_u32_args(void)
{
	const unsigned long g = UPPER_GARBAGE;

	check_eq(sbi_call(SBI_EXT_SRST, 0, g | 3, 0, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: reserved type 3, bits above 32 set");
	check_eq(sbi_call(SBI_EXT_SRST, 0, g | 0, g | 2, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: shutdown, reserved reason 2, bits above 32 set");
	check_eq(sbi_call(SBI_EXT_SRST, 0, g | 1, g | 0xE0000000UL, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "srst: cold reboot, vendor reason, bits above 32 set");
	check_eq(sbi_call(SBI_EXT_SRST, 0, g | 0xF0000000UL, 0, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "srst: vendor type, bits above 32 set");
	check_eq(sbi_call(SBI_EXT_SRST, 0, 2, g | 0xDFFFFFFFUL, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: warm reboot, reserved reason 0xDFFFFFFF, bits above set");
	/* uint8_t byte: everything above bit 7 is the caller's business. */
	struct sbiret r = dbcn(2, (g | ~0xffUL) | '\n', 0, 0);
	check_eq(r.error, 0, "dbcn: write_byte with bits above 8 set");
	check_eq(r.value, 0, "dbcn: ... returns 0");
}

/* ---- SRST (shutdown itself ends the run) ----------------------------- */

static void test_srst(void)
{
	check_eq(sbi_call(SBI_EXT_SRST, 0, 3, 0, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: reserved type 3");
	check_eq(sbi_call(SBI_EXT_SRST, 0, 0, 2, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: reserved reason 2");
	check_eq(sbi_call(SBI_EXT_SRST, 0, 0xF0000000UL, 0, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "srst: vendor type 0xF0000000");
}

/* ---- TIME ------------------------------------------------------------ */

/* Wait up to 'ticks' of the time CSR for the timer interrupt. */
static bool wait_timer_irq(unsigned long ticks)
{
	unsigned long t0 = rd_time();

	while (!n_timer_irqs && rd_time() - t0 < ticks)
		;
	return n_timer_irqs != 0;
}

static void test_time(void)
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

/* ---- PMP ------------------------------------------------------------- */

static void test_pmp(void)
{
	catch_begin();
	store_to(FW_BASE);
	catch_end();
	check_eq(n_traps, 1, "pmp: store into the firmware traps");
	check_eq(last_cause, CAUSE_STORE_ACCESS, "pmp: ... as a store access fault");
	check_eq(last_tval, FW_BASE, "pmp: ... stval is the address");
	check_eq(SBI0(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION).value, 0x03000000,
		 "pmp: the firmware survives (an ecall still works)");

	catch_begin();
	load_from(FW_BASE + 0x40);
	catch_end();
	check_eq(n_traps, 1, "pmp: load from the firmware traps");
	check_eq(last_cause, CAUSE_LOAD_ACCESS, "pmp: ... as a load access fault");
	check_eq(last_tval, FW_BASE + 0x40, "pmp: ... stval is the address");
	check_eq(SBI0(SBI_EXT_BASE, SBI_BASE_GET_IMPL_ID).value, 0x7A11,
		 "pmp: the firmware survives the load fault");

	/* The payload's own RAM and the RAM above it are S-mode's. */
	catch_begin();
	store_to((unsigned long)&amo_word[0]);
	load_from(RAM_END - 4);
	catch_end();
	check_eq(n_traps, 0, "pmp: S-mode RAM is open");
}

/* ---- RAM from the device tree (issue 12) ------------------------------ */

#ifdef RAM_END64
#if XLEN == 32 && defined(SV32_ABOVE_4G)
/*
 * Sv32 gives S-mode 34-bit physical addresses, and Tally's PMP leaves all
 * of them open (pmpaddr1 = all ones, NAPOT: 2^35 bytes on rv32, priv spec
 * 3.7.1). Off unless SV32_ABOVE_4G is defined, because QEMU 7.2 cannot do
 * it: with -d guest_errors,mmu it logs "riscv_cpu_tlb_fill address=c0000000
 * ret 0 physical 0000000100000000" (translation and PMP passed) and then
 * "Invalid write at addr 0x0": qemu-system-riscv32 drops bits 32-33 on
 * the bus, with -cpu rv32,pmp=false too. A newer QEMU or real hardware
 * can run it.
 */ One root table of 4 MiB
 * megapages: 0x80000000..0x88000000 mapped to itself (this payload, its
 * stack and data, the trap vector), and VA 0xC0000000 to PA 0x1_0000_0000.
 */
static uint32_t sv32_root[1024] __attribute__((aligned(4096)));
#define PTE_VRWAD 0xc7u            /* valid, readable, writable, accessed, dirty */
#define PTE_X 0x08u
#define HIGH_VA 0xc0000000UL

/* Store through Sv32 to physical 0x1_0000_0000 and read it back. */
static void test_sv32_above_4g(void)
{
	volatile uint32_t *p = (volatile uint32_t *)HIGH_VA;
	uint32_t got = 0;

	for (unsigned long va = 0x80000000UL; va < 0x88000000UL; va += 1UL << 22)
		sv32_root[va >> 22] = (uint32_t)((va >> 12) << 10) | PTE_VRWAD | PTE_X;
	sv32_root[HIGH_VA >> 22] = (uint32_t)((0x100000000ULL >> 12) << 10) | PTE_VRWAD;
	__asm__ volatile("sfence.vma\n\tcsrw satp, %0\n\tsfence.vma"
			 :: "r"((1UL << 31) | ((unsigned long)sv32_root >> 12)) : "memory");
	catch_begin();
	*p = 0x5eedf00d;
	got = *p;
	catch_end();
	__asm__ volatile("csrw satp, zero\n\tsfence.vma" ::: "memory");
	check_eq(n_traps, 0, "ram: Sv32 store and load at physical 0x1_0000_0000 do not fault");
	if (n_traps)
		printf("#   scause 0x%lx stval 0x%lx\n", last_cause, last_tval);
	check_eq(got, 0x5eedf00d, "ram: ... and read back what was stored");
}
#endif

/*
 * Tally reads RAM from every memory node of the tree, so the top page of
 * a big RAM (above 4 GiB with -m 4G) is as good for SBI buffers as the
 * payload's own: DBCN, snapshot memory, event_get_info, a hart_start
 * address. On rv32 the firmware runs with translation off and reaches only
 * the first 4 GiB: the top page it can use is 0xfffff000, and RAM above
 * (a base_addr_hi) is refused.
 */
static void test_big_ram(unsigned long hartid)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	const unsigned long inaddr = (unsigned long)SBI_ERR_INVALID_ADDRESS;
	const uint64_t top64 = RAM_END64 - 4096;
	const unsigned long top = top64 > UINTPTR_MAX ? (unsigned long)(UINTPTR_MAX - 4095) : (unsigned long)top64;
	const unsigned long ev = PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN);
	struct ev_entry *e = (struct ev_entry *)top;
	uint64_t *sn = (uint64_t *)top;
	unsigned long c;
	struct sbiret r;

	printf("# RAM ends at 0x%lx%08lx; top page the firmware can reach: 0x%lx\n",
	       (unsigned long)(RAM_END64 >> 32), (unsigned long)(uint32_t)RAM_END64, top);
	memcpy((void *)(top + 4088), "[top]\n\n\n", 8);
	r = dbcn(0, 8, top + 4088, 0);
	check_eq(r.error, 0, "ram: dbcn write from the last 8 bytes of the top page 0x%lx", top);
	check_eq(r.value, 8, "ram: ... writes all 8");
#if XLEN == 64
	check_eq(dbcn(0, 16, top + 4088, 0).error, inval, "ram: dbcn write running off the end of RAM");
	check_eq(set_shmem(RAM_END64, 0, 0).error, inaddr, "ram: shmem just past the end of RAM: INVALID_ADDRESS");
	check_eq(sbi_call(SBI_EXT_HSM, 0, hartid, RAM_END64, 0, 0, 0, 0).error, inaddr,
		 "ram: hart_start address past the end of RAM: INVALID_ADDRESS");
#else
	check_eq(dbcn(0, 8, LO(RAM_END64 - 8), HI(RAM_END64 - 8)).error, inval,
		 "ram: dbcn write from RAM above 4 GiB (base_addr_hi != 0): out of the firmware's reach");
	check_eq(set_shmem(LO(top64), HI(top64), 0).error, inaddr,
		 "ram: shmem in RAM above 4 GiB: INVALID_ADDRESS (out of the firmware's reach)");
#endif
	/* The address is good, so the answer is about the hart: it runs already. */
	check_eq(sbi_call(SBI_EXT_HSM, 0, hartid, top, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_ALREADY_AVAILABLE, "ram: hart_start(self, top page): address accepted");

	memset(sn, 0xa5, 4096);
	check_eq(set_shmem(top, 0, 0).error, 0, "ram: snapshot shared memory in the top page");
	r = cfg_match(fw_base, ALL_FW_MASK, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev, 0);
	c = r.value;
	check_eq(r.error, 0, "ram: a firmware counter for illegal instructions");
	catch_begin();
	illegal_insn();
	catch_end();
	check_eq(ctr_stop(c, 1, PMU_STOP_TAKE_SNAPSHOT | PMU_STOP_RESET).error, 0,
		 "ram: stop with TAKE_SNAPSHOT");
	check_eq(sn[1], 1, "ram: ... the count landed in the top page");
	check_eq(set_shmem(~0UL, ~0UL, 0).error, 0, "ram: snapshot memory off again");

	memset(e, 0, 2 * sizeof(*e));
	e[0].event_idx = (uint32_t)ev;
	e[1].output = 0xdeadbeef;
	check_eq(ev_info(top, 0, 1, 0).error, 0, "ram: event_get_info with its buffer in the top page");
	check_eq(e[0].output, 1, "ram: ... ILLEGAL_INSN is supported");
	check_eq(e[1].output, 0xdeadbeef, "ram: ... and nothing past the one entry written");
#if XLEN == 32 && defined(SV32_ABOVE_4G)
	test_sv32_above_4g();
#endif
}
#endif

/* ---- PMU ------------------------------------------------------------- */

static void pmu_layout(void)
{
	struct sbiret r = SBI0(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS);
	unsigned long prev_csr = 0xc02;

	check_eq(r.error, 0, "pmu: num_counters");
	num_ctrs = r.value;
	check_that(num_ctrs >= 3 + NUM_FW_COUNTERS && num_ctrs <= 32 + NUM_FW_COUNTERS, num_ctrs,
		   "19..48", "pmu: num_counters in range");
	fw_base = num_ctrs - NUM_FW_COUNTERS;
	nhpm = fw_base - 3;
	printf("# %lu counters: %lu hpm, firmware from %lu\n", num_ctrs, nhpm, fw_base);
#ifdef EXPECT_HPM
	check_eq(nhpm, EXPECT_HPM, "pmu: the probe found exactly %d hpm counters", EXPECT_HPM);
#endif

	r = get_info(0);
	check_eq(r.error, 0, "pmu: get_info(0)");
	check_eq(r.value, 0xc00 | (63UL << 12), "pmu: counter 0 is cycle, 64 bits");
	r = get_info(1);
	check_eq(r.error, (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: get_info(1) (time) is invalid");
	r = get_info(2);
	check_eq(r.error, 0, "pmu: get_info(2)");
	check_eq(r.value, 0xc02 | (63UL << 12), "pmu: counter 2 is instret, 64 bits");
	for (unsigned long i = 3; i < fw_base; i++) {
		r = get_info(i);
		unsigned long csr = r.value & 0xfff;
		check_eq(r.error, 0, "pmu: get_info(%lu)", i);
		check_that(csr > prev_csr && csr <= 0xc1f, r.value, "csr in (previous, 0xc1f]",
			   "pmu: counter %lu is an hpmcounter CSR, ascending", i);
		check_eq(r.value & ~0xfffUL, (HPM_WIDTH - 1UL) << 12,
			 "pmu: counter %lu: width %d, hardware type", i, HPM_WIDTH);
		prev_csr = csr;
	}
	for (unsigned long i = fw_base; i < num_ctrs; i++) {
		r = get_info(i);
		check_eq(r.error, 0, "pmu: get_info(%lu)", i);
		check_eq(r.value >> (XLEN - 1), 1, "pmu: counter %lu is a firmware counter", i);
	}
	check_eq(get_info(num_ctrs).error, (unsigned long)SBI_ERR_INVALID_PARAM,
		 "pmu: get_info(num_counters) is invalid");
	check_eq(get_info(~0UL).error, (unsigned long)SBI_ERR_INVALID_PARAM,
		 "pmu: get_info(~0) is invalid");
}

/* Hardware mask of every counter but time (bit 1 is never valid in a set). */
static unsigned long hw_mask(void) { return ((1UL << fw_base) - 1) & ~2UL; }

#ifdef EXPECT_SSCOFPMF
#define FIXED_OR_ALL(n) (1UL << (n))
#else
#define FIXED_OR_ALL(n) hw_mask()
#endif

static void test_pmu_cycles_instret(void)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	struct sbiret r;
	unsigned long a, b, c;

	/* CPU_CYCLES lands on counter 0, cleared and running. (With Sscofpmf
	 * the firmware prefers an hpm counter; test_pmu_sscofpmf checks that,
	 * so here the set is counter 0 alone.) */
	r = cfg_match(0, FIXED_OR_ALL(0), PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
		      PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, 0, "pmu: config_matching(CPU_CYCLES, CLEAR|AUTO_START)");
	check_eq(r.value, 0, "pmu: ... on counter 0");
	a = rd_cycle();
	check_that(a < 100000000, a, "< 1e8 (just cleared)", "pmu: cycle was cleared");
	spin(10000);
	b = rd_cycle();
	check_that(b > a, b, "> first read", "pmu: cycle advances while started");

	/* Handed out once: counter 0 is taken. */
	r = cfg_match(0, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: counter 0 is not handed out twice");

	r = ctr_stop(0, 1, 0);
	check_eq(r.error, 0, "pmu: stop counter 0");
	a = rd_cycle();
	spin(10000);
	b = rd_cycle();
	check_eq(b, a, "pmu: cycle does not move after stop");
	check_eq(ctr_stop(0, 1, 0).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pmu: stop a stopped counter: ALREADY_STOPPED");
	/* Restart without a new value: it goes on from where it stopped. */
	r = ctr_start(0, 1, 0, 0);
	check_eq(r.error, 0, "pmu: restart counter 0");
	spin(1000);
	c = rd_cycle();
	check_that(c > b, c, "> value when stopped", "pmu: cycle runs again after start");
	check_eq(ctr_start(0, 1, 0, 0).error, (unsigned long)SBI_ERR_ALREADY_STARTED,
		 "pmu: start a started counter: ALREADY_STARTED");
	/* SET_INIT_VALUE on a hardware counter. */
	check_eq(ctr_stop(0, 1, 0).error, 0, "pmu: stop counter 0 again");
	check_eq(ctr_start(0, 1, PMU_START_SET_INIT_VALUE, 1ULL << 40).error, 0,
		 "pmu: start counter 0 at 2^40");
	c = rd_cycle();
#if XLEN == 64
	check_that(c >= (1UL << 40) && c < (1UL << 40) + 100000000, c, "2^40 + a little",
		   "pmu: cycle starts from the initial value");
#else
	/* rv32 reads the low half only: 2^40 has a zero low half */
	check_that(c < 100000000, c, "a little over 0", "pmu: cycle starts from the initial value (low half)");
#endif
	/* stop + RESET releases it; the released counter can be configured again. */
	check_eq(ctr_stop(0, 1, PMU_STOP_RESET).error, 0, "pmu: stop counter 0 with RESET");
	check_eq(ctr_stop(0, 1, 0).error, inval, "pmu: stop a released counter: INVALID_PARAM");
	check_eq(ctr_start(0, 1, 0, 0).error, inval, "pmu: start a released counter: INVALID_PARAM");
	r = cfg_match(0, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, 0, "pmu: counter 0 can be configured again after RESET");
	/* stop + RESET on a stopped (configured, never started) counter:
	 * ALREADY_STOPPED, but it is released all the same. */
	check_eq(ctr_stop(0, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pmu: stop+RESET of a stopped counter: ALREADY_STOPPED");
	r = cfg_match(0, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, 0, "pmu: ... and the counter was released");
	check_eq(ctr_stop(0, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pmu: release counter 0");

	/* INSTRUCTIONS lands on counter 2. */
	r = cfg_match(0, FIXED_OR_ALL(2), PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
		      PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0);
	check_eq(r.error, 0, "pmu: config_matching(INSTRUCTIONS, CLEAR|AUTO_START)");
	check_eq(r.value, 2, "pmu: ... on counter 2");
	a = rd_instret();
	check_that(a < 100000000, a, "< 1e8 (just cleared)", "pmu: instret was cleared");
	spin(10000);
	b = rd_instret();
	check_that(b - a >= 10000, b - a, ">= 10000", "pmu: instret advances by at least the loop");
	check_eq(cfg_match(2, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: counter 2 is not handed out twice");
	check_eq(ctr_stop(2, 1, 0).error, 0, "pmu: stop counter 2");
	a = rd_instret();
	spin(10000);
	b = rd_instret();
	check_eq(b, a, "pmu: instret does not move after stop");
	check_eq(ctr_stop(2, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pmu: release counter 2 (ALREADY_STOPPED)");
	r = cfg_match(0, FIXED_OR_ALL(2), 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0);
	check_eq(r.value, 2, "pmu: counter 2 free again after RESET");
	ctr_stop(2, 1, PMU_STOP_RESET);

	/* Cycles cannot be counted by a firmware counter, nor instructions by counter 0. */
	check_eq(cfg_match(fw_base, ALL_FW_MASK, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: CPU_CYCLES on firmware counters: NOT_SUPPORTED");
	check_eq(cfg_match(0, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: INSTRUCTIONS on counter 0: NOT_SUPPORTED");
}

/* Touch one word in each of n pages after flushing the TLB: DTLB read misses. */
static void tlb_misses(unsigned n)
{
	__asm__ volatile("sfence.vma" ::: "memory");
	for (unsigned i = 0; i < n; i++)
		(void)*(volatile uint32_t *)(0x81000000UL + i * 4096UL);
}

static void test_pmu_hpm(void)
{
	const unsigned long ev = PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS);
	struct sbiret r;
	unsigned long idx, csr, a, b;

	if (!nhpm) {
		printf("# no hpm counters: hpm checks skipped\n");
		return;
	}
	r = cfg_match(0, hw_mask(), PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev, 0);
	check_eq(r.error, 0, "pmu: config_matching(DTLB read miss 0x%lx)", ev);
	idx = r.value;
	check_that(idx >= 3 && idx < fw_base, idx, "an hpm counter (3 .. fw_base-1)",
		   "pmu: ... lands on an hpm counter");
	if (r.error || idx < 3 || idx >= fw_base)
		return;
	csr = get_info(idx).value & 0xfff;
	a = read_hpm((unsigned)(csr - 0xc00));
	tlb_misses(64);
	b = read_hpm((unsigned)(csr - 0xc00));
#ifndef CVA6_MAP   /* QEMU counts its own DTLB event, not CVA6's selector 4 */
	check_that(b - a >= 1, b - a, ">= 1", "pmu: hpmcounter %lu counts DTLB misses while started", csr - 0xc00);
#endif
	check_eq(ctr_stop(idx, 1, 0).error, 0, "pmu: stop the DTLB counter");
	a = read_hpm((unsigned)(csr - 0xc00));
	tlb_misses(64);
	b = read_hpm((unsigned)(csr - 0xc00));
	check_eq(b, a, "pmu: the stopped DTLB counter does not count");
	check_eq(ctr_stop(idx, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pmu: release the DTLB counter");

	/* Raw events: event_data has 48 (type 2) / 56 (type 3) bits on rv64, 32 on rv32.
	 * On rv32 the bits above 31 arrive in a5: a firmware that drops it would accept. */
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 1ULL << 48).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: raw (type 2) event_data bit 48: INVALID_PARAM");
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW_V2, 0), 1ULL << 56).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: raw v2 (type 3) event_data bit 56: INVALID_PARAM");
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 1), 0x12).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: raw event with code != 0: INVALID_PARAM");
#ifdef CVA6_MAP
	/* CVA6: a raw event is a selector value 1..22, nothing else. */
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 23).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: cva6 raw event 23: NOT_SUPPORTED");
	r = cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 22);
	check_eq(r.error, 0, "pmu: cva6 raw event 22 (the last selector)");
#else
	r = cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), XLEN == 64 ? 1ULL << 47 : 1ULL << 31);
	check_eq(r.error, 0, "pmu: raw event with the top allowed bit");
#endif
	check_that(r.value >= 3 && r.value < fw_base, r.value, "an hpm counter", "pmu: ... on an hpm counter");
	if (!r.error)
		ctr_stop(r.value, 1, PMU_STOP_RESET);

	/* Events nobody counts here, or malformed ones. */
#ifdef CVA6_MAP
	r = cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_MISSES), 0);
	check_eq(r.error, 0, "pmu: cva6 BRANCH_MISSES (selector 10)");
	if (!r.error)
		ctr_stop(r.value, 1, PMU_STOP_RESET);
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BUS_CYCLES), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: cva6 BUS_CYCLES: NOT_SUPPORTED");
#else
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_MISSES), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: BRANCH_MISSES: NOT_SUPPORTED");
#endif
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 1).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: general event with event_data != 0: INVALID_PARAM");
	check_eq(cfg_match(0, hw_mask(), 0, 1UL << 20 | PMU_HW_CPU_CYCLES, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "pmu: event_idx with reserved bit 20: INVALID_PARAM");
}

/* config_matching a firmware event on any free firmware counter */
static struct sbiret cfg_fw(unsigned code, unsigned long flags)
{
	return cfg_match(fw_base, ALL_FW_MASK, flags, PMU_EVENT_IDX(PMU_TYPE_FW, code), 0);
}

static void test_pmu_fw(void)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	const unsigned long go = PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START;
	struct sbiret r;
	unsigned long ill, idx;

	/* ILLEGAL_INSN counts exactly the illegal instructions of the payload. */
	r = cfg_fw(PMU_FW_ILLEGAL_INSN, go);
	check_eq(r.error, 0, "pmu fw: config_matching(ILLEGAL_INSN)");
	check_that(r.value >= fw_base && r.value < num_ctrs, r.value, "a firmware counter",
		   "pmu fw: ... lands on a firmware counter");
	ill = r.value;
	check_eq(fw_read(ill).value, 0, "pmu fw: starts at 0 (CLEAR_VALUE)");
	catch_begin();
	illegal_insn();
	illegal_insn();
	illegal_insn();
	catch_end();
	check_eq(n_traps, 3, "pmu fw: 3 illegal instructions reach S-mode");
	check_eq(last_cause, CAUSE_ILLEGAL_INSN, "pmu fw: ... as illegal instruction traps");
	r = fw_read(ill);
	check_eq(r.error, 0, "pmu fw: fw_read error");
	check_eq(r.value, 3, "pmu fw: ILLEGAL_INSN counted 3");
	check_eq(fw_read_hi(ill).value, 0, "pmu fw: fw_read_hi = 0");
	check_eq(ctr_stop(ill, 1, 0).error, 0, "pmu fw: stop");
	catch_begin();
	illegal_insn();
	illegal_insn();
	catch_end();
	check_eq(fw_read(ill).value, 3, "pmu fw: a stopped counter does not count");
	check_eq(ctr_start(ill, 1, 0, 0).error, 0, "pmu fw: restart without a value");
	catch_begin();
	illegal_insn();
	catch_end();
	check_eq(fw_read(ill).value, 4, "pmu fw: restarted counter goes on from 3");

	/* ACCESS_STORE / ACCESS_LOAD count PMP faults. */
	r = cfg_fw(PMU_FW_ACCESS_STORE, go);
	check_eq(r.error, 0, "pmu fw: config_matching(ACCESS_STORE)");
	idx = r.value;
	catch_begin();
	store_to(FW_BASE);
	store_to(FW_BASE + 8);
	load_from(FW_BASE);      /* a load fault is not a store fault */
	catch_end();
	check_eq(fw_read(idx).value, 2, "pmu fw: ACCESS_STORE counts the 2 PMP store faults");
	check_eq(ctr_stop(idx, 1, PMU_STOP_RESET).error, 0, "pmu fw: release ACCESS_STORE");
	r = cfg_fw(PMU_FW_ACCESS_LOAD, go);
	check_eq(r.error, 0, "pmu fw: config_matching(ACCESS_LOAD)");
	idx = r.value;
	catch_begin();
	load_from(FW_BASE);
	catch_end();
	check_eq(fw_read(idx).value, 1, "pmu fw: ACCESS_LOAD counts the PMP load fault");
	check_eq(ctr_stop(idx, 1, PMU_STOP_RESET).error, 0, "pmu fw: release ACCESS_LOAD");

	/* SET_TIMER counts set_timer calls. */
	r = cfg_fw(PMU_FW_SET_TIMER, go);
	check_eq(r.error, 0, "pmu fw: config_matching(SET_TIMER)");
	idx = r.value;
	set_timer(~0ULL);
	set_timer(~0ULL);
	check_eq(fw_read(idx).value, 2, "pmu fw: SET_TIMER counts 2 calls");
	check_eq(ctr_stop(idx, 1, PMU_STOP_RESET).error, 0, "pmu fw: release SET_TIMER");

	/*
	 * A misaligned AMO traps; the priv spec calls that a store/AMO
	 * misaligned fault (6), but single-threaded QEMU 7.2 does the load half
	 * first and reports a load misaligned fault (4). Either way the
	 * firmware must count the event of the cause it saw, and only that one,
	 * and pass the trap on to S-mode unchanged.
	 */
	r = cfg_fw(PMU_FW_MISALIGNED_STORE, go);
	check_eq(r.error, 0, "pmu fw: config_matching(MISALIGNED_STORE)");
	idx = r.value;
	r = cfg_fw(PMU_FW_MISALIGNED_LOAD, go);
	check_eq(r.error, 0, "pmu fw: config_matching(MISALIGNED_LOAD)");
	catch_begin();
	misaligned_amo((char *)amo_word + 1);
	catch_end();
	check_eq(n_traps, 1, "pmu fw: misaligned AMO reaches S-mode");
	check_that(last_cause == CAUSE_MISALIGNED_STORE || last_cause == CAUSE_MISALIGNED_LOAD,
		   last_cause, "4 or 6", "pmu fw: ... as a misaligned fault");
	check_eq(last_tval, (unsigned long)amo_word + 1, "pmu fw: ... stval is the address");
	check_eq(fw_read(idx).value, last_cause == CAUSE_MISALIGNED_STORE,
		 "pmu fw: MISALIGNED_STORE counted a cause-%lu trap correctly", last_cause);
	check_eq(fw_read(r.value).value, last_cause == CAUSE_MISALIGNED_LOAD,
		 "pmu fw: MISALIGNED_LOAD counted a cause-%lu trap correctly", last_cause);
	check_eq(ctr_stop(idx, 1, PMU_STOP_RESET).error, 0, "pmu fw: release MISALIGNED_STORE");
	check_eq(ctr_stop(r.value, 1, PMU_STOP_RESET).error, 0, "pmu fw: release MISALIGNED_LOAD");

	/* A firmware event the platform cannot produce; events a firmware counter cannot count. */
	/* IPI_SENT exists where IPIs do: config_matching and event_get_info agree. */
	evs[0] = (struct ev_entry){ PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_IPI_SENT), 0xdeadbeef, 0 };
	check_eq(ev_info((unsigned long)evs, 0, 1, 0).error, 0, "pmu fw: event_get_info(IPI_SENT)");
	r = cfg_fw(PMU_FW_IPI_SENT, 0);
	check_eq(r.error, evs[0].output ? 0 : (unsigned long)SBI_ERR_NOT_SUPPORTED,
		 "pmu fw: config_matching(IPI_SENT) agrees with event_get_info (%u)", (unsigned)evs[0].output);
	if (!r.error)
		ctr_stop(r.value, 1, PMU_STOP_RESET);
	check_eq(cfg_fw(PMU_FW_EVENT_MAX, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED,
		 "pmu fw: reserved firmware event %d: NOT_SUPPORTED", PMU_FW_EVENT_MAX);
	check_eq(cfg_fw(200, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED,
		 "pmu fw: reserved firmware event 200: NOT_SUPPORTED");
	check_eq(cfg_match(fw_base, ALL_FW_MASK, 0, PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 1).error,
		 inval, "pmu fw: firmware event with event_data != 0: INVALID_PARAM");
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu fw: firmware event on hardware counters: NOT_SUPPORTED");

	/* fw_read / fw_read_hi error rows (tables 14, 15). */
	check_eq(fw_read(0).error, inval, "pmu fw: fw_read(hardware counter 0): INVALID_PARAM");
	check_eq(fw_read_hi(0).error, inval, "pmu fw: fw_read_hi(hardware counter 0): INVALID_PARAM");
	check_eq(fw_read(2).error, inval, "pmu fw: fw_read(hardware counter 2): INVALID_PARAM");
	idx = ill == fw_base ? fw_base + 1 : fw_base;   /* a free firmware counter */
	check_eq(fw_read(idx).error, inval, "pmu fw: fw_read(free firmware counter): INVALID_PARAM");
	check_eq(fw_read_hi(idx).error, inval, "pmu fw: fw_read_hi(free firmware counter): INVALID_PARAM");
	check_eq(fw_read(num_ctrs).error, inval, "pmu fw: fw_read(num_counters): INVALID_PARAM");
	check_eq(fw_read_hi(num_ctrs).error, inval, "pmu fw: fw_read_hi(num_counters): INVALID_PARAM");
	check_eq(fw_read(~0UL).error, inval, "pmu fw: fw_read(~0): INVALID_PARAM");

	/* SET_INIT_VALUE with a 64-bit value: rv32 passes it in a3 (lo) and a4 (hi). */
	check_eq(ctr_stop(ill, 1, 0).error, 0, "pmu fw: stop ILLEGAL_INSN");
	check_eq(ctr_start(ill, 1, PMU_START_SET_INIT_VALUE, 0x100000005ULL).error, 0,
		 "pmu fw: start with SET_INIT_VALUE 0x100000005");
	check_eq(fw_read(ill).value, (unsigned long)0x100000005ULL, "pmu fw: fw_read gives the low XLEN bits");
	check_eq(fw_read_hi(ill).value, XLEN == 32 ? 1 : 0, "pmu fw: fw_read_hi gives %d", XLEN == 32 ? 1 : 0);
	catch_begin();
	illegal_insn();
	catch_end();
	check_eq(fw_read(ill).value, (unsigned long)0x100000006ULL, "pmu fw: counts on from the initial value");
	check_eq(ctr_stop(ill, 1, PMU_STOP_RESET).error, 0, "pmu fw: stop+RESET a started counter");
	check_eq(fw_read(ill).error, inval, "pmu fw: fw_read after RESET: INVALID_PARAM");
}

/* Every error row of tables 9, 11 and 13 not covered above. */
static void test_pmu_errors(void)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	const unsigned long top = 1UL << (XLEN - 1);
	const unsigned long ev = PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN);
	struct sbiret r;
	unsigned long a, b;

	/* Table 9: config_matching */
	check_eq(cfg_match(fw_base, ALL_FW_MASK, 1UL << 8, ev, 0).error, inval,
		 "cfg: reserved flag bit 8: INVALID_PARAM");
	check_eq(cfg_match(fw_base, ALL_FW_MASK, top, ev, 0).error, inval,
		 "cfg: reserved flag bit XLEN-1: INVALID_PARAM");
	check_eq(cfg_match(num_ctrs - 1, 3, 0, ev, 0).error, inval,
		 "cfg: set running past the last counter: INVALID_PARAM");
	check_eq(cfg_match(top, top, 0, ev, 0).error, inval,
		 "cfg: base + mask wrapping to 0: INVALID_PARAM");
	check_eq(cfg_match(~0UL, 1, 0, ev, 0).error, inval, "cfg: base = ~0: INVALID_PARAM");
	check_eq(cfg_match(0, 2, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0).error, inval,
		 "cfg: set {1}: INVALID_PARAM");
	/* The time slot in a set is skipped, as OpenSBI and KVM do (issue 11). */
	r = cfg_match(0, 7, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, 0, "cfg: set {0,1,2} for cycles: accepted, the time slot skipped");
	check_eq(r.value, 0, "cfg: set {0,1,2} for cycles: counter 0");
	check_eq(ctr_stop(0, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "cfg: counter 0 released again (stop+RESET of a stopped counter)");
	r = cfg_match(1, 3, PMU_CFG_SKIP_MATCH, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0);
	check_eq(r.value, 2, "cfg: SKIP_MATCH on {1,2} takes counter 2, not the time slot");
	check_eq(ctr_stop(2, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "cfg: counter 2 released again");
	check_eq(cfg_match(1, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0).error, inval,
		 "cfg: base 1: INVALID_PARAM");
	/* nothing of this was configured: a failed call changes nothing */
	check_eq(ctr_stop(fw_base, ALL_FW_MASK, 0).error, inval,
		 "cfg: the failed calls configured nothing");

	/* Table 11: counter_start */
	r = cfg_match(fw_base, 1, 0, ev, 0);
	check_eq(r.value, fw_base, "start: configure counter fw_base");
	check_eq(ctr_start(fw_base, 1, 1UL << 2, 0).error, inval, "start: reserved flag bit 2: INVALID_PARAM");
	check_eq(ctr_start(fw_base, 1, top, 0).error, inval, "start: reserved flag bit XLEN-1: INVALID_PARAM");
	check_eq(ctr_start(fw_base, 3, 0, 0).error, inval, "start: set with an unconfigured counter: INVALID_PARAM");
	check_eq(ctr_start(0, 2, 0, 0).error, inval, "start: set {1}: INVALID_PARAM");
	check_eq(ctr_start(top, top, 0, 0).error, inval, "start: base + mask wrapping: INVALID_PARAM");
	check_eq(ctr_start(~0UL, 1, 0, 0).error, inval, "start: base = ~0: INVALID_PARAM");
	check_eq(ctr_start(num_ctrs, 1, 0, 0).error, inval, "start: counter num_counters: INVALID_PARAM");
	check_eq(ctr_start(fw_base, 1, PMU_START_INIT_SNAPSHOT, 0).error, (unsigned long)SBI_ERR_NO_SHMEM,
		 "start: INIT_SNAPSHOT without shared memory: NO_SHMEM");
	/* None of these started it. */
	check_eq(ctr_stop(fw_base, 1, 0).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "start: the failed starts left the counter stopped");
	check_eq(ctr_start(fw_base, 1, 0, 0).error, 0, "start: start it");
	check_eq(ctr_start(fw_base, 1, 0, 0).error, (unsigned long)SBI_ERR_ALREADY_STARTED,
		 "start: again: ALREADY_STARTED");

	/* Table 13: counter_stop */
	check_eq(ctr_stop(fw_base, 1, 1UL << 2).error, inval, "stop: reserved flag bit 2: INVALID_PARAM");
	check_eq(ctr_stop(fw_base, 3, 0).error, inval, "stop: set with an unconfigured counter: INVALID_PARAM");
	check_eq(ctr_stop(0, 2, 0).error, inval, "stop: set {1}: INVALID_PARAM");
	check_eq(ctr_stop(top, top, 0).error, inval, "stop: base + mask wrapping: INVALID_PARAM");
	check_eq(ctr_stop(~0UL, 1, 0).error, inval, "stop: base = ~0: INVALID_PARAM");
	check_eq(ctr_stop(fw_base, 1, PMU_STOP_TAKE_SNAPSHOT).error, (unsigned long)SBI_ERR_NO_SHMEM,
		 "stop: TAKE_SNAPSHOT without shared memory: NO_SHMEM");
	/* None of these stopped it: it still counts. */
	a = fw_read(fw_base).value;
	catch_begin();
	illegal_insn();
	catch_end();
	check_eq(fw_read(fw_base).value, a + 1, "stop: the failed stops left the counter running");

	/* Two counters, one started: start of both is ALREADY_STARTED and starts neither. */
	r = cfg_match(fw_base + 1, 1, 0, ev, 0);
	check_eq(r.value, fw_base + 1, "pair: configure counter fw_base+1 (stopped)");
	a = fw_read(fw_base).value;
	b = fw_read(fw_base + 1).value;
	check_eq(ctr_start(fw_base, 3, PMU_START_SET_INIT_VALUE, 100).error,
		 (unsigned long)SBI_ERR_ALREADY_STARTED, "pair: start {started, stopped}: ALREADY_STARTED");
	check_eq(fw_read(fw_base).value, a, "pair: the started counter kept its value");
	check_eq(fw_read(fw_base + 1).value, b, "pair: the stopped counter kept its value");
	catch_begin();
	illegal_insn();
	catch_end();
	check_eq(fw_read(fw_base + 1).value, b, "pair: the stopped counter was not started");
	/* Stop of both: ALREADY_STOPPED, and the started one keeps running. */
	check_eq(ctr_stop(fw_base, 3, 0).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pair: stop {started, stopped}: ALREADY_STOPPED");
	a = fw_read(fw_base).value;
	catch_begin();
	illegal_insn();
	catch_end();
	check_eq(fw_read(fw_base).value, a + 1, "pair: the started counter still runs");
	check_eq(ctr_stop(fw_base, 1, PMU_STOP_RESET).error, 0, "pair: release fw_base");
	check_eq(ctr_stop(fw_base + 1, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pair: release fw_base+1");
	check_eq(ctr_stop(fw_base, 3, 0).error, inval, "pair: both free again");

	/* SKIP_MATCH takes the first counter of the set. */
	r = cfg_match(fw_base + 3, 6, PMU_CFG_SKIP_MATCH, ev, 0);
	check_eq(r.error, 0, "cfg: SKIP_MATCH");
	check_eq(r.value, fw_base + 4, "cfg: SKIP_MATCH takes the first counter of the set");
	ctr_stop(fw_base + 4, 1, PMU_STOP_RESET);
}

static void test_pmu_snapshot(void)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	const unsigned long inaddr = (unsigned long)SBI_ERR_INVALID_ADDRESS;
	const unsigned long ev = PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN);
	unsigned long buf = (unsigned long)snap, a = fw_base + 2, b = fw_base + 5;

	/* Table 17 */
	check_eq(set_shmem(buf + 8, 0, 0).error, inval, "shmem: misaligned: INVALID_PARAM");
	check_eq(set_shmem(buf + 2048, 0, 0).error, inval, "shmem: half-page aligned: INVALID_PARAM");
	check_eq(set_shmem(buf, 0, 1).error, inval, "shmem: flags != 0: INVALID_PARAM");
	check_eq(set_shmem(FW_BASE, 0, 0).error, inaddr, "shmem: the firmware: INVALID_ADDRESS");
	check_eq(set_shmem(buf, 1, 0).error, inaddr, "shmem: hi != 0: INVALID_ADDRESS");
	check_eq(set_shmem(0x1000, 0, 0).error, inaddr, "shmem: below RAM: INVALID_ADDRESS");
	check_eq(set_shmem(RAM_END, 0, 0).error, inaddr, "shmem: past the end of RAM: INVALID_ADDRESS");
	check_eq(set_shmem(buf, 0, 0).error, 0, "shmem: page-aligned payload buffer");

	/* Two firmware counters a and b = a + 3, relative to base a. */
	check_eq(cfg_match(a, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev, 0).value, a, "snap: configure a");
	check_eq(cfg_match(b, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev, 0).value, b, "snap: configure b");
	for (unsigned i = 0; i < 512; i++)
		snap[i] = 0xa5a5a5a5a5a5a5a5ULL;
	catch_begin();
	illegal_insn();
	illegal_insn();
	catch_end();
	check_eq(ctr_stop(a, 1 | 1UL << (b - a), PMU_STOP_TAKE_SNAPSHOT).error, 0, "snap: stop with TAKE_SNAPSHOT");
	check_eq(snap[1], 2, "snap: a's value at offset 8");
	check_eq(snap[1 + (b - a)], 2, "snap: b's value at offset 8 + 8*(b - a)");
	check_eq(snap[2] == 0xa5a5a5a5a5a5a5a5ULL, 1, "snap: other slots untouched");
	check_eq(snap[0], 0, "snap: overflow bitmap 0 (no overflow)");

	snap[1] = 100;
	snap[1 + (b - a)] = 0x200000007ULL;
	check_eq(ctr_start(a, 1 | 1UL << (b - a), PMU_START_INIT_SNAPSHOT, 0).error, 0,
		 "snap: start with INIT_SNAPSHOT");
	check_eq(fw_read(a).value, 100, "snap: a loaded from the snapshot");
	check_eq(fw_read(b).value, (unsigned long)0x200000007ULL, "snap: b loaded from the snapshot (low)");
	check_eq(fw_read_hi(b).value, XLEN == 32 ? 2 : 0, "snap: b loaded from the snapshot (high)");
	check_eq(ctr_stop(a, 1 | 1UL << (b - a), PMU_STOP_RESET).error, 0, "snap: release a and b");

	/* All-ones on both halves disables it. */
	check_eq(set_shmem(~0UL, ~0UL, 0).error, 0, "shmem: all-ones disables");
	check_eq(cfg_match(a, 1, 0, ev, 0).value, a, "snap: configure a again");
	check_eq(ctr_start(a, 1, PMU_START_INIT_SNAPSHOT, 0).error, (unsigned long)SBI_ERR_NO_SHMEM,
		 "shmem: disabled: INIT_SNAPSHOT gives NO_SHMEM");
	ctr_stop(a, 1, PMU_STOP_RESET);
}

#ifdef EXPECT_SSCOFPMF
/*
 * Sscofpmf: a counter started just below 2^64 overflows; the firmware
 * delegated LCOFI, so the interrupt reaches S-mode; OF shows in scountovf
 * and in the snapshot's overflow bitmap; a restart clears it. QEMU counts
 * raw event 1 (cycles) on an hpm counter and raises the overflow on time.
 */
static void test_pmu_sscofpmf(void)
{
	const uint64_t start = ~0ULL - 3000;
	unsigned long idx, ovf;
	struct sbiret r;

	/* Sampling needs an overflow interrupt, so CPU_CYCLES from the whole set
	 * lands on an hpm counter (QEMU counts cycles there), not on counter 0. */
	r = cfg_match(0, hw_mask(), PMU_CFG_CLEAR_VALUE, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, 0, "sscof: CPU_CYCLES from the whole set");
	check_that(r.value >= 3 && r.value < fw_base, r.value, "an hpm counter", "sscof: ... on an hpm counter");
	if (r.error)
		return;
	idx = r.value;
	check_eq(set_shmem((unsigned long)snap, 0, 0).error, 0, "sscof: snapshot memory");
	n_lcof_irqs = 0;
	__asm__ volatile("csrs sie, %0" :: "r"(1UL << 13));     /* LCOFIE */
	__asm__ volatile("csrs sstatus, %0" :: "r"(1UL << 1));  /* SIE */
	check_eq(ctr_start(idx, 1, PMU_START_SET_INIT_VALUE, start).error, 0,
		 "sscof: start 3000 below the top");
	for (volatile int i = 0; i < 20000; i++)
		;
	__asm__ volatile("csrc sstatus, %0" :: "r"(1UL << 1));
	check_that(n_lcof_irqs >= 1, n_lcof_irqs, ">= 1", "sscof: the overflow interrupt reached S-mode");
	__asm__ volatile("csrr %0, 0xda0" : "=r"(ovf));          /* scountovf */
	check_eq((ovf >> (get_info(idx).value & 0x1f)) & 1, 1, "sscof: scountovf shows the counter's OF");
	snap[0] = 0;
	check_eq(ctr_stop(idx, 1, PMU_STOP_TAKE_SNAPSHOT).error, 0, "sscof: stop with TAKE_SNAPSHOT");
	check_eq(snap[0], 1, "sscof: overflow bitmap bit 0 (relative to base = the counter)");
	check_that(snap[1] < start, (unsigned long)snap[1], "wrapped", "sscof: the value wrapped past 2^64");
	check_eq(ctr_start(idx, 1, 0, 0).error, 0, "sscof: start again");
	__asm__ volatile("csrr %0, 0xda0" : "=r"(ovf));
	check_eq((ovf >> (get_info(idx).value & 0x1f)) & 1, 0, "sscof: start cleared OF");
	check_eq(ctr_stop(idx, 1, PMU_STOP_TAKE_SNAPSHOT | PMU_STOP_RESET).error, 0, "sscof: stop again");
	check_eq(snap[0], 0, "sscof: no overflow this time");
	__asm__ volatile("csrc sie, %0" :: "r"(1UL << 13));
	set_shmem(~0UL, ~0UL, 0);
}
#endif

static void test_pmu_event_info(void)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	const unsigned long inaddr = (unsigned long)SBI_ERR_INVALID_ADDRESS;
	static const struct { uint32_t ev; uint64_t data; uint32_t supported; } want[] = {
		{ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0, 1 },
		{ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0, 1 },
#ifdef CVA6_MAP
		{ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_MISSES), 0, 1 },
#else
		{ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_BRANCH_MISSES), 0, 0 },
#endif
		{ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_NO_EVENT), 0, 0 },
		{ PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS), 0, 1 },
#ifdef CVA6_MAP
		{ PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_ACCESS), 0, 1 },
#else
		{ PMU_CACHE_EVENT(PMU_CACHE_L1D, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_ACCESS), 0, 0 },
#endif
		{ PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 0, 1 },
		{ PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_SET_TIMER), 0, 1 },
		{ PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_EVENT_MAX), 0, 0 },      /* reserved */
		{ PMU_EVENT_IDX(PMU_TYPE_FW, 200), 0, 0 },
		{ PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 5, 0 },   /* reserved event_data */
		{ PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 1ULL << 48, 0 },            /* too wide */
		{ PMU_EVENT_IDX(7, 1), 0, 0 },                                /* no such type */
	};
	const unsigned n = sizeof(want) / sizeof(want[0]);
	unsigned long buf = (unsigned long)evs;

	for (unsigned i = 0; i < n; i++)
		evs[i] = (struct ev_entry){ want[i].ev, 0xdeadbeef, want[i].data };
	evs[n] = (struct ev_entry){ PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0xdeadbeef, 0 };

	/* Table 19 */
	check_eq(ev_info(buf + 8, 0, 1, 0).error, inval, "evinfo: misaligned: INVALID_PARAM");
	check_eq(ev_info(buf, 0, n, 1).error, inval, "evinfo: flags != 0: INVALID_PARAM");
	evs[n - 1].event_idx |= 1u << 20;
	check_eq(ev_info(buf, 0, n, 0).error, inval, "evinfo: reserved event_idx bit 20 in the last entry: INVALID_PARAM");
	check_eq(evs[0].output, 0xdeadbeef, "evinfo: ... and the buffer is untouched");
	evs[n - 1].event_idx = want[n - 1].ev;
	check_eq(ev_info(FW_BASE, 0, 1, 0).error, inaddr, "evinfo: the firmware: INVALID_ADDRESS");
	check_eq(ev_info(buf, 1, 1, 0).error, inaddr, "evinfo: hi != 0: INVALID_ADDRESS");
	check_eq(ev_info(0x1000, 0, 1, 0).error, inaddr, "evinfo: below RAM: INVALID_ADDRESS");
	check_eq(ev_info(RAM_END - 16, 0, 2, 0).error, inaddr, "evinfo: running off the end of RAM: INVALID_ADDRESS");
	/* num_entries * 16 wraps to 16: a firmware that multiplies unchecked would
	 * check 16 bytes and then write far beyond them. */
	check_eq(ev_info(buf, 0, (1UL << (XLEN - 4)) + 1, 0).error, inaddr,
		 "evinfo: num_entries * 16 overflowing: INVALID_ADDRESS");
	check_eq(ev_info(buf, 0, ~0UL, 0).error, inaddr, "evinfo: num_entries = ~0: INVALID_ADDRESS");
	check_eq(evs[0].output, 0xdeadbeef, "evinfo: failed calls left the buffer untouched");

	check_eq(ev_info(buf, 0, n, 0).error, 0, "evinfo: %u entries", n);
	for (unsigned i = 0; i < n; i++)
		check_eq(evs[i].output, want[i].supported, "evinfo: event 0x%lx data 0x%lx:%08lx -> %u",
			 (unsigned long)want[i].ev, (unsigned long)(want[i].data >> 32),
			 (unsigned long)(uint32_t)want[i].data, (unsigned)want[i].supported);
	check_eq(evs[n].output, 0xdeadbeef, "evinfo: the entry after the last is untouched");
}

void payload_main(unsigned long hartid, unsigned long fdt);
void payload_main(unsigned long hartid, unsigned long fdt)
{
	__asm__ volatile("csrw stvec, %0" :: "r"(s_trap_vector));
	printf("# Tally conformance payload, rv%d, hart %lu, fdt 0x%lx\n", XLEN, hartid, fdt);
#ifdef BIG_RAM_ONLY
	pmu_layout();
	test_big_ram(hartid);
	finish();
#endif
	test_base();
	test_regs();
	test_dbcn();
	test_srst();
	test_u32_args();
	test_time();
	test_pmp();
	pmu_layout();
	test_pmu_cycles_instret();
	test_pmu_hpm();
	test_pmu_fw();
	test_pmu_errors();
	test_pmu_snapshot();
	test_pmu_event_info();
#ifdef RAM_END64
	test_big_ram(hartid);
#endif
#ifdef EXPECT_SSCOFPMF
	test_pmu_sscofpmf();
#endif
	test_fwft(hartid);
	test_dbtr(hartid);
	test_susp(hartid);
	finish();
}
