/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The cva6 backend seen from S-mode, on QEMU virt with six hpm counters
 * (-cpu rv64,pmu-num=6) and the CVA6 stand-in board (tally-qemu.bin):
 *  - the layout: counters 3..8, 64 bits wide, read through hpmcounterN
 *    (as QEMU has them; the cv32a6 model's hpmcounter3h erratum makes
 *    counter 3 32 bits wide there, which rtl.c checks on the RTL);
 *  - the event map: which SBI events event_get_info and config_matching
 *    accept, and that raw events must be CVA6 selectors 1..22;
 *  - start/stop and the initial value through the user-level view;
 *  - rdtime (and rdtimeh on rv32) emulated by the firmware, counted once
 *    each as the ILLEGAL_INSN firmware event;
 *  - set_timer through the board's CLINT (no Sstc: the time CSR is
 *    hidden): each deadline raises STIP, not before it and within a bound.
 * QEMU does not count CVA6's events, so no count is checked here: rtl.c
 * checks exact counts on the CVA6 models (cva6-rtl).
 */
#include "check.h"

#define EV_HW(e) PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_##e)
#define EV_C(id, op, res) \
	PMU_CACHE_EVENT(PMU_CACHE_##id, PMU_CACHE_OP_##op, PMU_CACHE_RESULT_##res)
#define EV_RAW(t) PMU_EVENT_IDX(PMU_TYPE_RAW##t, 0)

struct ev { const char *name; uint32_t idx; uint64_t data; unsigned expect; };

static const struct ev events[] = {
	{ "CPU_CYCLES (counter 0)",   EV_HW(CPU_CYCLES), 0, 1 },
	{ "INSTRUCTIONS (counter 2)", EV_HW(INSTRUCTIONS), 0, 1 },
	{ "BRANCH_INSTRUCTIONS",      EV_HW(BRANCH_INSTRUCTIONS), 0, 1 },
	{ "BRANCH_MISSES",            EV_HW(BRANCH_MISSES), 0, 1 },
	{ "STALLED_CYCLES_FRONTEND",  EV_HW(STALLED_CYCLES_FRONTEND), 0, 1 },
	{ "STALLED_CYCLES_BACKEND",   EV_HW(STALLED_CYCLES_BACKEND), 0, 1 },
	{ "L1D read access",          EV_C(L1D, READ, ACCESS), 0, 1 },
	{ "L1D read miss",            EV_C(L1D, READ, MISS), 0, 1 },
	{ "L1D write access",         EV_C(L1D, WRITE, ACCESS), 0, 1 },
	{ "L1I read access",          EV_C(L1I, READ, ACCESS), 0, 1 },
	{ "L1I read miss",            EV_C(L1I, READ, MISS), 0, 1 },
	{ "DTLB read miss",           EV_C(DTLB, READ, MISS), 0, 1 },
	{ "ITLB read miss",           EV_C(ITLB, READ, MISS), 0, 1 },
	{ "BPU read access",          EV_C(BPU, READ, ACCESS), 0, 1 },
	{ "BPU read miss",            EV_C(BPU, READ, MISS), 0, 1 },
	{ "raw 1 (L1I miss)",         EV_RAW(), 1, 1 },
	{ "raw 22 (pipeline stall)",  EV_RAW(), 22, 1 },
	{ "raw v2 17 (L1D access)",   EV_RAW(_V2), 17, 1 },
	{ "fw ILLEGAL_INSN",          PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 0, 1 },
	{ "CACHE_REFERENCES",         EV_HW(CACHE_REFERENCES), 0, 0 },
	{ "CACHE_MISSES",             EV_HW(CACHE_MISSES), 0, 0 },
	{ "BUS_CYCLES",               EV_HW(BUS_CYCLES), 0, 0 },
	{ "REF_CPU_CYCLES",           EV_HW(REF_CPU_CYCLES), 0, 0 },
	{ "L1D write miss",           EV_C(L1D, WRITE, MISS), 0, 0 },
	{ "L1D prefetch access",      EV_C(L1D, PREFETCH, ACCESS), 0, 0 },
	{ "DTLB write miss",          EV_C(DTLB, WRITE, MISS), 0, 0 },
	{ "LL read access",           EV_C(LL, READ, ACCESS), 0, 0 },
	{ "raw 0 (counts nothing)",   EV_RAW(), 0, 0 },
	{ "raw 23 (reserved)",        EV_RAW(), 23, 0 },
	{ "raw 31 (reserved)",        EV_RAW(), 31, 0 },
	{ "raw 33 (would alias 1)",   EV_RAW(), 33, 0 },
	{ "raw v2 0x109",             EV_RAW(_V2), 0x109, 0 },
};
#define NEV (sizeof(events) / sizeof(events[0]))

/* event_get_info's table (SBI spec table 18), 16-byte entries. */
static struct { uint32_t idx, out; uint64_t data; } info[NEV] __attribute__((aligned(16)));

static unsigned num_hw;   /* logical hardware counters: 3 + hpm */

static void check_layout(void)
{
	struct sbiret r = SBI0(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS);

	/* CVA6 has six hpm counters; QEMU was started with pmu-num=6. */
	for (num_hw = 0; num_hw < r.uvalue; num_hw++)
		if (SBI1(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, num_hw).uvalue & PMU_INFO_TYPE_FW)
			break;
	CHECK(r.error == 0 && num_hw == 9, "num_counters %lu, hardware %u (0..8)", r.uvalue, num_hw);
	for (unsigned i = 3; i < 9; i++) {
		unsigned long v = SBI1(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, i).uvalue;
		CHECK((v & 0xfff) == 0xc00 + i && ((v >> 12) & 63) == 63,
		      "counter %u: csr 0x%lx, width %lu", i, v & 0xfff, ((v >> 12) & 63) + 1);
	}
}

static void check_event_map(void)
{
	struct sbiret r;

	for (unsigned i = 0; i < NEV; i++)
		info[i].idx = events[i].idx, info[i].data = events[i].data, info[i].out = 7;
	r = sbi_ecall(SBI_EXT_PMU, PMU_FID_EVENT_GET_INFO, (unsigned long)info, 0, NEV, 0, 0, 0);
	CHECK(r.error == 0, "event_get_info on %u events: error %ld", (unsigned)NEV, r.error);
	for (unsigned i = 0; i < NEV; i++)
		CHECK(info[i].out == events[i].expect, "event_get_info %-24s -> %u",
		      events[i].name, (unsigned)info[i].out);

	/*
	 * config_matching on the hpm counters only (base 3, six counters): the
	 * events the map offers get one, the rest NOT_SUPPORTED. Cycles and
	 * instructions are not hpm events on CVA6. Each is released again
	 * with stop + RESET.
	 */
	for (unsigned i = 0; i < NEV; i++) {
		const struct ev *e = &events[i];
		unsigned t = (unsigned)PMU_EVENT_TYPE(e->idx);
		int hpm = e->expect && t != PMU_TYPE_FW &&
			  e->idx != EV_HW(CPU_CYCLES) && e->idx != EV_HW(INSTRUCTIONS);

		if (t == PMU_TYPE_FW)
			continue;
		r = sbi_pmu_counter_config_matching(3, 0x3f, 0, e->idx, e->data);
		if (hpm)
			CHECK(r.error == 0 && r.uvalue >= 3 && r.uvalue <= 8,
			      "config_matching %-24s -> counter %lu", e->name, r.uvalue);
		else
			CHECK(r.error == SBI_ERR_NOT_SUPPORTED,
			      "config_matching %-24s -> NOT_SUPPORTED (%ld)", e->name, r.error);
		if (!r.error)
			sbi_pmu_counter_stop(r.uvalue, 1, PMU_STOP_RESET);
	}
	r = sbi_pmu_counter_config_matching(0, 1, 0, EV_HW(CPU_CYCLES), 0);
	CHECK(!r.error && r.uvalue == 0, "CPU_CYCLES on counter 0");
	sbi_pmu_counter_stop(0, 1, PMU_STOP_RESET);
	r = sbi_pmu_counter_config_matching(0, 7 & ~2UL, 0, EV_HW(INSTRUCTIONS), 0);
	CHECK(!r.error && r.uvalue == 2, "INSTRUCTIONS on counter 2");
	sbi_pmu_counter_stop(2, 1, PMU_STOP_RESET);

	/* Six counters, six events at once; a seventh finds none free. */
	unsigned long used = 0;
	static const unsigned long six[] = {
		EV_HW(BRANCH_INSTRUCTIONS), EV_HW(BRANCH_MISSES), EV_C(L1D, READ, ACCESS),
		EV_C(L1D, WRITE, ACCESS), EV_C(L1D, READ, MISS), EV_C(L1I, READ, MISS),
	};
	for (unsigned i = 0; i < 6; i++) {
		r = sbi_pmu_counter_config_matching(3, 0x3f, 0, six[i], 0);
		if (!r.error)
			used |= 1UL << r.uvalue;
	}
	CHECK(used == 0x1f8, "six events on six counters (mask 0x%lx)", used);
	r = sbi_pmu_counter_config_matching(3, 0x3f, 0, EV_C(ITLB, READ, MISS), 0);
	CHECK(r.error == SBI_ERR_NOT_SUPPORTED, "seventh event: no counter left (%ld)", r.error);
	sbi_pmu_counter_stop(3, 0x3f, PMU_STOP_RESET);

	/* No Sscofpmf: the mode-inhibit hints are accepted and ignored. */
	r = sbi_pmu_counter_config_matching(3, 0x3f, PMU_CFG_SET_UINH | PMU_CFG_SET_SINH | PMU_CFG_SET_MINH,
		       EV_HW(BRANCH_INSTRUCTIONS), 0);
	CHECK(!r.error, "mode-inhibit flags accepted (ignored without Sscofpmf)");
	if (!r.error)
		sbi_pmu_counter_stop(r.uvalue, 1, PMU_STOP_RESET);
}

/* A started counter holds the value we gave it; stopped, it does not move. */
static void check_start_stop(void)
{
	const uint64_t init = 0x100000005ULL;   /* exercises the upper half on rv32 */
	struct sbiret r = sbi_pmu_counter_config_matching(3, 0x3f, 0, EV_RAW(), 9);
	unsigned ctr = (unsigned)r.uvalue;
	uint64_t a, b;

	CHECK(!r.error, "raw 9 (branches) configured on counter %u", ctr);
	if (r.error)
		return;
	r = sbi_pmu_counter_start(ctr, 1, PMU_START_SET_INIT_VALUE, init);
	a = read_hpm(ctr);
	/* QEMU does not count CVA6 event 9, so the value stays; the RTL would add branches. */
	CHECK(!r.error && a >= init && a < init + 1000,
	      "started with 0x%llx, hpmcounter%u reads 0x%llx", (unsigned long long)init, ctr,
	      (unsigned long long)a);
	r = sbi_pmu_counter_stop(ctr, 1, 0);
	a = read_hpm(ctr);
	for (volatile int i = 0; i < 1000; i++)
		;
	b = read_hpm(ctr);
	CHECK(!r.error && a == b, "stopped: 0x%llx then 0x%llx", (unsigned long long)a,
	      (unsigned long long)b);
	r = sbi_pmu_counter_stop(ctr, 1, PMU_STOP_RESET);
	CHECK(r.error == SBI_ERR_ALREADY_STOPPED, "stop + RESET of a stopped counter releases it");
}

/* rdtime into a chosen register, to check the emulation writes the right one. */
#define RDTIME_INTO(reg) ({ register unsigned long v __asm__(reg); \
	__asm__ volatile("rdtime %0" : "=r"(v)); v; })

