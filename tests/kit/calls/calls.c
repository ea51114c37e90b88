/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every wrapper of the payload kit's <tally/sbi.h> that the examples do
 * not call, called as a user would and each answer checked against the
 * SBI spec and Tally's documented behaviour (docs/extensions.md), on QEMU
 * virt with 4 harts (rv64 and rv32, S-mode). Built out of tree with the
 * kit only (tests/kit/run-kit-calls.sh).
 *
 * Each check is chosen so that a wrapper with the wrong EID or FID, two
 * arguments swapped, or a 64-bit argument split wrongly on rv32 gives a
 * different answer: the firmware's own counters of IPIs and fences sent
 * (one per function) tell the RFENCE functions apart, a hart entered at
 * hart_start's address sees its a0 and a1, SSE's INTERRUPTED_A6/A7
 * attributes name the call an event interrupted, a timer 2^32 ticks ahead
 * must not fire at once, and so on.
 *
 * One line per check ("ok - ..." or "FAIL - ..."), then "N passed,
 * M failed"; the run ends with the kit's exit (status 0 or 3).
 */
#include <tally/sbi.h>

#define XLEN __riscv_xlen
#define MAXH 8                       /* hart ids with a stack (calls_asm.S) */
#ifndef EXPECT_HARTS
#define EXPECT_HARTS 4
#endif
#define FW_BASE 0x80000000UL         /* the firmware, closed to S-mode */
#define TICKS_PER_MS 10000ULL        /* QEMU virt's timebase: 10 MHz */
#define WAIT_TICKS (5000 * TICKS_PER_MS)
#define SETTLE_TICKS (20 * TICKS_PER_MS)
#if XLEN == 32
#define ASID_MAX 0x1ffUL             /* QEMU's satp.ASID, hgatp.VMID widths */
#define VMID_MAX 0x7fUL
#else
#define ASID_MAX 0xffffUL
#define VMID_MAX 0x3fffUL
#endif
#define SIP_SSIP (1UL << 1)
#define SIP_STIP (1UL << 5)

#define csr_read(c) ({ unsigned long v_; __asm__ volatile("csrr %0, " #c : "=r"(v_)); v_; })
#define csr_write(c, v) __asm__ volatile("csrw " #c ", %0" :: "r"(v) : "memory")
#define csr_set(c, v) __asm__ volatile("csrs " #c ", %0" :: "r"(v) : "memory")
#define csr_clear(c, v) __asm__ volatile("csrc " #c ", %0" :: "r"(v) : "memory")
#define mb() __sync_synchronize()

/* ---- results ---------------------------------------------------------- */

static unsigned passed, failed;

static int check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int check(int ok, const char *fmt, ...)
{
	va_list ap;

	printf(ok ? "ok - " : "FAIL - ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (ok)
		passed++;
	else
		failed++;
	return ok;
}

/* got == want, or a FAIL line with both */
#define check_eq(got, want, ...) ({ \
	unsigned long g_ = (unsigned long)(got), w_ = (unsigned long)(want); \
	int ok_ = check(g_ == w_, __VA_ARGS__); \
	if (!ok_) printf("  got 0x%lx (%s), expected 0x%lx (%s)\n", g_, sbi_err_name((long)g_), \
			 w_, sbi_err_name((long)w_)); \
	ok_; })
#define check_err(r, want, ...) check_eq((r).error, want, __VA_ARGS__)

/* ---- time ------------------------------------------------------------- */

