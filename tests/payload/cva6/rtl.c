/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CVA6 RTL check (tests/rtl/run-cva6.sh links this into tally-rtl.elf
 * and runs it on a Verilator-built Variane_testharness, rv64 and rv32).
 *
 * 1. Exact event counts. Every CVA6 event Tally maps, and the raw ones
 *    perf users ask for (calls, returns, exceptions, integer instructions),
 *    is configured through SBI config_matching onto counters 3..8 (each
 *    group of six uses every counter), and counted over the fixed windows
 *    of window.S: the difference of two windows of N1 and N2 iterations is
 *    N2 - N1 workloads and nothing else. Every expected count per
 *    iteration below was read off the core (this payload run on the model,
 *    its instruction trace for the why), with its reason.
 * 2. The S-mode timer: set_timer deadlines are met, never early, and a far
 *    deadline clears STIP (CVA6's CLINT ignores byte strobes: Tally writes
 *    mtimecmp whole).
 * 3. Misaligned loads and stores from S-mode trap on CVA6; the firmware
 *    emulates them and counts each in MISALIGNED_LOAD / MISALIGNED_STORE.
 * 4. rv32: S-mode's hpmcounter3h does not read back mhpmcounter3h, so
 *    Tally reports counter 3 as 32 bits wide there (and 64 elsewhere).
 *    One that crosses into a page S-mode may not use gets the page fault
 *    the emulation meets there; a load into x0, a store of x0.
 * 5. FWFT MISALIGNED_EXC_DELEG on a core that really traps misaligned
 *    loads (QEMU never does): not delegated, the firmware emulates the
 *    load and counts it (MISALIGNED_LOAD); delegated, S-mode's own
 *    handler takes it (cause 4, stval the address) and the firmware never
 *    sees it. And what DBTR and FWFT find on this core, printed.
 *
 * The run must be free of the host's tohost polling (run-cva6.sh strips
 * the symbol and ends the run on the store instead): each debug halt
 * would add its own events to whatever window it fell into.
 */
#include "check.h"
#include <tally/riscv.h>
#include "ext_test.h"

/* ---- the windows (window.S) ------------------------------------------- */

typedef void window_fn(unsigned long n, unsigned long out[16], unsigned long p,
		       unsigned long stride);
extern window_fn w_mem, w_ctrl, w_exc, w_ecall, w_dmiss, w_imiss;
extern char cold_code[], cold_code_end[];
void s_trap_handler(unsigned long *regs);
extern char s_trap_vector[];

#define N1 4
#define N2 20           /* the difference: 16 workloads */
#define NDIFF (N2 - N1)

/* Fresh data lines for the miss workload: 256 MiB into the 1 GiB of RAM,
 * past anything the firmware or this payload uses. */
#define DMISS_BASE 0x90000000UL

static unsigned long word[2];
static unsigned long dmiss_next = DMISS_BASE;
static unsigned long imiss_next;
#define IMISS_STRIDE 8192UL

enum { W_MEM, W_CTRL, W_EXC, W_ECALL, W_DMISS, W_IMISS, W_COUNT };

static const struct workload {
	const char *name;
	window_fn *fn;
} work[W_COUNT] = {
	{ "mem (ld+st)", w_mem },
	{ "ctrl (call,ret,j,jr,bltz)", w_ctrl },
	{ "exc (rdtime)", w_exc },
	{ "ecall (get_spec_version)", w_ecall },
	{ "dmiss (load, new line)", w_dmiss },
	{ "imiss (jalr to new line)", w_imiss },
};

/* Where workload w's pointer for a window of n iterations points. */
static unsigned long pointer(unsigned w, unsigned long n)
{
	unsigned long p = 0;

	if (w == W_MEM)
		p = (unsigned long)word;
	/*
	 * A gap after each window's lines (4 KiB of data, 4 code slots), so a
	 * line fetched ahead past the end of one window is never the first
	 * line of the next.
	 */
	if (w == W_DMISS) {
		p = dmiss_next;
		dmiss_next += n * 64 + 4096;
	}
	if (w == W_IMISS) {
		p = imiss_next;
		imiss_next += (n + 4) * IMISS_STRIDE;
		if (imiss_next > (unsigned long)cold_code_end) {
			printf("FAIL imiss: out of cold code\n");
			failed++;
			finish();
		}
	}
	return p;
}

/* ---- the events -------------------------------------------------------- */

