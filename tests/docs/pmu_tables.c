/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pmu_tables: print, for one core, which SBI event counts on which counter
 * with which selector, as the Markdown table docs/pmu.md carries.
 *
 * It asks the firmware's own code: the PMU core (src/cores/pmu/pmu.c) with
 * the core's backend (src/platform/...), booted on the host tests' fake
 * CSR file set up as that core. For every SBI event and every logical
 * hardware counter it calls config_matching on that one counter; where
 * that succeeds, the counter can count the event, and the fake mhpmevent
 * now holds the selector the backend chose. stop(RESET) releases the
 * counter again. Nothing here knows how a backend decides, so the table
 * stays true whatever the backend's internals look like.
 *
 * Built three times (tests/docs/CMakeLists.txt), once per backend:
 * PMU_TABLES_QEMU, PMU_TABLES_CVA6, PMU_TABLES_IBEX.
 *
 * `pmu_tables_cva6 --perf` prints the same answers by Linux perf event name
 * instead (docs/boards/cva6.md): every generic, cache and raw (rN) event
 * perf can ask for that Tally maps on CVA6, with what the selector counts
 * on the core (the RTL checks of tests/payload/cva6/rtl.c).
 */
#include <stdio.h>
#include <string.h>
#include "cores/pmu/pmu.h"
#include "fake_csr.h"           /* the host tests' (tests/host/fake/) */

#if defined(PMU_TABLES_CVA6)
#include "platform/cva6/pmu_cva6.h"
#define BACKEND pmu_cva6
#define CORE "cva6"
static void fake_setup(void) { fake_reset_cva6(); }
#elif defined(PMU_TABLES_IBEX)
#include "platform/ibex/pmu_ibex.h"
#define BACKEND pmu_ibex
#define CORE "ibex"
/* simple_system built as docs/boards/ibex.md says: 10 counters, 40 bits,
 * mhpmevent as the RTL reads it (1 << (N - 3)). */
static void fake_setup(void) { fake_reset_ibex(10, 40, FAKE_ENC_RTL); }
#elif defined(PMU_TABLES_QEMU)
extern const struct pmu_backend pmu_qemu;
#define BACKEND pmu_qemu
#define CORE "qemu"
static void fake_setup(void) { fake_reset_qemu(); }
#else
#error "define PMU_TABLES_CVA6, PMU_TABLES_IBEX or PMU_TABLES_QEMU"
#endif

static struct pmu_hart hart;
/* What the backend's probe finds: features.pmu in the firmware. */
static struct pmu_hw_info probed;

uintptr_t sbi_mem_window(uint64_t addr, uint64_t len, uint64_t *end) { *end = addr + len; return (uintptr_t)addr; }

static const char *const hw_names[] = {
	NULL, "CPU_CYCLES", "INSTRUCTIONS", "CACHE_REFERENCES", "CACHE_MISSES",
	"BRANCH_INSTRUCTIONS", "BRANCH_MISSES", "BUS_CYCLES",
	"STALLED_CYCLES_FRONTEND", "STALLED_CYCLES_BACKEND", "REF_CPU_CYCLES",
};
static const char *const cache_names[] = { "L1D", "L1I", "LL", "DTLB", "ITLB", "BPU", "NODE" };
static const char *const op_names[] = { "READ", "WRITE", "PREFETCH" };
static const char *const result_names[] = { "ACCESS", "MISS" };

/* The counter's CSR number (0 mcycle, 2 minstret, N mhpmcounterN), from get_info. */
static unsigned csr_of(unsigned long idx)
{
	return (unsigned)(pmu_counter_get_info(idx).value & 0xfff) - 0xc00;
}

static void counter_name(char *buf, size_t n, unsigned csr)
{
	if (csr == 0)
		snprintf(buf, n, "mcycle");
	else if (csr == 2)
		snprintf(buf, n, "minstret");
	else
		snprintf(buf, n, "mhpmcounter%u", csr);
}

/*
 * Which counters can count (event_idx, data), and with which selector.
 * Returns how many; csrs[] and sels[] get them in logical order.
 */
