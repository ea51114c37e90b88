/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The guest-exit benchmark: what a guest pays the M-mode firmware for the
 * exits that reach it on a core without a time CSR and without
 * misaligned-access hardware (CVA6 with H). tests/rtl/bench-rtl.py runs it
 * on the cv64a6_imafdch_sv39 model under Tally and under OpenSBI 1.1, as
 * it runs bench.c (BENCH_CYCLES) on the other models.
 *
 * This payload runs in HS-mode. It maps the 2 MiB superpage it lives in
 * onto itself as the guest's G-stage (one Sv39x4 leaf; the VS stage is
 * bare), so the guest runs the payload's own C code with the payload's own
 * addresses, and enters the guest with hyp_entry.S's world switch. The
 * guest (VS-mode, then VU-mode; and the same code once in HS-mode itself,
 * for the host's price) times, as bench.c does, N exits against the same
 * loop with the exit replaced by an instruction that gives the same answer
 * without trapping: one rdtime, and a misaligned load or store at each
 * width the firmware emulates (lh, lw, ld, sh, sw, sd). It reads both
 * cycle and instret around each loop (hcounteren, and scounteren for VU,
 * allow it; the firmware's mcounteren must too). minstret counts M-mode's
 * instructions as well, so the difference in instret is what the exit
 * cost in M-mode: the firmware's instructions, mret included, less the
 * one instruction the other loop runs in the exit's place (a trapping
 * instruction does not retire; the firmware steps past it). The payload
 * adds that one back: the figure is the M-mode instructions per exit.
 *
 * Every answer is checked: the time the guest reads grows at every read
 * and lies, less htimedelta, between the host's time before and after the
 * guest ran; a misaligned load returns the bytes at its address (sign-
 * extended); a misaligned store leaves its bytes and no others. The
 * guest records the first wrong answer and stops; the host prints it and
 * the run ends failed, with no figure.
 *
 * Output (bench-rtl.py reads it):
 *   bench: row <key> <cycles per exit>
 *   bench: first <key> <cycles of the first exit>
 *   bench: mmode <key> <M-mode instructions per exit>
 * keys <mode>_<exit>, mode vs, vu or hs; and "<n> passed, 0 failed". The
 * run ends with SRST; where the firmware cannot reset (OpenSBI 1.1 on the
 * testharness), with the word bench_exit, which the model is told to watch.
 */
#include <tally/sbi.h>
#include "bench_access.h"
#include "sbicall.h"
#include "hyp.h"

#define N 32
#define SUPER (2UL << 20)             /* an Sv39x4 level-1 leaf's reach */
#define HGATP_SV39X4 (8UL << 60)
#define PTE_V 0x01UL
#define PTE_LEAF 0xdfUL               /* V, R, W, X, U (every G-stage leaf), A, D */
#define CAUSE_U_ECALL 8               /* an ecall from VU-mode, as from U-mode */
#define COUNTERS 7UL                  /* CY, TM, IR */
/* The guest's view of time: bits in both halves, no wrap. */
#define DELTA 0x0000012345678000UL

#if __riscv_xlen != 64
#error "bench_hyp: rv64 only (the CVA6 core with H is rv64)"
#endif

extern char __payload_start[], _end[];

static unsigned long g_root[2048] __attribute__((aligned(16384)));
static unsigned long g_mid[512] __attribute__((aligned(4096)));
static unsigned long guest_stack[512] __attribute__((aligned(16)));
static struct vcpu vcpu;
static unsigned long answers;

/* ---- the end of a run ---------------------------------------------------- */

volatile uint64_t bench_exit __attribute__((aligned(8)));

static __attribute__((noreturn)) void bench_end(int failure)
{
	printf("%lu passed, %d failed\n", answers, failure ? 1 : 0);
	sbi_ecall(SBI_EXT_SRST, 0, 0, failure ? 1 : 0, 0, 0, 0, 0);
	bench_exit = (uint64_t)(failure ? 1 : 0) << 1 | 1;
	for (;;)
		;
}

static __attribute__((noreturn)) void fail(const char *what, unsigned long got, unsigned long want)
{
	printf("bench: FAIL %s: got 0x%lx, expected 0x%lx\n", what, got, want);
	bench_end(1);
}

/* ---- what the guest runs ------------------------------------------------- */

/* The exits, in the order the table lists them. */
enum { X_RDTIME, X_LH, X_LW, X_LD, X_SH, X_SW, X_SD, EXITS };
static const char *const exit_key[EXITS] = {
	"rdtime", "mis_lh", "mis_lw", "mis_ld", "mis_sh", "mis_sw", "mis_sd" };

/* What one run of the exits leaves for the host (written by the guest). */
struct run {
	unsigned long cycles[EXITS], first[EXITS], instret[EXITS];
	unsigned long t_first, t_last;    /* the first and the last time read */
	const char *fail;                 /* the first wrong answer, or NULL */
	unsigned long got, want;
};
static struct run run;

/*
 * 16 bytes; lh and sh at +3, the others at +1: each misaligned, none
 * crossing a page.
 */
static volatile uint8_t buf[16] __attribute__((aligned(16)));
static const uint8_t pattern[16] = {
	0x21, 0x92, 0x83, 0xb4, 0xa5, 0xd6, 0xc7, 0xf8,
	0xe9, 0x1a, 0x0b, 0x3c, 0x2d, 0x5e, 0x4f, 0x70 };

/*
 * TIMED(x, BODY): BODY (which looks at REAL) N times with the exit, then
 * N times without; cycle and instret read around each loop and after each
 * loop's first turn, in the same places in both, so the reads cancel.
 */
#define TIMED(x, BODY) do { \
	unsigned long c0_, i0_, f0_, c1_, i1_, f1_, c2_, i2_; \
	c0_ = rd_cycle(); i0_ = rd_instret(); \
	{ const int REAL = 1; BODY; } \
	f0_ = rd_cycle(); \
	for (unsigned k_ = 1; k_ < N; k_++) { const int REAL = 1; BODY; } \
	c1_ = rd_cycle(); i1_ = rd_instret(); \
	{ const int REAL = 0; BODY; } \
	f1_ = rd_cycle(); \
	for (unsigned k_ = 1; k_ < N; k_++) { const int REAL = 0; BODY; } \
	c2_ = rd_cycle(); i2_ = rd_instret(); \
	r->cycles[x] = ((c1_ - c0_) - (c2_ - c1_) + N / 2) / N; \
	r->first[x] = (f0_ - c0_) - (f1_ - c1_); \
	r->instret[x] = ((i1_ - i0_) - (i2_ - i1_) + N / 2) / N + 1; \
} while (0)

