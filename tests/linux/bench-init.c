/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * /init for the Linux-level benchmark (scripts/bench-linux.py): what perf
 * costs a context switch. A static, libc-free riscv64 program, like
 * perf-init.c.
 *
 * Two tasks, pinned to CPU 0 and both SCHED_FIFO at the same priority,
 * play ping-pong over two pipes. Neither preempts the other (SCHED_FIFO
 * only preempts for a higher priority), so a switch happens exactly when a
 * task blocks in read(): two switches per round trip. Under
 * `qemu -icount shift=0` virtual time advances 1 ns per instruction in
 * every mode (U, S and M), so CLOCK_MONOTONIC around ROUNDS round trips,
 * divided by 2 * ROUNDS, is the number of instructions one switch costs,
 * the firmware's included.
 *
 * Modes (each repeated REPEATS times):
 *   control  no perf event
 *   one      the child counts itself with a {cycles, instructions} group
 *   both     parent and child each count themselves with such a group
 *   fw       the child's group also holds a firmware event (SET_TIMER)
 * Each perf event is a task event (pid 0, cpu -1), so Linux's riscv_pmu_sbi
 * gives its counter back at every switch out (counter_stop, then
 * counter_stop(RESET)) and asks for one at every switch in
 * (counter_config_matching, then counter_start): the calls being measured.
 *
 * Parameters come from the kernel command line (Linux hands unknown
 * name=value words to init as its environment): rounds= (round trips per
 * repeat), repeats=, warmup= (round trips before the clock starts),
 * modes= (comma-separated), wait=1 (before the first mode, wait for a line
 * on the console: scripts/bench-linux.py turns QEMU's execution log on
 * then, so the log holds the benchmark and not the boot).
 *
 * Output, one line per repeat, read by scripts/bench-linux.py:
 *   bench-linux: mode M repeat R switches S ns T counts C1 C2 ...
 * and "ok -"/"FAIL -" lines for the checks (every perf_event_open
 * succeeded, each group counted all the time it was enabled, its cycles
 * and instructions are not zero), then "N passed, M failed", then power-off.
 */
#include <stdint.h>

#include "init-lib.h"

/* The kernel enters with sp at argc, argv[], NULL, envp[], NULL. */
__asm__(".globl _start\n_start:\n mv a0, sp\n j start_c\n");

static int passed, failed;

static void check(int ok, const char *mode, const char *what)
{
	out(ok ? "ok - " : "FAIL - ");
	out(mode);
	out(": ");
	out(what);
	out("\n");
	if (ok) passed++; else failed++;
}

static int streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* "name=value" in envp -> value, or 0. */
static const char *getenv_(char **envp, const char *name)
{
	for (; *envp; envp++) {
		const char *e = *envp, *n = name;
		while (*n && *e == *n)
			e++, n++;
		if (!*n && *e == '=')
			return e + 1;
	}
	return 0;
}

static long num(char **envp, const char *name, long dflt)
{
	const char *s = getenv_(envp, name);
	long v = 0;
	if (!s || !*s)
		return dflt;
	for (; *s >= '0' && *s <= '9'; s++)
		v = v * 10 + (*s - '0');
	return v;
}

#define PERF_COUNT_HW_CPU_CYCLES 0
#define PERF_COUNT_HW_INSTRUCTIONS 1
/*
 * Linux 6.1's riscv_pmu_sbi (pmu_sbi_event_map): a raw config with bit 63
 * set is a firmware event, its code in the low 16 bits (event_idx =
 * type 15 << 16 | code). Code 5 is SBI_PMU_FW_SET_TIMER.
 */
#define FW_EVENT_SET_TIMER ((1ULL << 63) | 5)
/* Group read: nr, time_enabled, time_running, then one value per event. */
#define READ_FORMAT (1 /* TOTAL_TIME_ENABLED */ | 2 /* TOTAL_TIME_RUNNING */ | 8 /* GROUP */)
#define MAX_EVENTS 3

/* flags 0: enabled, so counting starts at open; user and kernel both counted. */
static long open_counter(uint32_t type, uint64_t config, long group)
{
	struct perf_attr a = { .type = type, .size = sizeof(a), .config = config,
			       .read_format = READ_FORMAT };
	return sys(SYS_perf_event_open, (long)&a, 0 /* this task */, -1 /* any CPU */, group, 0);
}