static unsigned probe(unsigned long event_idx, uint64_t data, unsigned *csrs, unsigned long *sels)
{
	unsigned n = 0, nhw = pmu_num_hw_counters();

	for (unsigned long idx = 0; idx < nhw; idx++) {
		if (idx == 1)
			continue;    /* time: never a PMU counter */
		struct sbiret r = pmu_config_matching(idx, 1, 0, event_idx, data, &hart);
		if (r.error)
			continue;
		if (r.value != idx) {
			fprintf(stderr, "pmu_tables: config_matching(%lu, 1) chose counter %lu\n", idx, r.value);
			continue;
		}
		unsigned csr = csr_of(idx);
		csrs[n] = csr;
		sels[n] = csr >= 3 ? csr_read_event(csr) : 0;
		n++;
		r = pmu_counter_stop(idx, 1, PMU_STOP_RESET, &hart);
		if (r.error && r.error != SBI_ERR_ALREADY_STOPPED)
			fprintf(stderr, "pmu_tables: stop(%lu, RESET) failed: %ld\n", idx, r.error);
	}
	return n;
}

/* "mhpmcounter3-8" for a run of consecutive hpm counters, "mcycle", ... */
static void counters_text(char *buf, size_t len, const unsigned *csrs, unsigned n)
{
	size_t at = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < n;) {
		unsigned j = i;
		while (j + 1 < n && csrs[j + 1] == csrs[j] + 1 && csrs[i] >= 3)
			j++;
		char name[24];
		counter_name(name, sizeof(name), csrs[i]);
		if (j > i + 1 || (j == i + 1 && csrs[i] >= 3))
			at += (size_t)snprintf(buf + at, len - at, "%s%s-%u", at ? ", " : "", name, csrs[j]);
		else
			at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? ", " : "", name);
		i = j + 1;
	}
}

/* The selectors of the hpm counters: one value if they agree. */
static void selectors_text(char *buf, size_t len, const unsigned *csrs,
			   const unsigned long *sels, unsigned n)
{
	size_t at = 0;
	bool same = true, any = false;
	unsigned long first = 0;

	for (unsigned i = 0; i < n; i++) {
		if (csrs[i] < 3)
			continue;
		if (!any)
			first = sels[i];
		same &= sels[i] == first;
		any = true;
	}
	if (!any) {
		snprintf(buf, len, "(fixed counter)");
		return;
	}
	if (same) {
		snprintf(buf, len, "0x%lx", first);
		return;
	}
	buf[0] = 0;
	for (unsigned i = 0; i < n; i++)
		if (csrs[i] >= 3)
			at += (size_t)snprintf(buf + at, len - at, "%s%u: 0x%lx", at ? ", " : "",
					       csrs[i], sels[i]);
}

static void row(const char *name, unsigned long event_idx)
{
	unsigned csrs[PMU_MAX_HW_COUNTERS];
	unsigned long sels[PMU_MAX_HW_COUNTERS];
	char ctrs[512], sel[512];
	unsigned n = probe(event_idx, 0, csrs, sels);

	if (!n)
		return;
	counters_text(ctrs, sizeof(ctrs), csrs, n);
	selectors_text(sel, sizeof(sel), csrs, sels, n);
	printf("| %s | 0x%05lx | %s | %s |\n", name, event_idx, ctrs, sel);
}

/*
 * Raw events (type 2 or 3): which event_data values are accepted, among
 * 0..63 and every power of two below 2^48, summarised as ranges, and where.
 */
