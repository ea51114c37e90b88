/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trace payload: scripts/trace.sh boots it under QEMU's instruction
 * log and cuts out what the firmware executed for one call.
 *
 * Every call it makes is marked: the ecall (or, for a trap that is not an
 * ecall, the trapping instruction) carries a global label
 * trace_call_<name>, so the script knows the address at which the payload
 * leaves for M-mode and the address (label + 4) at which it comes back.
 * Everything executed between the two is the firmware's work for that call.
 *
 * Each marked instruction sits between two rdinstret reads, and the same
 * pair is measured around a nop. Under qemu -icount shift=0 the difference
 * is the benchmark's method (tests/payload/bench.c) applied to this one
 * call, which lets the script check that its trace is complete: the count
 * of traced instructions must agree with the retired-instruction count.
 *
 * Setup calls (configuring a counter before starting it, say) are made
 * without a label and do not appear in a trace. Calls are made once each,
 * in the order of the table below, so a trace shows the path a call takes
 * on a warm hart (every earlier call has already run once).
 */
#include <tally/sbi.h>
#include "sbicall.h"

/* The marked call: rdinstret, labelled ecall, rdinstret. a4 and a5 (event
 * data for config_matching) are zero, as every call here wants them. */
#define TRACED(name, eid, fid, x0, x1, x2, x3) ({ \
	register unsigned long a0_ __asm__("a0") = (x0); \
	register unsigned long a1_ __asm__("a1") = (x1); \
	register unsigned long a2_ __asm__("a2") = (x2); \
	register unsigned long a3_ __asm__("a3") = (x3); \
	register unsigned long a4_ __asm__("a4") = 0; \
	register unsigned long a5_ __asm__("a5") = 0; \
	register unsigned long a6_ __asm__("a6") = (fid); \
	register unsigned long a7_ __asm__("a7") = (eid); \
	unsigned long s_, e_; \
	__asm__ volatile("rdinstret %[s]\n" \
			 "\t.globl trace_call_" name "\n" \
			 "trace_call_" name ":\n" \
			 "\tecall\n" \
			 "\trdinstret %[e]" \
			 : [s] "=&r"(s_), [e] "=&r"(e_), "+r"(a0_), "+r"(a1_) \
			 : "r"(a2_), "r"(a3_), "r"(a4_), "r"(a5_), "r"(a6_), "r"(a7_) \
			 : "memory"); \
	report(name, (long)a0_, a1_, e_ - s_); })

static unsigned long nop_cost;   /* rdinstret, nop, rdinstret */

static struct sbiret report(const char *name, long error, unsigned long value,
			    unsigned long delta)
{
	printf("trace: call %s error %ld value 0x%lx instret %lu\n",
	       name, error, value, delta - nop_cost);
	return (struct sbiret){ .error = error, .uvalue = value };
}

/*
 * The smallest SSE handler there is: it changes only a6 and a7, which
 * complete gives back from the event's attributes, so it can call
 * complete at once and the interrupted code gets every register back.
 */
void trace_sse_handler(void);
__asm__(".section .text\n"
	"\t.balign 4\n"
	"\t.globl trace_sse_handler\n"
	"trace_sse_handler:\n"
	"\tli a6, 6\n"                 /* complete */
	"\tli a7, 0x535345\n"          /* SSE */
	"\tecall\n");
#define SSE_LOCAL_SOFTWARE 0xffff0000UL

#define EXT_PMU SBI_EXT_PMU
static struct { uint32_t idx, out; uint64_t data; } info __attribute__((aligned(16)));
static uint64_t snap[512] __attribute__((aligned(4096)));   /* snapshot memory (table 16) */