static uint64_t now(void)
{
#if XLEN == 32
	unsigned long hi, lo, hi2;

	do {
		hi = csr_read(timeh);
		lo = csr_read(time);
		hi2 = csr_read(timeh);
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
#else
	return csr_read(time);
#endif
}

static void delay(uint64_t ticks)
{
	uint64_t end = now() + ticks;

	while (now() < end)
		;
}

/* ---- the other harts --------------------------------------------------- */

enum cmd { CMD_NONE, CMD_STOP, CMD_SUSPEND, CMD_SSE_LOCAL };

/* One per hart: the boot hart posts cmd/arg and bumps seq; the hart answers. */
struct hart_ctl {
	volatile unsigned long entries, a0, a1;   /* entries at sec_entry, with a0/a1 */
	volatile unsigned long cmd, seq, done, arg[3];
	volatile long err;
	volatile unsigned long ssip;             /* software interrupts seen in sip */
};
static struct hart_ctl ctl[MAXH];
static unsigned long boot, sec[MAXH], nsec, all_harts;

extern char sec_entry[], resume_entry[], catch_trap[], sse_entry[], tally_trap_entry[];
void secondary_main(unsigned long hartid, unsigned long opaque);
void resumed(unsigned long hartid, unsigned long opaque);

static void sse_on_this_hart(void);

void secondary_main(unsigned long hartid, unsigned long opaque)
{
	struct hart_ctl *c = &ctl[hartid];

	c->a0 = hartid;
	c->a1 = opaque;
	csr_write(stvec, (unsigned long)tally_trap_entry);
	csr_set(sie, SIP_SSIP);          /* what wakes it from a suspend; SIE stays 0 */
	mb();
	c->done = c->seq;
	c->entries++;
	for (;;) {
		if (csr_read(sip) & SIP_SSIP) {
			csr_clear(sip, SIP_SSIP);
			c->ssip++;
		}
		unsigned long s = c->seq;
		if (s == c->done)
			continue;
		mb();
		switch (c->cmd) {
		case CMD_STOP:
			c->err = sbi_hart_stop().error;   /* returns only on an error */
			break;
		case CMD_SUSPEND:
			c->err = sbi_hart_suspend((uint32_t)c->arg[0], (void (*)(void))c->arg[1],
						  c->arg[2]).error;
			break;
		case CMD_SSE_LOCAL:
			sse_on_this_hart();
			break;
		}
		mb();
		c->done = s;
	}
}

static void post(unsigned long h, enum cmd cmd, unsigned long a0, unsigned long a1, unsigned long a2)
{
	ctl[h].cmd = cmd;
	ctl[h].arg[0] = a0;
	ctl[h].arg[1] = a1;
	ctl[h].arg[2] = a2;
	ctl[h].err = 0x7e57;
	mb();
	ctl[h].seq++;
}

/* Wait (at most 5 s) for *p to reach want. */
static int wait_ge(volatile unsigned long *p, unsigned long want)
{
	uint64_t give_up = now() + WAIT_TICKS;

	while (*p < want)
		if (now() > give_up)
			return 0;
	mb();
	return 1;
}
static int wait_done(unsigned long h)
{
	uint64_t give_up = now() + WAIT_TICKS;

	while (ctl[h].done != ctl[h].seq)
		if (now() > give_up)
			return 0;
	mb();
	return 1;
}
static int wait_status(unsigned long h, unsigned long st)
{
	uint64_t give_up = now() + WAIT_TICKS;

	for (;;) {
		struct sbiret r = sbi_hart_get_status(h);
		if (!r.error && (unsigned long)r.value == st)
			return 1;
		if (now() > give_up)
			return 0;
	}
}
static unsigned long status_of(unsigned long h)
{
	struct sbiret r = sbi_hart_get_status(h);
	return r.error ? (unsigned long)r.error : (unsigned long)r.value;
}

/* ---- firmware counters: what the boot hart sent ------------------------ */

static const unsigned sent_events[] = {
	PMU_FW_IPI_SENT, PMU_FW_FENCE_I_SENT, PMU_FW_SFENCE_VMA_SENT, PMU_FW_SFENCE_VMA_ASID_SENT,
	PMU_FW_HFENCE_GVMA_SENT, PMU_FW_HFENCE_GVMA_VMID_SENT, PMU_FW_HFENCE_VVMA_SENT,
	PMU_FW_HFENCE_VVMA_ASID_SENT,
};
#define NSENT (sizeof(sent_events) / sizeof(sent_events[0]))
static const char *const sent_name[] = {
	"IPI_SENT", "FENCE_I_SENT", "SFENCE_VMA_SENT", "SFENCE_VMA_ASID_SENT", "HFENCE_GVMA_SENT",
	"HFENCE_GVMA_VMID_SENT", "HFENCE_VVMA_SENT", "HFENCE_VVMA_ASID_SENT",
};
static unsigned long sent_ctr[NSENT];
static uint64_t sent_last[NSENT];
static unsigned long fw_first, fw_num;       /* the firmware counters: fw_first .. + fw_num */

/* Since the last call: did exactly the counter of event slot `which` move, by n? */
static void check_sent(unsigned which, unsigned long n, const char *what)
{
	unsigned bad = 0;
	uint64_t v;

	for (unsigned i = 0; i < NSENT; i++) {
		v = 0;
		sbi_pmu_counter_fw_read64(sent_ctr[i], &v);
		unsigned long want = i == which ? n : 0;
		if (v - sent_last[i] != want) {
			if (!bad++)
				printf("FAIL - %s: firmware counters\n", what);
			printf("  %s moved by %lu, expected %lu\n", sent_name[i],
			       (unsigned long)(v - sent_last[i]), want);
		}
		sent_last[i] = v;
	}
	if (bad)
		failed++;
	else
		check(1, "%s: %s +%lu, no other counter", what, which < NSENT ? sent_name[which] : "-", n);
}
#define NONE NSENT

static void setup_sent_counters(void)
{
	struct sbiret r = sbi_pmu_num_counters();
	unsigned long n = r.value;

	fw_first = ~0UL;
	for (unsigned long i = 0; i < n; i++) {
		struct sbiret info = sbi_pmu_counter_get_info(i);
		if (!info.error && sbi_pmu_info_is_fw(info.value)) {
			if (fw_first == ~0UL)
				fw_first = i;
			fw_num++;
		}
	}
	check(fw_first != ~0UL && fw_num == 16, "pmu: 16 firmware counters from %lu", fw_first);
	/* ~0 names counters past the last on rv64 (INVALID_PARAM), none on rv32;
	 * sbi_pmu_mask_all() names every counter on both. */
	unsigned long all = sbi_pmu_mask_all(0, n), ev = sbi_pmu_fw_event(PMU_FW_SET_TIMER);
	check_eq(all, n >= SBI_XLEN ? ~0UL : (1UL << n) - 1, "pmu: mask_all(0, %lu)", n);
	check_eq(sbi_pmu_mask_all(n, n), 0, "pmu: mask_all(n, n) is empty");
	r = sbi_pmu_counter_config_matching(0, ~0UL, 0, ev, 0);
	check_err(r, n >= SBI_XLEN ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM, "pmu: config_matching(0, ~0, fw event)");
	if (!r.error)
		sbi_pmu_counter_stop(r.value, 1, PMU_STOP_RESET);
	r = sbi_pmu_counter_config_matching(0, all, 0, ev, 0);
	check_err(r, SBI_SUCCESS, "pmu: config_matching(0, mask_all, fw event)");
	if (!r.error)
		sbi_pmu_counter_stop(r.value, 1, PMU_STOP_RESET);
	if (n > SBI_XLEN) {
		r = sbi_pmu_counter_config_matching(SBI_XLEN, sbi_pmu_mask_all(SBI_XLEN, n), 0, ev, 0);
		check_err(r, SBI_SUCCESS, "pmu: config_matching(XLEN, mask_all, fw event)");
		if (!r.error)
			sbi_pmu_counter_stop(r.value, 1, PMU_STOP_RESET);
	}
	for (unsigned i = 0; i < NSENT; i++) {
		r = sbi_pmu_counter_config_matching(fw_first, 0xffff,
						    PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
						    sbi_pmu_fw_event(sent_events[i]), 0);
		check_err(r, SBI_SUCCESS, "pmu: config_matching(fw %s, clear, auto start)", sent_name[i]);
		sent_ctr[i] = r.value;
		sent_last[i] = 0;
	}
	check_sent(NONE, 0, "pmu: just configured");
}

/* ---- Base --------------------------------------------------------------- */

static void test_base(void)
{
	check_eq(sbi_get_spec_version().value, 3UL << 24, "base: spec version 3.0");
	check_eq(sbi_get_impl_id().value, SBI_IMPL_ID_TALLY, "base: impl id Tally");
	check_eq(sbi_probe_extension(SBI_EXT_HSM).value, 1, "base: probe_extension(HSM) = 1");
	check_eq(sbi_probe_extension(0x7a11c0de).value, 0, "base: probe_extension(an unknown EID) = 0");
	check_eq(sbi_get_mvendorid().value, 0, "base: mvendorid 0 (QEMU)");
	check_eq(sbi_get_marchid().value & ~0xffUL, 0x70200, "base: marchid 0x702xx (QEMU 7.2)");
	struct sbiret r = sbi_get_mimpid();
	check(!r.error && (unsigned long)r.value != 3UL << 24 && r.value != SBI_IMPL_ID_TALLY,
	      "base: get_mimpid succeeds, not another function's answer (0x%lx)", r.value);
	check_eq(sbi_get_impl_version().error, 0, "base: get_impl_version");
}

/* ---- HSM ----------------------------------------------------------------- */

static void test_hsm_start(void)
{
	unsigned long s = sec[0], entry = (unsigned long)sec_entry;

	check_eq(status_of(boot), HSM_STARTED, "hsm: get_status(boot hart %lu) STARTED", boot);
	for (unsigned long i = 0; i < nsec; i++)
		check_eq(status_of(sec[i]), HSM_STOPPED, "hsm: get_status(%lu) STOPPED", sec[i]);
	check_err(sbi_hart_get_status(EXPECT_HARTS), SBI_ERR_INVALID_PARAM,
		  "hsm: get_status(%d), no such hart: INVALID_PARAM", EXPECT_HARTS);
	check_err(sbi_hart_start(EXPECT_HARTS, (void (*)(void))sec_entry, 0), SBI_ERR_INVALID_PARAM,
		  "hsm: hart_start(%d), no such hart: INVALID_PARAM", EXPECT_HARTS);
	check_err(sbi_hart_start(s, (void (*)(void))FW_BASE, 0), SBI_ERR_INVALID_ADDRESS,
		  "hsm: hart_start at the firmware: INVALID_ADDRESS");
	check_err(sbi_hart_start(boot, (void (*)(void))sec_entry, 0), SBI_ERR_ALREADY_AVAILABLE,
		  "hsm: hart_start(the boot hart): ALREADY_AVAILABLE");

	/* opaque is an address below RAM: a wrapper that swapped it with start_addr fails */
	check_err(sbi_hart_start(s, (void (*)(void))sec_entry, 0x1000), 0, "hsm: hart_start(%lu)", s);
	if (check(wait_ge(&ctl[s].entries, 1), "hsm: hart %lu enters start_addr", s)) {
		check_eq(ctl[s].a0, s, "hsm: ... with a0 = its hartid");
		check_eq(ctl[s].a1, 0x1000, "hsm: ... with a1 = opaque");
	}
	check(wait_status(s, HSM_STARTED), "hsm: get_status(%lu) STARTED", s);
	check_err(sbi_hart_start(s, (void (*)(void))entry, 0), SBI_ERR_ALREADY_AVAILABLE,
		  "hsm: hart_start of a started hart: ALREADY_AVAILABLE");

	post(s, CMD_STOP, 0, 0, 0);
	check(wait_status(s, HSM_STOPPED), "hsm: hart %lu calls hart_stop: STOPPED", s);
	check(ctl[s].done != ctl[s].seq, "hsm: ... and hart_stop did not return");

	for (unsigned long i = 0; i < nsec; i++) {
		unsigned long h = sec[i], n = ctl[h].entries + 1;
		check_err(sbi_hart_start(h, (void (*)(void))sec_entry, 0xc0de00 + h), 0,
			  "hsm: hart_start(%lu) (all three)", h);
		if (check(wait_ge(&ctl[h].entries, n), "hsm: hart %lu runs", h))
			check_eq(ctl[h].a1, 0xc0de00 + h, "hsm: ... with its opaque");
	}
}

static void test_hsm_suspend(void)
{
	unsigned long s = sec[1], n = ctl[s].entries + 1;
	uint64_t deadline;
	struct sbiret r;

	check_err(sbi_hart_suspend(1, 0, 0), SBI_ERR_INVALID_PARAM,
		  "hsm: hart_suspend type 1 (reserved): INVALID_PARAM");
	check_err(sbi_hart_suspend(HSM_SUSPEND_NON_RETENTIVE, (void (*)(void))FW_BASE, 0),
		  SBI_ERR_INVALID_ADDRESS, "hsm: non-retentive resuming in the firmware: INVALID_ADDRESS");

	/* default retentive, on this hart, until the timer */
	csr_set(sie, SIP_STIP);
	deadline = now() + 20 * TICKS_PER_MS;
	check_err(sbi_set_timer(deadline), 0, "time: set_timer 20 ms ahead");
	r = sbi_hart_suspend(HSM_SUSPEND_RETENTIVE, 0, 0);
	uint64_t t = now();
	check_err(r, 0, "hsm: default retentive suspend returns SUCCESS");
	check(t >= deadline, "hsm: ... after the timer's deadline");
	check(csr_read(sip) & SIP_STIP, "hsm: ... with sip.STIP pending");
	sbi_set_timer(~0ULL);
	csr_clear(sie, SIP_STIP);
	check_eq(csr_read(sip) & SIP_STIP, 0, "time: set_timer(-1) clears sip.STIP");

	/* default non-retentive, on a secondary, woken by an IPI; opaque is an
	 * address the firmware refuses to resume at */
	post(s, CMD_SUSPEND, HSM_SUSPEND_NON_RETENTIVE, (unsigned long)sec_entry, 0x1004);
	check(wait_status(s, HSM_SUSPENDED), "hsm: hart %lu non-retentive suspend: SUSPENDED", s);
	delay(SETTLE_TICKS);
	check_eq(ctl[s].entries, n - 1, "hsm: ... and it stays there");
	check_err(sbi_send_ipi(1UL << s, 0), 0, "ipi: send_ipi to wake it");
	check_sent(0, 1, "ipi: send_ipi to the suspended hart");
	if (check(wait_ge(&ctl[s].entries, n), "hsm: hart %lu resumes at resume_addr", s)) {
		check_eq(ctl[s].a0, s, "hsm: ... with a0 = its hartid");
		check_eq(ctl[s].a1, 0x1004, "hsm: ... with a1 = opaque");
	}
	check(wait_status(s, HSM_STARTED), "hsm: ... and it is STARTED");
}

/* ---- IPI ------------------------------------------------------------------ */

static unsigned long snap[MAXH];
static void snap_ssip(void)
{
	for (unsigned long i = 0; i < nsec; i++)
		snap[sec[i]] = ctl[sec[i]].ssip;
}
/* each secondary in targets saw one more IPI, the others none */
static void check_ipis(unsigned long targets, const char *what)
{
	for (unsigned long i = 0; i < nsec; i++)
		if (targets >> sec[i] & 1)
			wait_ge(&ctl[sec[i]].ssip, snap[sec[i]] + 1);
	delay(SETTLE_TICKS);
	unsigned long got = 0;
	for (unsigned long i = 0; i < nsec; i++)
		if (ctl[sec[i]].ssip - snap[sec[i]] == 1)
			got |= 1UL << sec[i];
		else if (ctl[sec[i]].ssip != snap[sec[i]])
			got |= 1UL << (XLEN - 1);
	check_eq(got, targets & ~(1UL << boot), "%s: the IPIs reached exactly these harts", what);
}

static void test_ipi(void)
{
	unsigned long a = sec[0], b = sec[1], lo = a < b ? a : b;
	unsigned long two = 1UL << a | 1UL << b;

	csr_clear(sip, SIP_SSIP);
	snap_ssip();
	check_err(sbi_send_ipi(1UL << a, 0), 0, "ipi: send_ipi(1 << %lu, base 0)", a);
	check_sent(0, 1, "ipi: one hart");
	check_ipis(1UL << a, "ipi: one hart");

	snap_ssip();
	check_err(sbi_send_ipi(two >> lo, lo), 0, "ipi: send_ipi(0x%lx, base %lu)", two >> lo, lo);
	check_sent(0, 2, "ipi: mask with a base");
	check_ipis(two, "ipi: mask with a base");

	snap_ssip();
	check_err(sbi_send_ipi(0, SBI_HART_MASK_ALL), 0, "ipi: send_ipi(0, base -1): every hart");
	check_sent(0, EXPECT_HARTS, "ipi: base -1");
	check(csr_read(sip) & SIP_SSIP, "ipi: ... the caller's own sip.SSIP is set");
	csr_clear(sip, SIP_SSIP);
	check_ipis(all_harts, "ipi: base -1");

	snap_ssip();
	check_err(sbi_send_ipi(1, EXPECT_HARTS), SBI_ERR_INVALID_PARAM,
		  "ipi: send_ipi(1, base %d), no such hart: INVALID_PARAM", EXPECT_HARTS);
	check_err(sbi_send_ipi(1UL << a | 1UL << EXPECT_HARTS, 0), SBI_ERR_INVALID_PARAM,
		  "ipi: send_ipi naming a hart and one past the last: INVALID_PARAM");
	check_sent(NONE, 0, "ipi: invalid masks");
	check_ipis(0, "ipi: invalid masks");
}

/* ---- RFENCE ----------------------------------------------------------------- */

static void test_rfence(void)
{
	unsigned long secs = 0, a = sec[0], b = sec[2], lo = a < b ? a : b;
	unsigned long pair = 1UL << a | 1UL << b;
	const long inval = SBI_ERR_INVALID_PARAM;
	struct sbiret r;

	for (unsigned long i = 0; i < nsec; i++)
		secs |= 1UL << sec[i];
	/* each function once to the three others, once with a base, once to all */
	check_err(sbi_remote_fence_i(secs, 0), 0, "rfence: remote_fence_i to the others");
	check_sent(1, nsec, "rfence: remote_fence_i");
	check_err(sbi_remote_fence_i(pair >> lo, lo), 0, "rfence: remote_fence_i(0x%lx, base %lu)",
		  pair >> lo, lo);
	check_sent(1, 2, "rfence: remote_fence_i with a base");
	check_err(sbi_remote_fence_i(0, SBI_HART_MASK_ALL), 0, "rfence: remote_fence_i(base -1)");
	check_sent(1, EXPECT_HARTS, "rfence: remote_fence_i to every hart");

	/* start, size, then the ASID/VMID: a size above ASID_MAX and VMID_MAX
	 * and an id below them, so that a swap gives INVALID_PARAM */
	check_err(sbi_remote_sfence_vma(secs, 0, 0x10000, 0x3000), 0, "rfence: remote_sfence_vma (3 pages)");
	check_sent(2, nsec, "rfence: remote_sfence_vma");
	check_err(sbi_remote_sfence_vma(0, SBI_HART_MASK_ALL, 0, ~0UL), 0, "rfence: remote_sfence_vma(base -1, all)");
	check_sent(2, EXPECT_HARTS, "rfence: remote_sfence_vma to every hart");
	check_err(sbi_remote_sfence_vma_asid(secs, 0, 0, 0x1000000, 1), 0,
		  "rfence: remote_sfence_vma_asid(start 0, size 16 MiB, asid 1)");
	check_sent(3, nsec, "rfence: remote_sfence_vma_asid");
	check_err(sbi_remote_sfence_vma_asid(pair >> lo, lo, 0, 0, ASID_MAX), 0,
		  "rfence: remote_sfence_vma_asid(the largest ASID, with a base)");
	check_sent(3, 2, "rfence: remote_sfence_vma_asid with a base");
	check_err(sbi_remote_sfence_vma_asid(secs, 0, 0, 0, ASID_MAX + 1), inval,
		  "rfence: remote_sfence_vma_asid(ASID 0x%lx): INVALID_PARAM", ASID_MAX + 1);
	check_sent(NONE, 0, "rfence: remote_sfence_vma_asid with a bad ASID");

	check_err(sbi_remote_hfence_gvma_vmid(secs, 0, 0x40000, 0x1000000, 1), 0,
		  "rfence: remote_hfence_gvma_vmid(size 16 MiB, vmid 1)");
	check_sent(5, nsec, "rfence: remote_hfence_gvma_vmid");
	check_err(sbi_remote_hfence_gvma_vmid(secs, 0, 0, 0, VMID_MAX + 1), inval,
		  "rfence: remote_hfence_gvma_vmid(VMID 0x%lx): INVALID_PARAM", VMID_MAX + 1);
	check_err(sbi_remote_hfence_gvma(secs, 0, 0x40000, 0x2000), 0, "rfence: remote_hfence_gvma");
	check_sent(4, nsec, "rfence: remote_hfence_gvma");
	check_err(sbi_remote_hfence_vvma_asid(0, SBI_HART_MASK_ALL, 0, 0x1000000, 2), 0,
		  "rfence: remote_hfence_vvma_asid(base -1, size 16 MiB, asid 2)");
	check_sent(7, EXPECT_HARTS, "rfence: remote_hfence_vvma_asid to every hart");
	check_err(sbi_remote_hfence_vvma_asid(secs, 0, 0, 0, ASID_MAX + 1), inval,
		  "rfence: remote_hfence_vvma_asid(ASID 0x%lx): INVALID_PARAM", ASID_MAX + 1);
	check_err(sbi_remote_hfence_vvma(pair >> lo, lo, 0, 0), 0, "rfence: remote_hfence_vvma with a base");
	check_sent(6, 2, "rfence: remote_hfence_vvma");

	/* masks naming a hart that is not there: INVALID_PARAM, nothing sent */
	static const struct { unsigned long mask, base; } bad[] = {
		{ 1, EXPECT_HARTS }, { 3, EXPECT_HARTS - 1 }, { 1UL << EXPECT_HARTS, 0 },
	};
	unsigned nbad = 0;
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		unsigned long m = bad[i].mask, base = bad[i].base;
		nbad += sbi_remote_fence_i(m, base).error != inval;
		nbad += sbi_remote_sfence_vma(m, base, 0, 0).error != inval;
		nbad += sbi_remote_sfence_vma_asid(m, base, 0, 0, 1).error != inval;
		nbad += sbi_remote_hfence_gvma_vmid(m, base, 0, 0, 1).error != inval;
		nbad += sbi_remote_hfence_gvma(m, base, 0, 0).error != inval;
		nbad += sbi_remote_hfence_vvma_asid(m, base, 0, 0, 1).error != inval;
		nbad += sbi_remote_hfence_vvma(m, base, 0, 0).error != inval;
	}
	check_eq(nbad, 0, "rfence: all seven with 3 masks past the last hart: INVALID_PARAM");
	check_sent(NONE, 0, "rfence: invalid masks");
	r = sbi_ecall(SBI_EXT_RFENCE, 7, secs, 0, 0, 0, 0, 0);
	check_err(r, SBI_ERR_NOT_SUPPORTED, "rfence: FID 7: NOT_SUPPORTED");
}