/* What one task's group counted, sent from the child to the parent over the pipe. */
struct group {
	long nopen;                   /* events asked for */
	long fd[MAX_EVENTS];          /* their fds (< 0: the open failed) */
	uint64_t nr, enabled, running, value[MAX_EVENTS];
};

/* Open {cycles, instructions} (+ the firmware event) counting this task. */
static void group_open(struct group *g, int with_fw)
{
	g->nopen = with_fw ? 3 : 2;
	g->fd[0] = open_counter(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, -1);
	g->fd[1] = open_counter(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, g->fd[0]);
	if (with_fw)
		g->fd[2] = open_counter(PERF_TYPE_RAW, FW_EVENT_SET_TIMER, g->fd[0]);
}

static void group_read(struct group *g)
{
	uint64_t buf[3 + MAX_EVENTS] = { 0 };
	if (g->fd[0] >= 0)
		sys(SYS_read, g->fd[0], (long)buf, sizeof(buf), 0, 0);
	g->nr = buf[0];
	g->enabled = buf[1];
	g->running = buf[2];
	for (int i = 0; i < MAX_EVENTS; i++)
		g->value[i] = buf[3 + i];
}

static void group_close(struct group *g)
{
	for (long i = g->nopen - 1; i >= 0; i--)
		if (g->fd[i] >= 0)
			sys(SYS_close, g->fd[i], 0, 0, 0, 0);
}

/* The checks on one group: it opened, it read back, it never left its counters. */
static void group_check(struct group *g, const char *mode, const char *who)
{
	int opened = 1;
	for (long i = 0; i < g->nopen; i++)
		opened &= g->fd[i] >= 0;
	out("# "); out(who); out(" group: nr "); out_num(g->nr);
	out(" enabled "); out_num(g->enabled); out(" running "); out_num(g->running);
	for (long i = 0; i < g->nopen; i++) { out(" "); out_num(g->value[i]); }
	out("\n");
	check(opened, mode, who[0] == 'c' ? "child: every perf_event_open succeeded"
					  : "parent: every perf_event_open succeeded");
	check(opened && g->nr == (uint64_t)g->nopen && g->running > 0 && g->running == g->enabled,
	      mode, "the group was on its counters all the time it was enabled");
	check(g->value[0] > 0 && g->value[1] > 0, mode, "cycles and instructions are not zero");
}

static uint64_t now_ns(void)
{
	long ts[2];
	sys(SYS_clock_gettime, 1 /* CLOCK_MONOTONIC */, (long)ts, 0, 0, 0);
	return (uint64_t)ts[0] * 1000000000u + (uint64_t)ts[1];
}

static void send(long fd)
{
	char c = 'x';
	sys(SYS_write, fd, (long)&c, 1, 0, 0);
}

static void receive(long fd)
{
	char c;
	sys(SYS_read, fd, (long)&c, 1, 0, 0);
}