static void check_rdtime(void)
{
	unsigned long fw = num_hw;   /* first firmware counter */
	struct sbiret r = sbi_pmu_counter_config_matching(fw, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
				     PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 0);
	unsigned long t0, t1, t2, t3, n = 0;

	CHECK(!r.error && r.uvalue == fw, "fw counter %lu counts ILLEGAL_INSN", fw);
	t0 = rd_time(); n++;
	for (volatile int i = 0; i < 20000; i++)
		;
	t1 = rd_time(); n++;
	t2 = RDTIME_INTO("t6"); n++;
	t3 = RDTIME_INTO("s11"); n++;
	__asm__ volatile("rdtime zero"); n++;   /* rd = x0: read and discarded */
	CHECK(t0 && t1 > t0, "rdtime advances: %lu then %lu", t0, t1);
	CHECK(t2 >= t1 && t3 >= t2, "rdtime into t6 and s11: %lu, %lu", t2, t3);
#if __riscv_xlen == 32
	unsigned long hi, lo, hi2;
	__asm__ volatile("rdtimeh %0" : "=r"(hi)); n++;
	__asm__ volatile("rdtime %0" : "=r"(lo)); n++;
	__asm__ volatile("rdtimeh %0" : "=r"(hi2)); n++;
	CHECK(hi2 >= hi && hi < 16, "rdtimeh %lu (10 MHz: 0 for the first 7 minutes)", hi);
	(void)lo;
#endif
	r = sbi_pmu_counter_stop(fw, 1, 0);
	struct sbiret v = SBI1(SBI_EXT_PMU, PMU_FID_FW_READ, fw);
	CHECK(!r.error && !v.error && v.uvalue == n,
	      "each of %lu time reads counted once as ILLEGAL_INSN: %lu", n, v.uvalue);
	sbi_pmu_counter_stop(fw, 1, PMU_STOP_RESET);
}