int main(unsigned long hartid, unsigned long fdt)
{
	unsigned long s, e;
	(void)fdt;

	__asm__ volatile("rdinstret %0\n\tnop\n\trdinstret %1" : "=&r"(s), "=&r"(e));
	nop_cost = e - s;

	struct sbiret n = SBI0(EXT_PMU, PMU_FID_NUM_COUNTERS);
	unsigned long fw = 0;      /* the first firmware counter, as get_info says */
	while (fw < n.uvalue &&
	       !sbi_pmu_info_is_fw(sbi_pmu_counter_get_info(fw).uvalue))
		fw++;
	unsigned long all = ~0UL >> (PMU_XLEN - (n.uvalue < PMU_XLEN ? n.uvalue : PMU_XLEN));
	all &= ~2UL;         /* as Linux builds it: counter_get_info(1) fails, so no time slot */
	unsigned long cyc = PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES);
	unsigned long dtlb = PMU_CACHE_EVENT(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, PMU_CACHE_RESULT_MISS);
	printf("trace: rv%u, instret counts M-mode instructions per call (nop pair %lu)\n",
	       (unsigned)__riscv_xlen, nop_cost);

	/* The Base extension and the dispatcher's miss. */
	TRACED("unknown", 0x12345678, 0, 0, 0, 0, 0);
	TRACED("get_spec_version", SBI_EXT_BASE, BASE_FID_GET_SPEC_VERSION, 0, 0, 0, 0);
	TRACED("probe_extension", SBI_EXT_BASE, BASE_FID_PROBE_EXT, EXT_PMU, 0, 0, 0);

	/* PMU: the calls Linux's perf makes, in the order it makes them. */
	TRACED("pmu_num_counters", EXT_PMU, PMU_FID_NUM_COUNTERS, 0, 0, 0, 0);
	TRACED("pmu_get_info", EXT_PMU, PMU_FID_COUNTER_GET_INFO, 0, 0, 0, 0);
	struct sbiret c = TRACED("pmu_config_matching", EXT_PMU, PMU_FID_CONFIG_MATCHING,
				 0, all, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, cyc);
	TRACED("pmu_stop_reset", EXT_PMU, PMU_FID_COUNTER_STOP, c.error ? 0 : c.uvalue, 1,
	       PMU_STOP_RESET, 0);

	/* A hardware counter (an hpm counter with a TLB event: start and
	 * stop on it take the backend's path, not only the core's). */
	struct sbiret h = sbi_ecall(EXT_PMU, PMU_FID_CONFIG_MATCHING, 3, all >> 3, 0, dtlb, 0, 0);
	unsigned long hw = h.error ? 3 : h.uvalue;
	TRACED("pmu_start", EXT_PMU, PMU_FID_COUNTER_START, hw, 1, 0, 0);
	TRACED("pmu_stop", EXT_PMU, PMU_FID_COUNTER_STOP, hw, 1, 0, 0);
	sbi_ecall(EXT_PMU, PMU_FID_COUNTER_STOP, hw, 1, PMU_STOP_RESET, 0, 0, 0);

	/* A firmware counter: the core alone, no backend. */
	sbi_ecall(EXT_PMU, PMU_FID_CONFIG_MATCHING, fw, 1, 0,
		 PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_SET_TIMER), 0, 0);
	TRACED("pmu_start_fw", EXT_PMU, PMU_FID_COUNTER_START, fw, 1, 0, 0);
	TRACED("pmu_fw_read", EXT_PMU, PMU_FID_FW_READ, fw, 0, 0, 0);
	TRACED("pmu_stop_fw", EXT_PMU, PMU_FID_COUNTER_STOP, fw, 1, 0, 0);
	sbi_ecall(EXT_PMU, PMU_FID_COUNTER_STOP, fw, 1, PMU_STOP_RESET, 0, 0, 0);

	/*
	 * Linux's four calls for one counted event at every context switch
	 * (drivers/perf/riscv_pmu_sbi.c; tests/payload/bench.c, linux_pattern):
	 * config_matching with no flags, start with SET_INIT_VALUE, stop, then
	 * stop with RESET on the stopped counter. Then 6.12's stop, which adds
	 * TAKE_SNAPSHOT once snapshot memory is set.
	 */
	struct sbiret l = TRACED("linux_cfg", EXT_PMU, PMU_FID_CONFIG_MATCHING, 0, all, 0, cyc);
	unsigned long li = l.error ? 0 : l.uvalue;
	TRACED("linux_start", EXT_PMU, PMU_FID_COUNTER_START, li, 1, PMU_START_SET_INIT_VALUE, 1);
	TRACED("linux_stop", EXT_PMU, PMU_FID_COUNTER_STOP, li, 1, 0, 0);
	TRACED("linux_stop_reset", EXT_PMU, PMU_FID_COUNTER_STOP, li, 1, PMU_STOP_RESET, 0);
	sbi_ecall(EXT_PMU, PMU_FID_SNAPSHOT_SET_SHMEM, (unsigned long)snap, 0, 0, 0, 0, 0);
	sbi_ecall(EXT_PMU, PMU_FID_CONFIG_MATCHING, 0, all, 0, cyc, 0, 0);
	sbi_ecall(EXT_PMU, PMU_FID_COUNTER_START, li, 1, PMU_START_SET_INIT_VALUE, 1, 0, 0);
	TRACED("linux_stop_snapshot", EXT_PMU, PMU_FID_COUNTER_STOP, li, 1, PMU_STOP_TAKE_SNAPSHOT, 0);
	TRACED("linux_stop_reset_snapshot", EXT_PMU, PMU_FID_COUNTER_STOP, li, 1,
	       PMU_STOP_RESET | PMU_STOP_TAKE_SNAPSHOT, 0);
	sbi_ecall(EXT_PMU, PMU_FID_SNAPSHOT_SET_SHMEM, ~0UL, ~0UL, 0, 0, 0, 0);

	info.idx = (uint32_t)cyc;
	TRACED("pmu_event_get_info", EXT_PMU, PMU_FID_EVENT_GET_INFO,
	       (unsigned long)&info, 0, 1, 0);

	/* TIME (where offered): a deadline far away, then none. */
	TRACED("set_timer", SBI_EXT_TIME, 0, ~0UL, ~0UL, 0, 0);

	/*
	 * SSE: inject the local software event into this hart, whose handler
	 * is registered, enabled and unmasked: the trace runs into M-mode,
	 * out into the handler in S-mode (3 instructions, not firmware), in
	 * again for complete and back after the inject.
	 */
	sbi_ecall(SBI_EXT_SSE, 2, SSE_LOCAL_SOFTWARE, (unsigned long)trace_sse_handler, 0, 0, 0, 0);
	sbi_ecall(SBI_EXT_SSE, 4, SSE_LOCAL_SOFTWARE, 0, 0, 0, 0, 0);   /* enable */
	sbi_ecall(SBI_EXT_SSE, 8, 0, 0, 0, 0, 0, 0);                    /* hart_unmask */
	TRACED("sse_inject", SBI_EXT_SSE, 7, SSE_LOCAL_SOFTWARE, hartid, 0, 0);
	sbi_ecall(SBI_EXT_SSE, 9, 0, 0, 0, 0, 0, 0);                    /* hart_mask */
	sbi_ecall(SBI_EXT_SSE, 5, SSE_LOCAL_SOFTWARE, 0, 0, 0, 0, 0);   /* disable */
	sbi_ecall(SBI_EXT_SSE, 3, SSE_LOCAL_SOFTWARE, 0, 0, 0, 0, 0);   /* unregister */

	/*
	 * A trap that is not an ecall: rdtime on a hart without a time CSR
	 * (CVA6, the Ibex stand-ins) is an illegal instruction the firmware
	 * emulates (src/trap/trap.c). Where the CSR exists (QEMU virt) it never
	 * reaches M-mode and its trace is empty.
	 */
	unsigned long t;
	__asm__ volatile("rdinstret %[s]\n"
			 "\t.globl trace_call_rdtime\n"
			 "trace_call_rdtime:\n"
			 "\trdtime %[t]\n"
			 "\trdinstret %[e]"
			 : [s] "=&r"(s), [e] "=&r"(e), [t] "=&r"(t) : : "memory");
	report("rdtime", 0, t, e - s);

	printf("trace: done\n");
	sbi_shutdown(0);
}