/* ---- legacy (v0.1) ------------------------------------------------------------ */

static void test_legacy(void)
{
	unsigned long a = sec[0], mask = 1UL << a, bad = 1UL << EXPECT_HARTS;

	/* set_timer: a deadline 2^32 ticks ahead must not fire (rv32: the high half) */
	csr_clear(sip, SIP_SSIP);
	check_eq(sbi_legacy_set_timer(now() + (1ULL << 32)), 0, "legacy: set_timer 2^32 ticks ahead");
	delay(SETTLE_TICKS);
	check_eq(csr_read(sip) & SIP_STIP, 0, "legacy: ... it does not fire");
	check_eq(sbi_legacy_set_timer(now()), 0, "legacy: set_timer(now)");
	delay(TICKS_PER_MS);
	check(csr_read(sip) & SIP_STIP, "legacy: ... sip.STIP is set");
	sbi_set_timer(~0ULL);

	snap_ssip();
	check_eq(sbi_legacy_send_ipi(&mask), 0, "legacy: send_ipi(&(1 << %lu))", a);
	check_sent(0, 1, "legacy: send_ipi");
	check_ipis(mask, "legacy: send_ipi");
	snap_ssip();
	check_eq(sbi_legacy_send_ipi(NULL), 0, "legacy: send_ipi(NULL): every hart");
	check_sent(0, EXPECT_HARTS, "legacy: send_ipi(NULL)");
	check_ipis(all_harts, "legacy: send_ipi(NULL)");
	check(csr_read(sip) & SIP_SSIP, "legacy: ... the caller's sip.SSIP is set");
	check_eq(sbi_legacy_clear_ipi(), 0, "legacy: clear_ipi");
	check_eq(csr_read(sip) & SIP_SSIP, 0, "legacy: ... clears sip.SSIP");
	check_eq(sbi_legacy_send_ipi(&bad), SBI_ERR_INVALID_PARAM,
		 "legacy: send_ipi to a hart past the last: INVALID_PARAM");
	check_eq(sbi_legacy_send_ipi((const unsigned long *)FW_BASE), SBI_ERR_INVALID_ADDRESS,
		 "legacy: send_ipi with a mask in the firmware: INVALID_ADDRESS");

	check_eq(sbi_legacy_remote_fence_i(&mask), 0, "legacy: remote_fence_i");
	check_sent(1, 1, "legacy: remote_fence_i");
	check_eq(sbi_legacy_remote_sfence_vma(NULL, 0x10000, 0x2000), 0, "legacy: remote_sfence_vma(NULL)");
	check_sent(2, EXPECT_HARTS, "legacy: remote_sfence_vma");
	check_eq(sbi_legacy_remote_sfence_vma_asid(&mask, 0, 0x1000000, 1), 0,
		 "legacy: remote_sfence_vma_asid(size 16 MiB, asid 1)");
	check_sent(3, 1, "legacy: remote_sfence_vma_asid");
	check_eq(sbi_legacy_remote_fence_i(&bad), SBI_ERR_INVALID_PARAM,
		 "legacy: remote_fence_i past the last hart: INVALID_PARAM");
	check_eq(sbi_legacy_remote_sfence_vma((const unsigned long *)FW_BASE, 0, 0), SBI_ERR_INVALID_ADDRESS,
		 "legacy: remote_sfence_vma, mask in the firmware: INVALID_ADDRESS");
	check_sent(NONE, 0, "legacy: the failed calls");
	check_eq(sbi_legacy_console_getchar(), -1, "legacy: console_getchar with no input: -1");
}