#define HW(e)  PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_##e)
#define CACHE(id, op, res) \
	PMU_CACHE_EVENT(PMU_CACHE_##id, PMU_CACHE_OP_##op, PMU_CACHE_RESULT_##res)
#define RAW PMU_EVENT_IDX(PMU_TYPE_RAW, 0)

enum {
	E_LOAD, E_STORE, E_BRANCH, E_CALL, E_RET, E_INT,
	E_EXC, E_ERET, E_MISPRED, E_IFEMPTY, E_STALL, E_DACC,
	E_DMISS, E_IMISS, E_IACC, E_DTLB, E_ITLB, E_SBFULL,
	E_COUNT
};

static const struct event {
	const char *name;
	unsigned long idx;
	uint64_t data;
} ev[E_COUNT] = {
	[E_LOAD]    = { "loads (L1D_READ_ACCESS, sel 5)", CACHE(L1D, READ, ACCESS), 0 },
	[E_STORE]   = { "stores (L1D_WRITE_ACCESS, sel 6)", CACHE(L1D, WRITE, ACCESS), 0 },
	[E_BRANCH]  = { "branches (BRANCH_INSTRUCTIONS, sel 9)", HW(BRANCH_INSTRUCTIONS), 0 },
	[E_CALL]    = { "calls (raw 12)", RAW, 12 },
	[E_RET]     = { "returns (raw 13)", RAW, 13 },
	[E_INT]     = { "integer instructions (raw 20)", RAW, 20 },
	[E_EXC]     = { "exceptions (raw 7)", RAW, 7 },
	[E_ERET]    = { "exception returns (raw 8)", RAW, 8 },
	[E_MISPRED] = { "mispredicts (BRANCH_MISSES, sel 10)", HW(BRANCH_MISSES), 0 },
	[E_IFEMPTY] = { "fetch empty (STALLED_CYCLES_FRONTEND, sel 15)", HW(STALLED_CYCLES_FRONTEND), 0 },
	[E_STALL]   = { "operand stalls (STALLED_CYCLES_BACKEND, sel 22)", HW(STALLED_CYCLES_BACKEND), 0 },
	[E_DACC]    = { "L1D accesses (raw 17)", RAW, 17 },
	[E_DMISS]   = { "L1D misses (L1D_READ_MISS, sel 2)", CACHE(L1D, READ, MISS), 0 },
	[E_IMISS]   = { "L1I misses (L1I_READ_MISS, sel 1)", CACHE(L1I, READ, MISS), 0 },
	[E_IACC]    = { "L1I accesses (L1I_READ_ACCESS, sel 16)", CACHE(L1I, READ, ACCESS), 0 },
	[E_DTLB]    = { "DTLB misses (DTLB_READ_MISS, sel 4)", CACHE(DTLB, READ, MISS), 0 },
	[E_ITLB]    = { "ITLB misses (ITLB_READ_MISS, sel 3)", CACHE(ITLB, READ, MISS), 0 },
	[E_SBFULL]  = { "scoreboard full (raw 14)", RAW, 14 },
};

/* Six at a time: group g puts its event i on counter 3 + i. */
#define GROUPS (E_COUNT / 6)

/*
 * What the core counts over the NDIFF (16) extra iterations, rv64 and rv32
 * (the models at openhwgroup/cva6 6cb2001: cv64a6_imafdc_sv39 has the
 * write-through L1D, cv32a6_imac_sv32 the HPDcache), read off this payload
 * run on both, with why. NONE: printed, not checked (the firmware's own
 * code runs inside the exc windows; its counts move with the firmware).
 */
#define NONE (-1L)
struct want { long rv64, rv32; const char *why; };
extern const struct want want[W_COUNT][E_COUNT + 1];   /* [E_COUNT]: instret */

/* ---- measuring --------------------------------------------------------- */

static unsigned long diff(const unsigned long *o, unsigned i)
{
	return o[8 + i] - o[i];
}

static void measure_group(unsigned w, unsigned g)
{
	unsigned long a[16], b[16];
	struct sbiret r;

	for (unsigned i = 0; i < 6; i++) {
		const struct event *e = &ev[g * 6 + i];
		r = sbi_pmu_counter_config_matching(3 + i, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, e->idx, e->data);
		if (r.error || r.uvalue != 3 + i) {
			CHECK(0, "%s on counter %u: error %ld value %lu", e->name, 3 + i, r.error, r.uvalue);
			finish();
		}
	}
	/*
	 * Warm twice: the window's code, data and the branch predictor. After
	 * one warm window the predictor could still hold what the SBI calls
	 * before it left (seen on rv32: one more mispredict in the first
	 * measured window than in the second); after two, windows 1 and 2
	 * start from the same state.
	 */
	work[w].fn(N1, a, pointer(w, N1), IMISS_STRIDE);
	work[w].fn(N1, a, pointer(w, N1), IMISS_STRIDE);
	work[w].fn(N1, a, pointer(w, N1), IMISS_STRIDE);
	work[w].fn(N2, b, pointer(w, N2), IMISS_STRIDE);
	sbi_pmu_counter_stop(3, 0x3f, PMU_STOP_RESET);

	for (unsigned i = 0; i <= 6; i++) {
		/* counters 3..8 at out[2..7]; instret (out[1]) once, with group 0 */
		unsigned e = i < 6 ? g * 6 + i : E_COUNT;
		unsigned slot = i < 6 ? 2 + i : 1;
		if (i == 6 && g != 0)
			break;
		unsigned long d = diff(b, slot) - diff(a, slot);
		const struct want *x = &want[w][e];
		const char *name = e < E_COUNT ? ev[e].name : "instructions (minstret)";
		if (!x->why) {
			printf("meas %s: %s: %lu in %u iterations\n", work[w].name, name, d, NDIFF);
			continue;
		}
#if __riscv_xlen == 64
		long n = x->rv64;
#else
		long n = x->rv32;
#endif
		if (n == NONE)
			continue;
		CHECK(d == (unsigned long)n, "%s: %s: %lu in %u iterations (want %ld: %s)",
		      work[w].name, name, d, NDIFF, n, x->why);
	}
	printf("info %s: %lu cycles in %u iterations\n", work[w].name,
	       diff(b, 0) - diff(a, 0), NDIFF);
}

/* ---- counters stay put when stopped ------------------------------------ */

static void stopped_stays(void)
{
	unsigned long a[16];
	struct sbiret r;

	for (unsigned i = 0; i < 6; i++) {
		r = sbi_pmu_counter_config_matching(3 + i, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev[i].idx, ev[i].data);
		CHECK(!r.error && r.uvalue == 3 + i, "%s configured on counter %u", ev[i].name, 3 + i);
	}
	sbi_pmu_counter_stop(3, 0x3f, 0);
	w_mem(N2, a, (unsigned long)word, 0);
	for (unsigned i = 0; i < 6; i++)
		CHECK(diff(a, 2 + i) == 0, "counter %u stopped: %lu events in a window", 3 + i,
		      diff(a, 2 + i));
	sbi_pmu_counter_stop(3, 0x3f, PMU_STOP_RESET);
}

/* ---- the S-mode timer --------------------------------------------------- */

static volatile unsigned long n_irq, irq_time, irq_cause;

void s_trap_handler(unsigned long *regs)
{
	unsigned long cause;

	(void)regs;
	__asm__ volatile("csrr %0, scause" : "=r"(cause));
	if (cause == (CAUSE_IRQ_FLAG | 5)) {
		irq_time = rd_time();
		irq_cause = cause;
		n_irq++;
		/* Masked until the next deadline; STIP stays until set_timer. */
		__asm__ volatile("csrc sie, %0" :: "r"(1UL << 5));
		return;
	}
	printf("FAIL unexpected S-mode trap, scause 0x%lx\n", cause);
	failed++;
	finish();
}

static void timer(void)
{
	/* mtime ticks every 4 cycles: 300 ticks are 1200 cycles. */
	static const unsigned long delta[] = { 300, 1000, 3000 };
	struct sbiret r;

	__asm__ volatile("csrw stvec, %0" :: "r"(s_trap_vector));
	__asm__ volatile("csrs sstatus, %0" :: "r"(MSTATUS_SIE));

	r = sbi_set_timer((uint64_t)rd_time() + (1ULL << 40));
	CHECK(!r.error && !(r_sip() & (1UL << 5)), "timer: a far deadline, STIP clear");
	for (unsigned i = 0; i < sizeof(delta) / sizeof(delta[0]); i++) {
		unsigned long before = n_irq, deadline = rd_time() + delta[i], now;

		__asm__ volatile("csrs sie, %0" :: "r"(1UL << 5));
		r = sbi_set_timer(deadline);
		do
			now = rd_time();
		while (n_irq == before && now < deadline + 20000);
		CHECK(!r.error && n_irq == before + 1 && irq_time >= deadline,
		      "timer: deadline now+%lu met, interrupt at +%ld ticks", delta[i],
		      (long)(irq_time - deadline));
		CHECK(r_sip() & (1UL << 5), "timer: STIP pending after the deadline");
		r = sbi_set_timer((uint64_t)rd_time() + (1ULL << 40));
		CHECK(!r.error && !(r_sip() & (1UL << 5)), "timer: a far deadline clears STIP");
	}
	/* No interrupt while the deadline is far: wait 5000 ticks. */
	unsigned long before = n_irq, t0 = rd_time();
	__asm__ volatile("csrs sie, %0" :: "r"(1UL << 5));
	while (rd_time() - t0 < 5000)
		;
	CHECK(n_irq == before, "timer: no interrupt before a far deadline");
	__asm__ volatile("csrc sie, %0" :: "r"(1UL << 5));
	sbi_set_timer(~0ULL);
}

/* ---- misaligned loads and stores ---------------------------------------- */

static void misaligned(void)
{
	static unsigned char buf[16] __attribute__((aligned(16)));
	unsigned long ld_ctr, st_ctr, v32, v16;
	struct sbiret r;

	/* counters 3..24: the hpm counters cannot take it, a firmware one will */
	r = sbi_pmu_counter_config_matching(3, 0x3fffff, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
		       PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_MISALIGNED_LOAD), 0);
	CHECK(!r.error, "MISALIGNED_LOAD on firmware counter %lu", r.uvalue);
	ld_ctr = r.uvalue;
	r = sbi_pmu_counter_config_matching(3, 0x3fffff, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
		       PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_MISALIGNED_STORE), 0);
	CHECK(!r.error, "MISALIGNED_STORE on firmware counter %lu", r.uvalue);
	st_ctr = r.uvalue;

	for (unsigned i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)(0x10 + i);
	/* lw from +1 and lhu from +3: two misaligned loads from S-mode. */
	__asm__ volatile("lw %0, 1(%2)\n\tlhu %1, 3(%2)" : "=&r"(v32), "=&r"(v16) : "r"(buf) : "memory");
	CHECK((uint32_t)v32 == 0x14131211u && v16 == 0x1413,
	      "misaligned lw +1 = 0x%lx, lhu +3 = 0x%lx (emulated)", v32, v16);
	/* sw to +5 and sh to +11: two misaligned stores. */
	__asm__ volatile("sw %0, 5(%2)\n\tsh %1, 11(%2)" :: "r"(0xa1b2c3d4UL), "r"(0xe5f6UL), "r"(buf)
			 : "memory");
	CHECK(buf[4] == 0x14 && buf[5] == 0xd4 && buf[6] == 0xc3 && buf[7] == 0xb2 && buf[8] == 0xa1 &&
	      buf[9] == 0x19 && buf[11] == 0xf6 && buf[12] == 0xe5 && buf[13] == 0x1d,
	      "misaligned sw +5 and sh +11 wrote exactly their bytes (emulated)");
	r = sbi_pmu_counter_fw_read(ld_ctr);
	CHECK(!r.error && r.uvalue == 2, "MISALIGNED_LOAD counted %lu (2 loads)", r.uvalue);
	r = sbi_pmu_counter_fw_read(st_ctr);
	CHECK(!r.error && r.uvalue == 2, "MISALIGNED_STORE counted %lu (2 stores)", r.uvalue);
	sbi_pmu_counter_stop(ld_ctr, 1, PMU_STOP_RESET);
	sbi_pmu_counter_stop(st_ctr, 1, PMU_STOP_RESET);
}

