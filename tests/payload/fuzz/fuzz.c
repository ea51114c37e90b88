/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ecall fuzzer: an S-mode payload that makes FUZZ_CALLS pseudo-random
 * SBI calls (xorshift64*, seeded with FUZZ_SEED) and checks after each one
 * that the firmware still answers as the spec allows:
 *   - the error is one the spec allows for that EID/FID, and where the
 *     answer follows from the arguments (or from the model of the PMU
 *     counters and snapshot area this file keeps), exactly that answer;
 *   - every register but a0 and a1 comes back as it went in (fuzz_asm.S);
 *     for the legacy calls a1 too;
 *   - values the call must return (spec version, counter info, ...).
 * Every 1000 calls a canary asks questions with fixed answers and the PMU
 * counters are all released (stop + RESET), checking the model on the way.
 *
 * Pointer arguments come in every shape the firmware must judge: into the
 * firmware itself (code, constants, .data, .bss, the PMU state, each
 * hart's trap frame and stack bottom, the guard words and the unused tail
 * of the PMP region: fuzz_fw.h has their addresses, from the image's
 * symbols), into MMIO (UART, CLINT, the test finisher, ...), past the end
 * of RAM, straddling the end of RAM or of the firmware, wrapping around
 * the address space, and valid ones, the top page of RAM included (RAM's
 * size comes from the device tree in a1). The firmware image checks at
 * shutdown that its text and guard words are unchanged (text_checksum.c):
 * a pointer it wrongly accepted and wrote through shows up there even
 * where the answer looked right.
 *
 * What it never does: shut down or reboot (SRST gets only invalid
 * type/reason pairs), stop the boot hart, suspend without a pending wakeup
 * (SSIP is set first), hand the firmware a valid pointer into memory the
 * payload uses (only its scratch pages, RAM nobody uses, the top page of
 * RAM, and a short printable string for DBCN writes), store to MMIO
 * itself (those pointers only go to the firmware, which must refuse
 * them), or start a hart anywhere but fuzz_secondary_entry.
 *
 * Output: sparse progress, the first failures in detail, then
 * "N passed, M failed" (each checked property counts) and SRST shutdown.
 * Build knobs: FUZZ_SEED, FUZZ_CALLS (CMake: TALLY_FUZZ_SEED/_CALLS), and
 * FUZZ_TRACE to print every call before it is made (to find a hang).
 */
#include <stdbool.h>
#include <stdint.h>
#include <tally/sbi.h>
#include "fuzz_fw.h"
#include "sbicall.h"

#ifndef FUZZ_SEED
#define FUZZ_SEED 0x7a11f0225eedULL
#endif
#ifndef FUZZ_CALLS
#define FUZZ_CALLS 150000UL
#endif

#define XLEN __riscv_xlen
/* The payload's printf has no long long: the seed in two halves (no high half if 0). */
#define SEED_FMT "0x%.0lx%08lx"
#define SEED_HI ((unsigned long)((uint64_t)(FUZZ_SEED) >> 32))
#define SEED_LO ((unsigned long)((uint64_t)(FUZZ_SEED) & 0xffffffffUL))
#define RAM_BASE 0x80000000UL          /* where the firmware starts: the device tree must agree */
#define FW_WINDOW (128UL * 1024)       /* "inside the firmware": RAM_BASE + this */
#define MAX_HARTS 8                    /* fuzz_asm.S SEC_HARTS */
#define PAGE 4096UL
/* struct trap_frame (src/arch/frame.h): x0..x31 and a pointer, padded to 16 bytes */
#define FW_FRAME_SIZE (32 * sizeof(long) + 16)

#define EXT_LEGACY_SHUTDOWN 0x08UL
#define SBI_SPEC_VERSION 0x03000000UL   /* SBI 3.0, as conformance/base.c expects */
#define HSM_START 0
#define HSM_STOP 1
#define HSM_STATUS 2
#define HSM_SUSPEND 3
#define SUSP_NONRET 0x80000000UL

/* An allowed-answer set: bit -err for each SBI error, bit 0 for success. */
#define B(e) (1u << (unsigned)-(long)(e))
#define OK B(SBI_SUCCESS)
#define ANY_ERR 0x7ffeu                /* SBI 3.0 errors -1 .. -14 */
#define NS B(SBI_ERR_NOT_SUPPORTED)
#define IP B(SBI_ERR_INVALID_PARAM)
#define IA B(SBI_ERR_INVALID_ADDRESS)

/* ---- PRNG: xorshift64* --------------------------------------------- */

static uint64_t rng_state;
static uint64_t rnd64(void)
{
	uint64_t x = rng_state;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	rng_state = x;
	return x * 0x2545F4914F6CDD1DULL;
}
static unsigned long rnd(void) { return (unsigned long)rnd64(); }
static unsigned long below(unsigned long n) { return n ? (unsigned long)(rnd64() % n) : 0; }
static bool chance(unsigned pct) { return below(100) < pct; }

/* ---- results -------------------------------------------------------- */

static unsigned long passed, failed, ncalls, fuzz_calls;
static unsigned long cur_eid, cur_fid;   /* for failure lines */

/*
 * Where the pointer arguments went, counted at the calls that take one
 * (DBCN, snapshot, event_get_info, hart_start, suspend), and how many of
 * each the firmware accepted. finish() prints them and insists that every
 * kind was tried: a generator that stopped aiming somewhere is a failure.
 */
enum { P_FW, P_LOW, P_PAST, P_ACROSS_END, P_WRAP, P_HIGH, P_TOP, P_RAM, P_KINDS };
static const char *const p_names[P_KINDS] = {
	"firmware", "below RAM (MMIO, 0)", "past RAM", "across RAM's end", "wrapping",
	"high half set", "top page", "other RAM",
};
static unsigned long p_count[P_KINDS], p_accepted[P_KINDS];
static int p_pending = -1;   /* the kind of the next call's pointer; call() settles it */

struct fz_call {
	unsigned long in[8];    /* a0..a7 */
	unsigned long out[32];  /* x0..x31 after the ecall */
	unsigned long pattern;
	unsigned long sp_before;
};
void fuzz_ecall(struct fz_call *c);
long fuzz_nonret_suspend(unsigned long ctx[17]);
void fuzz_secondary_entry(void);
void fuzz_trap_vector(void);
void secondary_main(unsigned long hartid, unsigned long opaque);
void fuzz_unexpected_trap(void);

static struct fz_call last;

static void fail(const char *why, unsigned long got, unsigned long want)
{
	failed++;
	if (failed > 40)
		return;
	printf("\nFAIL call %lu eid 0x%lx fid 0x%lx a0..a5 %lx %lx %lx %lx %lx %lx -> %ld 0x%lx: "
	       "%s (got 0x%lx want 0x%lx)\n", ncalls, cur_eid, cur_fid, last.in[0], last.in[1],
	       last.in[2], last.in[3], last.in[4], last.in[5], (long)last.out[10], last.out[11],
	       why, got, want);
}

static void check(bool ok, const char *why, unsigned long got, unsigned long want)
{
	if (ok)
		passed++;
	else
		fail(why, got, want);
}

/*
 * Make the call in last.in and check the two properties every call has:
 * the error is in `allowed` (and is an SBI error at all), and the
 * registers came back. keep_a1: legacy calls must not change a1.
 */
static struct sbiret call(unsigned long eid, unsigned long fid, const unsigned long a[6],
			  unsigned allowed, bool keep_a1)
{
	long err;

	for (int i = 0; i < 6; i++)
		last.in[i] = a[i];
	last.in[6] = fid;
	last.in[7] = eid;
	cur_eid = eid;
	cur_fid = fid;
#ifdef FUZZ_TRACE
	printf("[%lu] eid 0x%lx fid 0x%lx a0..a5 %lx %lx %lx %lx %lx %lx\n", ncalls, eid, fid,
	       a[0], a[1], a[2], a[3], a[4], a[5]);
#endif
	/* Low byte clear: pattern + n differs for every register. */
	last.pattern = rnd() & ~0xffUL;
	fuzz_ecall(&last);
	ncalls++;
	err = (long)last.out[10];
	if (p_pending >= 0 && err == 0)
		p_accepted[p_pending]++;
	p_pending = -1;
	if (allowed == ~0u)      /* a0 is not an SBI error here (legacy getchar) */
		passed++;
	else if (err > 0 || err < -14 || !((allowed >> -err) & 1))
		fail("error not allowed here (want: mask of -errors)", (unsigned long)err, allowed);
	else
		passed++;

	bool regs_ok = last.out[0] == 0 && last.out[2] == last.sp_before;
	unsigned bad = 0;
	for (unsigned n = 1; n < 32; n++) {
		unsigned long want;
		if (n == 2 || n == 10 || (n == 11 && !keep_a1))
			continue;
		want = n >= 10 && n <= 17 ? last.in[n - 10] : last.pattern + n;
		if (last.out[n] != want) {
			regs_ok = false;
			bad = n;
		}
	}
	check(regs_ok, "register clobbered (got: x number)", bad,
	      bad ? (bad >= 10 && bad <= 17 ? last.in[bad - 10] : last.pattern + bad) : 0);
	return (struct sbiret){ .error = err, .uvalue = last.out[11] };
}

/* The answer must be exactly this error (and, on success, this value). */
static struct sbiret call_exact(unsigned long eid, unsigned long fid, const unsigned long a[6],
				long err, bool check_val, unsigned long val)
{
	struct sbiret r = call(eid, fid, a, B(err), false);
	if (check_val && r.error == err)
		check(r.uvalue == val, "wrong value", r.uvalue, val);
	return r;
}

static void argz(unsigned long a[6])
{
	for (int i = 0; i < 6; i++)
		a[i] = rnd();
}

/* ---- what the firmware told us at the start ------------------------- */

static unsigned long boot_hart, nharts;
static bool present[MAX_HARTS];
static unsigned long impl_version, mvendorid, marchid, mimpid;
static unsigned long pmu_total, pmu_num_hw;
static unsigned long ctr_info[64];
static uint32_t fw_sup;           /* firmware events that event_get_info says exist */
static bool has_h;                /* RFENCE hfence calls work (H extension) */
static unsigned long fw_ok_page;  /* first page past the firmware's PMP region (its end: checked) */
static unsigned long payload_lo;  /* where the payload starts */
/* RAM as the device tree says (one range from RAM_BASE), and where the tree itself is. */
static unsigned long ram_end, dt_lo, dt_hi;
/* RAM nobody uses: the third quarter (the payload ends far below, the tree sits at the top). */
static unsigned long free_lo, free_hi;
static unsigned long top_page;    /* ram_end - 4 KiB, when the device tree leaves it free; else 0 */

extern char _start[];

/* Scratch pages the firmware may write: snapshots, event_get_info entries, DBCN reads. */
#define SCRATCH_PAGES 4
static uint8_t scratch[SCRATCH_PAGES * PAGE] __attribute__((aligned(4096)));
static const char dbcn_text[] = "[dbcn]";