/* ---- TIME, PMU, DBCN: the rest ------------------------------------------------- */

static unsigned long snapshot[4096 / sizeof(unsigned long)] __attribute__((aligned(4096)));

static void test_time_pmu_dbcn(void)
{
	struct sbiret r;
	uint64_t v = 0;

	/* TIME: 2^32 ticks ahead must not fire (rv32: a3's high half) */
	csr_set(sie, SIP_STIP);
	check_err(sbi_set_timer(now() + (1ULL << 32)), 0, "time: set_timer 2^32 ticks ahead");
	delay(SETTLE_TICKS);
	check_eq(csr_read(sip) & SIP_STIP, 0, "time: ... it does not fire");
	sbi_set_timer(~0ULL);
	csr_clear(sie, SIP_STIP);

	/* the event encodings (spec 11.1) */
	check_eq(sbi_pmu_hw_event(PMU_HW_INSTRUCTIONS), 0x2, "pmu: hw_event(INSTRUCTIONS) = 0x2");
	check_eq(sbi_pmu_cache_event(PMU_CACHE_LL, PMU_CACHE_OP_WRITE, PMU_CACHE_RESULT_MISS), 0x10013,
		 "pmu: cache_event(LL, WRITE, MISS) = 0x10013");
	check_eq(sbi_pmu_raw_event(), 0x20000, "pmu: raw_event() = 0x20000");
	check_eq(sbi_pmu_raw_v2_event(), 0x30000, "pmu: raw_v2_event() = 0x30000");
	check_eq(sbi_pmu_fw_event(PMU_FW_ILLEGAL_INSN), 0xf0004, "pmu: fw_event(ILLEGAL_INSN) = 0xf0004");

	/* event_data must be 0 for a firmware event: 2^32 is not (rv32: a5) */
	r = sbi_pmu_counter_config_matching(fw_first, 0xffff, 0, sbi_pmu_fw_event(PMU_FW_ACCESS_LOAD),
					    1ULL << 32);
	check_err(r, SBI_ERR_INVALID_PARAM, "pmu: config_matching(fw ACCESS_LOAD, event_data 2^32): INVALID_PARAM");

	/* a firmware counter started at 2^32 + 5: rv32's a3/a4, fw_read_hi */
	r = sbi_pmu_counter_config_matching(fw_first, 0xffff, 0, sbi_pmu_fw_event(PMU_FW_ACCESS_LOAD), 0);
	check_err(r, 0, "pmu: config_matching(fw ACCESS_LOAD)");
	unsigned long idx = r.value;
	check_err(sbi_pmu_counter_start(idx, 1, PMU_START_SET_INIT_VALUE, 0x100000005ULL), 0,
		  "pmu: counter_start(%lu, SET_INIT_VALUE 0x100000005)", idx);
	check_err(sbi_pmu_counter_fw_read64(idx, &v), 0, "pmu: fw_read64");
	check_eq((unsigned long)(v >> 32), 1, "pmu: ... bits 63:32 are 1");
	check_eq((uint32_t)v, 5, "pmu: ... bits 31:0 are 5");
	r = sbi_pmu_counter_fw_read(idx);
	check_eq(r.value, XLEN == 32 ? 5 : 0x100000005ULL, "pmu: fw_read: the low XLEN bits");
	r = sbi_pmu_counter_fw_read_hi(idx);
	check_err(r, 0, "pmu: fw_read_hi");
	check_eq(r.value, XLEN == 32 ? 1 : 0, "pmu: fw_read_hi: %s", XLEN == 32 ? "bits 63:32" : "0 on rv64");
	check_err(sbi_pmu_counter_fw_read_hi(fw_first + fw_num), SBI_ERR_INVALID_PARAM,
		  "pmu: fw_read_hi past the counters: INVALID_PARAM");
	check_err(sbi_pmu_counter_stop(idx, 1, 0), 0, "pmu: counter_stop(%lu)", idx);
	check_err(sbi_pmu_counter_stop(idx, 1, 0), SBI_ERR_ALREADY_STOPPED, "pmu: stop again: ALREADY_STOPPED");
	check_err(sbi_pmu_counter_start(idx, 1, 0, 0), 0, "pmu: start without SET_INIT_VALUE");
	sbi_pmu_counter_fw_read64(idx, &v);
	check_eq((unsigned long)(v >> 32), 1, "pmu: ... goes on from 2^32 + 5");
	check_err(sbi_pmu_counter_stop(idx, 1, PMU_STOP_RESET), 0, "pmu: counter_stop(RESET)");
	check_err(sbi_pmu_counter_start(idx, 1, 0, 0), SBI_ERR_INVALID_PARAM,
		  "pmu: start of a released counter: INVALID_PARAM");

	/* the counter sets */
	struct sbi_pmu_set s = { { 0 } };
	sbi_pmu_set_add(&s, 3);
	sbi_pmu_set_add(&s, 34);
	check(sbi_pmu_set_has(&s, 3) && sbi_pmu_set_has(&s, 34) && !sbi_pmu_set_has(&s, 4),
	      "pmu: set_has 3 and 34, not 4");
	sbi_pmu_set_del(&s, 34);
	check(!sbi_pmu_set_has(&s, 34), "pmu: set_del");

	/* snapshot memory: 4 KiB aligned, NULL stops */
	check_err(sbi_pmu_snapshot_set_shmem(snapshot, 0), 0, "pmu: snapshot_set_shmem");
	check_err(sbi_pmu_snapshot_set_shmem((char *)snapshot + 8, 0), SBI_ERR_INVALID_PARAM,
		  "pmu: snapshot_set_shmem misaligned: INVALID_PARAM");
	check_err(sbi_pmu_snapshot_set_shmem(snapshot, 1), SBI_ERR_INVALID_PARAM,
		  "pmu: snapshot_set_shmem flags 1: INVALID_PARAM");
	check_err(sbi_pmu_snapshot_set_shmem(NULL, 0), 0, "pmu: snapshot_set_shmem(NULL) stops");

	/* event_get_info: cycles and a firmware event are there, hw code 0x1ff is not */
	static struct sbi_pmu_event_info info[3] __attribute__((aligned(16)));
	info[0] = (struct sbi_pmu_event_info){ .event_idx = sbi_pmu_hw_event(PMU_HW_CPU_CYCLES) };
	info[1] = (struct sbi_pmu_event_info){ .event_idx = 0x1ff };
	info[2] = (struct sbi_pmu_event_info){ .event_idx = sbi_pmu_fw_event(PMU_FW_SET_TIMER) };
	check_err(sbi_pmu_event_get_info(info, 3, 0), 0, "pmu: event_get_info of 3 events");
	check_eq(info[0].output & 1, 1, "pmu: ... CPU_CYCLES can be counted");
	check_eq(info[1].output & 1, 0, "pmu: ... hw code 0x1ff cannot");
	check_eq(info[2].output & 1, 1, "pmu: ... fw SET_TIMER can");
	check_err(sbi_pmu_event_get_info(info, 3, 1), SBI_ERR_INVALID_PARAM,
		  "pmu: event_get_info flags 1: INVALID_PARAM");

	/* cycle CSR read by number */
	unsigned long c0 = sbi_csr_read_counter(0xc00), c1 = sbi_csr_read_counter(0xc00);
	check(c1 != c0, "pmu: csr_read_counter(0xc00) moves");

	/* DBCN */
	static const char msg[] = "# dbcn: written by sbi_debug_console_write\n";
	r = sbi_debug_console_write(msg, sizeof(msg) - 1);
	check_err(r, 0, "dbcn: console_write");
	check_eq(r.value, sizeof(msg) - 1, "dbcn: ... all %u bytes", (unsigned)sizeof(msg) - 1);
	check_err(sbi_debug_console_write((const void *)FW_BASE, 4), SBI_ERR_INVALID_PARAM,
		  "dbcn: console_write from the firmware: INVALID_PARAM");
	long e1 = sbi_debug_console_write_byte('#').error, e2 = sbi_debug_console_write_byte('\n').error;
	check_eq(e1, 0, "dbcn: console_write_byte('#')");
	check_eq(e2, 0, "dbcn: console_write_byte('\\n')");
	static char in[8];
	r = sbi_debug_console_read(in, sizeof(in));
	check_err(r, 0, "dbcn: console_read with no input");
	check_eq(r.value, 0, "dbcn: ... 0 bytes");
	check_err(sbi_debug_console_read((void *)FW_BASE, 4), SBI_ERR_INVALID_PARAM,
		  "dbcn: console_read into the firmware: INVALID_PARAM");
}