/* Out of line: the timed loops only pay for the branch to it. */
static __attribute__((noinline, cold)) void wrong(struct run *r, const char *what, unsigned long got,
						   unsigned long want)
{
	if (!r->fail) {
		r->fail = what;
		r->got = got;
		r->want = want;
	}
}

static unsigned long le(unsigned off, unsigned n)
{
	unsigned long v = 0;

	for (unsigned i = 0; i < n; i++)
		v |= (unsigned long)pattern[off + i] << (8 * i);
	return v;
}

static void refill(void)
{
	for (unsigned i = 0; i < 16; i++)
		buf[i] = pattern[i];
}

/* After a store's loops: its bytes at off, the pattern everywhere else. */
static void stored(struct run *r, const char *what, unsigned off, unsigned n, unsigned long val)
{
	for (unsigned i = 0; i < 16; i++) {
		uint8_t want = i >= off && i < off + n ? (uint8_t)(val >> (8 * (i - off))) : pattern[i];

		if (buf[i] != want)
			wrong(r, what, buf[i], want);
	}
	refill();
}

/* A load or store at buf + off; the other loop runs its stand-in. */
#define LOAD(REAL, insn, off, want) BENCH_LOAD(REAL, insn, buf, off, want, wrong(r, insn, v_, w_))
#define STORE(REAL, insn, off, val) BENCH_STORE(REAL, insn, buf, off, val)