/* Secondary harts: what they found (written by them, read by hart 0). */
static volatile unsigned long sec_pass, sec_fail, sec_runs;
#define OPAQUE(h) ((unsigned long)0x5ec0dea0UL + (h))

/* ---- memory the firmware may accept --------------------------------- */

enum { NO, YES };

/*
 * Would the firmware accept [addr, addr + len)? mem.c's rule: in RAM, not
 * wrapping, clear of the firmware's PMP region [RAM_BASE, fw_ok_page)
 * (setup checks that fw_ok_page is that region's exact end).
 */
static int mem_pred(unsigned long addr, unsigned long len)
{
	uint64_t a = addr, end = a + len;

	if (len == 0 || end < a)
		return NO;
	if (a < RAM_BASE || end > ram_end)
		return NO;
	if (a < fw_ok_page)
		return NO;
	return YES;
}

/* Firmware memory a stray write would hurt, or the guards would catch (fuzz_fw.h). */
static unsigned long fw_target(void)
{
	unsigned long h = below(FW_MAX_HARTS);

	switch (below(10)) {
	case 0:  /* code and constants: the text checksum */
		return FW_TEXT_START + below(FW_RODATA_END - FW_TEXT_START);
	case 1:  /* the guard words in .data and .bss (16 words each) */
		return (chance(50) ? FW_TALLY_GUARD_DATA : FW_TALLY_GUARD_BSS) + 4 * below(16);
	case 2:  /* a hart's record (PMU state first), the machine record, the boot flag */
		return chance(70) ? FW_HARTS_START + h * FW_SLOT_SIZE + FW_STACK_SIZE +
				    8 * below((FW_SLOT_SIZE - FW_STACK_SIZE) / 8) :
		       chance(50) ? FW_FEATURES + 8 * below(8) : FW_BOOT_DONE;
	case 3:  /* a hart's stack bottom: guarded */
		return FW_HARTS_START + h * FW_SLOT_SIZE + 4 * below(16);
	case 4:  /* a hart's trap frame: what entry.S restores registers from */
		return FW_HARTS_START + h * FW_SLOT_SIZE + FW_STACK_SIZE - FW_FRAME_SIZE +
		       sizeof(long) * below(32);
	case 5:  /* the unused tail of the PMP region: all guard words */
		return FW_FW_END + below(fw_ok_page - FW_FW_END);
	case 6:  /* the region's last bytes */
		return fw_ok_page - 1 - below(64);
	case 7:  /* .bss at large */
		return FW_BSS_START + below(FW_BSS_END - FW_BSS_START);
	default: /* anywhere in the region */
		return RAM_BASE + below(fw_ok_page - RAM_BASE);
	}
}

/* QEMU virt's devices (hw/riscv/virt.c): the firmware must never read or write them for S-mode. */
static const unsigned long mmio[] = {
	0x1000,         /* boot ROM */
	0x100000,       /* test finisher: a stray 0x5555 would power off */
	0x101000,       /* RTC */
	0x2000000,      /* CLINT msip */
	0x2004000,      /* CLINT mtimecmp */
	0x200bff8,      /* CLINT mtime */
	0xc000000,      /* PLIC */
	0xc200000,      /* PLIC contexts */
	0x10000000,     /* UART */
	0x10001000,     /* virtio */
	0x30000000,     /* PCIe ECAM */
	0x40000000,     /* PCIe MMIO */
};
static unsigned long mmio_addr(void)
{
	return mmio[below(sizeof(mmio) / sizeof(mmio[0]))] + below(16);
}

/* An address the firmware must refuse (for any length), in one of many shapes. */
static unsigned long bad_addr(void)
{
	unsigned long a;

	switch (below(12)) {
	case 0:  /* inside the firmware, any alignment */
		a = RAM_BASE + below(fw_ok_page - RAM_BASE);
		break;
	case 1:  /* the firmware's first bytes */
		a = RAM_BASE + below(64);
		break;
	case 2:  /* below RAM: MMIO, zero */
		a = chance(20) ? 0 : below(RAM_BASE);
		break;
	case 3:  /* past the end of RAM, from its very end on */
		a = chance(20) ? ram_end : ram_end + below(1UL << 20);
		break;
	case 8: case 9:    /* the firmware's code, data, state, guards */
		a = fw_target();
		break;
	case 10: case 11:  /* a device */
		a = mmio_addr();
		break;
	case 4:  /* wrapping past the top of the address space */
		a = ~0UL - below(8192);
		break;
	case 5:  /* anything at all */
		a = rnd();
		break;
	case 6:  /* rv64: above 4 GiB, where nothing is */
		a = XLEN == 64 ? (unsigned long)((rnd64() | (1ULL << 40)) & ~0xfffULL) : ~0UL - 4095;
		break;
	default: /* unaligned inside the firmware */
		a = RAM_BASE + (below((fw_ok_page - RAM_BASE) / 8) * 8) + 1 + below(7);
		break;
	}
	/* A random value can land in usable RAM: move it into the firmware. */
	if (mem_pred(a, 1) != NO)
		a = RAM_BASE + (a & 0xfff);
	return a;
}

/* A page the firmware may write to without hurting the payload. */
static unsigned long safe_page(void)
{
	switch (below(4)) {
	case 0:
		return (uintptr_t)scratch + below(SCRATCH_PAGES) * PAGE;
	case 1:
		return free_lo + below((free_hi - free_lo) / PAGE) * PAGE;
	case 2:  /* the last page of RAM (the first page past the firmware if the tree is there) */
		return top_page ? top_page : fw_ok_page;
	default: /* between the firmware's end and the payload */
		return fw_ok_page + below((payload_lo - fw_ok_page) / PAGE) * PAGE;
	}
}

/* [addr, addr + len) across the end of RAM: starts in RAM, ends past it. */
static void straddle_ram_end(unsigned long *addr, unsigned long *len, unsigned long align)
{
	unsigned long k = align * (1 + below(2 * PAGE / align));
	*addr = ram_end - k;
	*len = k + align * (1 + below(4));
}

/* [addr, addr + len) from the PMP region's last page to its end or past it. */
static void straddle_fw_end(unsigned long *addr, unsigned long *len, unsigned long align)
{
	unsigned long k = align * (1 + below(PAGE / align));
	*addr = fw_ok_page - k;
	*len = k + align * below(64);
}

/* Count the pointer of the next call by kind (the p_count comment). */
static void note_ptr(unsigned long addr, unsigned long len, bool high_half)
{
	uint64_t a = addr, end = a + len;
	int k;

	if (high_half)
		k = P_HIGH;
	else if (addr + len < addr)   /* past the top of the XLEN address space */
		k = P_WRAP;
	else if (a < RAM_BASE)
		k = P_LOW;
	else if (a < fw_ok_page)
		k = P_FW;
	else if (a >= ram_end)
		k = P_PAST;
	else if (end > ram_end)
		k = P_ACROSS_END;
	else if (top_page && a >= top_page)
		k = P_TOP;
	else
		k = P_RAM;
	p_count[k]++;
	p_pending = k;
}

/* A length: small, page-ish, huge, wrapping. */
static unsigned long rnd_len(void)
{
	switch (below(6)) {
	case 0: return 0;
	case 1: return 1 + below(16);
	case 2: return 1 + below(8192);
	case 3: return ram_end - RAM_BASE + below(64);
	case 4: return ~0UL - below(4096);
	default: return rnd();
	}
}

/* ---- the secondary harts --------------------------------------------- */

static void sec_check(bool ok)
{
	__atomic_fetch_add(ok ? &sec_pass : &sec_fail, 1, __ATOMIC_RELAXED);
}

/* Another hart, started by hart_start: a few calls that touch hart 0, then stop. */
void secondary_main(unsigned long hartid, unsigned long opaque)
{
	struct sbiret r;

	sec_check(opaque == OPAQUE(hartid));
	r = sbi_ecall(SBI_EXT_HSM, HSM_STATUS, hartid, 0, 0, 0, 0, 0);
	sec_check(r.error == 0 && r.uvalue == HSM_STARTED);
	r = sbi_ecall(SBI_EXT_IPI, 0, 1, boot_hart, 0, 0, 0, 0);
	sec_check(r.error == 0);
	r = sbi_ecall(SBI_EXT_RFENCE, 0, 0, ~0UL, 0, 0, 0, 0);          /* fence.i, all harts */
	sec_check(r.error == 0);
	r = sbi_ecall(SBI_EXT_RFENCE, 1, 1, boot_hart, RAM_BASE + (hartid << 12), 3 * PAGE, 0, 0);
	sec_check(r.error == 0);
	r = sbi_ecall(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS, 0, 0, 0, 0, 0, 0);
	sec_check(r.error == 0 && r.uvalue == pmu_total);
	r = sbi_ecall(SBI_EXT_BASE, BASE_FID_GET_SPEC_VERSION, 0, 0, 0, 0, 0, 0);
	sec_check(r.error == 0 && r.uvalue == SBI_SPEC_VERSION);
	__atomic_fetch_add(&sec_runs, 1, __ATOMIC_RELEASE);
	sbi_ecall(SBI_EXT_HSM, HSM_STOP, 0, 0, 0, 0, 0, 0);
	sec_check(false);   /* hart_stop returned */
	for (;;)
		__asm__ volatile("wfi");
}

/* ---- S-mode helpers ------------------------------------------------- */

#define SIP_SSIP 2UL
#define SIE_SSIE 2UL
static void ssip_pending(void) { __asm__ volatile("csrs sip, %0" :: "r"(SIP_SSIP)); }

static void finish(void) __attribute__((noreturn));

void fuzz_unexpected_trap(void)
{
	unsigned long cause, epc, tval;

	__asm__ volatile("csrr %0, scause" : "=r"(cause));
	__asm__ volatile("csrr %0, sepc" : "=r"(epc));
	__asm__ volatile("csrr %0, stval" : "=r"(tval));
	printf("\nFAIL unexpected S-mode trap scause 0x%lx sepc 0x%lx stval 0x%lx "
	       "(call %lu eid 0x%lx fid 0x%lx)\n", cause, epc, tval, ncalls, cur_eid, cur_fid);
	failed++;
	finish();
}

/* ---- Base ------------------------------------------------------------ */

static const unsigned long known_eids[] = {
	SBI_EXT_BASE, SBI_EXT_TIME, SBI_EXT_DBCN, SBI_EXT_SRST, SBI_EXT_PMU,
	SBI_EXT_HSM, SBI_EXT_IPI, SBI_EXT_RFENCE, SBI_EXT_LEGACY_PUTCHAR, SBI_EXT_LEGACY_GETCHAR,
	SBI_EXT_FWFT, SBI_EXT_DBTR, SBI_EXT_SUSP, SBI_EXT_SSE,
};
#define N_KNOWN (sizeof(known_eids) / sizeof(known_eids[0]))
/* Extensions the spec defines that Tally does not have (CPPC, NACL, STA, MPXY). */
static const unsigned long absent_eids[] = {
	0x43505043, 0x4E41434C, 0x535441, 0x4D505859,
};
#define N_ABSENT (sizeof(absent_eids) / sizeof(absent_eids[0]))