/* ---- FWFT ----------------------------------------------------------------------- */

static void test_fwft(void)
{
	struct sbiret r = sbi_fwft_get(FWFT_MISALIGNED_EXC_DELEG);

	check_err(r, 0, "fwft: get(MISALIGNED_EXC_DELEG)");
	check_eq(r.value, 0, "fwft: ... its reset value 0");
	check_err(sbi_fwft_set(FWFT_MISALIGNED_EXC_DELEG, 1, 0), 0, "fwft: set(MISALIGNED_EXC_DELEG, 1)");
	check_eq(sbi_fwft_get(FWFT_MISALIGNED_EXC_DELEG).value, 1, "fwft: get: 1");
	check_err(sbi_fwft_set(FWFT_MISALIGNED_EXC_DELEG, 2, 0), SBI_ERR_INVALID_PARAM,
		  "fwft: set value 2: INVALID_PARAM");
	check_err(sbi_fwft_set(FWFT_MISALIGNED_EXC_DELEG, 0, 2), SBI_ERR_INVALID_PARAM,
		  "fwft: set flags bit 1 (reserved): INVALID_PARAM");
	check_err(sbi_fwft_set(FWFT_MISALIGNED_EXC_DELEG, 0, 0), 0, "fwft: set(0)");
	check_eq(sbi_fwft_get(FWFT_MISALIGNED_EXC_DELEG).value, 0, "fwft: get: 0");
	check_err(sbi_fwft_get(FWFT_LANDING_PAD), SBI_ERR_NOT_SUPPORTED,
		  "fwft: get(LANDING_PAD), not on QEMU 7.2: NOT_SUPPORTED");
	check_err(sbi_fwft_set(FWFT_SHADOW_STACK, 1, 0), SBI_ERR_NOT_SUPPORTED,
		  "fwft: set(SHADOW_STACK): NOT_SUPPORTED");
	check_err(sbi_fwft_get(6), SBI_ERR_DENIED, "fwft: get(6), reserved: DENIED");
	check_err(sbi_fwft_set(0x40000000, 0, 0), SBI_ERR_DENIED,
		  "fwft: set(0x40000000), platform-specific, none: DENIED");
	check_err(sbi_fwft_set(FWFT_MISALIGNED_EXC_DELEG, 1, FWFT_SET_LOCK), 0, "fwft: set(1, LOCK)");
	check_err(sbi_fwft_set(FWFT_MISALIGNED_EXC_DELEG, 0, 0), SBI_ERR_DENIED_LOCKED,
		  "fwft: locked: set(0): DENIED_LOCKED");
	check_eq(sbi_fwft_get(FWFT_MISALIGNED_EXC_DELEG).value, 1, "fwft: locked: get: 1");
}

