/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /init for the Linux perf test: a static, libc-free riscv64 program that
 * opens perf events through Linux's riscv_pmu_sbi driver (which calls
 * Tally's SBI PMU extension), runs known workloads, checks the counts are
 * plausible, prints one line per check and "N passed, M failed", then
 * powers the machine off through reboot(2) (-> SBI SRST). The kernel
 * command line carries the hart count QEMU was given ("harts=N", which
 * Linux hands to /init as an environment variable): every one of those
 * CPUs must be online, and each must run this task and count for it.
 */
#include <stdint.h>

#include "init-lib.h"

static int passed, failed;

static void check(int ok, const char *what, uint64_t got)
{
	out(ok ? "ok - " : "FAIL - ");
	out(what);
	out(" (count ");
	out_num(got);
	out(")\n");
	if (ok) passed++; else failed++;
}

/* pid 0, cpu -1: this task wherever it runs; pid -1, cpu 0: all of CPU 0. */
static long open_event_on(uint32_t type, uint64_t config, long pid, long cpu)
{
	struct perf_attr a = { .type = type, .size = sizeof(a), .config = config, .flags = 1 };
	return sys(SYS_perf_event_open, (long)&a, pid, cpu, -1, 0);
}

static long open_event(uint32_t type, uint64_t config)
{
	return open_event_on(type, config, 0, -1);
}

static volatile uint64_t sink;
#ifndef CVA6_EVENTS
static volatile uint8_t pages[64 * 4096];   /* volatile: never written, or GCC folds the reads away */
#endif

/* A loop of exactly n iterations, 4 instructions each (addi, add, bnez + a nop). */
static void spin(long n)
{
	long acc = 0;
	__asm__ volatile("1: addi %0, %0, -1\n add %1, %1, %0\n nop\n bnez %0, 1b"
			 : "+r"(n), "+r"(acc));
	sink = (uint64_t)acc;
}

#ifndef CVA6_EVENTS   /* QEMU's DTLB event: the stand-in counts none of CVA6's */
static void touch_pages(void)
{
	for (int r = 0; r < 4; r++)
		for (unsigned i = 0; i < sizeof(pages); i += 4096)
			sink += pages[i];
}
#endif

static void nap(void)
{
	long ts[2] = { 0, 20 * 1000 * 1000 };   /* 20 ms, a few timer events */
	for (int i = 0; i < 5; i++)
		sys(SYS_nanosleep, (long)ts, 0, 0, 0, 0);
}

/* Count one event around a workload; returns -1 if it could not be opened. */
static long long measure_on(uint32_t type, uint64_t config, void (*work)(void), long pid, long cpu)
{
	uint64_t count = 0;
	long fd = open_event_on(type, config, pid, cpu);
	if (fd < 0)
		return -1;
	sys(SYS_ioctl, fd, IOC_RESET, 0, 0, 0);
	sys(SYS_ioctl, fd, IOC_ENABLE, 0, 0, 0);
	work();
	sys(SYS_ioctl, fd, IOC_DISABLE, 0, 0, 0);
	if (sys(SYS_read, fd, (long)&count, 8, 0, 0) != 8)
		return -1;
	return (long long)count;
}

static long long measure(uint32_t type, uint64_t config, void (*work)(void))
{
	return measure_on(type, config, work, 0, -1);
}

#define N 1000000
static void work_spin(void) { spin(N); }
/* A tenth of it, run once on every CPU: 64 of them stay cheap. */
#define N_SHORT 100000
static void work_spin_short(void) { spin(N_SHORT); }

#ifdef CVA6_EVENTS
/*
 * Did the event get a counter? Linux asks the firmware for one
 * (config_matching) only when the event is scheduled, not at open: an
 * event the firmware refuses opens, but never runs (time_running 0).
 * 1: it ran; 0: opened, never ran; -1: not even opened.
 */
static int ran(uint32_t type, uint64_t config)
{
	struct perf_attr a = { .type = type, .size = sizeof(a), .config = config, .flags = 1,
			       .read_format = 3 /* TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING */ };
	uint64_t v[3] = { 0, 0, 0 };
	long fd = sys(SYS_perf_event_open, (long)&a, 0, -1, -1, 0);
	if (fd < 0)
		return -1;
	sys(SYS_ioctl, fd, IOC_ENABLE, 0, 0, 0);
	spin(1000);
	sys(SYS_ioctl, fd, IOC_DISABLE, 0, 0, 0);
	long n = sys(SYS_read, fd, (long)v, sizeof(v), 0, 0);
	sys(SYS_close, fd, 0, 0, 0, 0);
	return n == sizeof(v) && v[2] > 0;
}