static bool is_known(unsigned long eid)
{
	for (unsigned i = 0; i < N_KNOWN; i++)
		if (known_eids[i] == eid)
			return true;
	return false;
}

/* An EID Tally does not implement, and never legacy shutdown (0x08). */
static unsigned long unknown_eid(void)
{
	unsigned long e;

	do {
		switch (below(6)) {
		case 0: e = absent_eids[below(N_ABSENT)]; break;
		/* same low five bits as a real one: the dispatcher's switch must compare it all */
		case 1: e = known_eids[below(N_KNOWN)] ^ ((1 + below(0xffff)) << 5); break;
		case 2: e = XLEN == 64 ? (unsigned long)((uint64_t)known_eids[below(N_KNOWN)] |
						      (1ULL << (32 + below(32)))) : rnd(); break;
		case 3: e = 0x08000000UL + (below(3) << 24) + below(1UL << 24); break; /* exp/vendor/fw ranges */
		case 4: e = 0x09 + below(7); break;   /* legacy range, unassigned */
		default: e = rnd(); break;
		}
	} while (is_known(e) || e == EXT_LEGACY_SHUTDOWN);
	return e;
}

static void fuzz_base(void)
{
	unsigned long a[6], fid = below(10);

	argz(a);
	if (chance(5))
		fid = rnd();
	switch (fid) {
	case BASE_FID_GET_SPEC_VERSION: call_exact(SBI_EXT_BASE, fid, a, 0, true, SBI_SPEC_VERSION); break;
	case BASE_FID_GET_IMPL_ID: call_exact(SBI_EXT_BASE, fid, a, 0, true, SBI_IMPL_ID_TALLY); break;
	case BASE_FID_GET_IMPL_VERSION: call_exact(SBI_EXT_BASE, fid, a, 0, true, impl_version); break;
	case BASE_FID_PROBE_EXT: {
		bool k = chance(50);
		a[0] = k ? known_eids[below(N_KNOWN)] : unknown_eid();
		/* TIME/HSM/IPI/RFENCE could be absent on some board; on QEMU virt they are all there. */
		call_exact(SBI_EXT_BASE, fid, a, 0, true, k ? 1 : 0);
		break;
	}
	case BASE_FID_GET_MVENDORID: call_exact(SBI_EXT_BASE, fid, a, 0, true, mvendorid); break;
	case BASE_FID_GET_MARCHID: call_exact(SBI_EXT_BASE, fid, a, 0, true, marchid); break;
	case BASE_FID_GET_MIMPID: call_exact(SBI_EXT_BASE, fid, a, 0, true, mimpid); break;
	default: call_exact(SBI_EXT_BASE, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0); break;
	}
}

/* ---- TIME ------------------------------------------------------------ */

static void fuzz_time(void)
{
	unsigned long a[6], fid = chance(85) ? 0 : (chance(50) ? 1 + below(4) : rnd());

	argz(a);
	if (chance(30)) {   /* a near deadline: the timer fires for real */
		uint64_t t = (uint64_t)rd_time() + below(2000);
		a[0] = (unsigned long)t;
		a[1] = XLEN == 32 ? (unsigned long)(t >> 32) : a[1];
	}
	call_exact(SBI_EXT_TIME, fid, a, fid == 0 ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED, true, 0);
}

/* ---- DBCN ------------------------------------------------------------ */

static void fuzz_dbcn(void)
{
	unsigned long a[6], fid = below(4);

	argz(a);
	if (chance(3))
		fid = rnd();
	if (fid == 2) {
		/* write_byte prints: rarely, and only something printable */
		if (!chance(2)) {
			fid = 3 + below(100);
		} else {
			a[0] = (rnd() & ~0xffUL) | '.';
			call_exact(SBI_EXT_DBCN, fid, a, SBI_SUCCESS, true, 0);
			return;
		}
	}
	if (fid == 0 || fid == 1) {
		if (chance(fid == 0 ? 2 : 20)) {
			/* Valid: a short printable string; for reads part of a scratch
			 * page, or the top page of RAM up to its last byte. */
			if (fid == 0) {
				a[0] = 1 + below(sizeof(dbcn_text) - 1);
				a[1] = (uintptr_t)dbcn_text;
			} else if (top_page && chance(40)) {
				a[1] = top_page + below(PAGE);
				a[0] = chance(50) ? ram_end - a[1] : 1 + below(ram_end - a[1]);
			} else {
				unsigned long off = below(SCRATCH_PAGES * PAGE);
				a[1] = (uintptr_t)scratch + off;
				a[0] = 1 + below(SCRATCH_PAGES * PAGE - off);
			}
			a[2] = 0;
			note_ptr(a[1], a[0], false);
			struct sbiret r = call(SBI_EXT_DBCN, fid, a, OK, false);
			if (r.error == 0 && fid == 0)
				check(r.uvalue == a[0], "DBCN write count", r.uvalue, a[0]);
			if (r.error == 0 && fid == 1)   /* stdin is /dev/null: nothing to read */
				check(r.uvalue <= a[0], "DBCN read count", r.uvalue, a[0]);
			return;
		}
		/* Invalid: a bad address (with any length, or a short one that
		 * alone would be fine), a range past RAM, across its end or the
		 * firmware's, or wrapping; or a high half (a2), which is zero in
		 * every other case: a random one would be refused on its own. */
		a[2] = 0;
		switch (below(7)) {
		case 0: a[1] = bad_addr(); a[0] = rnd_len(); break;
		case 1: a[1] = chance(50) ? bad_addr() : chance(50) ? fw_target() : mmio_addr();
			a[0] = 1 + below(64); break;
		case 2: a[1] = safe_page() + below(PAGE); a[0] = ram_end - a[1] + 1 + below(4096); break;
		case 3: straddle_ram_end(&a[1], &a[0], 1); break;
		case 4: straddle_fw_end(&a[1], &a[0], 1); break;
		case 5: a[1] = safe_page() + below(PAGE); a[0] = -a[1] + below(64); break;
		default: a[1] = (uintptr_t)dbcn_text; a[0] = 1; a[2] = 1 + below(0xffff); break;
		}
		if (a[2] == 0 && a[0] != 0 && mem_pred(a[1], a[0]) != NO) {
			a[1] = RAM_BASE;   /* landed somewhere valid: make it plainly bad */
			a[0] = 1;
		}
		unsigned allow = IP;
		if (a[2] == 0 && a[0] == 0)
			allow |= OK;
		if (a[0])
			note_ptr(a[1], a[0], a[2] != 0);
		call(SBI_EXT_DBCN, fid, a, allow, false);
		return;
	}
	call_exact(SBI_EXT_DBCN, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0);
}

/* ---- SRST: never a real reset ---------------------------------------- */

static void fuzz_srst(void)
{
	unsigned long a[6], fid = chance(80) ? 0 : (chance(50) ? 1 + below(8) : rnd());

	argz(a);
	if (fid != 0) {
		/* The FID is wrong, so even a valid type/reason must not reset. */
		a[0] = below(3);
		a[1] = below(2);
		call_exact(SBI_EXT_SRST, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0);
		return;
	}
	switch (below(4)) {
	case 0: a[0] = 3 + below(0xEFFFFFFFUL - 3); break;        /* reserved types */
	case 1: a[0] = 0xF0000000UL + below(0x10000000UL); break; /* vendor types */
	case 2: a[0] = XLEN == 64 ? (unsigned long)((uint64_t)below(3) | (1ULL << (32 + below(32)))) : ~0UL; break;
	default: a[0] = below(3); break;                          /* a real type ... */
	}
	/* Only the low 32 bits of type and reason count (uint32_t, SBI 10.1). */
	if ((uint32_t)a[0] <= 2) {   /* ... with a reason that is not */
		switch (below(4)) {
		case 0: a[1] = 2 + below(0xDFFFFFFFUL - 2); break;
		case 1: a[1] = 0xE0000000UL + below(0x20000000UL); break;
		case 2: a[1] = XLEN == 64 ? (unsigned long)((uint64_t)(2 + below(0xDFFFFFFFUL - 2)) |
							    (1ULL << (32 + below(32)))) : ~0UL; break;
		default: a[1] = ~0UL; break;
		}
	}
	call(SBI_EXT_SRST, 0, a, IP, false);
}

/* ---- HSM ------------------------------------------------------------- */

static unsigned long pick_hart(void)
{
	switch (below(6)) {
	case 0: case 1: case 2: {   /* a present hart other than this one, if any */
		unsigned long h = below(MAX_HARTS);
		for (unsigned i = 0; i < MAX_HARTS; i++, h = (h + 1) % MAX_HARTS)
			if (present[h] && h != boot_hart)
				return h;
		return boot_hart;
	}
	case 3: return boot_hart;
	case 4: return below(MAX_HARTS * 2);
	default: return chance(50) ? ~0UL : rnd();
	}
}

static bool is_present(unsigned long h) { return h < MAX_HARTS && present[h]; }