static void raw_row(unsigned type)
{
	static const uint64_t extra_shifts = 48;
	uint64_t tried[64 + 48];
	bool ok[64 + 48];
	unsigned t = 0;
	unsigned csrs[PMU_MAX_HW_COUNTERS];
	unsigned long sels[PMU_MAX_HW_COUNTERS];
	unsigned where_csrs[PMU_MAX_HW_COUNTERS], nwhere = 0;
	bool sel_is_data = true;

	for (uint64_t d = 0; d < 64; d++)
		tried[t++] = d;
	for (uint64_t s = 6; s < extra_shifts; s++)
		tried[t++] = 1ULL << s;
	for (unsigned i = 0; i < t; i++) {
		unsigned n = probe(PMU_EVENT_IDX(type, 0), tried[i], csrs, sels);
		ok[i] = n > 0;
		for (unsigned k = 0; k < n; k++) {
			sel_is_data &= sels[k] == (unsigned long)tried[i];
			bool seen = false;
			for (unsigned w = 0; w < nwhere; w++)
				seen |= where_csrs[w] == csrs[k];
			if (!seen && nwhere < PMU_MAX_HW_COUNTERS)
				where_csrs[nwhere++] = csrs[k];
		}
	}
	if (!nwhere) {
		printf("| raw (type %u) | 0x%x0000 | none | |\n", type, type);
		return;
	}
	/* sort the counters seen */
	for (unsigned a = 0; a < nwhere; a++)
		for (unsigned b = a + 1; b < nwhere; b++)
			if (where_csrs[b] < where_csrs[a]) {
				unsigned x = where_csrs[a]; where_csrs[a] = where_csrs[b]; where_csrs[b] = x;
			}
	char data[512], ctrs[512];
	size_t at = 0;
	data[0] = 0;
	for (unsigned i = 0; i < 64;) {
		if (!ok[i]) { i++; continue; }
		unsigned j = i;
		while (j + 1 < 64 && ok[j + 1])
			j++;
		if (j > i)
			at += (size_t)snprintf(data + at, sizeof(data) - at, "%s%u-%u", at ? ", " : "", i, j);
		else
			at += (size_t)snprintf(data + at, sizeof(data) - at, "%s%u", at ? ", " : "", i);
		i = j + 1;
	}
	unsigned hi_ok = 0, hi_max = 0;
	for (unsigned i = 64; i < t; i++)
		if (ok[i]) {
			hi_ok++;
			hi_max = (unsigned)__builtin_ctzll(tried[i]);
		}
	if (hi_ok)
		at += (size_t)snprintf(data + at, sizeof(data) - at, "%s2^6..2^%u", at ? ", " : "", hi_max);
	counters_text(ctrs, sizeof(ctrs), where_csrs, nwhere);
	printf("| raw (type %u), event_data %s | 0x%x0000 | %s | %s |\n", type, data, type, ctrs,
	       sel_is_data ? "event_data" : "as read at boot");
}

#if defined(PMU_TABLES_CVA6)
/*
 * What each CVA6 selector counts (core/perf_counters.sv and the user
 * manual's table), said as the RTL checks found it where they differ.
 */
static const char *const cva6_counts[23] = {
	[1] = "L1 I-cache misses: a fetch from a line not in the I-cache",
	[2] = "L1 D-cache misses, loads and stores together",
	[3] = "ITLB misses (none in bare mode)",
	[4] = "DTLB misses, loads and stores together (none in bare mode)",
	[5] = "load instructions committed",
	[6] = "store instructions committed",
	[7] = "exceptions taken, in every mode (each rdtime Tally emulates is one)",
	[8] = "exception returns (mret, sret)",
	[9] = "control-flow instructions committed: conditional branches and every jal/jalr",
	[10] = "mispredicted branches and jumps (a jalr to a new target is one)",
	[11] = "exceptions raised by branches (misaligned targets)",
	[12] = "calls: jal/jalr writing ra or t0",
	[13] = "returns: every jalr writing x0 (ret, and also jr)",
	[14] = "cycles the scoreboard is full",
	[15] = "cycles issue finds no instruction from fetch",
	[16] = "L1 I-cache fetch requests (a missing fetch is requested again)",
	[17] = "cycles with an L1 D-cache request (a missing load's request repeats)",
	[18] = "L1 D-cache line evictions",
	[19] = "ITLB flushes (sfence.vma)",
	[20] = "integer ALU and multiply/divide instructions committed (not loads, stores, branches)",
	[21] = "floating-point instructions committed",
	[22] = "cycles issue waits for an operand",
};

static const char *const perf_hw[] = {
	NULL, "cycles", "instructions", "cache-references", "cache-misses",
	"branch-instructions", "branch-misses", "bus-cycles",
	"stalled-cycles-frontend", "stalled-cycles-backend", "ref-cycles",
};
static const char *const perf_cache[] = { "L1-dcache", "L1-icache", "LLC", "dTLB", "iTLB",
					  "branch", "node" };
