/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /init for Linux on the CVA6 model (scripts/linux-rtl.sh): perf stat, by
 * hand, through Linux's riscv_pmu_sbi and Tally's CVA6 backend. Each of
 * CVA6's events is counted around a workload made to provoke it, printed
 * the way `perf stat` prints it, and checked where the core's count is
 * known. Then two rounds of task switches (a pipe ping-pong), one with a
 * counted task, one without, between markers linux-rtl.py finds in the
 * instruction trace.
 * Workloads are small: the model runs about 20 k cycles a second.
 * It builds for rv64 (cv64a6) and rv32 (cv32a6); the rv32 differences are
 * under __riscv_xlen == 32, so the rv64 binary stays as it was.
 */
#include <stdint.h>

/* Text to /dev/kmsg: the testharness's UART has no interrupt (init-kmsg.h says why). */
static void kmsg_write(const char *s, long n);
#define INIT_WRITE(s, n) kmsg_write((s), (n))

#include "../init-lib.h"
#include "../init-kmsg.h"

#if __riscv_xlen == 32
/* GCC zeroes the perf_attr structures with a call on rv32; freestanding,
 * the program brings its own (volatile: or the loop becomes that call). */
void *memset(void *d, int c, unsigned long n);
void *memset(void *d, int c, unsigned long n)
{
	for (volatile unsigned char *p = d; n--; )
		*p++ = (unsigned char)c;
	return d;
}
#endif

static int passed, failed;
static volatile uint64_t sink;

static void check(int ok, const char *what)
{
	out(ok ? "ok - " : "FAIL - ");
	out(what);
	out("\n");
	if (ok) passed++; else failed++;
}

/* Right-aligned in 15 columns, with thousands separators, as perf prints. */
static void out_count(uint64_t v)
{
	char b[32];
	int i = 31, digits = 0;
	b[i] = 0;
	do {
		if (digits && digits % 3 == 0)
			b[--i] = ',';
		b[--i] = (char)('0' + v % 10);
		v /= 10;
		digits++;
	} while (v);
	while (i > 31 - 15)
		b[--i] = ' ';
	out(b + i);
}

struct reading { uint64_t value, enabled, running; int opened; long err; };

/* Count one event on this task around work(); time_running 0 means the
 * firmware gave it no counter (Linux asks only when it schedules the event). */
static struct reading count(uint32_t type, uint64_t config, void (*work)(long), long n)
{
	struct perf_attr a = { .type = type, .size = sizeof(a), .config = config, .flags = 1,
			       .read_format = 3 /* TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING */ };
	struct reading r = { 0, 0, 0, 0, 0 };
	long fd = sys(SYS_perf_event_open, (long)&a, 0, -1, -1, 0);

	if (fd < 0) {
		r.err = -fd;
		return r;
	}
	r.opened = 1;
	sys(SYS_ioctl, fd, IOC_RESET, 0, 0, 0);
	sys(SYS_ioctl, fd, IOC_ENABLE, 0, 0, 0);
	work(n);
	sys(SYS_ioctl, fd, IOC_DISABLE, 0, 0, 0);
	if (sys(SYS_read, fd, (long)&r, 24, 0, 0) != 24)
		r.running = 0;
	sys(SYS_close, fd, 0, 0, 0, 0);
	return r;
}

/*
 * rv32 only, so that rv64's binary stays as it was: a reading of 2^40 or
 * more is no count of these workloads (a whole boot is under 2^27 cycles)
 * but a 64-bit counter read wrong, and a check on it fails, not passes.
 */
#if __riscv_xlen == 32
#define PLAUSIBLE(r) ((r).value < (1ull << 40))
#else
#define PLAUSIBLE(r) 1
#endif

static void show(struct reading r, const char *name, const char *note)
{
	if (!r.opened)
		out("  <not supported>");
	else if (!r.running)
		out("    <not counted>");
	else {
		out("  ");
		out_count(r.value);
	}
	out("      ");
	out(name);
	out("    # ");
	out(note);
	out("\n");
	if (r.running && !PLAUSIBLE(r)) {
		out("# ");
		out(name);
		out(": 2^40 or more, no count of this workload: the counter was read wrong\n");
	}
}

/* ---- workloads, each in asm so the compiler cannot change its counts ---- */

/* A register-wide load and store: the loads and stores checks count one a
 * loop, whatever their width. */
#if __riscv_xlen == 32
#define LDX "lw"
#define STX "sw"
#else
#define LDX "ld"
#define STX "sd"
#endif

/* n iterations of 4 instructions: addi, add, nop, bnez. */
static void w_spin(long n)
{
	long acc = 0;
	if (n)
		__asm__ volatile("1: addi %0, %0, -1\n add %1, %1, %0\n nop\n bnez %0, 1b"
				 : "+r"(n), "+r"(acc));
	sink = (uint64_t)acc;
}