static void fuzz_hsm(void)
{
	unsigned long a[6], fid, h;
	unsigned sel = (unsigned)below(100);

	argz(a);
	/* Never HART_STOP on this (the boot) hart: nothing would start it again. */
	fid = sel < 35 ? HSM_START : sel < 70 ? HSM_STATUS : sel < 90 ? HSM_SUSPEND :
		chance(50) ? 4 + below(20) : rnd();
	if (fid == HSM_STOP)
		fid = HSM_STATUS;
	switch (fid) {
	case HSM_START: {
		bool good = chance(50);
		h = pick_hart();
		a[0] = h;
		a[1] = good ? (uintptr_t)fuzz_secondary_entry : bad_addr();
		a[2] = good ? OPAQUE(h) : rnd();
		unsigned allow;
		if (!is_present(h))
			allow = IP | (good ? 0 : IA);
		else if (!good)
			allow = IA | B(SBI_ERR_ALREADY_AVAILABLE);
		else if (h == boot_hart)
			allow = B(SBI_ERR_ALREADY_AVAILABLE);
		else
			allow = OK | B(SBI_ERR_ALREADY_AVAILABLE);
		if (!good)
			note_ptr(a[1], 4, false);
		call(SBI_EXT_HSM, fid, a, allow, false);
		break;
	}
	case HSM_STATUS: {
		h = pick_hart();
		a[0] = h;
		struct sbiret r = call(SBI_EXT_HSM, fid, a, is_present(h) ? OK : IP, false);
		if (r.error == 0) {
			if (h == boot_hart)
				check(r.uvalue == HSM_STARTED, "own hart status", r.uvalue, HSM_STARTED);
			else
				check(r.uvalue <= HSM_RESUME_PENDING, "hart status value", r.uvalue, 6);
		}
		break;
	}
	case HSM_SUSPEND: {
		unsigned allow = IP | NS;
		/* A wakeup is pending before any suspend, so even a real one returns at once. */
		ssip_pending();
		switch (below(8)) {
		case 0: case 1:
			a[0] = 0;    /* default retentive: back at once, registers intact */
			allow = OK;
			break;
		case 2: {    /* non-retentive through the resume address */
			static unsigned long ctx[17];
			ctx[16] = ~0UL;
			cur_eid = SBI_EXT_HSM;
			cur_fid = fid;
			long e = fuzz_nonret_suspend(ctx);
			ncalls++;
			check(e == 1, "non-retentive suspend did not resume (got: error)", (unsigned long)e, 1);
			check(ctx[16] == boot_hart, "resumed with a0 != hartid", ctx[16], boot_hart);
			return;
		}
		case 3:      /* non-retentive with a resume address the firmware must refuse */
			a[0] = SUSP_NONRET;
			a[1] = bad_addr();
			allow = IA;
			note_ptr(a[1], 4, false);
			break;
		case 4: a[0] = 1 + below(0x0FFFFFFFUL); allow = IP; break;          /* reserved */
		case 5: a[0] = 0x80000001UL + below(0x0FFFFFFFUL); allow = IP; break; /* reserved */
		case 6: a[0] = chance(50) ? 0x10000000UL + below(0x70000000UL)     /* platform-specific */
					  : 0x90000000UL + below(0x70000000UL);
			break;
		default:
			/* Bits above 31 are not part of the uint32_t type (SBI 9.4):
			 * a real suspend, refused here only for its resume address
			 * (retentive: back at once, the wakeup is pending). */
			if (XLEN == 32) {
				a[0] = 0x90000000UL;
				break;
			}
			a[0] = (unsigned long)((uint64_t)below(2) << 31 | (1ULL << (32 + below(32))));
			if ((uint32_t)a[0] == SUSP_NONRET) {
				a[1] = bad_addr();
				allow = IA;
			} else {
				allow = OK;
			}
			break;
		}
		call(SBI_EXT_HSM, fid, a, allow, false);
		break;
	}
	default:
		call_exact(SBI_EXT_HSM, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0);
		break;
	}
}

/* ---- IPI and RFENCE -------------------------------------------------- */

/* (mask, base) as 7.1 reads it: base -1 = all; else every bit must name a present hart. */
static bool targets_ok(unsigned long mask, unsigned long base)
{
	if (base == ~0UL)
		return true;
	for (unsigned long i = 0; i < XLEN; i++)
		if ((mask >> i) & 1) {
			if (base + i < base || !is_present(base + i))
				return false;
		}
	return true;
}

static void pick_targets(unsigned long *mask, unsigned long *base)
{
	switch (below(7)) {
	case 0: *base = ~0UL; *mask = rnd(); break;
	case 1: *base = 0; *mask = (1UL << nharts) - 1; break;
	case 2: *base = boot_hart; *mask = 1; break;
	case 3: *base = below(nharts); *mask = 1UL << below(3); break;
	case 4: *base = 0; *mask = 1UL << below(XLEN); break;      /* often past the last hart */
	case 5: *base = below(MAX_HARTS * 2); *mask = 0; break;
	default: *base = chance(50) ? rnd() : ~0UL - 1 - below(4); *mask = rnd(); break;
	}
}

static void fuzz_ipi(void)
{
	unsigned long a[6], fid = chance(90) ? 0 : 1 + below(100);

	argz(a);
	pick_targets(&a[0], &a[1]);
	if (fid)
		call_exact(SBI_EXT_IPI, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0);
	else
		call_exact(SBI_EXT_IPI, 0, a, targets_ok(a[0], a[1]) ? 0 : SBI_ERR_INVALID_PARAM, true, 0);
}

#if __riscv_xlen == 32
#define QEMU_ASID_MAX 0x1ffUL
#define QEMU_VMID_MAX 0x7fUL
#else
#define QEMU_ASID_MAX 0xffffUL
#define QEMU_VMID_MAX 0x3fffUL
#endif

static void fuzz_rfence(void)
{
	unsigned long a[6], fid = below(8);

	argz(a);
	if (chance(5))
		fid = rnd();
	pick_targets(&a[0], &a[1]);
	switch (below(6)) {   /* start, size */
	case 0: a[2] = 0; a[3] = 0; break;
	case 1: a[2] = 0; a[3] = ~0UL; break;
	case 2: a[2] = RAM_BASE + below(1UL << 24); a[3] = below(64 * PAGE); break;
	case 3: a[2] = ~0UL - below(2 * PAGE); a[3] = below(2 * PAGE); break;   /* wraps, or ends at the top */
	case 4: a[2] = rnd() & ~0xfffUL; a[3] = PAGE * (1 + below(70)); break;
	default: a[2] = rnd(); a[3] = rnd(); break;
	}
	a[4] = chance(50) ? below(512) : rnd();   /* ASID / VMID */
	long want;
	if (fid > 6)
		want = SBI_ERR_NOT_SUPPORTED;
	else if (fid >= 3 && !has_h)
		want = SBI_ERR_NOT_SUPPORTED;
	else if (!targets_ok(a[0], a[1]))
		want = SBI_ERR_INVALID_PARAM;
	/* ids wider than the hart keeps (QEMU: ASIDLEN 16/9, VMIDLEN 14/7 on rv64/rv32) */
	else if ((fid == 2 || fid == 5) && a[4] > QEMU_ASID_MAX)
		want = SBI_ERR_INVALID_PARAM;
	else if (fid == 3 && a[4] > QEMU_VMID_MAX)
		want = SBI_ERR_INVALID_PARAM;
	else
		want = SBI_SUCCESS;
	call_exact(SBI_EXT_RFENCE, fid, a, want, true, 0);
}

/* ---- legacy ---------------------------------------------------------- */

static bool legacy_present[8];

/*
 * The hart mask of legacy send_ipi and the fences: a pointer to an
 * unsigned long. NULL (every hart), a mask word here (harts that exist, or
 * not), a pointer into the firmware (INVALID_ADDRESS), or anything.
 * Returns the answer it must get, or 1: any of OK, INVALID_PARAM, INVALID_ADDRESS.
 */
static unsigned long legacy_mask_word;
static long legacy_mask(unsigned long *ptr)
{
	switch (below(5)) {
	case 0:
		*ptr = 0;
		return SBI_SUCCESS;
	case 1:
		legacy_mask_word = rnd() & ((1UL << nharts) - 1);
		*ptr = (unsigned long)&legacy_mask_word;
		return SBI_SUCCESS;
	case 2:
		legacy_mask_word = rnd() | 1UL << (nharts + below(XLEN - nharts));
		*ptr = (unsigned long)&legacy_mask_word;
		return SBI_ERR_INVALID_PARAM;
	case 3:  /* anywhere in the firmware's PMP region, which ends at fw_ok_page */
		*ptr = RAM_BASE + below(fw_ok_page - RAM_BASE);
		return SBI_ERR_INVALID_ADDRESS;
	default:
		*ptr = rnd();
		return 1;
	}
}

/* Legacy set_timer, clear_ipi, send_ipi and the fences (EIDs 0, 3-7): a1 must come back. */
static void fuzz_legacy_smode(unsigned long eid, unsigned long a[6])
{
	long want = SBI_SUCCESS;

	if (eid == SBI_EXT_LEGACY_SET_TIMER && chance(30)) {   /* a near deadline */
		uint64_t t = (uint64_t)rd_time() + below(2000);
		a[0] = (unsigned long)t;
		a[1] = XLEN == 32 ? (unsigned long)(t >> 32) : a[1];
	}
	if (eid >= SBI_EXT_LEGACY_SEND_IPI) {
		want = legacy_mask(&a[0]);
		if (eid == SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID && chance(50))
			a[3] = below(512);
		if (eid == SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID && a[3] > QEMU_ASID_MAX &&
		    want == SBI_SUCCESS)
			want = SBI_ERR_INVALID_PARAM;
	}
	if (want == 1)
		call(eid, rnd(), a, OK | IP | IA, true);
	else
		call(eid, rnd(), a, B(want), true);
}

static void fuzz_legacy(void)
{
	unsigned long a[6], eid = below(8);

	argz(a);
	if (eid == SBI_EXT_LEGACY_PUTCHAR) {
		if (!chance(3)) {
			eid = SBI_EXT_LEGACY_GETCHAR;
		} else {
			a[0] = (rnd() & ~0xffUL) | '+';
			struct sbiret r = call(eid, rnd(), a, OK, true);   /* legacy: a6 ignored */
			(void)r;
			return;
		}
	}
	if (eid == SBI_EXT_LEGACY_GETCHAR) {
		/* Returns the character or -1 in a0 (not an SBI error code), a1 unchanged. */
		call(eid, rnd(), a, ~0u, true);
		check((long)last.out[10] == -1 || last.out[10] <= 0xff, "legacy getchar value",
		      last.out[10], ~0UL);
		return;
	}
	if (legacy_present[eid])
		fuzz_legacy_smode(eid, a);
	else
		call(eid, rnd(), a, NS, false);
}

static void fuzz_unknown(void)
{
	unsigned long a[6], eid = unknown_eid(), fid = chance(50) ? below(10) : rnd();

	argz(a);
	call_exact(eid, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0);
}

/* ---- PMU ------------------------------------------------------------- */

enum { C_FREE, C_CONF, C_STARTED };
static uint8_t model[64];
static bool shmem_set;

#if XLEN == 32
#define SPLIT64(a, i, v) ((a)[i] = (unsigned long)(v), (a)[(i) + 1] = (unsigned long)((uint64_t)(v) >> 32))
#else
#define SPLIT64(a, i, v) ((a)[i] = (unsigned long)(v))   /* the high register is junk */
#endif

/* base + i for each bit i: all real counters, never index 1 (time), and at
 * least one (an empty set names no counter: INVALID_PARAM, src/cores/pmu/pmu.c set_of). */
static bool set_valid(unsigned long base, unsigned long mask)
{
	if (!mask)
		return false;
	for (unsigned long i = 0; i < XLEN; i++)
		if ((mask >> i) & 1) {
			unsigned long idx = base + i;
			if (idx < base || idx >= pmu_total || idx == 1)
				return false;
		}
	return true;
}

/* The same, but the time slot may be a member (config_matching skips it). */
static bool set_valid_or_time(unsigned long base, unsigned long mask)
{
	if (!mask)
		return false;
	for (unsigned long i = 0; i < XLEN; i++)
		if ((mask >> i) & 1) {
			unsigned long idx = base + i;
			if (idx < base || idx >= pmu_total)
				return false;
		}
	return true;
}

#define for_set(idx, base, mask) \
	for (unsigned long _i = 0, idx = (base); _i < XLEN; _i++, idx++) \
		if (((mask) >> _i) & 1)