/* ---- FWFT: misaligned loads delegated to S-mode, or not ------------------ */

static volatile uint32_t mis[3] __attribute__((aligned(8))) = { 0x44332211, 0x88776655, 0 };

/* lw from mis + 1: misaligned, 0x55443322 in little-endian memory. */
static uint32_t misaligned_load(void)
{
	uint32_t v = 0;
	__asm__ volatile("lw %0, 0(%1)" : "+r"(v) : "r"((uintptr_t)mis + 1) : "memory");
	return v;
}

static void check_misaligned(bool delegated)
{
	unsigned long ctr = ext_fw_counter(PMU_FW_MISALIGNED_LOAD), before = ext_fw_read(ctr);
	uint32_t v;

	ext_catch_begin();
	v = misaligned_load();
	ext_catch_end();
	if (delegated)
		CHECK(ext_trap.n == 1 && ext_trap.cause == 4 && ext_trap.tval == (uintptr_t)mis + 1 &&
		      ext_fw_read(ctr) == before,
		      "FWFT delegated: S-mode took the misaligned load (traps %lu cause %lu), "
		      "firmware counter +%lu", ext_trap.n, ext_trap.cause, ext_fw_read(ctr) - before);
	else
		CHECK(ext_trap.n == 0 && v == 0x55443322u && ext_fw_read(ctr) == before + 1,
		      "FWFT not delegated: emulated (0x%lx, S-mode traps %lu), firmware counter +%lu",
		      (unsigned long)v, ext_trap.n, ext_fw_read(ctr) - before);
	ext_fw_release(ctr);
}