static const char *const perf_op[] = { "load", "store", "prefetch" };

/* One perf row: where the event goes, or nothing if Tally refuses it. */
static void perf_row(const char *perf, const char *sbi, unsigned long event_idx, uint64_t data)
{
	unsigned csrs[PMU_MAX_HW_COUNTERS];
	unsigned long sels[PMU_MAX_HW_COUNTERS];
	unsigned n = probe(event_idx, data, csrs, sels);

	if (!n)
		return;
	if (csrs[0] < 3)
		printf("| `%s` | %s | %s | %s |\n", perf, sbi, csrs[0] ? "minstret" : "mcycle",
		       csrs[0] ? "instructions retired" : "clock cycles");
	else
		printf("| `%s` | %s | %lu | %s |\n", perf, sbi, sels[0],
		       sels[0] < 23 && cva6_counts[sels[0]] ? cva6_counts[sels[0]] : "?");
}

static void perf_table(void)
{
	char name[64], sbi[96];

	printf("| perf event | SBI event (event_idx) | CVA6 selector | counts on the core |\n");
	printf("|---|---|---|---|\n");
	for (unsigned c = 1; c < PMU_HW_GENERAL_MAX; c++) {
		snprintf(sbi, sizeof(sbi), "%s (0x%05lx)", hw_names[c], PMU_EVENT_IDX(PMU_TYPE_HW, c));
		perf_row(perf_hw[c], sbi, PMU_EVENT_IDX(PMU_TYPE_HW, c), 0);
	}
	for (unsigned id = 0; id < PMU_CACHE_ID_MAX; id++)
		for (unsigned op = 0; op < PMU_CACHE_OP_MAX; op++)
			for (unsigned res = 0; res < 2; res++) {
				unsigned long idx = PMU_CACHE_EVENT(id, op, res);
				/* perf's names: L1-dcache-loads, L1-dcache-load-misses, ... */
				snprintf(name, sizeof(name), "%s-%s%s", perf_cache[id], perf_op[op],
					 res ? "-misses" : (op == PMU_CACHE_OP_PREFETCH ? "es" : "s"));
				snprintf(sbi, sizeof(sbi), "%s_%s_%s (0x%05lx)", cache_names[id],
					 op_names[op], result_names[res], idx);
				perf_row(name, sbi, idx, 0);
			}
	/* Raw: Linux sends rN as event_idx 0x20000 with event_data N (hex). */
	for (uint64_t d = 1; d < 64; d++) {
		snprintf(name, sizeof(name), "r%llx", (unsigned long long)d);
		snprintf(sbi, sizeof(sbi), "raw (0x20000), event_data %llu", (unsigned long long)d);
		perf_row(name, sbi, PMU_EVENT_IDX(PMU_TYPE_RAW, 0), d);
	}
}
#endif

int main(int argc, char **argv)
{
	fake_setup();
	pmu_init(&BACKEND, &probed, 0);
	pmu_hart_init(&hart);
#if defined(PMU_TABLES_CVA6)
	if (argc > 1 && !strcmp(argv[1], "--perf")) {
		perf_table();
		return 0;
	}
#endif
	(void)argc; (void)argv;

	printf("| SBI event | event_idx | counters | selector (mhpmevent) |\n");
	printf("|---|---|---|---|\n");
	for (unsigned c = 1; c < PMU_HW_GENERAL_MAX; c++)
		row(hw_names[c], PMU_EVENT_IDX(PMU_TYPE_HW, c));
	for (unsigned id = 0; id < PMU_CACHE_ID_MAX; id++)
		for (unsigned op = 0; op < PMU_CACHE_OP_MAX; op++)
			for (unsigned res = 0; res < 2; res++) {
				char name[64];
				snprintf(name, sizeof(name), "%s_%s_%s", cache_names[id], op_names[op],
					 result_names[res]);
				row(name, PMU_CACHE_EVENT(id, op, res));
			}
	raw_row(PMU_TYPE_RAW);
	raw_row(PMU_TYPE_RAW_V2);
	return 0;
}