static void pick_set(unsigned long *base, unsigned long *mask)
{
	switch (below(6)) {
	case 0: *base = below(pmu_total); *mask = 1; break;
	case 1: *base = pmu_num_hw; *mask = rnd() & 0xffff; break;        /* the firmware counters */
	case 2: *base = 0; *mask = rnd() & ((1UL << (pmu_total < XLEN ? pmu_total : XLEN - 1)) - 1); break;
	case 3: *base = below(pmu_total + 4); *mask = 1UL << below(8); break;
	case 4: *base = below(pmu_total); *mask = rnd(); break;
	default: *base = chance(50) ? rnd() : ~0UL - below(4); *mask = chance(50) ? rnd() : 1; break;
	}
}

static unsigned long pick_event(void)
{
	switch (below(8)) {
	case 0: return PMU_EVENT_IDX(PMU_TYPE_HW, below(13));
	case 1: return PMU_EVENT_IDX(PMU_TYPE_CACHE, below(8) << 3 | below(4) << 1 | below(2));
	case 2: return PMU_EVENT_IDX(PMU_TYPE_RAW, chance(80) ? 0 : below(4));
	case 3: return PMU_EVENT_IDX(PMU_TYPE_RAW_V2, chance(80) ? 0 : below(4));
	case 4: case 5: return PMU_EVENT_IDX(PMU_TYPE_FW, chance(90) ? below(24) : PMU_FW_PLATFORM);
	case 6: return below(1UL << 20);
	default: return rnd();
	}
}

/* Release every counter one by one, checking each answer against the model. */
static void pmu_reset_all(void)
{
	unsigned long a[6] = { 0, 1, PMU_STOP_RESET, 0, 0, 0 };

	for (unsigned long i = 0; i < pmu_total; i++) {
		if (i == 1)
			continue;
		a[0] = i;
		long want = model[i] == C_STARTED ? SBI_SUCCESS :
			model[i] == C_CONF ? SBI_ERR_ALREADY_STOPPED : SBI_ERR_INVALID_PARAM;
		call_exact(SBI_EXT_PMU, PMU_FID_COUNTER_STOP, a, want, false, 0);
		model[i] = C_FREE;
	}
}

static void fuzz_pmu(void)
{
	unsigned long a[6], fid = below(10), base, mask, flags;
	struct sbiret r;
	unsigned allow;

	argz(a);
	if (chance(3))
		fid = rnd();
	switch (fid) {
	case PMU_FID_NUM_COUNTERS:
		call_exact(SBI_EXT_PMU, fid, a, 0, true, pmu_total);
		break;
	case PMU_FID_COUNTER_GET_INFO:
		a[0] = chance(80) ? below(pmu_total + 3) : rnd();
		if (a[0] < pmu_total && a[0] != 1)
			call_exact(SBI_EXT_PMU, fid, a, 0, true, ctr_info[a[0]]);
		else
			call_exact(SBI_EXT_PMU, fid, a, SBI_ERR_INVALID_PARAM, false, 0);
		break;
	case PMU_FID_CONFIG_MATCHING: {
		pick_set(&base, &mask);
		flags = chance(90) ? below(0x100) : rnd();
		if (chance(50))
			flags &= ~PMU_CFG_SKIP_MATCH;
		unsigned long ev = pick_event();
		uint64_t data = chance(75) ? 0 : rnd64();
		a[0] = base; a[1] = mask; a[2] = flags; a[3] = ev;
		SPLIT64(a, 4, data);
		/* The time slot may be in the set (it is skipped), but not alone. */
		unsigned long cmask = mask;
		if (base <= 1 && base + XLEN > 1)
			cmask &= ~(1UL << (1 - base));
		bool well = !(flags & ~PMU_CFG_VALID_MASK) && cmask &&
			    set_valid(base, cmask) && set_valid_or_time(base, mask);
		allow = IP;
		if (well && !(ev & ~PMU_EVENT_IDX_MASK))
			allow |= OK | NS;
		/* A supported firmware event and a free firmware counter in the set: it must work. */
		bool must = false;
		if (well && PMU_EVENT_TYPE(ev) == PMU_TYPE_FW && !(ev & ~PMU_EVENT_IDX_MASK) &&
		    PMU_EVENT_CODE(ev) < 32 && ((fw_sup >> PMU_EVENT_CODE(ev)) & 1) && data == 0) {
			if (flags & PMU_CFG_SKIP_MATCH) {
				unsigned long lo = base + (unsigned long)__builtin_ctzl(cmask);
				must = lo >= pmu_num_hw && model[lo] == C_FREE;
			} else {
				for_set(idx, base, mask)
					must |= idx >= pmu_num_hw && model[idx] == C_FREE;
			}
		}
		if (must)
			allow = OK;
		r = call(SBI_EXT_PMU, fid, a, allow, false);
		if (r.error == 0) {
			unsigned long idx = r.uvalue;
			bool in = idx >= base && idx - base < XLEN && ((mask >> (idx - base)) & 1);
			check(in && idx < pmu_total && model[idx] == C_FREE,
			      "config_matching gave a counter outside the set or in use", idx, base);
			bool fw = PMU_EVENT_TYPE(ev) == PMU_TYPE_FW;
			check(fw == (idx >= pmu_num_hw) && idx != 1, "counter kind vs event type", idx,
			      pmu_num_hw);
			if ((flags & PMU_CFG_SKIP_MATCH) && cmask)
				check(idx == base + (unsigned long)__builtin_ctzl(cmask),
				      "SKIP_MATCH: not the first of the set", idx, base);
			if (idx < 64)
				model[idx] = (flags & PMU_CFG_AUTO_START) ? C_STARTED : C_CONF;
		}
		break;
	}
	case PMU_FID_COUNTER_START: {
		pick_set(&base, &mask);
		flags = chance(90) ? below(4) : rnd();
		a[0] = base; a[1] = mask; a[2] = flags;
		SPLIT64(a, 3, rnd64());
		bool sv = set_valid(base, mask), any_free = false, any_started = false;
		if (sv)
			for_set(idx, base, mask) {
				any_free |= model[idx] == C_FREE;
				any_started |= model[idx] == C_STARTED;
			}
		allow = 0;
		if ((flags & ~PMU_START_VALID_MASK) || flags == 3 || !sv || any_free)
			allow |= IP;
		if ((flags & PMU_START_INIT_SNAPSHOT) && !shmem_set)
			allow |= B(SBI_ERR_NO_SHMEM);
		if (any_started)
			allow |= B(SBI_ERR_ALREADY_STARTED);
		if (!allow)
			allow = OK;
		r = call(SBI_EXT_PMU, fid, a, allow, false);
		if (r.error == 0 && sv)
			for_set(idx, base, mask)
				model[idx] = C_STARTED;
		break;
	}
	case PMU_FID_COUNTER_STOP: {
		pick_set(&base, &mask);
		flags = chance(90) ? below(4) : rnd();
		a[0] = base; a[1] = mask; a[2] = flags;
		bool sv = set_valid(base, mask), any_free = false, any_stopped = false;
		if (sv)
			for_set(idx, base, mask) {
				any_free |= model[idx] == C_FREE;
				any_stopped |= model[idx] != C_STARTED;
			}
		allow = 0;
		if ((flags & ~PMU_STOP_VALID_MASK) || !sv || any_free)
			allow |= IP;
		if ((flags & PMU_STOP_TAKE_SNAPSHOT) && !shmem_set)
			allow |= B(SBI_ERR_NO_SHMEM);
		if (any_stopped)
			allow |= B(SBI_ERR_ALREADY_STOPPED);
		if (!allow)
			allow = OK;
		r = call(SBI_EXT_PMU, fid, a, allow, false);
		if (r.error == 0 && sv)
			for_set(idx, base, mask)
				model[idx] = (flags & PMU_STOP_RESET) ? C_FREE : C_CONF;
		/* Tally's documented exception: RESET still releases the stopped ones. */
		if (r.error == SBI_ERR_ALREADY_STOPPED && (flags & PMU_STOP_RESET) && sv)
			for_set(idx, base, mask)
				if (model[idx] == C_CONF)
					model[idx] = C_FREE;
		break;
	}
	case PMU_FID_FW_READ:
	case PMU_FID_FW_READ_HI: {
		a[0] = chance(80) ? pmu_num_hw + below(pmu_total - pmu_num_hw + 2) :
			chance(50) ? below(pmu_total) : rnd();
		bool ok = a[0] >= pmu_num_hw && a[0] < pmu_total && model[a[0]] != C_FREE;
		call_exact(SBI_EXT_PMU, fid, a, ok ? 0 : SBI_ERR_INVALID_PARAM,
			   fid == PMU_FID_FW_READ_HI && XLEN == 64, 0);
		break;
	}
	case PMU_FID_SNAPSHOT_SET_SHMEM: {
		flags = chance(90) ? 0 : rnd();
		switch (below(7)) {
		case 0: case 1: a[0] = safe_page(); a[1] = 0; break;
		case 2: a[0] = ~0UL; a[1] = ~0UL; break;
		case 3: a[0] = bad_addr(); a[1] = chance(80) ? 0 : rnd(); break;
		case 4: /* page-aligned, so only the address itself is wrong */
			a[0] = chance(50) ? fw_target() & ~(PAGE - 1) :
			       chance(50) ? mmio_addr() & ~(PAGE - 1) : ram_end + PAGE * below(4);
			a[1] = 0;
			break;
		case 5: a[0] = top_page ? top_page : fw_ok_page; a[1] = 0; break;
		default: a[0] = safe_page() + 1 + below(PAGE - 1); a[1] = chance(80) ? 0 : rnd(); break;
		}
		a[2] = flags;
		allow = 0;
		if (flags)
			allow |= IP;
		if (!(a[0] == ~0UL && a[1] == ~0UL)) {
			if (a[0] & (PAGE - 1))
				allow |= IP;
			if (a[1] || mem_pred(a[0], PAGE) != YES)
				allow |= IA;
		}
		if (!allow)
			allow = OK;
		if (!(a[0] == ~0UL && a[1] == ~0UL))
			note_ptr(a[0], PAGE, a[1] != 0);
		r = call(SBI_EXT_PMU, fid, a, allow, false);
		if (r.error == 0)
			shmem_set = !(a[0] == ~0UL && a[1] == ~0UL);
		break;
	}
	case PMU_FID_EVENT_GET_INFO: {
		bool valid_mem = chance(60);
		unsigned long n;
		flags = chance(90) ? 0 : rnd();
		if (valid_mem) {
			unsigned long p = safe_page();
			/* in our scratch: up to the end of it; elsewhere within the page */
			unsigned long end = p >= (uintptr_t)scratch && p < (uintptr_t)scratch + sizeof(scratch) ?
				(uintptr_t)scratch + sizeof(scratch) : p + PAGE;
			a[0] = p + (chance(90) ? 16 * below(PAGE / 16 / 2) : 1 + below(15));
			n = chance(5) ? 0 : 1 + below((end - a[0]) / 16);
			a[1] = chance(95) ? 0 : rnd();
			/* Fill our own entries: mostly real events, some with reserved bits. */
			if (p >= (uintptr_t)scratch && p < (uintptr_t)scratch + sizeof(scratch) && !(a[0] & 15)) {
				uint32_t *e = (uint32_t *)(uintptr_t)a[0];
				for (unsigned long i = 0; i < n; i++) {
					e[4 * i] = (uint32_t)(chance(99) ? pick_event() & PMU_EVENT_IDX_MASK : rnd());
					e[4 * i + 1] = (uint32_t)rnd();
					e[4 * i + 2] = chance(70) ? 0 : (uint32_t)rnd();
					e[4 * i + 3] = chance(90) ? 0 : (uint32_t)rnd();
				}
			}
		} else {
			switch (below(4)) {
			case 0: /* 16-aligned, a plausible count: only the address is wrong */
				a[0] = (chance(50) ? fw_target() : chance(50) ? mmio_addr() : bad_addr()) & ~15UL;
				n = 1 + below(8);
				break;
			case 1: straddle_ram_end(&a[0], &n, 16); n /= 16; break;
			case 2: straddle_fw_end(&a[0], &n, 16); n = n / 16 ? n / 16 : 1; break;
			default:
				a[0] = bad_addr();
				n = chance(50) ? 1 + below(256) : rnd();
				break;
			}
			a[1] = chance(90) ? 0 : rnd();
		}
		a[2] = n;
		a[3] = flags;
		allow = 0;
		if (flags || (a[0] & 15))
			allow |= IP;
		/* No entries: the address is checked as one byte would be. */
		if (a[1] || n > (~0UL >> 4) || mem_pred(a[0], n ? n * 16 : 1) != YES)
			allow |= IA;
		/* Reserved bits in an entry: only readable where the address is good. */
		static uint8_t before[SCRATCH_PAGES * PAGE];
		bool readable = !(a[0] & 15) && n && n <= (~0UL >> 4) && !a[1] &&
				mem_pred(a[0], n * 16) == YES;
		if (readable) {
			const uint32_t *e = (const uint32_t *)(uintptr_t)a[0];
			for (unsigned long i = 0; i < n; i++)
				if (e[4 * i] & ~PMU_EVENT_IDX_MASK)
					allow |= IP;
			memcpy(before, (const void *)(uintptr_t)a[0], n * 16);
		}
		if (!allow)
			allow = OK;
		if (n)
			note_ptr(a[0], n <= (~0UL >> 4) ? n * 16 : ~0UL, a[1] != 0);
		r = call(SBI_EXT_PMU, fid, a, allow, false);
		if (readable) {
			const uint32_t *e = (const uint32_t *)(uintptr_t)a[0];
			const uint32_t *o = (const uint32_t *)before;
			bool same = true, outs = true, fw = true;
			for (unsigned long i = 0; i < n; i++) {
				same &= e[4 * i] == o[4 * i] && e[4 * i + 2] == o[4 * i + 2] &&
					e[4 * i + 3] == o[4 * i + 3];
				if (r.error)
					same &= e[4 * i + 1] == o[4 * i + 1];
				else
					outs &= e[4 * i + 1] <= 1;
				/* firmware events: exactly the supported ones (event_data 0) */
				if (!r.error && PMU_EVENT_TYPE(e[4 * i]) == PMU_TYPE_FW &&
				    PMU_EVENT_CODE(e[4 * i]) < 22 && !e[4 * i + 2] && !e[4 * i + 3])
					fw &= e[4 * i + 1] == ((fw_sup >> PMU_EVENT_CODE(e[4 * i])) & 1);
			}
			check(same, r.error ? "event_get_info changed memory on error"
					    : "event_get_info changed more than output", 0, 0);
			if (!r.error) {
				check(outs, "event_get_info output not 0/1", 0, 0);
				check(fw, "event_get_info firmware event support", 0, fw_sup);
			}
		}
		break;
	}
	default:
		call_exact(SBI_EXT_PMU, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0);
		break;
	}
}