/*
 * The CVA6 stand-in (tally-qemu.bin: the cva6 backend on QEMU with six hpm
 * counters). QEMU counts none of CVA6's events, so this proves the
 * encoding, not the counting (the RTL check does that): every perf event
 * docs/boards/cva6.md lists gets a counter through Tally, and the ones it
 * leaves out do not.
 */
static void cva6_events(void)
{
	static const struct { uint32_t type; uint64_t config; int want; const char *what; } ev[] = {
		{ PERF_TYPE_HARDWARE, 4, 1, "branch-instructions runs (CVA6 event 9)" },
		{ PERF_TYPE_HARDWARE, 5, 1, "branch-misses runs (10)" },
		{ PERF_TYPE_HARDWARE, 7, 1, "stalled-cycles-frontend runs (15)" },
		{ PERF_TYPE_HARDWARE, 8, 1, "stalled-cycles-backend runs (22)" },
		{ PERF_TYPE_HARDWARE, 2, 0, "cache-references gets no counter (no last-level event)" },
		{ PERF_TYPE_HARDWARE, 3, 0, "cache-misses gets no counter" },
		{ PERF_TYPE_HARDWARE, 6, 0, "bus-cycles gets no counter" },
		{ PERF_TYPE_HARDWARE, 9, 0, "ref-cycles gets no counter" },
		{ PERF_TYPE_HW_CACHE, CACHE(0, 0, 0), 1, "L1-dcache-loads runs (5)" },
		{ PERF_TYPE_HW_CACHE, CACHE(0, 0, 1), 1, "L1-dcache-load-misses runs (2)" },
		{ PERF_TYPE_HW_CACHE, CACHE(0, 1, 0), 1, "L1-dcache-stores runs (6)" },
		{ PERF_TYPE_HW_CACHE, CACHE(0, 1, 1), 0, "L1-dcache-store-misses gets no counter" },
		{ PERF_TYPE_HW_CACHE, CACHE(1, 0, 0), 1, "L1-icache-loads runs (16)" },
		{ PERF_TYPE_HW_CACHE, CACHE(1, 0, 1), 1, "L1-icache-load-misses runs (1)" },
		{ PERF_TYPE_HW_CACHE, CACHE(3, 0, 1), 1, "dTLB-load-misses runs (4)" },
		{ PERF_TYPE_HW_CACHE, CACHE(4, 0, 1), 1, "iTLB-load-misses runs (3)" },
		{ PERF_TYPE_HW_CACHE, CACHE(5, 0, 0), 1, "branch-loads runs (9)" },
		{ PERF_TYPE_HW_CACHE, CACHE(5, 0, 1), 1, "branch-load-misses runs (10)" },
		{ PERF_TYPE_RAW, 0, 0, "r0 gets no counter (selector 0 counts nothing)" },
		{ PERF_TYPE_RAW, 0x17, 0, "r17 gets no counter (23..31 count nothing)" },
		{ PERF_TYPE_RAW, 0x21, 0, "r21 gets no counter (33 would count event 1)" },
	};
	unsigned ok = 0;

	for (unsigned i = 0; i < sizeof(ev) / sizeof(ev[0]); i++)
		check(ran(ev[i].type, ev[i].config) == ev[i].want, ev[i].what, (uint64_t)ev[i].want);
	/* r1 .. r16: the raw name is the CVA6 selector in hex, 1..22. */
	for (uint64_t sel = 1; sel <= 22; sel++)
		ok += ran(PERF_TYPE_RAW, sel) == 1;
	check(ok == 22, "r1..r16 (CVA6 selectors 1..22) each run", ok);
}
#endif

/* The CPUs of a mask: up to 512, the most QEMU's virt machine offers. */
#define MAX_CPUS 512
typedef struct { uint64_t w[MAX_CPUS / 64]; } cpumask;

/* The value of "harts=N" among the environment strings, or -1 without one. */
static long harts_asked(char **envp)
{
	for (; *envp; envp++) {
		const char *e = *envp, *k = "harts=";
		while (*k && *e == *k)
			e++, k++;
		if (*k)
			continue;
		long n = 0;
		while (*e >= '0' && *e <= '9')
			n = n * 10 + (*e++ - '0');
		return *e ? -1 : n;
	}
	return -1;
}