/*
 * A misaligned access the mode may not make: into the firmware's region,
 * which PMP closes to S-mode. CVA6 checks PMP before alignment: the
 * hardware raises the access fault itself (cause 5 for the store too,
 * and tval 0: docs/boards/cva6.md), so the firmware's misaligned paths
 * never see it. The fault goes to S-mode through the slow path, counted
 * as ACCESS_LOAD once and as no misaligned event. (Whether the
 * emulation's own fault handling, for an access that starts in memory
 * the mode may use and crosses into memory it may not, is exact is
 * checked on the host: tests/host/misaligned; fast_misaligned.S gives such a trap
 * to that C path as it came.)
 */
static void misaligned_fault(void)
{
	unsigned long lctr = ext_fw_counter(PMU_FW_MISALIGNED_LOAD), l0 = ext_fw_read(lctr);
	unsigned long sctr = ext_fw_counter(PMU_FW_MISALIGNED_STORE), s0 = ext_fw_read(sctr);
	unsigned long actr = ext_fw_counter(PMU_FW_ACCESS_LOAD), a0 = ext_fw_read(actr);
	uintptr_t fw = 0x80000000UL;   /* TALLY_FW_BASE: the PMP region's start */
	unsigned long v = 0x5a5a;

	ext_catch_begin();
	__asm__ volatile(".option push\n\t.option norvc\n\tlw %0, 1(%1)\n\t.option pop"
			 : "+r"(v) : "r"(fw) : "memory");
	ext_catch_end();
	CHECK(ext_trap.n == 1 && ext_trap.cause == 5 && v == 0x5a5a &&
	      ext_fw_read(lctr) == l0 && ext_fw_read(actr) == a0 + 1,
	      "misaligned lw into PMP: load access fault to S-mode (traps %lu cause %lu tval 0x%lx), "
	      "rd untouched, MISALIGNED_LOAD +%lu, ACCESS_LOAD +%lu", ext_trap.n, ext_trap.cause,
	      ext_trap.tval, ext_fw_read(lctr) - l0, ext_fw_read(actr) - a0);
	ext_catch_begin();
	__asm__ volatile(".option push\n\t.option norvc\n\tsw %0, 5(%1)\n\t.option pop"
			 :: "r"(v), "r"(fw) : "memory");
	ext_catch_end();
	CHECK(ext_trap.n == 1 && (ext_trap.cause == 7 || ext_trap.cause == 5) &&
	      ext_fw_read(sctr) == s0,
	      "misaligned sw into PMP: access fault to S-mode (traps %lu cause %lu tval 0x%lx), "
	      "MISALIGNED_STORE +%lu", ext_trap.n, ext_trap.cause, ext_trap.tval,
	      ext_fw_read(sctr) - s0);
	ext_fw_release(lctr);
	ext_fw_release(sctr);
	ext_fw_release(actr);
}