/* ---- DBTR ------------------------------------------------------------------------ */

struct caught { volatile unsigned long n, cause, epc, tval, t1; };
static struct caught caught;
static unsigned long dbtr_shm[8][DBTR_ENTRY_WORDS] __attribute__((aligned(64)));
static volatile uint64_t watched[2];          /* 8 bytes apart (QEMU watches 8 from tdata2) */
#define W(i) ((volatile unsigned long *)&watched[i])
#define T_LOAD  (1UL << 0)
#define T_STORE (1UL << 1)
#define T_S     (1UL << 4)
#define TYPE2   (2UL << (XLEN - 4))          /* mcontrol */

/* A 4-byte store (catch_trap steps 4 bytes): did it stop with a breakpoint? */
static int store_stops(volatile unsigned long *p)
{
	unsigned long n = caught.n;

	__asm__ volatile(".option push\n.option norvc\n"
#if XLEN == 64
			 "sd %1, 0(%0)\n"
#else
			 "sw %1, 0(%0)\n"
#endif
			 ".option pop" :: "r"(p), "r"(1UL) : "memory");
	return caught.n == n + 1 && caught.cause == 3;
}

static void entry_set(unsigned i, unsigned long idx, unsigned long t1, const volatile void *addr)
{
	dbtr_shm[i][0] = idx;
	dbtr_shm[i][1] = t1;
	dbtr_shm[i][2] = (unsigned long)addr;
	dbtr_shm[i][3] = 0;
}

static void test_dbtr(void)
{
	struct sbiret r = sbi_debug_num_triggers(0);
	unsigned long n = r.value, idx;

	check_err(r, 0, "dbtr: num_triggers(0)");
	check_eq(n, 2, "dbtr: QEMU 7.2 has 2 triggers per hart");
	check_eq(sbi_debug_num_triggers(TYPE2 | T_STORE | T_S).value, 2, "dbtr: num_triggers(mcontrol) 2");
	check_eq(sbi_debug_num_triggers(3UL << (XLEN - 4)).value, 0, "dbtr: num_triggers(icount) 0");
	if (n != 2)
		return;
	check_err(sbi_debug_read_triggers(0, 1), SBI_ERR_NO_SHMEM, "dbtr: read_triggers without shmem: NO_SHMEM");
	check_err(sbi_debug_set_shmem((char *)dbtr_shm + 1, 0), SBI_ERR_INVALID_PARAM,
		  "dbtr: set_shmem misaligned: INVALID_PARAM");
	check_err(sbi_debug_set_shmem(dbtr_shm, 1), SBI_ERR_INVALID_PARAM, "dbtr: set_shmem flags 1: INVALID_PARAM");
	check_err(sbi_debug_set_shmem((void *)FW_BASE, 0), SBI_ERR_INVALID_ADDRESS,
		  "dbtr: set_shmem in the firmware: INVALID_ADDRESS");
	check_err(sbi_debug_set_shmem(dbtr_shm, 0), 0, "dbtr: set_shmem");
	check_err(sbi_debug_read_triggers(0, n), 0, "dbtr: read_triggers(0, %lu)", n);
	check_err(sbi_debug_read_triggers(n, 1), SBI_ERR_BAD_RANGE, "dbtr: read_triggers(%lu, 1): BAD_RANGE", n);
	check_err(sbi_debug_install_triggers(n + 1), SBI_ERR_BAD_RANGE, "dbtr: install %lu: BAD_RANGE", n + 1);

	csr_write(sscratch, (unsigned long)&caught);
	csr_write(stvec, (unsigned long)catch_trap);

	/* install one store trigger on watched[1] */
	entry_set(0, ~0UL, TYPE2 | T_STORE | T_S, W(1));
	r = sbi_debug_install_triggers(1);
	check_err(r, 0, "dbtr: install a store trigger");
	idx = dbtr_shm[0][0];
	check(idx < n, "dbtr: ... its index %lu written back", idx);
	check(store_stops(W(1)), "dbtr: a store to the watched word stops (breakpoint)");
	check(!store_stops(W(0)), "dbtr: a store to the other word does not");
	/* read it back, into entry 1 (base = idx, count 1) */
	dbtr_shm[0][0] = dbtr_shm[0][1] = 0;
	check_err(sbi_debug_read_triggers(idx, 1), 0, "dbtr: read_triggers(%lu, 1)", idx);
	check_eq(dbtr_shm[0][0], DBTR_STATE_MAPPED | DBTR_STATE_S | idx << DBTR_STATE_HW_IDX_SHIFT,
		 "dbtr: ... trig_state mapped, s, hw index");
	check_eq(dbtr_shm[0][1], TYPE2 | T_STORE | T_S, "dbtr: ... tdata1 as installed");
	check_eq(dbtr_shm[0][2], (unsigned long)W(1), "dbtr: ... tdata2 the watched address");

	check_err(sbi_debug_disable_triggers(idx, 1), 0, "dbtr: disable_triggers(%lu, 1)", idx);
	check(!store_stops(W(1)), "dbtr: disabled: the store does not stop");
	check_err(sbi_debug_enable_triggers(idx, 1), 0, "dbtr: enable_triggers(%lu, 1)", idx);
	check(store_stops(W(1)), "dbtr: enabled: the store stops again");
	check_err(sbi_debug_enable_triggers(0, 1UL << n), SBI_ERR_INVALID_PARAM,
		  "dbtr: enable_triggers(0, bit %lu): INVALID_PARAM", n);

	entry_set(0, idx, TYPE2 | T_STORE | T_S, W(0));
	check_err(sbi_debug_update_triggers(1), 0, "dbtr: update_triggers: watch the other word");
	check(store_stops(W(0)), "dbtr: updated: the other word stops");
	check(!store_stops(W(1)), "dbtr: updated: the first one does not");
	check_err(sbi_debug_update_triggers(n + 1), SBI_ERR_BAD_RANGE, "dbtr: update %lu: BAD_RANGE", n + 1);

	check_err(sbi_debug_uninstall_triggers(idx, 1), 0, "dbtr: uninstall_triggers(%lu, 1)", idx);
	check(!store_stops(W(0)), "dbtr: uninstalled: no stop");
	check_err(sbi_debug_uninstall_triggers(idx, 1), SBI_ERR_INVALID_PARAM,
		  "dbtr: uninstall it again: INVALID_PARAM");

	/* both at once: the second entry's index comes back in its own slot */
	entry_set(0, ~0UL, TYPE2 | T_STORE | T_S, W(0));
	entry_set(1, ~0UL, TYPE2 | T_LOAD | T_S, W(1));
	check_err(sbi_debug_install_triggers(2), 0, "dbtr: install 2 triggers");
	check(dbtr_shm[0][0] < n && dbtr_shm[1][0] < n && dbtr_shm[0][0] != dbtr_shm[1][0],
	      "dbtr: ... two different indexes %lu, %lu", dbtr_shm[0][0], dbtr_shm[1][0]);
	check_err(sbi_debug_uninstall_triggers(0, 3), 0, "dbtr: uninstall_triggers(0, 0b11)");
	check(!store_stops(W(0)), "dbtr: ... no stop");
	check_err(sbi_debug_set_shmem(NULL, 0), 0, "dbtr: set_shmem(NULL) stops using it");
	check_err(sbi_debug_read_triggers(0, 1), SBI_ERR_NO_SHMEM, "dbtr: ... read_triggers: NO_SHMEM");

	csr_write(stvec, (unsigned long)tally_trap_entry);
}