/* ---- canary and setup ------------------------------------------------ */

static void canary(void)
{
	unsigned long a[6];

	argz(a);
	call_exact(SBI_EXT_BASE, BASE_FID_GET_SPEC_VERSION, a, 0, true, 0x03000000UL);
	argz(a);
	call_exact(SBI_EXT_BASE, BASE_FID_GET_IMPL_ID, a, 0, true, SBI_IMPL_ID_TALLY);
	argz(a);
	call_exact(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS, a, 0, true, pmu_total);
	argz(a);
	a[0] = SBI_EXT_PMU;
	call_exact(SBI_EXT_BASE, BASE_FID_PROBE_EXT, a, 0, true, 1);
	argz(a);
	a[0] = boot_hart;
	call_exact(SBI_EXT_HSM, HSM_STATUS, a, 0, true, HSM_STARTED);
	pmu_reset_all();
}

/* ---- the device tree ---------------------------------------------- */

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/*
 * RAM as the device tree in a1 describes it: the first range of the first
 * /memory node (QEMU virt: one node, one range, `-m` bytes from 0x80000000).
 * Also the tree's own size, so the fuzzer keeps the firmware's writes off
 * it. A flat walk of the structure block (devicetree spec 5.4), bounded by
 * its size; false if anything is not as expected.
 */
static bool dt_memory(unsigned long fdt, uint64_t *base, uint64_t *size, unsigned long *total)
{
	const uint8_t *h = (const uint8_t *)fdt;

	if (!fdt || (fdt & 3) || be32(h) != 0xd00dfeedu)
		return false;
	*total = be32(h + 4);
	const uint8_t *p = h + be32(h + 8), *end = p + be32(h + 36);
	const char *strings = (const char *)h + be32(h + 12);
	unsigned depth = 0, ac = 2, sc = 1;
	bool in_mem = false;

	while (p + 4 <= end) {
		uint32_t tok = be32(p);
		p += 4;
		if (tok == 1) {          /* FDT_BEGIN_NODE: name, NUL, padding */
			const char *name = (const char *)p;
			size_t n = strnlen(name, (size_t)(end - p));
			p += (n + 4) & ~(size_t)3;
			depth++;
			in_mem = depth == 2 && (!strcmp(name, "memory") || !strncmp(name, "memory@", 7));
		} else if (tok == 2) {   /* FDT_END_NODE */
			if (depth-- == 0)
				return false;
			in_mem = false;
		} else if (tok == 3) {   /* FDT_PROP: len, nameoff, value, padding */
			if (p + 8 > end)
				return false;
			uint32_t len = be32(p);
			const char *pn = strings + be32(p + 4);
			const uint8_t *v = p + 8;
			p = v + ((len + 3) & ~3u);
			if (p > end)
				return false;
			if (depth == 1 && len == 4 && !strcmp(pn, "#address-cells"))
				ac = be32(v);
			else if (depth == 1 && len == 4 && !strcmp(pn, "#size-cells"))
				sc = be32(v);
			else if (in_mem && !strcmp(pn, "reg") && ac >= 1 && ac <= 2 && sc >= 1 &&
				 sc <= 2 && len >= 4 * (ac + sc)) {
				*base = ac == 2 ? (uint64_t)be32(v) << 32 | be32(v + 4) : be32(v);
				v += 4 * ac;
				*size = sc == 2 ? (uint64_t)be32(v) << 32 | be32(v + 4) : be32(v);
				return true;
			}
		} else if (tok != 4) {   /* FDT_NOP goes on; FDT_END or junk: no /memory */
			return false;
		}
	}
	return false;
}

/* The first page the firmware lets S-mode use: a binary search with set_shmem (no side effect kept). */
static unsigned long find_fw_end(void)
{
	unsigned long lo = RAM_BASE, hi = payload_lo;   /* lo refused, hi accepted */

	while (hi - lo > PAGE) {
		unsigned long mid = lo + ((hi - lo) / 2 & ~(PAGE - 1));
		struct sbiret r = sbi_ecall(SBI_EXT_PMU, PMU_FID_SNAPSHOT_SET_SHMEM, mid, 0, 0, 0, 0, 0);
		if (r.error == 0)
			hi = mid;
		else
			lo = mid;
	}
	sbi_ecall(SBI_EXT_PMU, PMU_FID_SNAPSHOT_SET_SHMEM, ~0UL, ~0UL, 0, 0, 0, 0);
	return hi;
}

static void setup(unsigned long fdt)
{
	struct sbiret r;
	uint64_t mem_base = 0, mem_size = 0;
	unsigned long dt_size = 0;
	bool dt_ok;

	payload_lo = (uintptr_t)_start;
	/* RAM from the tree; without one, what QEMU's -m 128M gives (and a failed check). */
	dt_ok = dt_memory(fdt, &mem_base, &mem_size, &dt_size) && mem_base == RAM_BASE &&
		mem_size >= 16UL << 20 && mem_base + mem_size - 1 <= ~0UL;
	ram_end = dt_ok ? (unsigned long)(mem_base + mem_size) : RAM_BASE + (128UL << 20);
	dt_lo = fdt;
	dt_hi = fdt + dt_size;
	free_lo = RAM_BASE + (ram_end - RAM_BASE) / 2;
	free_hi = RAM_BASE + (ram_end - RAM_BASE) / 4 * 3;
	/* The top page, if the tree (QEMU: 2 MiB-aligned just below the end) leaves it alone. */
	top_page = dt_hi <= ram_end - PAGE || dt_lo >= ram_end ? ram_end - PAGE : 0;
	__asm__ volatile("csrw stvec, %0" :: "r"((uintptr_t)fuzz_trap_vector));
	/* SSIP is the wakeup every suspend gets; SIE stays off, so it is never taken. */
	__asm__ volatile("csrs sie, %0" :: "r"(SIE_SSIE));

	impl_version = SBI0(SBI_EXT_BASE, BASE_FID_GET_IMPL_VERSION).uvalue;
	mvendorid = SBI0(SBI_EXT_BASE, BASE_FID_GET_MVENDORID).uvalue;
	marchid = SBI0(SBI_EXT_BASE, BASE_FID_GET_MARCHID).uvalue;
	mimpid = SBI0(SBI_EXT_BASE, BASE_FID_GET_MIMPID).uvalue;
	for (unsigned long e = 0; e < 8; e++)
		legacy_present[e] = SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, e).uvalue != 0;

	for (unsigned long h = 0; h < MAX_HARTS; h++) {
		present[h] = SBI1(SBI_EXT_HSM, HSM_STATUS, h).error == 0;
		nharts += present[h];
	}
	pmu_total = SBI0(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS).uvalue;
	if (pmu_total > 64)
		pmu_total = 64;
	pmu_num_hw = pmu_total;
	for (unsigned long i = 0; i < pmu_total; i++) {
		r = SBI1(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, i);
		ctr_info[i] = r.uvalue;
		if (r.error == 0 && (r.uvalue >> (XLEN - 1)) && pmu_num_hw == pmu_total)
			pmu_num_hw = i;
	}
	/* Which firmware events exist: event_get_info over all 22. */
	uint32_t *e = (uint32_t *)scratch;
	for (unsigned i = 0; i < PMU_FW_EVENT_MAX; i++) {
		e[4 * i] = (uint32_t)PMU_EVENT_IDX(PMU_TYPE_FW, i);
		e[4 * i + 1] = 0;
		e[4 * i + 2] = e[4 * i + 3] = 0;
	}
	r = sbi_ecall(SBI_EXT_PMU, PMU_FID_EVENT_GET_INFO, (uintptr_t)e, 0, PMU_FW_EVENT_MAX, 0, 0, 0);
	for (unsigned i = 0; i < PMU_FW_EVENT_MAX; i++)
		fw_sup |= (e[4 * i + 1] & 1u) << i;
	/* H extension: an hfence to nobody succeeds only where it exists. */
	has_h = sbi_ecall(SBI_EXT_RFENCE, 4, 0, 0, 0, 0, 0, 0).error == 0;
	fw_ok_page = find_fw_end();
	/* The PMP region as init.c sizes it: image and slots rounded up to a power of two. */
	unsigned long napot = 8;
	while (napot < FW_FW_END - RAM_BASE)
		napot <<= 1;

	printf("fuzz: seed " SEED_FMT ", %lu calls; %lu harts (boot hart %lu), %lu PMU counters "
	       "(%lu hardware), fw events 0x%lx, H %s, firmware ends by 0x%lx\n",
	       SEED_HI, SEED_LO, (unsigned long)FUZZ_CALLS, nharts, boot_hart, pmu_total,
	       pmu_num_hw, (unsigned long)fw_sup, has_h ? "yes" : "no", fw_ok_page);
	printf("fuzz: RAM [0x%lx, 0x%lx) from the device tree at 0x%lx (%lu bytes); top page %s; "
	       "image ends at 0x%lx, guards 0x%lx 0x%lx\n", RAM_BASE, ram_end, fdt, dt_size,
	       top_page ? "used" : "NOT used (the tree is there)", FW_FW_END,
	       FW_TALLY_GUARD_DATA, FW_TALLY_GUARD_BSS);
	/* What the rest relies on. */
	check(present[boot_hart], "boot hart present", present[boot_hart], 1);
	check(pmu_total > 3 && pmu_num_hw < pmu_total, "PMU counters", pmu_total, pmu_num_hw);
	check(r.error == 0 && (fw_sup & 0x3f) == 0x3f, "firmware events 0..5 supported", fw_sup, 0x3f);
	check(fw_ok_page > RAM_BASE + PAGE && fw_ok_page <= RAM_BASE + FW_WINDOW,
	      "firmware end found", fw_ok_page, RAM_BASE + FW_WINDOW);
	/* mem_pred's exact rule and fw_target's tail rely on these. */
	check(fw_ok_page == RAM_BASE + napot, "firmware region = image rounded to a power of two "
	      "(fuzz_fw.h from another image?)", fw_ok_page, RAM_BASE + napot);
	check(dt_ok, "device tree /memory at RAM_BASE", (unsigned long)mem_base, RAM_BASE);
	check(free_hi <= dt_lo && (uintptr_t)scratch + sizeof(scratch) <= free_lo,
	      "free RAM clear of the payload and the device tree", free_hi, dt_lo);
}