/*
 * A misaligned access that starts in a page S-mode may use and crosses
 * into one it may not (not mapped: S-mode's own page table, Sv39 / Sv32,
 * the rest identity): CVA6 traps it as misaligned, the firmware's
 * emulation meets the fault at the page's first byte and S-mode gets
 * the page fault, with stval that byte's address (priv spec 3.1.16), rd
 * untouched, and the misaligned event counted once. And a misaligned
 * load into x0 and store of x0 (the register tables' first entries):
 * ra untouched, zeros stored.
 */
#define PTE_V 1UL
#define PTE_RW (2UL | 4UL)
#define PTE_RWX (2UL | 4UL | 8UL)
#define PTE_AD (64UL | 128UL)
#define PTES (4096 / sizeof(unsigned long))
#define CROSS_VA 0x40000000UL   /* a region the payload has no use for */
static unsigned long pt_root[PTES] __attribute__((aligned(4096)));
static unsigned long pt_l0[PTES] __attribute__((aligned(4096)));
#if __riscv_xlen == 64
static unsigned long pt_l1[PTES] __attribute__((aligned(4096)));
#endif
static volatile uint8_t pg[4096] __attribute__((aligned(4096)));

static unsigned long pte_to(const volatile void *p, unsigned long flags)
{
	return ((uintptr_t)p >> 12) << 10 | flags;
}

/* satp: VA CROSS_VA's first page onto pg, its second not mapped, the rest identity. */
static void paging_on(void)
{
#if __riscv_xlen == 64
	for (unsigned long i = 0; i < 4; i++)   /* 1 GiB leaves: 0..4 GiB */
		pt_root[i] = (i << 30 >> 12) << 10 | PTE_V | PTE_RWX | PTE_AD;
	pt_root[CROSS_VA >> 30] = pte_to(pt_l1, PTE_V);
	pt_l1[0] = pte_to(pt_l0, PTE_V);
	unsigned long satp = 8UL << 60 | (uintptr_t)pt_root >> 12;
#else
	for (unsigned long i = 0; i < PTES; i++)   /* 4 MiB leaves */
		pt_root[i] = (i << 22 >> 12) << 10 | PTE_V | PTE_RWX | PTE_AD;
	pt_root[CROSS_VA >> 22] = pte_to(pt_l0, PTE_V);
	unsigned long satp = 1UL << 31 | (uintptr_t)pt_root >> 12;
#endif
	pt_l0[0] = pte_to(pg, PTE_V | PTE_RW | PTE_AD);
	pt_l0[1] = 0;
	__asm__ volatile("sfence.vma\n\tcsrw satp, %0\n\tsfence.vma" :: "r"(satp) : "memory");
}

static void paging_off(void)
{
	__asm__ volatile("csrw satp, zero\n\tsfence.vma" ::: "memory");
}