/* ---- SSE --------------------------------------------------------------------------- */

/* What sse_entry (calls_asm.S) needs first, then what the handler saw. */
struct sse_ctx {
	unsigned long regs[32];
	unsigned long stack_top;
	volatile unsigned long runs, hartid, status, attrs[4];
	unsigned long stack[512] __attribute__((aligned(16)));
};
static struct sse_ctx ctx[2];
#define LOCAL_SW SSE_EV_LOCAL_SOFTWARE
#define GLOBAL_SW SSE_EV_GLOBAL_SOFTWARE

void sse_handler(struct sse_ctx *c, unsigned long hartid);
void sse_handler(struct sse_ctx *c, unsigned long hartid)
{
	unsigned long st = 0;
	uint32_t id = c == &ctx[0] ? LOCAL_SW : GLOBAL_SW;

	c->hartid = hartid;
	sbi_sse_read_attrs(id, SSE_ATTR_STATUS, 1, &st);
	c->status = st;
	sbi_sse_read_attrs(id, SSE_ATTR_INTERRUPTED_SEPC, 4, (unsigned long *)c->attrs);
	c->runs++;
}

static void ctx_init(struct sse_ctx *c)
{
	for (unsigned i = 0; i < 32; i++)
		c->regs[i] = 0;
	c->stack_top = (unsigned long)&c->stack[512];
	c->runs = c->hartid = c->status = 0;
}

static unsigned long attr(uint32_t id, unsigned a)
{
	unsigned long v = ~0UL;
	return sbi_sse_read_attrs(id, a, 1, &v).error ? ~0UL : v;
}

static volatile long sec_unmask_err;

/* A secondary: GLOBAL_SW's preferred hart, unmasked until it has run once. */
static void sse_on_this_hart(void)
{
	sec_unmask_err = sbi_sse_hart_unmask().error;
	uint64_t give_up = now() + WAIT_TICKS;
	while (!ctx[1].runs && now() < give_up)
		;
	sbi_sse_hart_mask();
}

