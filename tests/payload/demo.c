/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The demo: a few small workloads measured through the SBI PMU extension,
 * printed the way `perf stat` would. It shows the whole path: config
 * matching, start, stop with a snapshot into shared memory, firmware
 * counters for traps the firmware saw on our behalf.
 */
#include <tally/sbi.h>
#include "sbicall.h"

#define PMU(fid, a, b, c, d, e, f) sbi_ecall(SBI_EXT_PMU, fid, a, b, c, d, e, f)

/* Where the firmware writes counter values when we stop (SBI table 16). */
static uint64_t snapshot[512] __attribute__((aligned(4096)));

struct event {
	const char *name;
	unsigned long idx;
	long counter;          /* logical counter, or -1 if not available here */
};

static struct event events[] = {
	{ "cycles", PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), -1 },
	{ "instructions", PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), -1 },
	{ "dTLB-load-misses", PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS), -1 },
	{ "dTLB-store-misses", PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_WRITE, PMU_CACHE_RESULT_MISS), -1 },
	{ "fw:illegal-insn", PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), -1 },
	{ "fw:set-timer", PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_SET_TIMER), -1 },
};
#define NEV (sizeof(events) / sizeof(events[0]))

/* S-mode trap vector: skip the (4-byte) instruction that trapped. */
__asm__(".align 4\n"
	"skip_trap:\n"
	"  csrw sscratch, t0\n"
	"  csrr t0, sepc\n"
	"  addi t0, t0, 4\n"
	"  csrw sepc, t0\n"
	"  csrr t0, sscratch\n"
	"  sret\n");
extern char skip_trap[];

static uint8_t src[64 * 1024], dst[64 * 1024];
static int numbers[400];

static void w_memcpy(void) { memcpy(dst, src, sizeof(src)); }
static void w_sort(void)
{
	for (unsigned i = 0; i < 400; i++)
		numbers[i] = (int)((i * 7919u) % 1000);
	for (unsigned i = 1; i < 400; i++)           /* insertion sort */
		for (unsigned j = i; j > 0 && numbers[j - 1] > numbers[j]; j--) {
			int t = numbers[j]; numbers[j] = numbers[j - 1]; numbers[j - 1] = t;
		}
}
static void w_illegal(void)
{
	/* S-mode may not read mscratch: each read traps to the firmware,
	 * which counts it and hands it back to our skip_trap. */
	for (int i = 0; i < 10; i++)
		__asm__ volatile("csrr zero, mscratch");
}
static void w_timer(void)
{
	for (int i = 0; i < 25; i++)
		sbi_ecall(SBI_EXT_TIME, 0, ~0UL, ~0UL, 0, 0, 0, 0);
}

static const struct { const char *name; void (*fn)(void); } work[] = {
	{ "memcpy 64 KiB", w_memcpy },
	{ "insertion sort 400 ints", w_sort },
	{ "10 illegal instructions", w_illegal },
	{ "25 sbi_set_timer calls", w_timer },
};

static void commas(char *out, uint64_t v)
{
	char tmp[32];
	int n = 0, len = 0;
	do { tmp[n++] = (char)('0' + v % 10); v /= 10; } while (v);
	while (n) {
		out[len++] = tmp[--n];
		if (n && n % 3 == 0)
			out[len++] = ',';
	}
	out[len] = 0;
}

int main(unsigned long hartid, unsigned long fdt)
{
	unsigned long ncnt = SBI0(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS).uvalue;
	unsigned long all = ncnt >= PMU_XLEN ? ~0UL : (1UL << ncnt) - 1;
	unsigned long used = 0;
	(void)hartid; (void)fdt;

	__asm__ volatile("csrw stvec, %0" :: "r"(skip_trap));
	printf("\nTally demo: measuring through the SBI PMU extension (%lu counters)\n", ncnt);
	if (PMU(PMU_FID_SNAPSHOT_SET_SHMEM, (unsigned long)snapshot, 0, 0, 0, 0, 0).error)
		printf("  (no snapshot shared memory)\n");

	/* Ask the firmware for a counter per event; skip what this core cannot count. */
	for (unsigned e = 0; e < NEV; e++) {
		struct sbiret r = PMU(PMU_FID_CONFIG_MATCHING, 0, all & ~used & ~2UL,
				      PMU_CFG_CLEAR_VALUE, events[e].idx, 0, 0);
		if (!r.error) {
			events[e].counter = (long)r.uvalue;
			used |= 1UL << r.uvalue;
		}
	}
	for (unsigned w = 0; w < sizeof(work) / sizeof(work[0]); w++) {
		memset(snapshot, 0, 8 * (1 + PMU_XLEN));
		PMU(PMU_FID_COUNTER_START, 0, used, PMU_START_SET_INIT_VALUE, 0, 0, 0);
		work[w].fn();
		PMU(PMU_FID_COUNTER_STOP, 0, used, PMU_STOP_TAKE_SNAPSHOT, 0, 0, 0);

		printf("\n Performance counter stats for '%s':\n\n", work[w].name);
		for (unsigned e = 0; e < NEV; e++) {
			char num[32];
			if (events[e].counter < 0) {
				printf("  %18s      %-20s\n", "<not supported>", events[e].name);
				continue;
			}
			uint64_t v = snapshot[1 + events[e].counter];
			commas(num, v);
			printf("  %18s      %-20s", num, events[e].name);
			if (e == 1 && events[0].counter >= 0 && snapshot[1 + events[0].counter]) {
				uint64_t c = snapshot[1 + events[0].counter];
				unsigned long ipc100 = (unsigned long)(v * 100 / c);
				printf("#  %lu.%02lu  insn per cycle", ipc100 / 100, ipc100 % 100);
			}
			printf("\n");
		}
	}
	printf("\n(cycles and instructions count every mode, so the firmware's own\n"
	       " work for a trap or an SBI call shows up in them too. Under QEMU -icount\n"
	       " one instruction takes one cycle: IPC is 1, a little over 1 where the\n"
	       " firmware's start and stop reach the two counters a few instructions apart)\n\n");
	PMU(PMU_FID_COUNTER_STOP, 0, used, PMU_STOP_RESET, 0, 0, 0);
	sbi_shutdown(0);
}