static void misaligned_cross(void)
{
	unsigned long lctr = ext_fw_counter(PMU_FW_MISALIGNED_LOAD), l0 = ext_fw_read(lctr);
	unsigned long sctr = ext_fw_counter(PMU_FW_MISALIGNED_STORE), s0 = ext_fw_read(sctr);
	uintptr_t va = CROSS_VA + 4096 - 2;   /* 2 bytes in the page, 2 past it */
	unsigned long v = 0x5a5a, ra_after, t;
	struct ext_trap lt, st;

	for (unsigned i = 0; i < sizeof(pg); i++)
		pg[i] = (uint8_t)i;
	paging_on();
	ext_catch_begin();
	__asm__ volatile(".option push\n\t.option norvc\n\tlw %0, 0(%1)\n\t.option pop"
			 : "+r"(v) : "r"(va) : "memory");
	ext_catch_end();
	lt = ext_trap;
	ext_catch_begin();
	__asm__ volatile(".option push\n\t.option norvc\n\tsw %0, 0(%1)\n\t.option pop"
			 :: "r"(0xa1b2c3d4UL), "r"(va) : "memory");
	ext_catch_end();
	st = ext_trap;
	paging_off();
	CHECK(lt.n == 1 && lt.cause == 13 && lt.tval == CROSS_VA + 4096 && v == 0x5a5a &&
	      ext_fw_read(lctr) == l0 + 1,
	      "misaligned lw across into an unmapped page: load page fault to S-mode (traps %lu "
	      "cause %lu tval 0x%lx), rd untouched (0x%lx), MISALIGNED_LOAD +%lu", lt.n, lt.cause,
	      lt.tval, v, ext_fw_read(lctr) - l0);
	CHECK(st.n == 1 && st.cause == 15 && st.tval == CROSS_VA + 4096 &&
	      ext_fw_read(sctr) == s0 + 1,
	      "misaligned sw across into an unmapped page: store page fault to S-mode (traps %lu "
	      "cause %lu tval 0x%lx), MISALIGNED_STORE +%lu", st.n, st.cause, st.tval,
	      ext_fw_read(sctr) - s0);

	/* rd = x0: the load happens (counted), nothing is written; rs2 = x0 stores zeros. */
	__asm__ volatile("mv %1, ra\n\tli ra, 0x1234\n\t"
			 ".option push\n\t.option norvc\n\tlw x0, 1(%2)\n\t.option pop\n\t"
			 "mv %0, ra\n\tmv ra, %1"
			 : "=&r"(ra_after), "=&r"(t) : "r"(pg) : "memory");
	CHECK(ra_after == 0x1234 && ext_fw_read(lctr) == l0 + 2,
	      "misaligned lw into x0: ra untouched (0x%lx), MISALIGNED_LOAD +%lu", ra_after,
	      ext_fw_read(lctr) - l0);
	__asm__ volatile(".option push\n\t.option norvc\n\tsw x0, 5(%0)\n\t.option pop"
			 :: "r"(pg) : "memory");
	CHECK(pg[4] == 4 && pg[5] == 0 && pg[6] == 0 && pg[7] == 0 && pg[8] == 0 && pg[9] == 9 &&
	      ext_fw_read(sctr) == s0 + 2,
	      "misaligned sw of x0: 4 zero bytes at +5, none around, MISALIGNED_STORE +%lu",
	      ext_fw_read(sctr) - s0);
	ext_fw_release(lctr);
	ext_fw_release(sctr);
}

static void fwft(void)
{
	struct sbiret r;

	/* What the S-mode extensions find on this core (facts for docs/extensions.md). */
	printf("# DBTR: %lu triggers (%lu mcontrol, %lu mcontrol6)\n",
	       sbi_ecall(SBI_EXT_DBTR, 0, 0, 0, 0, 0, 0, 0).uvalue,
	       sbi_ecall(SBI_EXT_DBTR, 0, 2UL << (__riscv_xlen - 4), 0, 0, 0, 0, 0).uvalue,
	       sbi_ecall(SBI_EXT_DBTR, 0, 6UL << (__riscv_xlen - 4), 0, 0, 0, 0, 0).uvalue);
	for (unsigned long f = 0; f < 6; f++)
		printf("# FWFT feature %lu: %s\n", f,
		       sbi_ecall(SBI_EXT_FWFT, 1, f, 0, 0, 0, 0, 0).error ? "not supported" : "supported");
	check_misaligned(false);
	r = sbi_ecall(SBI_EXT_FWFT, 0, 0, 1, 0, 0, 0, 0);
	CHECK(!r.error, "FWFT set(MISALIGNED_EXC_DELEG, 1): %ld", r.error);
	check_misaligned(true);
	r = sbi_ecall(SBI_EXT_FWFT, 0, 0, 0, 0, 0, 0, 0);
	CHECK(!r.error, "FWFT set(MISALIGNED_EXC_DELEG, 0): %ld", r.error);
	check_misaligned(false);
}

/* ---- counter widths, and rv32's hpmcounter3h ----------------------------- */