#define SIP_STIP (1UL << 5)
#define TIMER_BOUND 10000000UL   /* 1 s of QEMU's 10 MHz mtime: late is a failure */

/*
 * The timer as Linux uses it without Sstc: sbi_set_timer(now + D), then STIP
 * must become pending in sip once mtime passes the deadline (the firmware
 * takes the machine timer interrupt and passes it on), not before it,
 * and not much later. Interrupts stay disabled in S-mode (sstatus.SIE
 * clear): the payload polls sip. On CVA6's 64-bit CLINT a firmware that
 * writes mtimecmp in 32-bit halves leaves the deadline hours away (or in
 * the past); src/drivers/clint.c and tests/host/drivers/test_clint.c say
 * why. QEMU's CLINT honours byte strobes, so here this checks that the
 * one 64-bit store lands where a 64-bit CLINT expects it.
 */
static void check_timer(void)
{
	static const unsigned long delay[] = { 2000, 50000, 200000 };   /* 0.2, 5, 20 ms */

	for (unsigned i = 0; i < sizeof(delay) / sizeof(delay[0]); i++) {
		uint64_t deadline = (uint64_t)rd_time() + delay[i], at = 0;
		struct sbiret r = sbi_set_timer(deadline);
		int fired = 0;

		for (;;) {
			int pending = (r_sip() & SIP_STIP) != 0;
			uint64_t now = rd_time();   /* read after sip: now >= the time STIP was seen */

			if (pending) {
				fired = 1;
				at = now;
				break;
			}
			if (now > deadline + TIMER_BOUND)
				break;
		}
		/* STIP seen while mtime (read after sip) is still below the
		 * deadline means it fired early: at < deadline fails. */
		CHECK(!r.error, "set_timer(now + %lu) accepted", delay[i]);
		CHECK(fired && at >= deadline && at - deadline < TIMER_BOUND,
		      "set_timer(now + %lu): STIP %s, %lld ticks after the deadline", delay[i],
		      fired ? "came" : "never came", (long long)(at - deadline));
	}
	sbi_set_timer(~0ULL);
	CHECK(!(r_sip() & SIP_STIP), "set_timer(-1) clears STIP");
}

int main(unsigned long hartid, unsigned long fdt)
{
	(void)hartid; (void)fdt;
	printf("cva6 backend checks (QEMU stand-in board)\n");
	check_layout();
	check_event_map();
	check_start_stop();
	check_rdtime();
	check_timer();
	finish();
}