static void finish(void)
{
	unsigned long a[6] = { 0 };

	/* Let started harts finish and stop (bounded). */
	for (unsigned long h = 0; h < MAX_HARTS; h++) {
		if (!present[h] || h == boot_hart)
			continue;
		unsigned long spin = 0;
		while (sbi_ecall(SBI_EXT_HSM, HSM_STATUS, h, 0, 0, 0, 0, 0).uvalue != HSM_STOPPED &&
		       ++spin < 1000000)
			;
		check(spin < 1000000, "secondary hart stopped at the end", h, HSM_STOPPED);
	}
	a[0] = ~0UL;
	SPLIT64(a, 0, ~0ULL);
	sbi_ecall(SBI_EXT_TIME, 0, a[0], a[1], 0, 0, 0, 0);   /* no timer left behind */
	passed += sec_pass;
	failed += sec_fail;
	printf("\nfuzz: seed " SEED_FMT ": %lu fuzz calls, %lu checked calls in all; "
	       "%lu secondary runs (%lu/%lu checks ok)\n", SEED_HI, SEED_LO,
	       fuzz_calls, ncalls, sec_runs, sec_pass, sec_pass + sec_fail);
	printf("fuzz: pointer arguments (accepted):");
	for (int k = 0; k < P_KINDS; k++)
		printf("%s %s %lu (%lu)", k ? "," : "", p_names[k], p_count[k], p_accepted[k]);
	printf("\n");
	/* Every kind was tried (a run this long always gets there), and the good ones worked. */
	if (fuzz_calls >= 1000) {
		for (int k = 0; k < P_KINDS; k++)
			check(p_count[k] > 0, "pointer kind never tried (got: kind)", (unsigned long)k, 0);
		check(!top_page || p_accepted[P_TOP] > 0, "top page of RAM never accepted", 0, 1);
		check(p_accepted[P_RAM] > 0, "no valid RAM pointer accepted", 0, 1);
	}
	printf("%lu passed, %lu failed\n", passed, failed);
	sbi_shutdown(failed != 0);
}

/* ---- FWFT ------------------------------------------------------------ */

/*
 * The boot hart's features as the fuzzer expects them: which exist (asked
 * once: get answers 0 or NOT_SUPPORTED), their values and locks. Only the
 * boot hart calls FWFT, so the model is exact. LOCK only in the last
 * quarter of the run: a locked feature answers DENIED_LOCKED from then on.
 */
static struct { bool known, supported[6], locked[6]; unsigned long value[6]; } fw;

static void fuzz_fwft(void)
{
	unsigned long a[6], fid = chance(90) ? below(2) : rnd();
	uint32_t f;

	argz(a);
	if (!fw.known) {
		for (unsigned i = 0; i < 6; i++)
			fw.supported[i] = !sbi_ecall(SBI_EXT_FWFT, 1, i, 0, 0, 0, 0, 0).error;
		fw.known = true;
	}
	a[0] = chance(70) ? below(7) : rnd();
	if (XLEN == 64 && chance(20))
		a[0] = (unsigned long)((uint64_t)a[0] | rnd64() << 32);   /* uint32_t: upper half ignored */
	f = (uint32_t)a[0];
	if (fid == 1) {
		if (f >= 6)
			call_exact(SBI_EXT_FWFT, fid, a, SBI_ERR_DENIED, true, 0);
		else if (!fw.supported[f])
			call_exact(SBI_EXT_FWFT, fid, a, SBI_ERR_NOT_SUPPORTED, true, 0);
		else
			call_exact(SBI_EXT_FWFT, fid, a, 0, true, fw.value[f]);
		return;
	}
	if (fid != 0) {
		call_exact(SBI_EXT_FWFT, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0);
		return;
	}
	a[1] = chance(80) ? below(3) : rnd();
	a[2] = chance(80) ? 0 : chance(50) && fuzz_calls > FUZZ_CALLS / 4 * 3 ? 1 : rnd();
	long want = f >= 6 ? SBI_ERR_DENIED : !fw.supported[f] ? SBI_ERR_NOT_SUPPORTED :
		(a[2] & ~1UL) ? SBI_ERR_INVALID_PARAM : fw.locked[f] ? SBI_ERR_DENIED_LOCKED :
		(f == 5 ? a[1] != 0 && a[1] != 7 && a[1] != 16 : a[1] > 1) ? SBI_ERR_INVALID_PARAM : 0;
	/* A PMLEN the hart lacks is INVALID_PARAM too: allow it for 7 and 16. */
	unsigned allow = B(want) | (f == 5 && (a[1] == 7 || a[1] == 16) && !want ? IP : 0);
	struct sbiret r = call(SBI_EXT_FWFT, fid, a, allow, false);
	if (r.error == 0) {
		fw.value[f] = a[1];
		fw.locked[f] |= a[2] & 1;
	}
}

/* ---- DBTR ------------------------------------------------------------ */

/*
 * Debug triggers on the boot hart. Every tdata1 the fuzzer sends has its
 * mode bits (u, s, vu, vs) clear unless m is set too, which the firmware
 * must refuse: whatever gets installed, updated or enabled can never
 * fire, so the fuzzer's own stores and loads never stop. The answers are
 * checked against what the chapter allows for the state the fuzzer knows
 * (shared memory set or not, trig_max).
 */
static struct { bool known; unsigned long n, shmem; } dt;
#define DT_MODES ((1UL << 3) | (1UL << 4) | (1UL << 23) | (1UL << 24))
#define DT_M (1UL << 6)

static unsigned long dt_tdata1(void)
{
	unsigned long t = chance(50) ? ((chance(50) ? 2UL : 6UL) << (XLEN - 4)) | (rnd() & 0xffffff) : rnd();
	return t & DT_M ? t : t & ~DT_MODES;
}

static void fuzz_dbtr(void)
{
	unsigned long a[6], fid = chance(95) ? below(8) : rnd(), size, n;
	unsigned allow;
	struct sbiret r;

	argz(a);
	if (!dt.known) {
		dt.n = sbi_ecall(SBI_EXT_DBTR, 0, 0, 0, 0, 0, 0, 0).uvalue;
		dt.known = true;
	}
	n = dt.n;
	size = (n ? n : 1) * 4 * sizeof(long);
	switch (fid) {
	case 0:
		a[0] = chance(20) ? 0 : dt_tdata1();
		call_exact(SBI_EXT_DBTR, fid, a, 0, a[0] == 0, n);
		return;
	case 1:
		switch (below(5)) {
		case 0: case 1: a[0] = safe_page(); a[1] = 0; break;
		case 2: a[0] = ~0UL; a[1] = ~0UL; break;
		case 3: a[0] = bad_addr(); a[1] = chance(80) ? 0 : rnd(); break;
		/* any alignment, but all of it in the page: the firmware writes it */
		default: a[0] = safe_page() + below(PAGE - size + 1); a[1] = chance(80) ? 0 : rnd(); break;
		}
		a[2] = chance(90) ? 0 : rnd();
		allow = a[2] ? IP : 0;
		if (!(a[0] == ~0UL && a[1] == ~0UL)) {
			if (a[0] & (sizeof(long) - 1))
				allow |= IP;
			if (a[1] || mem_pred(a[0], size) != YES)
				allow |= IA;
			note_ptr(a[0], size, a[1] != 0);
		}
		r = call(SBI_EXT_DBTR, fid, a, allow ? allow : OK, false);
		if (r.error == 0)
			dt.shmem = a[0] == ~0UL && a[1] == ~0UL ? 0 : a[0];
		return;
	case 2:
		a[0] = chance(80) ? below(n + 2) : rnd();
		a[1] = chance(80) ? below(n + 2) : rnd();
		call_exact(SBI_EXT_DBTR, fid, a, !dt.shmem ? SBI_ERR_NO_SHMEM :
			   a[0] >= n || a[1] > n - a[0] ? SBI_ERR_BAD_RANGE : 0, false, 0);
		return;
	case 3: case 4:
		a[0] = chance(80) ? below(n + 2) : rnd();
		if (dt.shmem && a[0] <= n)
			for (unsigned long i = 0; i < a[0]; i++) {
				volatile unsigned long *e = (unsigned long *)dt.shmem + 4 * i;
				e[0] = chance(70) ? below(n + 1) : rnd();
				e[1] = dt_tdata1();
				e[2] = rnd();
				e[3] = chance(80) ? 0 : rnd();
			}
		if (!dt.shmem)
			call_exact(SBI_EXT_DBTR, fid, a, SBI_ERR_NO_SHMEM, true, 0);
		else if (a[0] > n)
			call_exact(SBI_EXT_DBTR, fid, a, SBI_ERR_BAD_RANGE, false, 0);
		else
			call(SBI_EXT_DBTR, fid, a, OK | IP | NS | B(SBI_ERR_FAILED), false);
		return;
	case 5: case 6: case 7: {
		a[0] = chance(80) ? below(n + 2) : rnd();
		a[1] = chance(80) ? below(1UL << (n + 1)) : rnd();
		/* a set bit at trig_max or above: INVALID_PARAM; else enable and
		 * disable succeed, installed or not (uninstall needs installed) */
		bool fits = !a[1] || (a[0] < n && (a[1] >> (n - a[0])) == 0);
		if (fid == 5)
			call(SBI_EXT_DBTR, fid, a, a[1] ? OK | IP : OK, false);
		else
			call_exact(SBI_EXT_DBTR, fid, a, fits ? 0 : SBI_ERR_INVALID_PARAM, false, 0);
		return;
	}
	default:
		call_exact(SBI_EXT_DBTR, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0);
	}
}

