/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /init for scripts/linux-stat.py: a static, libc-free riscv64 program that
 * counts perf events around the workloads named on the kernel command line
 * (after "--", so they reach init's argv) and prints one machine-readable
 * line per event; the script turns them into perf-stat-like output.
 *
 *   /init [-a] [-n CPUS] [--cva6] WORKLOAD ARG [WORKLOAD ARG ...]
 *
 *   -a        count on every CPU (perf stat -a), not only this task
 *   -n CPUS   how many CPUs there are (with -a)
 *   --cva6    the hardware events CVA6 offers, not QEMU's
 *
 * Workloads: spin N, pages N, syscalls N, sleep MS, misaligned N, rdtime N.
 *
 * Lines printed (each on its own line, '@' first):
 *   @run I WORKLOAD ARG ELAPSED_NS
 *   @ev I NAME CONFIG_HEX COUNT TIME_ENABLED TIME_RUNNING ERRNO
 *   @fail MESSAGE
 *   @done N
 * then power-off through reboot(2) (-> SBI SRST).
 */
#include <stdint.h>

#include "init-lib.h"

#define PR_TASK_PERF_EVENTS_DISABLE 31
#define PR_TASK_PERF_EVENTS_ENABLE 32

#define FW(code) ((1ULL << 63) | (code))   /* Linux 6.1: raw bit 63 = SBI firmware event */

struct event { uint32_t type; uint64_t config; const char *name; };

/*
 * Only events the preset can count: Linux schedules a task's or CPU's
 * events in the order opened and stops at the first that gets no counter,
 * so one refused event would keep every later one off its counter.
 *
 * The events QEMU counts on its virt machine (docs/pmu.md).
 */
static const struct event qemu_events[] = {
	{ PERF_TYPE_HARDWARE, 0, "cycles" },
	{ PERF_TYPE_HARDWARE, 1, "instructions" },
	{ PERF_TYPE_HW_CACHE, CACHE(3, 0, 1), "dTLB-load-misses" },
	{ PERF_TYPE_HW_CACHE, CACHE(3, 1, 1), "dTLB-store-misses" },
	{ PERF_TYPE_HW_CACHE, CACHE(4, 0, 1), "iTLB-load-misses" },
};

/* CVA6's (docs/boards/cva6.md): six, one per hpm counter. */
static const struct event cva6_events[] = {
	{ PERF_TYPE_HARDWARE, 0, "cycles" },
	{ PERF_TYPE_HARDWARE, 1, "instructions" },
	{ PERF_TYPE_HARDWARE, 4, "branches" },
	{ PERF_TYPE_HARDWARE, 5, "branch-misses" },
	{ PERF_TYPE_HW_CACHE, CACHE(0, 0, 1), "L1-dcache-load-misses" },
	{ PERF_TYPE_HW_CACHE, CACHE(1, 0, 1), "L1-icache-load-misses" },
	{ PERF_TYPE_HW_CACHE, CACHE(3, 0, 1), "dTLB-load-misses" },
	{ PERF_TYPE_HW_CACHE, CACHE(4, 0, 1), "iTLB-load-misses" },
};

/* SBI firmware events (SBI spec table 6): no more than Tally's 16 firmware counters. */
static const struct event fw_events[] = {
	{ PERF_TYPE_RAW, FW(0), "fw:MISALIGNED_LOAD" },
	{ PERF_TYPE_RAW, FW(1), "fw:MISALIGNED_STORE" },
	{ PERF_TYPE_RAW, FW(2), "fw:ACCESS_LOAD" },
	{ PERF_TYPE_RAW, FW(3), "fw:ACCESS_STORE" },
	{ PERF_TYPE_RAW, FW(4), "fw:ILLEGAL_INSN" },
	{ PERF_TYPE_RAW, FW(5), "fw:SET_TIMER" },
	{ PERF_TYPE_RAW, FW(6), "fw:IPI_SENT" },
	{ PERF_TYPE_RAW, FW(7), "fw:IPI_RECEIVED" },
	{ PERF_TYPE_RAW, FW(8), "fw:FENCE_I_SENT" },
	{ PERF_TYPE_RAW, FW(9), "fw:FENCE_I_RECEIVED" },
	{ PERF_TYPE_RAW, FW(10), "fw:SFENCE_VMA_SENT" },
	{ PERF_TYPE_RAW, FW(11), "fw:SFENCE_VMA_RECEIVED" },
	{ PERF_TYPE_RAW, FW(12), "fw:SFENCE_VMA_ASID_SENT" },
	{ PERF_TYPE_RAW, FW(13), "fw:SFENCE_VMA_ASID_RECEIVED" },
};

#define MAX_EVENTS 24
#define MAX_CPUS 8

static void out_hex(uint64_t v)
{
	char b[20];
	int i = 19;
	b[i] = 0;
	do { b[--i] = "0123456789abcdef"[v & 15]; v >>= 4; } while (v);
	out(b + i);
}

static int streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* A decimal argument; -1 when it is not one. */
static long num(const char *s)
{
	long v = 0;
	if (!s || !*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 100000000000L)
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v;
}

static void __attribute__((noreturn)) fail(const char *what, const char *arg)
{
	out("@fail ");
	out(what);
	if (arg) {
		out(" ");
		out(arg);
	}
	out("\n");
	sys(SYS_reboot, (long)0xfee1dead, 672274793, 0x4321fedc /* POWER_OFF */, 0, 0);
	for (;;)
		;
}

static uint64_t now_ns(void)
{
	long ts[2] = { 0, 0 };
	sys(SYS_clock_gettime, 1 /* CLOCK_MONOTONIC */, (long)ts, 0, 0, 0);
	return (uint64_t)ts[0] * 1000000000ULL + (uint64_t)ts[1];
}

/* ---- workloads: each returns 0, or a message saying what failed ---- */

static volatile uint64_t sink;

/* n iterations of 4 instructions (addi, add, nop, bnez): 4n instructions. */
static const char *w_spin(long n)
{
	long acc = 0;
	if (n > 0)
		__asm__ volatile("1: addi %0, %0, -1\n add %1, %1, %0\n nop\n bnez %0, 1b"
				 : "+r"(n), "+r"(acc));
	sink = (uint64_t)acc;
	return 0;
}

/* Map n fresh pages, write one byte in each, read them back, unmap: page faults, TLB misses. */
static const char *w_pages(long n)
{
	long len = n * 4096;
	if (n <= 0)
		return 0;
	long m = sys6(SYS_mmap, 0, len, 3 /* RW */, 0x22 /* PRIVATE|ANONYMOUS */, -1, 0);
	if ((unsigned long)m >= -4096UL)
		return "mmap failed";
	volatile uint8_t *p = (volatile uint8_t *)m;
	for (long i = 0; i < len; i += 4096)
		p[i] = (uint8_t)i;
	for (long i = 0; i < len; i += 4096)
		sink += p[i];
	sys(SYS_munmap, m, len, 0, 0, 0);
	return 0;
}

/* n getpid() calls: n U-mode ecalls into Linux (none reaches the firmware). */
static const char *w_syscalls(long n)
{
	for (long i = 0; i < n; i++)
		sink += (uint64_t)sys(SYS_getpid, 0, 0, 0, 0, 0);
	return 0;
}

/* Sleep ms milliseconds: Linux programs its timer (SBI set_timer without Sstc). */
static const char *w_sleep(long ms)
{
	long ts[2] = { ms / 1000, (ms % 1000) * 1000000 };
	if (sys(SYS_nanosleep, (long)ts, 0, 0, 0, 0) != 0)
		return "nanosleep failed";
	return 0;
}

/* n 8-byte loads from an address 1 past an 8-byte boundary. */
static const char *w_misaligned(long n)
{
	static uint64_t buf[4] = { 0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL };
	const volatile uint8_t *p = (const volatile uint8_t *)buf + 1;
	for (long i = 0; i < n; i++) {
		uint64_t x;
		__asm__ volatile("ld %0, 0(%1)" : "=r"(x) : "r"(p) : "memory");
		if (x != 0x0807060504030201ULL)
			return "misaligned load read the wrong bytes";
	}
	return 0;
}

/* n reads of the time CSR from U-mode (emulated by the firmware where the core has none). */
static const char *w_rdtime(long n)
{
	uint64_t t = 0;
	for (long i = 0; i < n; i++) {
		uint64_t x;
		__asm__ volatile("rdtime %0" : "=r"(x));
		t ^= x;
	}
	sink = t;
	return 0;
}

static const struct { const char *name; const char *(*run)(long); } workloads[] = {
	{ "spin", w_spin }, { "pages", w_pages }, { "syscalls", w_syscalls },
	{ "sleep", w_sleep }, { "misaligned", w_misaligned }, { "rdtime", w_rdtime },
};

/* ---- counting ---- */

static const struct event *events[MAX_EVENTS];
static unsigned nevents;
static long fds[MAX_EVENTS][MAX_CPUS];
static long open_errno[MAX_EVENTS];

static void open_all(int all_cpus, long ncpus)
{
	for (unsigned e = 0; e < nevents; e++) {
		open_errno[e] = 0;
		for (long c = 0; c < ncpus; c++) {
			struct perf_attr a = { .type = events[e]->type, .size = sizeof(a),
					       .config = events[e]->config, .flags = 1 /* disabled */,
					       .read_format = 3 /* TOTAL_TIME_ENABLED | RUNNING */ };
			long fd = sys(SYS_perf_event_open, (long)&a, all_cpus ? -1 : 0,
				      all_cpus ? c : -1, -1, 0);
			fds[e][c] = fd;
			if (fd < 0)
				open_errno[e] = -fd;
		}
	}
}

static void ioctl_all(long ncpus, long req)
{
	for (unsigned e = 0; e < nevents; e++)
		for (long c = 0; c < ncpus; c++)
			if (fds[e][c] >= 0)
				sys(SYS_ioctl, fds[e][c], req, 0, 0, 0);
}

static void report(long run, long ncpus)
{
	for (unsigned e = 0; e < nevents; e++) {
		uint64_t sum[3] = { 0, 0, 0 };
		for (long c = 0; c < ncpus; c++) {
			uint64_t v[3] = { 0, 0, 0 };
			if (fds[e][c] < 0)
				continue;
			if (sys(SYS_read, fds[e][c], (long)v, sizeof(v), 0, 0) != sizeof(v))
				fail("read of a perf event failed:", events[e]->name);
			sys(SYS_close, fds[e][c], 0, 0, 0, 0);
			for (int i = 0; i < 3; i++)
				sum[i] += v[i];
		}
		out("@ev ");
		out_num((uint64_t)run);
		out(" ");
		out(events[e]->name);
		out(" ");
		out_hex(events[e]->config);
		for (int i = 0; i < 3; i++) {
			out(" ");
			out_num(sum[i]);
		}
		out(" ");
		out_num((uint64_t)open_errno[e]);
		out("\n");
	}
}

void __attribute__((noreturn, used)) start_c(long *sp);
void start_c(long *sp)
{
	long argc = sp[0];
	char **argv = (char **)(sp + 1);
	int all_cpus = 0, cva6 = 0;
	long ncpus = 1, i = 1, runs = 0;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (streq(argv[i], "-a"))
			all_cpus = 1;
		else if (streq(argv[i], "--cva6"))
			cva6 = 1;
		else if (streq(argv[i], "-n") && i + 1 < argc)
			ncpus = num(argv[++i]);
		else
			fail("unknown option", argv[i]);
	}
	if (ncpus < 1 || ncpus > MAX_CPUS)
		fail("-n: CPUs must be 1 to 8", 0);
	if (!all_cpus)
		ncpus = 1;

	const struct event *hw = cva6 ? cva6_events : qemu_events;
	unsigned nhw = cva6 ? sizeof(cva6_events) / sizeof(cva6_events[0])
			    : sizeof(qemu_events) / sizeof(qemu_events[0]);
	for (unsigned e = 0; e < nhw; e++)
		events[nevents++] = &hw[e];
	for (unsigned e = 0; e < sizeof(fw_events) / sizeof(fw_events[0]); e++)
		events[nevents++] = &fw_events[e];

	if (i >= argc)
		fail("no workload named", 0);
	out("\nstat-init: counting through Linux perf, i.e. Tally's SBI PMU\n");
	for (; i < argc; i += 2) {
		const char *(*run)(long) = 0;
		for (unsigned w = 0; w < sizeof(workloads) / sizeof(workloads[0]); w++)
			if (streq(argv[i], workloads[w].name))
				run = workloads[w].run;
		if (!run)
			fail("unknown workload", argv[i]);
		long arg = i + 1 < argc ? num(argv[i + 1]) : -1;
		if (arg < 0)
			fail("workload needs a number:", argv[i]);

		open_all(all_cpus, ncpus);
		ioctl_all(ncpus, IOC_RESET);
		/* One call enables every event this task opened, in the order opened. */
		uint64_t t0 = now_ns();
		sys(SYS_prctl, PR_TASK_PERF_EVENTS_ENABLE, 0, 0, 0, 0);
		const char *err = run(arg);
		sys(SYS_prctl, PR_TASK_PERF_EVENTS_DISABLE, 0, 0, 0, 0);
		uint64_t t1 = now_ns();
		if (err)
			fail(argv[i], err);
		out("@run ");
		out_num((uint64_t)runs);
		out(" ");
		out(argv[i]);
		out(" ");
		out(argv[i + 1]);
		out(" ");
		out_num(t1 - t0);
		out("\n");
		report(runs, ncpus);
		runs++;
	}
	out("@done ");
	out_num((uint64_t)runs);
	out("\n");
	sys(SYS_reboot, (long)0xfee1dead, 672274793, 0x4321fedc /* POWER_OFF */, 0, 0);
	for (;;)
		;
}

/* The kernel starts init with sp at argc, argv[], NULL, envp[]: hand sp to C. */
__asm__(".globl _start\n_start:\n\tmv a0, sp\n\tj start_c\n");