static uint64_t cell[8];

/* n iterations of one ld (lw on rv32; always the same cached line). */
static void w_loads(long n)
{
	long acc = 0;
	if (n)
		__asm__ volatile("1: " LDX " t0, 0(%2)\n add %1, %1, t0\n addi %0, %0, -1\n bnez %0, 1b"
				 : "+r"(n), "+r"(acc) : "r"(cell) : "t0", "memory");
	sink = (uint64_t)acc;
}

/* n iterations of one sd (sw on rv32). */
static void w_stores(long n)
{
	if (n)
		__asm__ volatile("1: " STX " %0, 0(%1)\n addi %0, %0, -1\n bnez %0, 1b"
				 : "+r"(n) : "r"(cell) : "memory");
}

/* 64 pages, written once before (no page faults inside the window). */
#define BIG (64 * 4096)
static uint8_t big[BIG] __attribute__((aligned(4096)));
static uint8_t flush[BIG] __attribute__((aligned(4096)));

/* One load per 64 bytes over 256 KiB after 256 KiB of others: every one a
 * line the 32 KiB data cache has dropped. n is the number of loads. */
static void w_dmiss(long n)
{
	long acc = 0;
	for (long i = 0; i < BIG; i += 64)
		acc += ((volatile uint8_t *)flush)[i];
	for (long i = 0; i < n * 64; i += 64)
		acc += ((volatile uint8_t *)big)[i % BIG];
	sink = (uint64_t)acc;
}

/*
 * One load per page over 256 pages. CVA6's event 4 is the shared TLB's
 * dtlb_miss_o: the walker's start, gated by the D-TLB still signalling its
 * miss in that same cycle. On cv64a6 the two met for 3 of 256 walks, so
 * the core undercounts by design and the check asks only that it counts.
 */
#define TLB_PAGES 256
static uint8_t tlb_pages[TLB_PAGES * 4096] __attribute__((aligned(4096)));

static void w_pages(long n)
{
	long acc = 0;
	for (long i = 0; i < n; i++)
		acc += ((volatile uint8_t *)tlb_pages)[(i % TLB_PAGES) * 4096];
	sink = (uint64_t)acc;
}

/* 128 KiB of straight-line code: 8x the instruction cache, over 32 pages,
 * twice the entries of the instruction TLB. */
extern void straight(void);
__asm__(".pushsection .text.straight, \"ax\"\n .balign 4096\n straight:\n"
	" .rept 32768\n addi x0, x0, 0\n .endr\n ret\n .popsection");
static void w_imiss(long n)
{
	for (long i = 0; i < n; i++)
		straight();
}

/* A branch on a pseudo-random bit, n times: about half mispredicted. In
 * asm, so the compiler cannot make it branchless. */
static void w_random_branches(long n)
{
	uint64_t x = 0x9e3779b97f4a7c15ull, taken = 0;
	for (long i = 0; i < n; i++) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		__asm__ volatile("andi t0, %1, 1\n beqz t0, 1f\n addi %0, %0, 1\n1:"
				 : "+r"(taken) : "r"((unsigned long)x) : "t0");
	}
	sink = taken;
}

/* n system calls: n exceptions (ecall from U-mode) and n sret. */
static void w_syscalls(long n)
{
	for (long i = 0; i < n; i++)
		sys(SYS_getppid, 0, 0, 0, 0, 0);
}

/* ---- checks ---- */

/* A count against what the workload provably does, less the count of the
 * same code with n = 0 (the enable and disable paths around it). */
static void known(uint32_t type, uint64_t config, void (*w)(long), long n, uint64_t per,
		  uint64_t slack, const char *name, const char *note, const char *what)
{
	struct reading z = count(type, config, w, 0), r = count(type, config, w, n);
	uint64_t want = (uint64_t)n * per, got = r.value - z.value;

	show(r, name, note);
	out("# ");
	out(name);
	out(": ");
	out_num(got);
	out(" over the empty run (");
	out_num(z.value);
	out("), want ");
	out_num(want);
	out(" + at most ");
	out_num(slack);
	out("\n");
	check(r.running && z.running && PLAUSIBLE(r) && r.value >= z.value && got >= want &&
	      got <= want + slack,
	      what);
}

static void at_least(uint32_t type, uint64_t config, void (*w)(long), long n, uint64_t lo,
		     const char *name, const char *note, const char *what)
{
	struct reading r = count(type, config, w, n);
	show(r, name, note);
	check(r.running && PLAUSIBLE(r) && r.value >= lo, what);
}

/* A raw count between lo and hi. Used where an empty run's count is not
 * a baseline: its window catches ticks the measured one may not. */
