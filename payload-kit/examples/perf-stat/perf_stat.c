/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perf stat, as a payload: find the PMU's counters, ask for cycles,
 * instructions and two firmware events, run a workload between start and
 * stop, print the counts the way `perf stat` does.
 *
 * Runs in S-mode (QEMU virt rv64/rv32, CVA6) and in U-mode (Ibex), on
 * rv32 and rv64. What counts where:
 *  - cycles and instructions: mcycle and minstret, on every core;
 *  - fw:set_timer: each sbi_set_timer() the workload makes (where the
 *    firmware offers TIME: not on an M+U core, which has no S-mode timer);
 *  - fw:illegal_insn: each counter read the firmware had to emulate: the
 *    workload's rdtime on a core without a time CSR (Ibex, CVA6), none where
 *    rdtime is native (QEMU virt).
 * The firmware events are exact: the payload checks the set_timer count.
 * On QEMU, run with -icount shift=0: without it QEMU's cycle and instret
 * read the host's clock, not instructions.
 */
#include <tally/sbi.h>

#define TIMER_CALLS 10
#define TIME_READS  10

struct event {
	const char *name;
	unsigned long event_idx;
	long counter;             /* -1: this firmware/core cannot count it */
	unsigned long info;
	uint64_t count;
};

static struct event events[] = {
	{ "cycles", PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), -1, 0, 0 },
	{ "instructions", PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), -1, 0, 0 },
	{ "fw:set_timer", PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_SET_TIMER), -1, 0, 0 },
	{ "fw:illegal_insn", PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), -1, 0, 0 },
};
#define NEVENTS (sizeof(events) / sizeof(events[0]))

static int numbers[256];

static void workload(int has_time)
{
	/* some work: insertion sort of 256 numbers */
	for (unsigned i = 0; i < 256; i++)
		numbers[i] = (int)((i * 7919u) % 1000);
	for (unsigned i = 1; i < 256; i++)
		for (unsigned j = i; j > 0 && numbers[j - 1] > numbers[j]; j--) {
			int t = numbers[j];
			numbers[j] = numbers[j - 1];
			numbers[j - 1] = t;
		}
	/* calls into the firmware, counted by its firmware events */
	if (has_time)
		for (int i = 0; i < TIMER_CALLS; i++)
			sbi_set_timer(~0ULL);
	for (int i = 0; i < TIME_READS; i++) {
		unsigned long t;
		__asm__ volatile("rdtime %0" : "=r"(t));
	}
}

/* 1234567 -> "1,234,567" */
static const char *commas(uint64_t v, char out[32])
{
	char tmp[32];
	int n = 0, len = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n) {
		out[len++] = tmp[--n];
		if (n && n % 3 == 0)
			out[len++] = ',';
	}
	out[len] = 0;
	return out;
}

/* The counters the firmware has, in one line per kind. */
static void list_counters(unsigned long n)
{
	unsigned long fw_first = 0, fw_n = 0;

	printf("%lu counters:", n);
	for (unsigned long i = 0; i < n; i++) {
		struct sbiret r = sbi_pmu_counter_get_info(i);

		if (r.error)
			printf(" %lu:%s", i, sbi_err_name(r.error));
		else if (sbi_pmu_info_is_fw((unsigned long)r.value)) {
			if (!fw_n++)
				fw_first = i;
		} else
			printf(" %lu:csr 0x%03x/%u bits", i, sbi_pmu_info_csr((unsigned long)r.value),
			       sbi_pmu_info_width((unsigned long)r.value));
	}
	if (fw_n)
		printf(" %lu-%lu:firmware", fw_first, fw_first + fw_n - 1);
	printf("\n");
}

int main(unsigned long hartid, unsigned long dtb)
{
	struct sbi_pmu_set free = { { 0 } }, used = { { 0 } };
	int has_time = sbi_has_extension(SBI_EXT_TIME);
	struct sbiret r;
	char num[32];
	int ok = 1;

	(void)hartid;
	(void)dtb;
	if (!sbi_has_extension(SBI_EXT_PMU)) {
		printf("perf-stat: the firmware has no PMU extension\n");
		return 1;
	}
	r = sbi_pmu_num_counters();
	list_counters((unsigned long)r.value);

	/* One counter per event, from the counters still free. config_matching
	 * with CLEAR_VALUE (start from 0), not AUTO_START: all start together. */
	sbi_pmu_set_all(&free, (unsigned long)r.value);
	for (unsigned e = 0; e < NEVENTS; e++) {
		r = sbi_pmu_config_matching_any(&free, PMU_CFG_CLEAR_VALUE, events[e].event_idx, 0);
		if (r.error) {
			printf("  %s: %s\n", events[e].name, sbi_err_name(r.error));
			continue;
		}
		events[e].counter = r.value;
		events[e].info = (unsigned long)sbi_pmu_counter_get_info((unsigned long)r.value).value;
		sbi_pmu_set_del(&free, (unsigned long)r.value);
		sbi_pmu_set_add(&used, (unsigned long)r.value);
	}

	r = sbi_pmu_start_set(&used, 0, 0);
	if (r.error) {
		printf("perf-stat: counter_start: %s\n", sbi_err_name(r.error));
		return 1;
	}
	workload(has_time);
	/* Read while they count (a stopped counter is not readable everywhere),
	 * then stop and release them. */
	for (unsigned e = 0; e < NEVENTS; e++)
		if (events[e].counter >= 0)
			events[e].count = sbi_pmu_read((unsigned long)events[e].counter, events[e].info);
	sbi_pmu_stop_set(&used, PMU_STOP_RESET);

	printf("\n Performance counter stats for 'insertion sort of 256 ints, %d sbi_set_timer, %d rdtime':\n\n",
	       has_time ? TIMER_CALLS : 0, TIME_READS);
	for (unsigned e = 0; e < NEVENTS; e++) {
		if (events[e].counter < 0) {
			printf("  %18s      %s\n", "<not supported>", events[e].name);
			continue;
		}
		printf("  %18s      %s", commas(events[e].count, num), events[e].name);
		if (e == 1 && events[0].counter >= 0 && events[0].count) {
			unsigned long ipc100 = (unsigned long)(events[1].count * 100 / events[0].count);
			printf("      #  %lu.%02lu  insn per cycle", ipc100 / 100, ipc100 % 100);
		}
		printf("\n");
	}
	printf("\n");

	/* Every core counts cycles and instructions; a firmware with TIME
	 * counts set_timer, exactly. */
	if (events[0].counter < 0 || events[1].counter < 0) {
		printf("perf-stat: no counter for cycles or instructions\n");
		ok = 0;
	}
	if (has_time && (events[2].counter < 0 || events[2].count != TIMER_CALLS)) {
		printf("perf-stat: fw:set_timer counted %lu, expected %d\n",
		       (unsigned long)events[2].count, TIMER_CALLS);
		ok = 0;
	}
	return ok ? 0 : 1;
}