/*
 * Every exit, timed: run in the guest (VS or VU) and in HS-mode alike,
 * one copy of the code for all three (never inlined into main). Nothing
 * here traps into HS: the guest's memory is the payload's own.
 */
static __attribute__((noinline)) void exits(struct run *r)
{
	unsigned long prev, last[2] = { 0, 0 };
	const unsigned long sval = 0x0123456789abcdefUL;

	refill();
	/*
	 * rdtime: every value above the one before; the other loop adds 1.
	 * Both loops store their latest value (the same cost in each); the
	 * host checks the first and the last real one against its own time.
	 */
	__asm__ volatile("rdtime %0" : "=r"(prev));
	r->t_first = prev;
	TIMED(X_RDTIME, {
		unsigned long v_;
		if (REAL)
			__asm__ volatile("rdtime %0" : "=r"(v_));
		else
			__asm__ volatile("addi %0, %1, 1" : "=r"(v_) : "r"(prev));
		if (v_ <= prev)
			wrong(r, "rdtime went back", v_, prev);
		prev = v_;
		last[REAL] = v_;
	});
	r->t_last = last[1];

	TIMED(X_LH, LOAD(REAL, "lh", 3, (unsigned long)(long)(int16_t)le(3, 2)));
	TIMED(X_LW, LOAD(REAL, "lw", 1, (unsigned long)(long)(int32_t)le(1, 4)));
	TIMED(X_LD, LOAD(REAL, "ld", 1, le(1, 8)));
	TIMED(X_SH, STORE(REAL, "sh", 3, sval));
	stored(r, "misaligned sh", 3, 2, sval);
	TIMED(X_SW, STORE(REAL, "sw", 1, sval));
	stored(r, "misaligned sw", 1, 4, sval);
	TIMED(X_SD, STORE(REAL, "sd", 1, sval));
	stored(r, "misaligned sd", 1, 8, sval);
}

/* The guest returns here: its exit ecall (a7 says so) ends hyp_run. */
__asm__(".pushsection .text\n"
	".balign 4\n"
	"bench_guest_done:\n"
	"	li	a7, " "0x48595045" "\n"     /* GUEST_EXIT */
	"	ecall\n"
	"1:	j	1b\n"
	".popsection");
extern char bench_guest_done[];
_Static_assert(GUEST_EXIT == 0x48595045, "bench_hyp: bench_guest_done's a7");

/* ---- the host ---------------------------------------------------------- */

static void map_gstage(unsigned long base)
{
	g_mid[(base >> 21) & 511] = (base >> 12 << 10) | PTE_LEAF;
	g_root[base >> 30] = ((unsigned long)g_mid >> 12 << 10) | PTE_V;
	csr_write(CSR_HGATP, HGATP_SV39X4 | ((unsigned long)g_root >> 12));
	hfence_all();
}

/* The time as HS sees it (the firmware emulates it where the core has none). */
static unsigned long host_time(void)
{
	unsigned long t;

	__asm__ volatile("rdtime %0" : "=r"(t));
	return t;
}

/* Check what a run left and print its rows under the mode's name. */
static void report(const char *mode, unsigned long delta, unsigned long t0, unsigned long t1)
{
	char what[48];

	if (run.fail) {
		snprintf(what, sizeof(what), "%s: %s", mode, run.fail);
		fail(what, run.got, run.want);
	}
	answers += (unsigned long)N * EXITS;
	if (run.t_first - delta < t0 || run.t_first - delta > t1)
		fail("the first time read, less htimedelta, within the run", run.t_first - delta, t0);
	if (run.t_last - delta < run.t_first - delta || run.t_last - delta > t1)
		fail("the last time read, less htimedelta, within the run", run.t_last - delta, t1);
	answers += 2;
	for (unsigned x = 0; x < EXITS; x++) {
		printf("bench: row %s_%s %lu\n", mode, exit_key[x], run.cycles[x]);
		printf("bench: first %s_%s %lu\n", mode, exit_key[x], run.first[x]);
		printf("bench: mmode %s_%s %lu\n", mode, exit_key[x], run.instret[x]);
	}
}