static void widths(void)
{
	for (unsigned c = 3; c <= 8; c++) {
#if __riscv_xlen == 32
		/* hpmcounter3h reads something else than mhpmcounter3h at this
		 * CVA6 commit: the boot probe finds it and reports 32 bits. */
		unsigned want_w = c == 3 ? 32 : 64;
#else
		unsigned want_w = 64;
#endif
		CHECK(hpm_width(c) == want_w, "counter %u: %u bits wide (want %u)", c, hpm_width(c), want_w);
	}
#if __riscv_xlen == 32
	/* Set the high halves of counters 3 and 4 (stopped, an event that
	 * never fires in S-mode here: floating point) and read them back. */
	struct sbiret r;
	unsigned long h3, h4;

	for (unsigned c = 3; c <= 4; c++) {
		r = sbi_pmu_counter_config_matching(c, 1, PMU_CFG_CLEAR_VALUE, RAW, 21);
		CHECK(!r.error && r.uvalue == c, "raw 21 on counter %u", c);
		sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0x500000007ULL);
		sbi_pmu_counter_stop(c, 1, 0);
	}
	__asm__ volatile("csrr %0, hpmcounter3h\n\tcsrr %1, hpmcounter4h" : "=r"(h3), "=r"(h4));
	CHECK(h4 == 5 && read_hpm(4) == 0x500000007ULL,
	      "counter 4 (64 bits): init 0x500000007 reads back whole (hpmcounter4h = 0x%lx)", h4);
	CHECK(read_hpm(3) == 7, "counter 3 (32 bits): its low half reads back (7; hpmcounter3h 0x%lx "
	      "is not used)", h3);
	sbi_pmu_counter_stop(3, 3, PMU_STOP_RESET);
#endif
}

int main(unsigned long hartid, unsigned long fdt)
{
	(void)hartid; (void)fdt;
	printf("cva6 RTL check, rv%u\n", (unsigned)__riscv_xlen);
	/*
	 * The first slot: 3 KiB past the window's own code modulo 8 KiB, so
	 * the set every new line falls in is not one the window's code uses
	 * (for any way size from 2 to 8 KiB).
	 */
	imiss_next = (unsigned long)cold_code +
		     ((((unsigned long)w_imiss + 3072 - (unsigned long)cold_code) % IMISS_STRIDE) & ~63UL);
	widths();
	stopped_stays();
	for (unsigned w = 0; w < W_COUNT; w++)
		for (unsigned g = 0; g < GROUPS; g++)
			measure_group(w, g);
	misaligned();
	misaligned_fault();
	misaligned_cross();
	fwft();
	timer();
	finish();
}

/* One iteration of each workload, as window.S has it:
 *   mem    ld/lw t1; sd/sw t1; addi; bnez                    4 instructions
 *   ctrl   jal ra; j; ret; auipc+addi (la); jr t1; bltz (never taken);
 *          addi; bnez                                          9
 *   exc    csrr time (traps: the firmware emulates it); addi; bnez
 *   ecall  an SBI call, get_spec_version (only printed: where its cycles go)
 *   dmiss  load from a new line; addi a2; addi; bnez           4
 *   imiss  jalr t0 to a new code line, `jr t0` there; add a2; addi; bnez  5
 * The loop's bnez exit mispredicts once per window: it cancels. */