static void test_sse(void)
{
	unsigned long v[SSE_NUM_ATTRS], entry = (unsigned long)sse_entry;
	struct sbiret r;

	/* attributes of the unused event, two at a time: base 3 is PREFERRED_HART */
	v[0] = v[1] = 0xa5;
	check_err(sbi_sse_read_attrs(LOCAL_SW, SSE_ATTR_PREFERRED_HART, 2, v), 0,
		  "sse: read_attrs(LOCAL_SOFTWARE, PREFERRED_HART, 2)");
	check_eq(v[0], boot, "sse: ... PREFERRED_HART of a local event: this hart");
	check_eq(v[1], 0, "sse: ... ENTRY_PC 0 (unregistered)");
	check_err(sbi_sse_read_attrs(LOCAL_SW, SSE_ATTR_INTERRUPTED_A7, 2, v), SBI_ERR_BAD_RANGE,
		  "sse: read_attrs 9..10: BAD_RANGE");
	check_err(sbi_sse_read_attrs(0x4000, 0, 1, v), SBI_ERR_INVALID_PARAM,
		  "sse: read_attrs(0x4000, reserved): INVALID_PARAM");
	check_err(sbi_sse_read_attrs(SSE_EV_LOCAL_HIGH_PRIO_RAS, 0, 1, v), SBI_ERR_NOT_SUPPORTED,
		  "sse: read_attrs(LOCAL_HIGH_PRIO_RAS), no source: NOT_SUPPORTED");
	/* PRIORITY and CONFIG in one write; CONFIG takes bit 0 only */
	v[0] = 7;
	v[1] = SSE_CONFIG_ONESHOT;
	check_err(sbi_sse_write_attrs(GLOBAL_SW, SSE_ATTR_PRIORITY, 2, v), 0,
		  "sse: write_attrs(GLOBAL_SOFTWARE, PRIORITY = 7, CONFIG = one-shot)");
	check_eq(attr(GLOBAL_SW, SSE_ATTR_PRIORITY), 7, "sse: ... PRIORITY reads 7");
	check_eq(attr(GLOBAL_SW, SSE_ATTR_CONFIG), 1, "sse: ... CONFIG reads 1");
	check_err(sbi_sse_read_attrs(GLOBAL_SW, SSE_ATTR_STATUS, 3, v), 0, "sse: read_attrs(STATUS, 3)");
	check(v[0] == SSE_STATUS_INJECT && v[1] == 7 && v[2] == 1,
	      "sse: ... STATUS injectable, PRIORITY 7, CONFIG 1 (0x%lx 0x%lx 0x%lx)", v[0], v[1], v[2]);
	v[0] = 2;
	check_err(sbi_sse_write_attrs(GLOBAL_SW, SSE_ATTR_CONFIG, 1, v), SBI_ERR_INVALID_PARAM,
		  "sse: write_attrs CONFIG = 2: INVALID_PARAM");
	v[0] = 0;
	v[1] = 0;
	sbi_sse_write_attrs(GLOBAL_SW, SSE_ATTR_PRIORITY, 2, v);

	/* register, enable, inject while masked, unmask */
	ctx_init(&ctx[0]);
	check_err(sbi_sse_register(LOCAL_SW, (void (*)(void))(entry + 1), (unsigned long)&ctx[0]),
		  SBI_ERR_INVALID_PARAM, "sse: register with an odd entry_pc: INVALID_PARAM");
	check_err(sbi_sse_register(LOCAL_SW, (void (*)(void))sse_entry, (unsigned long)&ctx[0]), 0,
		  "sse: register(LOCAL_SOFTWARE)");
	check_eq(attr(LOCAL_SW, SSE_ATTR_STATUS) & 3, SSE_REGISTERED, "sse: ... REGISTERED");
	check_eq(attr(LOCAL_SW, SSE_ATTR_ENTRY_PC), entry, "sse: ... ENTRY_PC the handler");
	check_eq(attr(LOCAL_SW, SSE_ATTR_ENTRY_ARG), (unsigned long)&ctx[0], "sse: ... ENTRY_ARG its argument");
	check_err(sbi_sse_enable(LOCAL_SW), 0, "sse: enable");
	check_eq(attr(LOCAL_SW, SSE_ATTR_STATUS) & 3, SSE_ENABLED, "sse: ... ENABLED");
	check_err(sbi_sse_hart_mask(), SBI_ERR_ALREADY_STOPPED, "sse: hart_mask while masked: ALREADY_STOPPED");
	check_err(sbi_sse_inject(LOCAL_SW, boot), 0, "sse: inject(LOCAL_SOFTWARE, this hart) while masked");
	check_eq(ctx[0].runs, 0, "sse: ... masked: not run");
	check_eq(attr(LOCAL_SW, SSE_ATTR_STATUS) & SSE_STATUS_PENDING, SSE_STATUS_PENDING, "sse: ... pending");
	check_err(sbi_sse_hart_unmask(), 0, "sse: hart_unmask");
	check_eq(ctx[0].runs, 1, "sse: ... the handler ran");
	check_eq(ctx[0].hartid, boot, "sse: ... with a6 = hartid");
	check_eq(ctx[0].status & 3, SSE_RUNNING, "sse: ... RUNNING in it");
	check_eq(ctx[0].attrs[2], SSE_FID_HART_UNMASK, "sse: ... INTERRUPTED_A6 = hart_unmask's FID");
	check_eq(ctx[0].attrs[3], SBI_EXT_SSE, "sse: ... INTERRUPTED_A7 = SSE");
	check_err(sbi_sse_hart_unmask(), SBI_ERR_ALREADY_STARTED, "sse: hart_unmask again: ALREADY_STARTED");

	/* unmasked: inject runs it before it returns */
	r = sbi_sse_inject(LOCAL_SW, boot);
	check_err(r, 0, "sse: inject while unmasked");
	check_eq(ctx[0].runs, 2, "sse: ... ran before inject returned");
	check_eq(ctx[0].attrs[2], SSE_FID_INJECT, "sse: ... INTERRUPTED_A6 = inject's FID");
	check_eq(attr(LOCAL_SW, SSE_ATTR_STATUS) & 3, SSE_ENABLED, "sse: ... ENABLED after complete");
	check_err(sbi_sse_inject(LOCAL_SW, EXPECT_HARTS), SBI_ERR_INVALID_PARAM,
		  "sse: inject into hart %d, none: INVALID_PARAM", EXPECT_HARTS);

	/* complete with nothing running: SUCCESS, and it neither masks nor unmasks */
	check_err(sbi_sse_complete(), 0, "sse: complete with no event running (unmasked)");
	check_err(sbi_sse_hart_mask(), 0, "sse: ... hart_mask then succeeds");
	check_err(sbi_sse_complete(), 0, "sse: complete with no event running (masked)");
	check_err(sbi_sse_hart_unmask(), 0, "sse: ... hart_unmask then succeeds");
	sbi_sse_hart_mask();

	check_err(sbi_sse_unregister(LOCAL_SW), SBI_ERR_INVALID_STATE, "sse: unregister while ENABLED: INVALID_STATE");
	check_err(sbi_sse_disable(LOCAL_SW), 0, "sse: disable");
	check_eq(attr(LOCAL_SW, SSE_ATTR_STATUS) & 3, SSE_REGISTERED, "sse: ... REGISTERED");
	check_err(sbi_sse_disable(LOCAL_SW), SBI_ERR_INVALID_STATE, "sse: disable again: INVALID_STATE");
	check_err(sbi_sse_unregister(LOCAL_SW), 0, "sse: unregister");
	check_eq(attr(LOCAL_SW, SSE_ATTR_STATUS) & 3, SSE_UNUSED, "sse: ... UNUSED");

	/* a global event on its preferred hart, a secondary */
	unsigned long s = sec[0];
	ctx_init(&ctx[1]);
	check_err(sbi_sse_register(GLOBAL_SW, (void (*)(void))sse_entry, (unsigned long)&ctx[1]), 0,
		  "sse: register(GLOBAL_SOFTWARE)");
	v[0] = s;
	check_err(sbi_sse_write_attrs(GLOBAL_SW, SSE_ATTR_PREFERRED_HART, 1, v), 0,
		  "sse: write_attrs PREFERRED_HART = %lu", s);
	check_err(sbi_sse_enable(GLOBAL_SW), 0, "sse: enable(GLOBAL_SOFTWARE)");
	post(s, CMD_SSE_LOCAL, 0, 0, 0);
	delay(SETTLE_TICKS);
	check_err(sbi_sse_inject(GLOBAL_SW, boot), 0, "sse: inject(GLOBAL_SOFTWARE)");
	if (check(wait_ge(&ctx[1].runs, 1), "sse: GLOBAL_SOFTWARE's handler ran"))
		check_eq(ctx[1].hartid, s, "sse: ... on its preferred hart %lu", s);
	check(wait_done(s), "sse: hart %lu masked again", s);
	check_eq(sec_unmask_err, 0, "sse: hart %lu's hart_unmask succeeded", s);
	check_err(sbi_sse_disable(GLOBAL_SW), 0, "sse: disable(GLOBAL_SOFTWARE)");
	check_err(sbi_sse_unregister(GLOBAL_SW), 0, "sse: unregister(GLOBAL_SOFTWARE)");
}

/* ---- SUSP, and the end ------------------------------------------------------------- */

static uint64_t susp_deadline;

static __attribute__((noreturn)) void finish(void)
{
	printf("%u passed, %u failed\n", passed, failed);
	tally_exit(failed != 0);
}

void resumed(unsigned long hartid, unsigned long opaque)
{
	uint64_t t = now();

	csr_write(stvec, (unsigned long)tally_trap_entry);
	csr_clear(sie, SIP_STIP);
	sbi_set_timer(~0ULL);
	check_eq(hartid, boot, "susp: resumed with a0 = hartid");
	check_eq(opaque, 0x1008, "susp: resumed with a1 = opaque");
	check(t >= susp_deadline, "susp: woken by the timer, not before it");
	check_eq(status_of(boot), HSM_STARTED, "susp: this hart is STARTED again");
	check_eq(sbi_fwft_get(FWFT_MISALIGNED_EXC_DELEG).value, 1, "susp: FWFT value and lock kept");
	finish();
}

static void test_susp(void)
{
	void (*resume)(void) = (void (*)(void))resume_entry;

	check_err(sbi_system_suspend(1, resume, 0), SBI_ERR_INVALID_PARAM,
		  "susp: sleep_type 1 (reserved): INVALID_PARAM");
	check_err(sbi_system_suspend(SUSP_SUSPEND_TO_RAM, (void (*)(void))FW_BASE, 0),
		  SBI_ERR_INVALID_ADDRESS, "susp: resume_addr in the firmware: INVALID_ADDRESS");
	check_err(sbi_system_suspend(SUSP_SUSPEND_TO_RAM, resume, 0), SBI_ERR_DENIED,
		  "susp: other harts running: DENIED");
	for (unsigned long i = 0; i < nsec; i++) {
		post(sec[i], CMD_STOP, 0, 0, 0);
		check(wait_status(sec[i], HSM_STOPPED), "hsm: hart %lu stopped", sec[i]);
	}
	/* woken by the timer; opaque an address it must not resume at */
	csr_set(sie, SIP_STIP);
	susp_deadline = now() + 20 * TICKS_PER_MS;
	sbi_set_timer(susp_deadline);
	struct sbiret r = sbi_system_suspend(SUSP_SUSPEND_TO_RAM, resume, 0x1008);
	check(0, "susp: suspend to RAM returned (error %s) instead of resuming", sbi_err_name(r.error));
	finish();
}

int main(unsigned long hartid, unsigned long dtb)
{
	(void)dtb;
	boot = hartid;
	for (unsigned long h = 0; h < EXPECT_HARTS; h++) {
		all_harts |= 1UL << h;
		if (h != hartid)
			sec[nsec++] = h;
	}
	printf("# kit-calls: every <tally/sbi.h> wrapper, rv%d, %d harts, boot hart %lu\n",
	       XLEN, EXPECT_HARTS, hartid);
	test_base();
	setup_sent_counters();
	test_hsm_start();
	test_hsm_suspend();
	test_ipi();
	test_rfence();
	test_legacy();
	test_time_pmu_dbcn();
	test_fwft();
	test_dbtr();
	test_sse();
	test_susp();
	return 1;
}