/*
 * Run the exits in the guest: VS-mode (sstatus.SPP set) or VU-mode
 * (clear), hstatus.SPV set either way. The guest starts at exits() with
 * a0 = &run and returns to bench_guest_done, whose ecall is its only trap
 * into HS: VS's as cause 10, VU's as cause 8. Any other trap there means
 * the firmware sent an exit on instead of answering it.
 */
static void in_guest(const char *mode, bool vs)
{
	unsigned long gp, t0, t1;

	__asm__ volatile("mv %0, gp" : "=r"(gp));
	memset(&vcpu, 0, sizeof(vcpu));
	memset(&run, 0, sizeof(run));
	vcpu.pc = (unsigned long)exits;
	vcpu.regs[1] = (unsigned long)bench_guest_done;
	vcpu.regs[2] = (unsigned long)&guest_stack[512];
	vcpu.regs[3] = gp;
	vcpu.regs[10] = (unsigned long)&run;
	csr_set(CSR_HSTATUS, HSTATUS_SPV);
	if (vs)
		csr_set(0x100, SSTATUS_SPP);         /* sstatus */
	else
		csr_clear(0x100, SSTATUS_SPP);
	t0 = host_time();
	hyp_run(&vcpu);
	t1 = host_time();
	if (vcpu.scause != (vs ? CAUSE_VS_ECALL : CAUSE_U_ECALL) || vcpu.regs[17] != GUEST_EXIT) {
		printf("bench: FAIL %s: the guest stopped at scause 0x%lx sepc 0x%lx stval 0x%lx htval 0x%lx\n",
		       mode, vcpu.scause, vcpu.pc, vcpu.stval, vcpu.htval);
		bench_end(1);
	}
	answers++;
	report(mode, DELTA, t0, t1);
}

int main(unsigned long hartid, unsigned long dtb)
{
	unsigned long base = (unsigned long)__payload_start & ~(SUPER - 1), t0, t1;

	(void)hartid; (void)dtb;
	printf("bench: rv64 H, %d exits each, core cycles and M-mode instructions per exit\n", N);
	if ((unsigned long)_end > base + SUPER)
		fail("the payload fits the superpage the G-stage maps", (unsigned long)_end, base + SUPER);
	map_gstage(base);
	if ((csr_read(CSR_HGATP) >> 60) != 8)
		fail("hgatp takes Sv39x4 (a core with H)", csr_read(CSR_HGATP), HGATP_SV39X4);
	csr_write(CSR_HEDELEG, 0);
	csr_write(CSR_HIDELEG, 0);
	csr_write(CSR_HCOUNTEREN, COUNTERS);
	csr_write(0x106, COUNTERS);                  /* scounteren: VU reads them too */
	csr_write(CSR_VSATP, 0);
	csr_write(CSR_HTIMEDELTA, DELTA);
	if (csr_read(CSR_HTIMEDELTA) != DELTA)
		fail("htimedelta reads back", csr_read(CSR_HTIMEDELTA), DELTA);
	answers += 2;

	in_guest("vs", true);
	in_guest("vu", false);

	/* The host's own exits, for what the guest adds: no delta there. */
	memset(&run, 0, sizeof(run));
	t0 = host_time();
	exits(&run);
	t1 = host_time();
	report("hs", 0, t0, t1);

	csr_write(CSR_HTIMEDELTA, 0);
	csr_write(CSR_HGATP, 0);
	hfence_all();
	printf("bench: done\n");
	bench_end(0);
}