/* One repeat of one mode: fork the child, time the ping-pong, print, check. */
static void one_repeat(const char *mode, long repeat, long rounds, long warmup)
{
	int child_counts = !streq(mode, "control");
	int parent_counts = streq(mode, "both");
	int with_fw = streq(mode, "fw");
	int ping[2], pong[2];
	struct group cg = { 0 }, pg = { 0 };

	if (sys(SYS_pipe2, (long)ping, 0, 0, 0, 0) || sys(SYS_pipe2, (long)pong, 0, 0, 0, 0)) {
		check(0, mode, "pipe2");
		return;
	}
	long pid = sys(SYS_clone, 17 /* SIGCHLD: a plain fork */, 0, 0, 0, 0);
	if (pid == 0) {
		/* The child: answer every ping, then send what it counted. */
		if (child_counts)
			group_open(&cg, with_fw);
		send(pong[1]);                        /* ready */
		for (long i = 0; i < warmup + rounds; i++) {
			receive(ping[0]);             /* blocks: switch to the parent */
			send(pong[1]);
		}
		if (child_counts)
			group_read(&cg);
		sys(SYS_write, pong[1], (long)&cg, sizeof(cg), 0, 0);
		sys(SYS_exit_group, 0, 0, 0, 0, 0);
	}
	if (pid < 0) {
		check(0, mode, "fork");
		return;
	}
	if (parent_counts)
		group_open(&pg, 0);
	receive(pong[0]);                             /* the child is ready */
	for (long i = 0; i < warmup; i++) {           /* first-touch page faults, COW */
		send(ping[1]);
		receive(pong[0]);
	}
	uint64_t t0 = now_ns();
	for (long i = 0; i < rounds; i++) {
		send(ping[1]);
		receive(pong[0]);                     /* blocks: switch to the child */
	}
	uint64_t t1 = now_ns();
	if (parent_counts)
		group_read(&pg);
	long got = sys(SYS_read, pong[0], (long)&cg, sizeof(cg), 0, 0);
	sys(SYS_wait4, pid, 0, 0, 0, 0);
	group_close(&pg);
	for (int i = 0; i < 2; i++) {
		sys(SYS_close, ping[i], 0, 0, 0, 0);
		sys(SYS_close, pong[i], 0, 0, 0, 0);
	}

	out("bench-linux: mode "); out(mode); out(" repeat "); out_num((uint64_t)repeat);
	out(" switches "); out_num(2 * (uint64_t)rounds); out(" ns "); out_num(t1 - t0);
	out(" counts");
	for (long i = 0; i < cg.nopen; i++) { out(" "); out_num(cg.value[i]); }
	for (long i = 0; i < pg.nopen; i++) { out(" "); out_num(pg.value[i]); }
	out("\n");
	if (repeat == 0) {          /* the checks once per mode: they do not change */
		check(got == (long)sizeof(cg), mode, "the child reported back");
		if (child_counts)
			group_check(&cg, mode, "child");
		if (parent_counts)
			group_check(&pg, mode, "parent");
	}
}

void start_c(long *sp)
{
	char **envp = (char **)(sp + 1 + sp[0] + 1);
	long rounds = num(envp, "rounds", 2000), repeats = num(envp, "repeats", 5);
	long warmup = num(envp, "warmup", 16);
	const char *modes = getenv_(envp, "modes");
	if (!modes)
		modes = "control,one,both,fw";

	out("\nbench-linux: pipe ping-pong, 2 tasks on CPU 0, SCHED_FIFO; rounds ");
	out_num((uint64_t)rounds); out(" repeats "); out_num((uint64_t)repeats);
	out(" warmup "); out_num((uint64_t)warmup); out("\n");

	unsigned long cpu0 = 1;
	long prio = 1;
	check(sys(SYS_sched_setaffinity, 0, sizeof(cpu0), (long)&cpu0, 0, 0) == 0, "setup",
	      "pinned to CPU 0");
	check(sys(SYS_sched_setscheduler, 0, 1 /* SCHED_FIFO */, (long)&prio, 0, 0) == 0, "setup",
	      "SCHED_FIFO");

	if (num(envp, "wait", 0)) {
		char c = 0;
		out("bench-linux: waiting for a line on the console\n");
		while (c != '\n' && sys(SYS_read, 0, (long)&c, 1, 0, 0) == 1)
			;
	}

	/* Each mode name in turn from "a,b,c". */
	for (const char *m = modes; *m;) {
		char name[16];
		int n = 0;
		while (*m && *m != ',' && n < 15)
			name[n++] = *m++;
		name[n] = 0;
		if (*m == ',')
			m++;
		if (!streq(name, "control") && !streq(name, "one") && !streq(name, "both") &&
		    !streq(name, "fw")) {
			check(0, name, "unknown mode");
			continue;
		}
		for (long r = 0; r < repeats; r++) {
			one_repeat(name, r, rounds, warmup);
			/*
			 * A short sleep between repeats keeps the SCHED_FIFO tasks
			 * under the RT throttle (95% of each second), which would
			 * otherwise stop them for 50 ms in the middle of a repeat.
			 */
			long ts[2] = { 0, 20 * 1000 * 1000 };
			sys(SYS_nanosleep, (long)ts, 0, 0, 0, 0);
		}
	}
	finish(passed, failed);
}