#define ZERO(why) { 0, 0, why }
#define SAME(n, why) { n, n, why }
const struct want want[W_COUNT][E_COUNT + 1] = {
	[W_MEM] = {
		[E_LOAD]    = SAME(16, "one load"),
		[E_STORE]   = SAME(16, "one store"),
		[E_BRANCH]  = SAME(16, "bnez"),
		[E_CALL]    = ZERO("no jal/jalr writing ra or t0"),
		[E_RET]     = ZERO("no jalr writing x0"),
		[E_INT]     = SAME(16, "addi: loads, stores, branches are not integer ALU ops"),
		[E_COUNT]   = SAME(64, "4 instructions"),
		[E_EXC]     = ZERO("no trap"),
		[E_ERET]    = ZERO("no trap"),
		[E_MISPRED] = ZERO("the loop branch is predicted taken once warm"),
		[E_IFEMPTY] = ZERO("a warm I-cache keeps issue fed"),
		[E_STALL]   = { 32, 64, "the store waits for the load's data: 2 cycles rv64, 4 rv32" },
		[E_DACC]    = { 16, 32, "rv64's WT L1D counts 1 request per ld+sd, rv32's HPDcache 2" },
		[E_DMISS]   = ZERO("the word stays cached"),
		[E_IMISS]   = ZERO("warm code"),
		[E_IACC]    = SAME(80, "5 fetch requests per 12-byte iteration"),
		[E_DTLB]    = ZERO("bare mode (satp = 0): no translation"),
		[E_ITLB]    = ZERO("bare mode (satp = 0): no translation"),
		[E_SBFULL]  = ZERO("4 instructions never fill the scoreboard"),
	},
	[W_CTRL] = {
		[E_LOAD]    = ZERO("no load"),
		[E_STORE]   = ZERO("no store"),
		[E_BRANCH]  = SAME(96, "jal, j, ret, jr, bltz, bnez: event 9 counts jumps too"),
		[E_CALL]    = SAME(16, "jal ra (j writes x0: not a call)"),
		[E_RET]     = SAME(32, "ret and jr t1: every jalr writing x0 counts"),
		[E_INT]     = SAME(48, "auipc, addi (la) and the loop's addi"),
		[E_COUNT]   = SAME(144, "9 instructions"),
		[E_EXC]     = ZERO("no trap"),
		[E_ERET]    = ZERO("no trap"),
		[E_MISPRED] = ZERO("every target predicted once warm"),
		[E_IFEMPTY] = SAME(80, "one empty cycle after each of the 5 taken transfers"),
		[E_STALL]   = ZERO("no operand waits on a load"),
		[E_DACC]    = ZERO("no data access"),
		[E_DMISS]   = ZERO("no data access"),
		[E_IMISS]   = ZERO("warm code"),
		[E_IACC]    = SAME(224, "14 fetch requests: fetch restarts at each taken transfer"),
		[E_DTLB]    = ZERO("bare mode"),
		[E_ITLB]    = ZERO("bare mode"),
		[E_SBFULL]  = ZERO("never full"),
	},
	[W_EXC] = {
		[E_EXC]     = SAME(16, "rdtime raises an illegal-instruction exception"),
		[E_ERET]    = SAME(16, "the firmware's mret after emulating it"),
		[E_LOAD] = { NONE, NONE, "firmware" }, [E_STORE] = { NONE, NONE, "firmware" },
		[E_BRANCH] = { NONE, NONE, "firmware" }, [E_CALL] = { NONE, NONE, "firmware" },
		[E_RET] = { NONE, NONE, "firmware" }, [E_INT] = { NONE, NONE, "firmware" },
		[E_COUNT] = { NONE, NONE, "firmware" }, [E_MISPRED] = { NONE, NONE, "firmware" },
		[E_IFEMPTY] = { NONE, NONE, "firmware" }, [E_STALL] = { NONE, NONE, "firmware" },
		[E_DACC] = { NONE, NONE, "firmware" }, [E_DMISS] = { NONE, NONE, "firmware" },
		[E_IMISS] = { NONE, NONE, "firmware" }, [E_IACC] = { NONE, NONE, "firmware" },
		[E_DTLB] = ZERO("bare mode, M-mode too"), [E_ITLB] = ZERO("bare mode, M-mode too"),
		[E_SBFULL] = { NONE, NONE, "firmware" },
	},
	/* Printed for docs/benchmark.md (why = 0); the core fixes only these: */
	[W_ECALL] = {
		[E_EXC]     = SAME(16, "ecall is an exception"),
		[E_ERET]    = SAME(16, "the firmware's mret"),
		[E_DTLB]    = ZERO("bare mode, M-mode too"),
		[E_ITLB]    = ZERO("bare mode, M-mode too"),
	},
	[W_DMISS] = {
		[E_LOAD]    = SAME(16, "one load"),
		[E_STORE]   = ZERO("no store"),
		[E_BRANCH]  = SAME(16, "bnez"),
		[E_CALL]    = ZERO("no call"),
		[E_RET]     = ZERO("no return"),
		[E_INT]     = SAME(32, "two addi"),
		[E_COUNT]   = SAME(64, "4 instructions"),
		[E_EXC]     = ZERO("no trap"),
		[E_ERET]    = ZERO("no trap"),
		[E_MISPRED] = ZERO("loop branch predicted"),
		[E_IFEMPTY] = ZERO("warm code"),
		[E_STALL]   = ZERO("nothing reads the loaded register"),
		[E_DACC]    = { 80, 24, "a missing load's request repeats: 5 per miss rv64, 1.5 rv32" },
		[E_DMISS]   = SAME(16, "every load is to a line never touched"),
		[E_IMISS]   = ZERO("warm code"),
		[E_IACC]    = SAME(80, "5 fetch requests per iteration"),
		[E_DTLB]    = ZERO("bare mode"),
		[E_ITLB]    = ZERO("bare mode"),
		[E_SBFULL]  = { 48, 32, "the miss holds the scoreboard: 3 cycles rv64, 2 rv32" },
	},
	[W_IMISS] = {
		[E_LOAD]    = ZERO("no load"),
		[E_STORE]   = ZERO("no store"),
		[E_BRANCH]  = SAME(48, "jalr, jr, bnez"),
		[E_CALL]    = SAME(16, "jalr t0: a jalr writing t0 (x5) is a call"),
		[E_RET]     = SAME(16, "jr t0: a jalr writing x0"),
		[E_INT]     = SAME(32, "add and addi"),
		[E_COUNT]   = SAME(80, "5 instructions"),
		[E_EXC]     = ZERO("no trap"),
		[E_ERET]    = ZERO("no trap"),
		[E_MISPRED] = SAME(32, "jalr to a target never seen, and its jr back"),
		[E_IFEMPTY] = SAME(208, "13 cycles waiting for each new line"),
		[E_STALL]   = ZERO("no operand waits"),
		[E_DACC]    = ZERO("no data access"),
		[E_DMISS]   = ZERO("no data access"),
		[E_IMISS]   = SAME(16, "each jalr lands on a line never fetched"),
		[E_IACC]    = SAME(320, "20 requests: the missing fetch is requested again"),
		[E_DTLB]    = ZERO("bare mode"),
		[E_ITLB]    = ZERO("bare mode"),
		[E_SBFULL]  = ZERO("never full"),
	},
};