static void within(uint32_t type, uint64_t config, void (*w)(long), long n, uint64_t lo,
		   uint64_t hi, const char *name, const char *note, const char *what)
{
	struct reading r = count(type, config, w, n);
	show(r, name, note);
	check(r.running && PLAUSIBLE(r) && r.value >= lo && r.value <= hi, what);
}

/*
 * An event the core has none for is never shown as 0. Linux 6.1 opens it
 * and never gets it a counter; 6.12 asked the firmware for each at boot
 * (pmu_sbi_check_std_events) and refuses to open it, with ENOENT.
 */
static void not_counted(uint32_t type, uint64_t config, const char *name, const char *what)
{
	struct reading r = count(type, config, w_spin, 100);
	show(r, name, "no CVA6 event: never shown as 0");
	check(r.opened ? !r.running : r.err == 2 /* ENOENT */, what);
}

/* ---- task switches (linux-rtl.py counts M-mode cycles between the markers) ---- */

#define ROUND_TRIPS 40   /* 80 task switches a round */

__attribute__((noinline)) void rtl_mark_counted_begin(void) { __asm__ volatile(""); }
__attribute__((noinline)) void rtl_mark_counted_end(void) { __asm__ volatile(""); }
__attribute__((noinline)) void rtl_mark_plain_begin(void) { __asm__ volatile(""); }
__attribute__((noinline)) void rtl_mark_plain_end(void) { __asm__ volatile(""); }

/*
 * A byte over a pipe and back, between this task and a child: each read
 * blocks until the other task has run, so every round trip is exactly two
 * switches on the one CPU (sched_yield does not promise one).
 */
struct pingpong { int ping[2], pong[2]; long pid; };

static int pingpong_start(struct pingpong *p)
{
	char c = 0;
	if (sys(SYS_pipe2, (long)p->ping, 0, 0, 0, 0) || sys(SYS_pipe2, (long)p->pong, 0, 0, 0, 0))
		return 0;
	p->pid = sys(SYS_clone, 17 /* SIGCHLD */, 0, 0, 0, 0);
	if (p->pid == 0) {
		for (int i = 0; i < ROUND_TRIPS + 1; i++) {
			sys(SYS_read, p->ping[0], (long)&c, 1, 0, 0);
			sys(SYS_write, p->pong[1], (long)&c, 1, 0, 0);
		}
		sys(SYS_exit, 0, 0, 0, 0, 0);
	}
	return p->pid > 0;
}

/* n round trips; returns how many came back. */
static int pingpong(struct pingpong *p, int n)
{
	char c = 'x';
	int back = 0;
	for (int i = 0; i < n; i++) {
		sys(SYS_write, p->ping[1], (long)&c, 1, 0, 0);
		back += sys(SYS_read, p->pong[0], (long)&c, 1, 0, 0) == 1;
	}
	return back;
}

static void pingpong_end(struct pingpong *p)
{
#if __riscv_xlen == 32
	/* rv32 Linux has no wait4 (it is a time32 call): waitid(P_PID, pid,
	 * &info, WEXITED), info a siginfo's 128 bytes. */
	uint32_t info[32];
	sys(95 /* SYS_waitid */, 1, p->pid, (long)info, 4, 0);
#else
	int status;
	sys(SYS_wait4, p->pid, (long)&status, 0, 0, 0);
#endif
	for (int i = 0; i < 2; i++) {
		sys(SYS_close, p->ping[i], 0, 0, 0, 0);
		sys(SYS_close, p->pong[i], 0, 0, 0, 0);
	}
}

static void task_switches(void)
{
	struct perf_attr a = { .type = PERF_TYPE_HARDWARE, .size = sizeof(a), .config = 1 };
	struct perf_attr c = { .type = PERF_TYPE_HARDWARE, .size = sizeof(c), .config = 0 };
	struct pingpong p;
	uint64_t insns = 0;
	long fd1, fd2;
	int ok, back;

	/* Counted: this task has two counters running; every switch out and in
	 * stops and starts them through the firmware. */
	fd1 = sys(SYS_perf_event_open, (long)&a, 0, -1, -1, 0);
	fd2 = sys(SYS_perf_event_open, (long)&c, 0, -1, -1, 0);
	ok = pingpong_start(&p) && pingpong(&p, 1) == 1;   /* the child is running */
	rtl_mark_counted_begin();
	back = pingpong(&p, ROUND_TRIPS);
	rtl_mark_counted_end();
	pingpong_end(&p);
	sys(SYS_read, fd1, (long)&insns, 8, 0, 0);
	sys(SYS_close, fd1, 0, 0, 0, 0);
	sys(SYS_close, fd2, 0, 0, 0, 0);
	check(ok && fd1 >= 0 && fd2 >= 0 && back == ROUND_TRIPS && insns > 0,
	      "task switches with a counted task (its counters ran)");

	ok = pingpong_start(&p) && pingpong(&p, 1) == 1;
	rtl_mark_plain_begin();
	back = pingpong(&p, ROUND_TRIPS);
	rtl_mark_plain_end();
	pingpong_end(&p);
	check(ok && back == ROUND_TRIPS, "task switches with no counter");
	out("# task switches: ");
	out_num(2 * ROUND_TRIPS);
	out(" a round (");
	out_num(ROUND_TRIPS);
	out(" pipe round trips with a child)\n");
}