/* ---- SUSP ------------------------------------------------------------ */

/*
 * System suspend, never one that could succeed: a successful call would
 * resume at a random address. Reserved and platform-specific sleep types
 * (INVALID_PARAM) with any address; SUSPEND_TO_RAM only with an address
 * the firmware must refuse (INVALID_ADDRESS; the other hart may also be
 * running, DENIED is checked after the address).
 */
static void fuzz_susp(void)
{
	unsigned long a[6], fid = chance(90) ? 0 : rnd();

	argz(a);
	if (fid != 0) {
		call_exact(SBI_EXT_SUSP, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0);
		return;
	}
	a[0] = chance(50) ? 0 : chance(50) ? 1 + below(0x7fffffff) : 0x80000000UL + below(0x80000000UL);
	if (XLEN == 64 && chance(30))
		a[0] = (unsigned long)((uint64_t)a[0] | rnd64() << 32);   /* uint32_t: upper half ignored */
	if ((uint32_t)a[0] == 0) {
		a[1] = bad_addr();
		note_ptr(a[1], 4, false);
		call_exact(SBI_EXT_SUSP, fid, a, SBI_ERR_INVALID_ADDRESS, false, 0);
	} else {
		a[1] = chance(50) ? safe_page() : rnd();
		call_exact(SBI_EXT_SUSP, fid, a, SBI_ERR_INVALID_PARAM, false, 0);
	}
}

/* ---- SSE ------------------------------------------------------------- */

/*
 * Supervisor software events, never one that runs: the fuzzer registers
 * handlers at random addresses, so its harts stay masked (hart_unmask is
 * never called; the other hart never calls SSE) and no event is ever
 * entered. The boot hart's local software event and the global one are
 * modelled exactly (state); every other event ID is unsupported (the
 * chapter's standard IDs Tally cannot raise; PMU overflow, asked once)
 * or invalid.
 */
#define SSE_LOCAL_SW  0xffff0000u
#define SSE_GLOBAL_SW 0xffff8000u
static const uint32_t sse_ids[] = {
	SSE_LOCAL_SW, SSE_GLOBAL_SW, 0x10000 /* PMU overflow */,
	0, 1, 0x8000, 0x100000, 0x108000,     /* RAS, double trap */
	2, 0x4000, 0xc000, 0xffff0001, 0xffff4000, 0xffffc000,
};
static struct { bool known, pmu; unsigned state[2]; } ss;

/* The event's error before anything else, and its model slot (-1: none). */
static long sse_id_err(uint32_t id, int *slot)
{
	*slot = id == SSE_LOCAL_SW ? 0 : id == SSE_GLOBAL_SW ? 1 : -1;
	if (*slot >= 0)
		return 0;
	if (id == 0x10000)
		return ss.pmu ? 0 : SBI_ERR_NOT_SUPPORTED;
	if (id == 0 || id == 1 || id == 0x8000 || id == 0x100000 || id == 0x108000)
		return SBI_ERR_NOT_SUPPORTED;
	return SBI_ERR_INVALID_PARAM;
}

static void fuzz_sse(void)
{
	unsigned long a[6], fid = chance(95) ? below(10) : rnd();
	uint32_t id;
	long idle;
	int slot;
	struct sbiret r;

	argz(a);
	if (!ss.known) {
		/* PMU overflow: registered and unregistered if it exists (never enabled) */
		ss.pmu = !sbi_ecall(SBI_EXT_SSE, 2, 0x10000, 0x1000, 0, 0, 0, 0).error;
		if (ss.pmu)
			sbi_ecall(SBI_EXT_SSE, 3, 0x10000, 0, 0, 0, 0, 0);
		ss.known = true;
	}
	a[0] = chance(80) ? sse_ids[below(sizeof(sse_ids) / sizeof(sse_ids[0]))] : rnd();
	if (XLEN == 64 && chance(20))
		a[0] = (unsigned long)((uint64_t)(uint32_t)a[0] | rnd64() << 32);   /* uint32_t */
	id = (uint32_t)a[0];
	idle = sse_id_err(id, &slot);
	switch (fid) {
	case 0: case 1: {   /* read_attrs, write_attrs */
		unsigned long size;
		a[1] = chance(80) ? below(11) : rnd();
		a[2] = chance(80) ? below(11) : rnd();
		size = (uint32_t)a[2] * sizeof(long);
		long want = idle ? idle : (uint32_t)a[2] == 0 ? SBI_ERR_INVALID_PARAM :
			(uint32_t)a[1] >= 10 || (uint32_t)a[2] > 10 - (uint32_t)a[1] ? SBI_ERR_BAD_RANGE : 0;
		if (chance(60)) {
			a[3] = safe_page() + (chance(80) ? 0 : below(8));
			a[4] = 0;
		} else {
			a[3] = bad_addr();
			a[4] = chance(80) ? 0 : rnd();
		}
		if (want) {
			call_exact(SBI_EXT_SSE, fid, a, want, false, 0);
			return;
		}
		unsigned allow = (a[3] & (sizeof(long) - 1)) || a[4] || mem_pred(a[3], size) != YES ? IA : OK;
		note_ptr(a[3], size, a[4] != 0);
		if (fid == 1 && allow == OK) {
			/* values: the attribute's own rules (state, RO, legal values) */
			for (unsigned long i = 0; i < (uint32_t)a[2]; i++)
				((volatile unsigned long *)a[3])[i] = chance(50) ? below(4) : rnd();
			allow |= B(SBI_ERR_DENIED) | B(SBI_ERR_INVALID_STATE) | IP;
		}
		call(SBI_EXT_SSE, fid, a, allow, false);
		return;
	}
	case 2:             /* register: never delivered, any even address will do */
		if (chance(30))
			a[1] |= 1;
		if (idle || (a[1] & 1)) {
			call_exact(SBI_EXT_SSE, fid, a, idle ? idle : SBI_ERR_INVALID_PARAM, false, 0);
		} else if (slot >= 0) {
			r = call_exact(SBI_EXT_SSE, fid, a, ss.state[slot] ? SBI_ERR_INVALID_STATE : 0, false, 0);
			if (!r.error)
				ss.state[slot] = 1;
		} else {   /* PMU overflow: register, then unregister it at once */
			call_exact(SBI_EXT_SSE, fid, a, 0, false, 0);
			sbi_ecall(SBI_EXT_SSE, 3, id, 0, 0, 0, 0, 0);
		}
		return;
	case 3: case 4: case 5: {   /* unregister, enable, disable */
		unsigned from = fid == 3 ? 1 : fid == 4 ? 1 : 2, to = fid == 3 ? 0 : fid == 4 ? 2 : 1;
		if (idle)
			call_exact(SBI_EXT_SSE, fid, a, idle, false, 0);
		else if (slot < 0)
			call_exact(SBI_EXT_SSE, fid, a, SBI_ERR_INVALID_STATE, false, 0);
		else {
			r = call_exact(SBI_EXT_SSE, fid, a,
				       ss.state[slot] == from ? 0 : SBI_ERR_INVALID_STATE, false, 0);
			if (!r.error)
				ss.state[slot] = to;
		}
		return;
	}
	case 6:             /* complete: nothing running, SUCCESS */
		call_exact(SBI_EXT_SSE, fid, a, 0, false, 0);
		return;
	case 7:             /* inject: a local event names an existing hart */
		a[1] = chance(70) ? boot_hart : chance(50) ? below(MAX_HARTS + 1) : rnd();
		if (idle)
			call_exact(SBI_EXT_SSE, fid, a, idle, false, 0);
		else if (id == SSE_GLOBAL_SW)
			call_exact(SBI_EXT_SSE, fid, a, 0, false, 0);
		else
			call_exact(SBI_EXT_SSE, fid, a, a[1] < MAX_HARTS && present[a[1]] ? 0 :
				   SBI_ERR_INVALID_PARAM, false, 0);
		return;
	case 8: case 9:     /* never unmask: mask answers ALREADY_STOPPED */
		call_exact(SBI_EXT_SSE, 9, a, SBI_ERR_ALREADY_STOPPED, false, 0);
		return;
	default:
		call_exact(SBI_EXT_SSE, fid, a, SBI_ERR_NOT_SUPPORTED, false, 0);
	}
}

int main(unsigned long hartid, unsigned long fdt)
{
	boot_hart = hartid;
	rng_state = FUZZ_SEED ? (uint64_t)FUZZ_SEED : 1;
	setup(fdt);

	for (fuzz_calls = 0; fuzz_calls < FUZZ_CALLS; fuzz_calls++) {
		unsigned sel = (unsigned)below(100);

		if (sel < 10) fuzz_base();
		else if (sel < 15) fuzz_time();
		else if (sel < 23) fuzz_dbcn();
		else if (sel < 27) fuzz_srst();
		else if (sel < 55) fuzz_pmu();
		else if (sel < 63) fuzz_hsm();
		else if (sel < 71) fuzz_ipi();
		else if (sel < 81) fuzz_rfence();
		else if (sel < 85) fuzz_legacy();
		else if (sel < 89) fuzz_fwft();
		else if (sel < 93) fuzz_dbtr();
		else if (sel < 95) fuzz_susp();
		else if (sel < 97) fuzz_sse();
		else fuzz_unknown();

		if (fuzz_calls % 1000 == 999)
			canary();
		if (fuzz_calls % 25000 == 24999)
			printf("\nfuzz: %lu calls, %lu passed, %lu failed\n", fuzz_calls + 1, passed, failed);
	}
	finish();
}