/*
 * Every hart came up, and each counts: the CPUs this task may run on are
 * the active ones (sched_getaffinity masks the affinity, all CPUs since
 * boot, with cpu_active_mask), so they must be exactly 0..harts-1. Then
 * the task moves to each in turn (sched_setaffinity migrates it before it
 * returns; getcpu proves it) and counts instructions and cycles of a short
 * loop there, with an event bound to this task on that CPU.
 */
static void every_cpu(long harts)
{
	cpumask on = { { 0 } };
	long n = 0, first_bad = -1, bad = 0;

	if (sys(SYS_sched_getaffinity, 0, sizeof(on), (long)&on, 0, 0) < 0)
		harts = -2;
	for (long cpu = 0; cpu < MAX_CPUS; cpu++)
		if (on.w[cpu / 64] >> (cpu % 64) & 1) {
			n++;
			if (cpu >= harts && first_bad < 0)
				first_bad = cpu;
		}
	check(harts > 0 && n == harts && first_bad < 0, "every hart is an online CPU (harts= on the command line)",
	      (uint64_t)n);
	for (long cpu = 0; cpu < n && cpu < MAX_CPUS; cpu++) {
		cpumask one = { { 0 } };
		unsigned now = ~0u;
		long long ins, cyc;
		one.w[cpu / 64] = 1ULL << (cpu % 64);
		sys(SYS_sched_setaffinity, 0, sizeof(one), (long)&one, 0, 0);
		sys(SYS_getcpu, (long)&now, 0, 0, 0, 0);
		ins = measure_on(PERF_TYPE_HARDWARE, 1, work_spin_short, 0, cpu);
		cyc = measure_on(PERF_TYPE_HARDWARE, 0, work_spin_short, 0, cpu);
		if (now != cpu || ins < 4LL * N_SHORT || ins >= 4LL * N_SHORT + 200000 ||
		    cyc < N_SHORT || cyc >= 4LL * N_SHORT * 50) {
			/* One line per CPU that fails, so a log says which and how. */
			out("# cpu ");
			out_num((uint64_t)cpu);
			out(": ran on ");
			out_num(now);
			out(", instructions ");
			out_num((uint64_t)ins);
			out(", cycles ");
			out_num((uint64_t)cyc);
			out("\n");
			bad++;
		}
	}
	check(n > 0 && bad == 0, "each CPU runs this task and counts its instructions and cycles", (uint64_t)(n - bad));
}

/*
 * The entry point: Linux starts /init with sp at argc, then argv[], a null,
 * envp[] and a null. A C function's prologue would move sp first, so a
 * two-instruction stub hands it over.
 */
__asm__(".globl _start\n_start:\n\tmv a0, sp\n\tj init_main\n");