static uint64_t rdtime(void)
{
#if __riscv_xlen == 32
	/* The high half again after the low: a carry between the reads shows. */
	uint32_t hi, lo, hi2;
	do {
		__asm__ volatile("rdtimeh %0\n rdtime %1\n rdtimeh %2" : "=r"(hi), "=r"(lo), "=r"(hi2));
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
#else
	uint64_t t;
	__asm__ volatile("rdtime %0" : "=r"(t));
	return t;
#endif
}

void _start(void)
{
	/* On the testharness mtime is the core's cycle count / 4 from reset. */
	uint64_t t0 = rdtime();

	kmsg_open();

	out("\nrtl-init: perf stat on CVA6, through the firmware's SBI PMU; time at /init ");
	out_num(t0);
	out("\n");
	for (long i = 0; i < BIG; i += 4096) {   /* no page faults in the windows */
		big[i] = 1;
		flush[i] = 1;
	}
	for (long i = 0; i < TLB_PAGES; i++)
		tlb_pages[i * 4096] = 1;
	w_imiss(1);

	out("\n Performance counter stats (each line its own workload):\n\n");
	/* The slack is a timer tick's worth: one may fall in a window. */
	known(PERF_TYPE_HARDWARE, 1, w_spin, 20000, 4, 25000, "instructions",
	      "20,000 x 4-instruction loop", "instructions of a known loop");
	at_least(PERF_TYPE_HARDWARE, 0, w_spin, 20000, 20000, "cycles",
		 "the same loop", "cycles: at least one per iteration");
	known(PERF_TYPE_HW_CACHE, CACHE(0, 0, 0), w_loads, 10000, 1, 5000, "L1-dcache-loads",
	      "10,000 x " LDX " (CVA6 event 5)", "loads of a known loop");
	known(PERF_TYPE_HW_CACHE, CACHE(0, 1, 0), w_stores, 10000, 1, 5000, "L1-dcache-stores",
	      "10,000 x " STX " (event 6)", "stores of a known loop");
	at_least(PERF_TYPE_HW_CACHE, CACHE(0, 0, 1), w_dmiss, 4096, 2048, "L1-dcache-load-misses",
		 "4,096 loads of dropped lines (event 2)", "L1-D misses: at least half the loads");
	at_least(PERF_TYPE_HW_CACHE, CACHE(1, 0, 1), w_imiss, 2, 1024, "L1-icache-load-misses",
		 "128 KiB of code, twice (event 1)", "L1-I misses running 8x the I-cache");
	within(PERF_TYPE_HW_CACHE, CACHE(3, 0, 1), w_pages, 2 * TLB_PAGES, 1, 2 * TLB_PAGES,
	       "dTLB-load-misses", "512 loads over 256 pages (event 4)",
	       "D-TLB misses: counted, at most one per load (the core undercounts)");
	at_least(PERF_TYPE_HW_CACHE, CACHE(4, 0, 1), w_imiss, 2, 32, "iTLB-load-misses",
		 "128 KiB of code over 32 pages, twice (event 3)", "I-TLB misses over 32 code pages");
	at_least(PERF_TYPE_HARDWARE, 4, w_random_branches, 2000, 2000, "branch-instructions",
		 "2,000 iterations (event 9)", "branches: at least one per iteration");
	at_least(PERF_TYPE_HARDWARE, 5, w_random_branches, 2000, 400, "branch-misses",
		 "2,000 random branches (event 10)", "branch mispredicts on random bits");
	known(PERF_TYPE_RAW, 7, w_syscalls, 200, 1, 100, "r7 (exceptions)",
	      "200 getppid() (event 7)", "exceptions: one per system call");
	within(PERF_TYPE_RAW, 8, w_syscalls, 200, 200, 300, "r8 (exception returns)",
	       "200 getppid() (event 8)", "exception returns: one per system call, raw");
	not_counted(PERF_TYPE_HARDWARE, 2, "cache-references", "cache-references: not counted");
	not_counted(PERF_TYPE_HARDWARE, 3, "cache-misses", "cache-misses: not counted");
	not_counted(PERF_TYPE_HARDWARE, 6, "bus-cycles", "bus-cycles: not counted");
	not_counted(PERF_TYPE_HARDWARE, 9, "ref-cycles", "ref-cycles: not counted");
	out("\n");

	task_switches();
	finish(passed, failed);
}