void __attribute__((noreturn, used)) init_main(long *sp)
{
	long long c;
	long harts = harts_asked((char **)(sp + 1 + sp[0] + 1));
	cpumask all = { { 0 } }, cpu0 = { { 1 } };

	/*
	 * The checks before every_cpu() run on CPU 0 only, so that what each
	 * counts happens on one hart: QEMU 7.2 arms each CPU's overflow timer
	 * apart, and SET_TIMER is counted on CPU 0, where this task then
	 * sleeps. every_cpu() gets the whole set back.
	 */
	sys(SYS_sched_getaffinity, 0, sizeof(all), (long)&all, 0, 0);
	sys(SYS_sched_setaffinity, 0, sizeof(cpu0), (long)&cpu0, 0, 0);
	/*
	 * With more harts, first let the boot's last work end (Debian's kernel
	 * keeps a second CPU busy for about a second after /init starts). While
	 * it runs, QEMU 7.2 lets the sampling counter wrap with no overflow
	 * interrupt (docs/testing.md). Idle time is free under -icount.
	 */
	if (harts > 1) {
		long ts[2] = { 2, 0 };
		sys(SYS_nanosleep, (long)ts, 0, 0, 0, 0);
	}

	out("\nperf-init: Linux perf through Tally's SBI PMU\n");
	/*
	 * Sampling needs Sscofpmf's overflow interrupt (Linux refuses sampling
	 * events without it). Where it opens, the kernel must have written
	 * samples into the ring buffer: each one is an overflow interrupt that
	 * Tally delegated to S-mode, and a stop/start through SBI. One at
	 * least: with a snapshot area (6.12) Linux's restart after an overflow
	 * names no counter (docs/pmu.md, "Snapshots"). First, on
	 * fresh counters: QEMU 7.2 keeps a stale "overflow left" per counter
	 * once a value more than 2^63 ns from overflow was written (as every
	 * counting event does), and then delays that counter's overflows (here
	 * 160 bytes of samples instead of 640 when this runs last).
	 */
	{
		struct perf_attr a = { .type = PERF_TYPE_HARDWARE, .size = sizeof(a), .config = 1,
				       .sample_period = 100000, .sample_type = 1 /* IP */,
				       .flags = 1 };
		long fd = sys(SYS_perf_event_open, (long)&a, 0, -1, -1, 0);
		if (fd < 0) {
			out("# sampling not offered (no Sscofpmf)\n");
		} else {
			long m = sys6(SYS_mmap, 0, 3 * 4096, 3 /* RW */, 1 /* SHARED */, fd, 0);
			sys(SYS_ioctl, fd, IOC_ENABLE, 0, 0, 0);
			spin(N);
			sys(SYS_ioctl, fd, IOC_DISABLE, 0, 0, 0);
			/* mmap returns -errno (the top 4095 values) on failure */
			uint64_t head = (unsigned long)m < -4096UL ? *(volatile uint64_t *)(m + 1024) : 0;
			check(head > 0, "sampling: samples in the ring buffer (overflow interrupts)", head);
		}
	}

	/*
	 * Under -icount QEMU 7.2's instret is its virtual clock, which every
	 * hart advances: another CPU busy at the same time (a boot-time worker
	 * on Debian's kernel) adds its own instructions, never takes any away.
	 * The fewest of a few runs is the loop's own count.
	 */
	c = -1;
	for (int k = 0; k < 5; k++) {
		long long t = measure(PERF_TYPE_HARDWARE, 1 /* instructions */, work_spin);
		if (t >= 0 && (c < 0 || t < c))
			c = t;
	}
	check(c >= 4LL * N && c < 4LL * N + 200000, "instructions for a 4x1M-instruction loop (fewest of 5)", (uint64_t)c);
	c = measure(PERF_TYPE_HARDWARE, 0 /* cycles */, work_spin);
	check(c >= 4LL * N / 4 && c < 4LL * N * 50, "cycles for the same loop", (uint64_t)c);
	/*
	 * Firmware event SET_TIMER (raw config bit 63 = firmware event, code 5),
	 * counted on the whole CPU: while this task sleeps its own counters are
	 * stopped, and the timer is programmed in the idle task.
	 */
	c = measure_on(PERF_TYPE_RAW, (1ULL << 63) | 5, nap, -1, 0);
	check(c >= 1 && c < 100000, "firmware SET_TIMER events over 5 sleeps", (uint64_t)c);
	/* DTLB read misses (cache 3 = dTLB, op read, result miss) over 64 pages x4. */
#ifdef CVA6_EVENTS
	cva6_events();
#else
	c = measure(PERF_TYPE_HW_CACHE, 3 | (0 << 8) | (1 << 16), touch_pages);
	check(c >= 16 && c < 10000000, "dTLB read misses touching 64 pages", (uint64_t)c);
	c = measure(PERF_TYPE_RAW, 0x10019, touch_pages);
	check(c >= 16 && c < 10000000, "raw event 0x10019 (QEMU's DTLB read miss) touching 64 pages", (uint64_t)c);
#endif
	/* A stopped counter stays still: a second read after DISABLE. */
	{
		uint64_t a = 0, b = 0;
		long fd = open_event(PERF_TYPE_HARDWARE, 1);
		sys(SYS_ioctl, fd, IOC_ENABLE, 0, 0, 0);
		spin(1000);
		sys(SYS_ioctl, fd, IOC_DISABLE, 0, 0, 0);
		sys(SYS_read, fd, (long)&a, 8, 0, 0);
		spin(100000);
		sys(SYS_read, fd, (long)&b, 8, 0, 0);
		check(fd >= 0 && a > 0 && a == b, "a disabled counter does not move", b - a);
	}
	sys(SYS_sched_setaffinity, 0, sizeof(all), (long)&all, 0, 0);
	every_cpu(harts);
	finish(passed, failed);
}
