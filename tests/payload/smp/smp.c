/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The multi-hart payload: HSM, IPI and RFENCE (SBI spec chapters 7-9) on
 * QEMU virt with -smp 4, 16 and 64, and the firmware counters they drive
 * (PMU firmware events 6-21). Hart sets go to the firmware in XLEN-wide
 * windows (hart_mask + hart_mask_base, smp/hartset.h): on rv32 a 64-hart
 * machine takes two calls, or one with hart_mask_base = -1.
 *
 * The boot hart runs the checks and prints one line per check ("ok - ..."
 * or "FAIL - ... got X expected Y"), then "N passed, M failed", then shuts
 * down through SRST. The other harts, once started, sit in a loop
 * (secondary_main) that counts the S-mode software interrupts they see in
 * sip.SSIP and runs the commands the boot hart posts in their struct
 * hart_ctl: make one SBI call, configure or read their own firmware
 * counters (PMU state is per hart), watch a counter, and so on. Every hart
 * keeps sstatus.SIE clear and polls; a trap is a failure. Every wait is a
 * short timer and wfi (relax()): under -icount QEMU runs all harts on one
 * host thread and a spinning hart would keep the others from running.
 *
 * Build-time knobs:
 *   EXPECT_HARTS  harts the machine has (default 4: -smp 4; up to 64)
 *   EXPECT_H      1 if the harts have the H extension (QEMU's default
 *                 rv64/rv32 CPUs), 0 for -cpu rvXX,h=false
 *   RAM_END       end of RAM (default: QEMU virt with -m 128M)
 */
#include <stdarg.h>
#include <stdbool.h>
#include <tally/sbi.h>
#include "sbicall.h"
#include "check.h"
#include "smp/hartset.h"

#ifndef EXPECT_HARTS
#define EXPECT_HARTS 4
#endif
#ifndef EXPECT_H
#define EXPECT_H 1
#endif
#ifndef RAM_END
#define RAM_END 0x88000000UL
#endif
#define FW_BASE 0x80000000UL          /* the firmware, closed by PMP */
#define MAXH SMP_MAX_HARTS            /* hart ids with a stack here (entry.S) */
#define FW_MAX_HARTS 512              /* the firmware's table (TALLY_MAX_HARTS) */
#define XLEN __riscv_xlen
#define NUM_FW_COUNTERS 16

#define EXT_IPI  0x735049UL
#define EXT_HSM  0x48534DUL
#define EXT_RFNC 0x52464E43UL

#define SIP_SSIP (1UL << 1)
#define SIP_STIP (1UL << 5)
#define SSTATUS_SIE (1UL << 1)

/* QEMU virt's timer runs at 10 MHz. */
#define TICKS_PER_MS 10000ULL
/* Give up on another hart after 5 s; 20 s past 8 harts (each a host thread on a 2-core host). */
#define WAIT_TICKS   ((EXPECT_HARTS > 8 ? 20000 : 5000) * TICKS_PER_MS)
#define SETTLE_TICKS (20 * TICKS_PER_MS)     /* time for a stray IPI to show up */

enum { ST_STARTED = 0, ST_STOPPED, ST_START_PENDING, ST_STOP_PENDING, ST_SUSPENDED };
/* ASID and VMID widths of QEMU's harts (satp, hgatp) */
#if XLEN == 32
#define ASID_MAX 0x1ffUL
#define VMID_MAX 0x7fUL
#else
#define ASID_MAX 0xffffUL
#define VMID_MAX 0x3fffUL
#endif

enum { FID_FENCE_I = 0, FID_SFENCE_VMA, FID_SFENCE_VMA_ASID, FID_HFENCE_GVMA_VMID,
       FID_HFENCE_GVMA, FID_HFENCE_VVMA_ASID, FID_HFENCE_VVMA };
#define SUSPEND_RETENTIVE     0x00000000UL
#define SUSPEND_NON_RETENTIVE 0x80000000UL

static const long inval = SBI_ERR_INVALID_PARAM;

/* ---- results -------------------------------------------------------- */


/* ---- CSRs, time ------------------------------------------------------ */

#define csr_read(c) ({ unsigned long v_; __asm__ volatile("csrr %0, " #c : "=r"(v_)); v_; })
#define csr_write(c, v) __asm__ volatile("csrw " #c ", %0" :: "r"(v) : "memory")
#define csr_set(c, v) __asm__ volatile("csrs " #c ", %0" :: "r"(v) : "memory")
#define csr_clear(c, v) __asm__ volatile("csrc " #c ", %0" :: "r"(v) : "memory")
#define mb() __sync_synchronize()

static uint64_t now(void)
{
	return tally_time();
}

/*
 * Sleep about ticks in wfi with this hart's SBI timer, then set it to
 * "never". The interrupts sie enables wake it too (SSIP on a secondary).
 */
static void relax(uint64_t ticks)
{
	unsigned long sie = csr_read(sie);

	csr_set(sie, SIP_STIP);
	sbi_set_timer(now() + ticks);
	__asm__ volatile("wfi");
	sbi_set_timer(~0ULL);
	csr_write(sie, sie);
}

/*
 * The boot hart looks often (it drives the test); an idle secondary looks
 * every IDLE_TICKS, 1 ms past 8 harts, so that many harts' wake-ups do not
 * swamp a 2-core host (without -icount each hart is a host thread) or,
 * under -icount, QEMU's one thread.
 */
#define BOOT_TICKS (EXPECT_HARTS > 8 ? 1000ULL : 100ULL)
#define IDLE_TICKS (EXPECT_HARTS > 8 ? 10000ULL : 100ULL)

static void delay(uint64_t ticks)
{
	uint64_t end = now() + ticks;

	while (now() < end)
		relax(BOOT_TICKS);
}

/* ---- SBI calls ------------------------------------------------------- */

static struct sbiret hart_start(unsigned long h, unsigned long addr, unsigned long opaque)
{
	return sbi_ecall(EXT_HSM, 0, h, addr, opaque, 0, 0, 0);
}
static struct sbiret hart_stop(void) { return SBI0(EXT_HSM, 1); }
static struct sbiret hart_status(unsigned long h) { return SBI1(EXT_HSM, 2, h); }
static struct sbiret hart_suspend(unsigned long type, unsigned long addr, unsigned long opaque)
{
	return sbi_ecall(EXT_HSM, 3, type, addr, opaque, 0, 0, 0);
}
static struct sbiret send_ipi(unsigned long mask, unsigned long base)
{
	return sbi_ecall(EXT_IPI, 0, mask, base, 0, 0, 0, 0);
}
/* An IPI to the one hart h, in h's window. */
static struct sbiret send_one(unsigned long h)
{
	return send_ipi(HWIN_BIT(h), HWIN_BASE(h));
}

static struct sbiret rfence(unsigned long fid, unsigned long mask, unsigned long base,
			    unsigned long start, unsigned long size, unsigned long id)
{
	return sbi_ecall(EXT_RFNC, fid, mask, base, start, size, id, 0);
}
static struct sbiret cfg_fw(unsigned long base, unsigned ev)
{
	return sbi_ecall(SBI_EXT_PMU, PMU_FID_CONFIG_MATCHING, base, (1UL << NUM_FW_COUNTERS) - 1,
			PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, PMU_EVENT_IDX(PMU_TYPE_FW, ev), 0, 0);
}
static struct sbiret fw_read(unsigned long idx) { return SBI1(SBI_EXT_PMU, PMU_FID_FW_READ, idx); }

/* ---- the harts ------------------------------------------------------- */

/* The firmware events this payload counts: IPI and every fence, SENT then RECEIVED. */
#define EV_FIRST PMU_FW_IPI_SENT
#define EV_LAST  (EXPECT_H ? PMU_FW_HFENCE_VVMA_ASID_RECEIVED : PMU_FW_SFENCE_VMA_ASID_RECEIVED)
static const char *const ev_name[PMU_FW_EVENT_MAX] = {
	[PMU_FW_IPI_SENT] = "IPI_SENT", [PMU_FW_IPI_RECEIVED] = "IPI_RECEIVED",
	[PMU_FW_FENCE_I_SENT] = "FENCE_I_SENT", [PMU_FW_FENCE_I_RECEIVED] = "FENCE_I_RECEIVED",
	[PMU_FW_SFENCE_VMA_SENT] = "SFENCE_VMA_SENT",
	[PMU_FW_SFENCE_VMA_RECEIVED] = "SFENCE_VMA_RECEIVED",
	[PMU_FW_SFENCE_VMA_ASID_SENT] = "SFENCE_VMA_ASID_SENT",
	[PMU_FW_SFENCE_VMA_ASID_RECEIVED] = "SFENCE_VMA_ASID_RECEIVED",
	[PMU_FW_HFENCE_GVMA_SENT] = "HFENCE_GVMA_SENT",
	[PMU_FW_HFENCE_GVMA_RECEIVED] = "HFENCE_GVMA_RECEIVED",
	[PMU_FW_HFENCE_GVMA_VMID_SENT] = "HFENCE_GVMA_VMID_SENT",
	[PMU_FW_HFENCE_GVMA_VMID_RECEIVED] = "HFENCE_GVMA_VMID_RECEIVED",
	[PMU_FW_HFENCE_VVMA_SENT] = "HFENCE_VVMA_SENT",
	[PMU_FW_HFENCE_VVMA_RECEIVED] = "HFENCE_VVMA_RECEIVED",
	[PMU_FW_HFENCE_VVMA_ASID_SENT] = "HFENCE_VVMA_ASID_SENT",
	[PMU_FW_HFENCE_VVMA_ASID_RECEIVED] = "HFENCE_VVMA_ASID_RECEIVED",
};

/* The SENT event of each RFENCE function (SBI table 6 vs. RFENCE FIDs 0-6). */
static unsigned fence_sent_event(unsigned long fid)
{
	static const unsigned ev[] = {
		[FID_FENCE_I] = PMU_FW_FENCE_I_SENT,
		[FID_SFENCE_VMA] = PMU_FW_SFENCE_VMA_SENT,
		[FID_SFENCE_VMA_ASID] = PMU_FW_SFENCE_VMA_ASID_SENT,
		[FID_HFENCE_GVMA_VMID] = PMU_FW_HFENCE_GVMA_VMID_SENT,
		[FID_HFENCE_GVMA] = PMU_FW_HFENCE_GVMA_SENT,
		[FID_HFENCE_VVMA_ASID] = PMU_FW_HFENCE_VVMA_ASID_SENT,
		[FID_HFENCE_VVMA] = PMU_FW_HFENCE_VVMA_SENT,
	};
	return ev[fid];
}

enum cmd { CMD_NONE, CMD_STOP, CMD_SUSPEND, CMD_START, CMD_SEND_IPI, CMD_FENCE,
	   CMD_CONFIG, CMD_READ, CMD_WATCH, CMD_STRESS };

/* One per hart id: the boot hart writes cmd/arg/seq, the hart the rest. */
struct hart_ctl {
	volatile unsigned long entries;    /* times it came in at smp_entry */
	volatile unsigned long a0, a1;     /* ... with these registers */
	volatile unsigned long satp, sie;  /* ... and satp, sstatus.SIE */
	volatile unsigned long sip;        /* ... and sip.SSIP/STIP already pending */
	volatile unsigned long cmd, seq, done;
	volatile unsigned long arg[6];
	volatile long err;                 /* the command's SBI error */
	volatile unsigned long returned;   /* CMD_SUSPEND: the call came back */
	volatile unsigned long nerr;       /* CMD_STRESS: calls that failed */
	volatile unsigned long ssip;       /* S-mode software interrupts seen */
	volatile unsigned long ready;      /* CMD_WATCH: baseline read */
	volatile unsigned long w_base, w_val;
	volatile uint64_t w_prev;          /* CMD_WATCH: start of the last read that missed it */
	unsigned long ctr[PMU_FW_EVENT_MAX];        /* counter of each event */
	volatile long cfg_err[PMU_FW_EVENT_MAX];
	volatile unsigned long cnt[PMU_FW_EVENT_MAX];
};
static struct hart_ctl ctl[MAXH];
static volatile unsigned long go;          /* start line for concurrent commands */
static volatile unsigned long stray_traps;
static unsigned long fw_base;
static unsigned long boot, nharts;
static hset_t all_harts, secs;             /* secs: the secondaries */
static unsigned long sec[MAXH], nsec;
static unsigned long expect[MAXH][PMU_FW_EVENT_MAX];

extern char smp_entry[], s_trap[];
void secondary_main(unsigned long hartid, unsigned long opaque);
void s_unexpected(void);

/* Every hart: any trap is a failure (the payload polls with SIE clear). */
void s_unexpected(void)
{
	check_stray_trap(boot, &stray_traps, 0);
}

static void config_counters(unsigned long h)
{
	for (unsigned ev = EV_FIRST; ev <= EV_LAST; ev++) {
		struct sbiret r = cfg_fw(fw_base, ev);
		ctl[h].cfg_err[ev] = r.error;
		ctl[h].ctr[ev] = r.error ? ~0UL : r.uvalue;
	}
}

static void read_counters(unsigned long h)
{
	for (unsigned ev = EV_FIRST; ev <= EV_LAST; ev++) {
		struct sbiret r = fw_read(ctl[h].ctr[ev]);
		ctl[h].cnt[ev] = r.error ? ~0UL : r.uvalue;
	}
}

/*
 * Read counter ctr until it moves. w_prev is when the last read that did
 * not see the change started: the event came after that, so if a caller
 * was told the event had happened at time T, w_prev <= T.
 */
static void watch(struct hart_ctl *c, unsigned long ctr)
{
	uint64_t t = now(), t2, give_up = t + WAIT_TICKS;
	unsigned long base = fw_read(ctr).uvalue, v;

	c->w_base = base;
	mb();
	c->ready = 1;
	for (;;) {
		t2 = now();
		v = fw_read(ctr).uvalue;
		if (v != base || t2 > give_up)
			break;
		t = t2;
		relax(IDLE_TICKS);
	}
	c->w_prev = t;
	c->w_val = v;
}

static void wait_go(void)
{
	while (!go)
		relax(IDLE_TICKS);
}

static void run(unsigned long self, struct hart_ctl *c)
{
	volatile unsigned long *a = c->arg;

	switch (c->cmd) {
	case CMD_STOP:
		c->err = hart_stop().error;   /* returns only if it failed */
		break;
	case CMD_SUSPEND:
		c->err = hart_suspend(a[0], a[1], a[2]).error;
		c->returned = 1;
		break;
	case CMD_START:
		wait_go();
		c->err = hart_start(a[0], a[1], a[2]).error;
		break;
	case CMD_SEND_IPI:
		c->err = send_ipi(a[0], a[1]).error;
		break;
	case CMD_FENCE:
		c->err = rfence(a[0], a[1], a[2], a[3], a[4], a[5]).error;
		break;
	case CMD_CONFIG:
		config_counters(self);
		break;
	case CMD_READ:
		read_counters(self);
		break;
	case CMD_WATCH:
		watch(c, a[0]);
		break;
	case CMD_STRESS:
		wait_go();
		c->nerr = 0;
		for (unsigned long i = 0; i < a[0]; i++)
			if (rfence(i & 1 ? FID_FENCE_I : FID_SFENCE_VMA, 0, ~0UL, 0, 0, 0).error)
				c->nerr++;
		break;
	}
}

/* Where hart_start and non-retentive suspend land (entry.S gave it a stack). */
void secondary_main(unsigned long hartid, unsigned long opaque)
{
	struct hart_ctl *c = &ctl[hartid];

	c->a0 = hartid;
	c->a1 = opaque;
	c->satp = csr_read(satp);
	c->sie = csr_read(sstatus) & SSTATUS_SIE;
	c->sip = csr_read(sip) & (SIP_SSIP | SIP_STIP);
	csr_write(sscratch, hartid);
	csr_write(stvec, (unsigned long)s_trap);
	csr_set(sie, SIP_SSIP);            /* what wakes it from a suspend */
	mb();
	c->done = c->seq;                  /* a stop or non-retentive suspend ends here */
	mb();
	c->entries++;
	for (;;) {
		if (csr_read(sip) & SIP_SSIP) {
			csr_clear(sip, SIP_SSIP);
			c->ssip++;
		}
		unsigned long s = c->seq;
		if (s != c->done) {
			mb();
			run(hartid, c);
			mb();
			c->done = s;
		} else {
			relax(IDLE_TICKS);
		}
	}
}

/* ---- the boot hart's side -------------------------------------------- */

static void post(unsigned long h, enum cmd cmd, unsigned long a0, unsigned long a1,
		 unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5)
{
	struct hart_ctl *c = &ctl[h];

	c->cmd = cmd;
	c->arg[0] = a0; c->arg[1] = a1; c->arg[2] = a2;
	c->arg[3] = a3; c->arg[4] = a4; c->arg[5] = a5;
	c->err = 0x7e57;
	mb();
	c->seq++;
}

/* Wait (bounded) until cond(h) holds. */
static uint64_t wait_ticks = WAIT_TICKS;
static bool wait_for(bool (*cond)(unsigned long), unsigned long h)
{
	uint64_t give_up = now() + wait_ticks;

	while (!cond(h)) {
		if (now() > give_up)
			return false;
		relax(BOOT_TICKS);
	}
	mb();
	return true;
}

static bool is_done(unsigned long h) { return ctl[h].done == ctl[h].seq; }
static bool is_ready(unsigned long h) { return ctl[h].ready != 0; }
static unsigned long want;   /* argument of the conditions below */
static bool has_status(unsigned long h)
{
	struct sbiret r = hart_status(h);
	return r.error == 0 && r.uvalue == want;
}
static bool has_entries(unsigned long h) { return ctl[h].entries >= want; }
static bool has_ssip(unsigned long h) { return ctl[h].ssip >= want; }
static bool boot_ssip(unsigned long h) { (void)h; return (csr_read(sip) & SIP_SSIP) != 0; }

static bool wait_done(unsigned long h) { return wait_for(is_done, h); }
static bool wait_status(unsigned long h, unsigned long st) { want = st; return wait_for(has_status, h); }
static bool wait_entries(unsigned long h, unsigned long n) { want = n; return wait_for(has_entries, h); }
static bool wait_ssip(unsigned long h, unsigned long n) { want = n; return wait_for(has_ssip, h); }

static bool cmd_wait(unsigned long h, enum cmd cmd, unsigned long a0, unsigned long a1,
		     unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5)
{
	post(h, cmd, a0, a1, a2, a3, a4, a5);
	return wait_done(h);
}

static unsigned long status_of(unsigned long h)
{
	struct sbiret r = hart_status(h);
	return r.error ? (unsigned long)r.error : r.uvalue;
}

/* Expected firmware counts: sender counts SENT per target, each target RECEIVED. */
static void expect_sent(unsigned long sender, unsigned sent_ev, hset_t targets)
{
	expect[sender][sent_ev] += hset_count(targets);
	for_each_hart(h, targets)
		expect[h][sent_ev + 1]++;
}

/* ---- HSM ---------------------------------------------------------------- */

static void test_probe(void)
{
	static const unsigned long ext[] = { EXT_HSM, EXT_IPI, EXT_RFNC };
	static const char *const name[] = { "HSM", "IPI", "RFENCE" };

	for (unsigned i = 0; i < 3; i++)
		check_eq(SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, ext[i]).uvalue, 1,
			 "base: probe_extension(%s) = 1", name[i]);
}

static void test_hsm_status(void)
{
	for (unsigned long h = 0; h < MAXH; h++) {
		if (hart_status(h).error == 0) {
			all_harts |= HBIT(h);
			nharts++;
			if (h != boot) {
				secs |= HBIT(h);
				sec[nsec++] = h;
			}
		}
	}
	printf("# boot hart %lu, harts 0x%llx\n", boot, (unsigned long long)all_harts);
	check_eq(nharts, EXPECT_HARTS, "hsm: get_status finds %d harts", EXPECT_HARTS);
	check_that(all_harts == (EXPECT_HARTS == 64 ? ~(hset_t)0 : HBIT(EXPECT_HARTS) - 1),
		   (unsigned long)hset_count(all_harts), "all", "hsm: they are harts 0..%d", EXPECT_HARTS - 1);
	check_eq(status_of(boot), ST_STARTED, "hsm: boot hart %lu is STARTED", boot);
	for (unsigned long i = 0; i < nsec; i++)
		check_eq(status_of(sec[i]), ST_STOPPED, "hsm: hart %lu is STOPPED", sec[i]);
	static const unsigned long bad[] = { EXPECT_HARTS, EXPECT_HARTS + 3, FW_MAX_HARTS - 1,
					     FW_MAX_HARTS, 1000, ~0UL };
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		check_eq(hart_status(bad[i]).error, inval, "hsm: get_status(%ld) -> INVALID_PARAM",
			 (long)bad[i]);
}

static void test_hsm_start_errors(void)
{
	const long badaddr = SBI_ERR_INVALID_ADDRESS;
	unsigned long s = sec[0], entry = (unsigned long)smp_entry;
	static const unsigned long addrs[] = { FW_BASE, FW_BASE + 0x100, 0x1000, 0, RAM_END,
					       RAM_END + 0x1000, ~0UL & ~3UL };

	for (unsigned i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++)
		check_eq(hart_start(s, addrs[i], 0).error, badaddr,
			 "hsm: hart_start(%lu, 0x%lx) -> INVALID_ADDRESS", s, addrs[i]);
	/* An odd address is no instruction's (IALIGN is 16 with C, 32 without):
	 * mret would drop bit 0 and start the hart elsewhere. */
	check_eq(hart_start(s, entry + 1, 0).error, badaddr,
		 "hsm: hart_start(%lu, odd 0x%lx) -> INVALID_ADDRESS", s, entry + 1);
	check_eq(hart_start(s, entry + 3, 0).error, badaddr,
		 "hsm: hart_start(%lu, odd 0x%lx) -> INVALID_ADDRESS", s, entry + 3);
	static const unsigned long bad[] = { EXPECT_HARTS, FW_MAX_HARTS, ~0UL };
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		check_eq(hart_start(bad[i], entry, 0).error, inval,
			 "hsm: hart_start of hart %ld (none) -> INVALID_PARAM", (long)bad[i]);
	check_eq(hart_start(boot, entry, 0).error, SBI_ERR_ALREADY_AVAILABLE,
		 "hsm: hart_start of the running boot hart -> ALREADY_AVAILABLE");
	check_eq(status_of(s), ST_STOPPED, "hsm: hart %lu still STOPPED after the failed starts", s);
	delay(SETTLE_TICKS);
	unsigned long entered = 0;
	for (unsigned long i = 0; i < nsec; i++)
		entered += ctl[sec[i]].entries;
	check_eq(entered, 0, "hsm: no hart ran after the failed starts");
}

/*
 * Checks after hart h came in at smp_entry for the n-th time with opaque.
 * A started hart begins with nothing pending; one resuming from a
 * non-retentive suspend keeps the interrupt that woke it.
 */
static void check_entry_as(unsigned long h, unsigned long n, unsigned long opaque,
			   const char *how, bool fresh)
{
	if (!check_that(wait_entries(h, n), ctl[h].entries, "it to enter", "hsm: hart %lu runs after %s",
			h, how))
		return;
	check_eq(ctl[h].a0, h, "hsm: ... with a0 = its hartid");
	check_eq(ctl[h].a1, opaque, "hsm: ... with a1 = opaque");
	check_eq(ctl[h].satp, 0, "hsm: ... with satp = 0");
	check_eq(ctl[h].sie, 0, "hsm: ... with sstatus.SIE = 0");
	if (fresh)
		check_eq(ctl[h].sip, 0, "hsm: ... with no stale SSIP/STIP pending");
	check_eq(status_of(h), ST_STARTED, "hsm: ... and get_status says STARTED");
}

static void check_entry(unsigned long h, unsigned long n, unsigned long opaque, const char *how)
{
	check_entry_as(h, n, opaque, how, true);
}

static void stop_hart(unsigned long h)
{
	post(h, CMD_STOP, 0, 0, 0, 0, 0, 0);
	check_that(wait_status(h, ST_STOPPED), status_of(h), "STOPPED",
		   "hsm: hart %lu calls hart_stop, get_status goes STOPPED", h);
	check_that(!is_done(h), ctl[h].err, "no return", "hsm: ... and hart_stop did not return");
}

static void test_hsm_start_stop(void)
{
	unsigned long s = sec[0], entry = (unsigned long)smp_entry;

	check_eq(hart_start(s, entry, 0x5a5a0001UL).error, 0, "hsm: hart_start(%lu)", s);
	check_entry(s, 1, 0x5a5a0001UL, "hart_start");
	check_eq(hart_start(s, entry, 0).error, SBI_ERR_ALREADY_AVAILABLE,
		 "hsm: hart_start of started hart %lu -> ALREADY_AVAILABLE", s);
	stop_hart(s);
	/* An IPI to a stopped hart is accepted, but must not fire once it starts. */
	check_eq(send_one(s).error, 0, "hsm: send_ipi to stopped hart %lu", s);
	delay(SETTLE_TICKS);
	check_eq(hart_start(s, entry, 0x5a5a0002UL).error, 0, "hsm: hart_start(%lu) again", s);
	check_entry(s, 2, 0x5a5a0002UL, "a stop and a second hart_start");
	stop_hart(s);

	/* All three at once. */
	unsigned long n[MAXH];
	for (unsigned long i = 0; i < nsec; i++) {
		n[i] = ctl[sec[i]].entries + 1;
		check_eq(hart_start(sec[i], entry, 0xc0de0000UL | sec[i]).error, 0,
			 "hsm: hart_start(%lu), no waiting in between", sec[i]);
	}
	for (unsigned long i = 0; i < nsec; i++)
		check_entry(sec[i], n[i], 0xc0de0000UL | sec[i], "the back-to-back starts");
}

/* Two harts race to start a third: exactly one wins, the hart starts once. */
static void test_hsm_race(void)
{
	unsigned long a = sec[0], b = sec[1], t = sec[2], entry = (unsigned long)smp_entry;

	stop_hart(t);
	unsigned long n = ctl[t].entries;
	go = 0;
	mb();
	post(a, CMD_START, t, entry, 0xaaaa0000UL | a, 0, 0, 0);
	post(b, CMD_START, t, entry, 0xaaaa0000UL | b, 0, 0, 0);
	delay(TICKS_PER_MS);
	go = 1;
	bool ok = wait_done(a) & wait_done(b);
	check_that(ok, 0, "both calls to return", "hsm: harts %lu and %lu race to start hart %lu", a, b, t);
	long ea = ctl[a].err, eb = ctl[b].err;
	check_eq((ea == 0) + (eb == 0), 1, "hsm: ... exactly one hart_start succeeds");
	check_eq((unsigned long)(ea == 0 ? eb : ea), (unsigned long)SBI_ERR_ALREADY_AVAILABLE,
		 "hsm: ... the other gets ALREADY_AVAILABLE");
	check_entry(t, n + 1, 0xaaaa0000UL | (ea == 0 ? a : b), "the race");
	delay(SETTLE_TICKS);
	check_eq(ctl[t].entries, n + 1, "hsm: ... and it started once");
	go = 0;
}

static void test_hsm_suspend_errors(void)
{
	static const unsigned long reserved[] = {
		0x00000001UL, 0x0FFFFFFFUL, 0x80000001UL, 0x8FFFFFFFUL,
		/* Only the low 32 bits are the type (the suspends at the end of main check it). */
		UPPER_GARBAGE | 0x00000001UL, UPPER_GARBAGE | 0x8FFFFFFFUL,
	};
	/* Platform-specific types; this platform implements none (Table 9.4/9.5:
	 * "reserved or is platform-specific and unimplemented" -> INVALID_PARAM). */
	static const unsigned long platform[] = { 0x10000000UL, 0x7FFFFFFFUL, 0x90000000UL, 0xFFFFFFFFUL,
						  UPPER_GARBAGE | 0x10000000UL };
	static const unsigned long bad_resume[] = { FW_BASE, FW_BASE + 0x100, 0, RAM_END, ~0UL & ~3UL };
	unsigned long entry = (unsigned long)smp_entry;

	/* A firmware that wrongly suspends wakes on this timer instead of hanging. */
	csr_set(sie, SIP_STIP);
	sbi_set_timer(now() + 200 * TICKS_PER_MS);
	for (unsigned i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
		check_eq(hart_suspend(reserved[i], entry, 0).error, inval,
			 "hsm: hart_suspend(type 0x%lx, reserved) -> INVALID_PARAM", reserved[i]);
	for (unsigned i = 0; i < sizeof(platform) / sizeof(platform[0]); i++)
		check_eq(hart_suspend(platform[i], entry, 0).error, inval,
			 "hsm: hart_suspend(type 0x%lx, platform-specific, none here) -> INVALID_PARAM",
			 platform[i]);
	for (unsigned i = 0; i < sizeof(bad_resume) / sizeof(bad_resume[0]); i++)
		check_eq(hart_suspend(SUSPEND_NON_RETENTIVE, bad_resume[i], 0).error,
			 SBI_ERR_INVALID_ADDRESS,
			 "hsm: non-retentive hart_suspend resuming at 0x%lx -> INVALID_ADDRESS",
			 bad_resume[i]);
	check_eq(hart_suspend(SUSPEND_NON_RETENTIVE, entry + 1, 0).error, SBI_ERR_INVALID_ADDRESS,
		 "hsm: non-retentive hart_suspend resuming at odd 0x%lx -> INVALID_ADDRESS", entry + 1);
	check_eq(hart_suspend(UPPER_GARBAGE | SUSPEND_NON_RETENTIVE, FW_BASE, 0).error,
		 SBI_ERR_INVALID_ADDRESS,
		 "hsm: non-retentive (bits above 32 set) resuming in the firmware -> INVALID_ADDRESS");
	sbi_set_timer(~0ULL);
	csr_clear(sie, SIP_STIP);
}

/*
 * The boot hart suspends (retentive) until its SBI timer fires. type is
 * SUSPEND_RETENTIVE, possibly with garbage above bit 31: suspend_type is a
 * uint32_t, so the firmware must look at the low 32 bits only.
 */
static void test_hsm_suspend_timer(unsigned long type)
{
	uint64_t deadline;
	struct sbiret r;

	csr_set(sie, SIP_STIP);          /* enabled, SIE still clear: it only wakes */
	deadline = now() + 20 * TICKS_PER_MS;
	check_eq(sbi_set_timer(deadline).error, 0, "hsm: set_timer 20 ms ahead");
	r = hart_suspend(type, 0, 0);
	uint64_t t = now();
	check_eq(r.error, 0, "hsm: default retentive suspend (type 0x%lx) returns SUCCESS after the timer",
		 type);
	check_that(t >= deadline, (unsigned long)(deadline - t), "0 ticks early",
		   "hsm: ... not before the deadline");
	check_that(csr_read(sip) & SIP_STIP, csr_read(sip), "STIP", "hsm: ... with sip.STIP pending");
	sbi_set_timer(~0ULL);
	csr_clear(sie, SIP_STIP);
	check_eq(csr_read(sip) & SIP_STIP, 0, "hsm: set_timer(-1) clears sip.STIP");
	check_eq(status_of(boot), ST_STARTED, "hsm: boot hart STARTED after the suspend");
}

/* A secondary suspends; an IPI from the boot hart wakes it. */
static void test_hsm_suspend_ipi(void)
{
	unsigned long s = sec[1], ssip = ctl[s].ssip;

	ctl[s].returned = 0;
	post(s, CMD_SUSPEND, SUSPEND_RETENTIVE, 0, 0, 0, 0, 0);
	check_that(wait_status(s, ST_SUSPENDED), status_of(s), "SUSPENDED",
		   "hsm: hart %lu in retentive suspend: get_status says SUSPENDED", s);
	delay(SETTLE_TICKS);
	check_that(!ctl[s].returned && status_of(s) == ST_SUSPENDED, ctl[s].returned, "no return",
		   "hsm: ... and it stays there without an interrupt");
	check_eq(send_one(s).error, 0, "hsm: send_ipi to wake it");
	check_that(wait_done(s), 0, "the call to return", "hsm: ... hart_suspend returns");
	check_eq(ctl[s].err, 0, "hsm: ... with SUCCESS");
	check_eq(status_of(s), ST_STARTED, "hsm: ... and get_status says STARTED");
	check_that(wait_ssip(s, ssip + 1), ctl[s].ssip, "one more", "hsm: ... the IPI is in its sip.SSIP");
}

/*
 * A secondary suspends non-retentively; it resumes at smp_entry with
 * a1 = opaque. type: SUSPEND_NON_RETENTIVE, possibly with garbage above.
 */
static void test_hsm_suspend_nonret(unsigned long type)
{
	unsigned long s = sec[2], n = ctl[s].entries + 1;

	ctl[s].returned = 0;
	post(s, CMD_SUSPEND, type, (unsigned long)smp_entry, 0x4e525400UL, 0, 0, 0);
	check_that(wait_status(s, ST_SUSPENDED), status_of(s), "SUSPENDED",
		   "hsm: hart %lu in non-retentive suspend (type 0x%lx): get_status says SUSPENDED",
		   s, type);
	delay(SETTLE_TICKS);
	check_eq(ctl[s].entries, n - 1, "hsm: ... and it stays there without an interrupt");
	check_eq(send_one(s).error, 0, "hsm: send_ipi to wake it");
	check_entry_as(s, n, 0x4e525400UL, "non-retentive suspend (at resume_addr)", false);
	check_eq(ctl[s].returned, 0, "hsm: ... and hart_suspend did not return");
}

static void test_hsm_stop_all(void)
{
	for (unsigned long i = 0; i < nsec; i++)
		stop_hart(sec[i]);
	check_eq(status_of(boot), ST_STARTED, "hsm: boot hart still STARTED");
}

/* ---- firmware counters ------------------------------------------------ */

static void setup_counters(void)
{
	struct sbiret r = SBI0(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS);

	check_eq(r.error, 0, "pmu: num_counters");
	fw_base = r.uvalue - NUM_FW_COUNTERS;
	config_counters(boot);
	for (unsigned long i = 0; i < nsec; i++)
		check_that(cmd_wait(sec[i], CMD_CONFIG, 0, 0, 0, 0, 0, 0), 0, "done",
			   "pmu: hart %lu configures its own counters", sec[i]);
	for_each_hart(h, all_harts) {
		unsigned bad = 0;
		for (unsigned ev = EV_FIRST; ev <= EV_LAST; ev++)
			if (ctl[h].cfg_err[ev])
				bad += !check_eq(ctl[h].cfg_err[ev], 0, "pmu: hart %lu config_matching(%s)",
						 h, ev_name[ev]);
		if (!bad)
			check_that(true, 0, "", "pmu: hart %lu has a counter on each of %u firmware events",
				   h, EV_LAST - EV_FIRST + 1);
	}
#if !EXPECT_H
	for (unsigned ev = PMU_FW_HFENCE_GVMA_SENT; ev <= PMU_FW_HFENCE_VVMA_ASID_RECEIVED; ev++)
		check_eq(cfg_fw(fw_base, ev).error, SBI_ERR_NOT_SUPPORTED,
			 "pmu: no H extension: config_matching(%s) -> NOT_SUPPORTED", ev_name[ev]);
#endif
}

static void check_counters(const char *phase)
{
	read_counters(boot);
	for (unsigned long i = 0; i < nsec; i++)
		if (!cmd_wait(sec[i], CMD_READ, 0, 0, 0, 0, 0, 0))
			check_that(false, 0, "done", "counters: hart %lu reads its counters", sec[i]);
	for_each_hart(h, all_harts) {
		unsigned bad = 0;
		for (unsigned ev = EV_FIRST; ev <= EV_LAST; ev++)
			if (ctl[h].cnt[ev] != expect[h][ev])
				bad += !check_eq(ctl[h].cnt[ev], expect[h][ev], "counters after %s: hart %lu %s",
						 phase, h, ev_name[ev]);
		if (!bad)
			check_that(true, 0, "", "counters after %s: hart %lu: all %u exact", phase, h,
				   EV_LAST - EV_FIRST + 1);
	}
}

/* ---- IPI ----------------------------------------------------------------- */

static unsigned long ssip_snap[MAXH];
static void snap_ssip(void) { for_each_hart(h, secs) ssip_snap[h] = ctl[h].ssip; }

/* After an IPI to targets: each target saw exactly one, nobody else any. */
static void check_delivery(hset_t targets, const char *what)
{
	for_each_hart(h, targets & secs)
		check_that(wait_ssip(h, ssip_snap[h] + 1), ctl[h].ssip - ssip_snap[h], "1",
			   "ipi: %s: hart %lu sees sip.SSIP", what, h);
	delay(SETTLE_TICKS);
	unsigned long extra = 0;
	for_each_hart(h, secs)
		extra += ctl[h].ssip - ssip_snap[h] - ((targets >> h) & 1);
	check_eq(extra, 0, "ipi: %s: no other or further interrupts", what);
}

/*
 * An IPI to the set, one call per XLEN window of harts from hart first:
 * as a kernel with more harts than XLEN sends it (two calls on rv32 at 64
 * harts). Each call must succeed.
 */
static long ipi_window(unsigned long mask, unsigned long base, void *arg)
{
	(void)arg;
	return send_ipi(mask, base).error;
}
static void send_set(hset_t set, unsigned long first, const char *what)
{
	unsigned calls;
	long e = hset_call_from(set, first, ipi_window, 0, &calls);

	check_eq(e, 0, "ipi: send_ipi to %s (%u harts, %u call(s), windows of %d from hart %lu) -> SUCCESS",
		 what, hset_count(set), calls, XLEN, first);
}

/*
 * A secondary, not sender, that fits one window with the boot hart: s if
 * it does, else a neighbour of the boot hart (without -icount any hart may
 * boot, and on rv32 hart 2 and hart 38 need two windows).
 */
static unsigned long beside_boot(unsigned long s, unsigned long sender)
{
	unsigned long d = s > boot ? s - boot : boot - s;

	if (d < XLEN)
		return s;
	s = boot > 0 ? boot - 1 : boot + 1;
	return s != sender ? s : boot + 1;
}

static void test_ipi(void)
{
	unsigned long s0 = sec[0], s1 = sec[1], s2 = sec[2];
	unsigned long lo = s0 < s1 ? s0 : s1;   /* a mask_base that is not 0 */
	unsigned long last = EXPECT_HARTS - 1;
	struct sbiret r;

	csr_clear(sip, SIP_SSIP);
	snap_ssip();
	check_eq(send_one(s0).error, 0, "ipi: send_ipi to hart %lu", s0);
	expect_sent(boot, PMU_FW_IPI_SENT, HBIT(s0));
	check_delivery(HBIT(s0), "one hart");

	snap_ssip();
	hset_t two = HBIT(s1) | HBIT(s2);
	send_set(two, 0, "two harts");
	expect_sent(boot, PMU_FW_IPI_SENT, two);
	check_delivery(two, "two harts");

	snap_ssip();
	hset_t pair = HBIT(s0) | HBIT(s1);
	check_eq(send_ipi((unsigned long)(pair >> lo), lo).error, 0, "ipi: send_ipi(0x%lx, base %lu)",
		 (unsigned long)(pair >> lo), lo);
	expect_sent(boot, PMU_FW_IPI_SENT, pair);
	check_delivery(pair, "mask with a base");

	/* The last hart alone, by its own window: base past XLEN on rv32 at 64 harts. */
	snap_ssip();
	check_eq(send_one(last).error, 0, "ipi: send_ipi(0x%lx, base %lu) to the last hart %lu",
		 HWIN_BIT(last), HWIN_BASE(last), last);
	expect_sent(boot, PMU_FW_IPI_SENT, HBIT(last));
	if (last == boot) {
		/* without -icount any hart may boot: then it is the boot hart's own */
		check_that(wait_for(boot_ssip, 0), csr_read(sip), "SSIP",
			   "ipi: ... the boot hart, the last, sees sip.SSIP");
		csr_clear(sip, SIP_SSIP);
	}
	check_delivery(HBIT(last), "the last hart");

	/* Every secondary by windows: from hart 0 (aligned), and from hart lo (not). */
	snap_ssip();
	send_set(secs, 0, "every other hart");
	expect_sent(boot, PMU_FW_IPI_SENT, secs);
	check_delivery(secs, "every other hart, by windows");
	snap_ssip();
	send_set(secs, lo, "every other hart");
	expect_sent(boot, PMU_FW_IPI_SENT, secs);
	check_delivery(secs, "every other hart, by windows from a base");

	snap_ssip();
	check_eq(send_ipi(0, ~0UL).error, 0, "ipi: send_ipi(base -1): every hart");
	check_that(csr_read(sip) & SIP_SSIP, csr_read(sip), "SSIP",
		   "ipi: ... the caller's own sip.SSIP is set when it returns");
	csr_clear(sip, SIP_SSIP);
	expect_sent(boot, PMU_FW_IPI_SENT, all_harts);
	check_delivery(secs, "base -1");

	/* From a secondary to the boot hart and another secondary. */
	snap_ssip();
	unsigned long o = beside_boot(s2, s0);
	hset_t to = HBIT(boot) | HBIT(o);
	unsigned long tb = boot < o ? boot : o;
	check_that(cmd_wait(s0, CMD_SEND_IPI, (unsigned long)(to >> tb), tb, 0, 0, 0, 0), 0, "done",
		   "ipi: hart %lu sends to harts %lu and %lu", s0, boot, o);
	check_eq(ctl[s0].err, 0, "ipi: ... SUCCESS");
	check_that(wait_for(boot_ssip, 0), csr_read(sip), "SSIP", "ipi: ... the boot hart sees sip.SSIP");
	csr_clear(sip, SIP_SSIP);
	expect_sent(s0, PMU_FW_IPI_SENT, to);
	check_delivery(HBIT(o), "from a secondary");

	/*
	 * Masks naming a hart past the last: INVALID_PARAM, nothing delivered
	 * (SBI binary encoding, hart mask errors). Row 0 pairs a hart that
	 * exists with the one after the last, in one window.
	 */
	unsigned long b0 = EXPECT_HARTS >= XLEN ? EXPECT_HARTS - XLEN + 1 : 0;
	const struct { unsigned long mask, base; const char *what; } bad[] = {
		{ 1UL | 1UL << (EXPECT_HARTS - b0), b0, "a hart and the one after the last" },
		{ 3, last, "the last hart and the one after it" },
		{ 1, EXPECT_HARTS, "only the hart after the last" },
		{ ~0UL, HWIN_BASE(last) + XLEN, "the whole window after the last hart's" },
#if EXPECT_HARTS <= XLEN
		{ ~0UL, 1, "a full window from hart 1, past the last" },
#endif
		{ 1, FW_MAX_HARTS, "a hart past the firmware's table" },
		{ 1, 1UL << (XLEN - 2), "a base far past every hart" },
		{ 7, ~1UL, "base -2, wrapping to 0" },
		{ 1, ~2UL, "base -3" },
#if EXPECT_HARTS < XLEN
		{ 1UL << (XLEN - 1), 0, "bit XLEN-1" },
#endif
	};
	snap_ssip();
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		r = send_ipi(bad[i].mask, bad[i].base);
		check_eq(r.error, inval, "ipi: send_ipi(0x%lx, base %ld) (%s) -> INVALID_PARAM",
			 bad[i].mask, (long)bad[i].base, bad[i].what);
	}
	check_eq(csr_read(sip) & SIP_SSIP, 0, "ipi: ... nothing reached the boot hart");
	check_delivery(0, "invalid masks");
}

/* ---- RFENCE --------------------------------------------------------------- */

static unsigned long watch_ctr(unsigned long h, unsigned long fid)
{
	return ctl[h].ctr[fence_sent_event(fid) + 1];
}

/*
 * A remote fence whose secondary targets each watch their own RECEIVED
 * counter: SUCCESS means every target already ran it, so the counter must
 * have moved by exactly one, and not after the call returned. The time
 * check can never fail a correct firmware; it catches a firmware that
 * returns early only when the target is slow to run the fence (on QEMU
 * that is often quick, so the exact counts after the concurrent fences
 * are what reliably catch a missing wait: the request gets overwritten).
 */
/* One remote fence of fence_watched per window; ret[h]: when the call for h returned. */
struct fence_args {
	unsigned long fid, start, size, id;
	uint64_t ret[MAXH];
};
static long fence_window(unsigned long mask, unsigned long base, void *arg)
{
	struct fence_args *f = arg;
	long e = rfence(f->fid, mask, base, f->start, f->size, f->id).error;
	uint64_t t = now();

	for (unsigned long i = 0; i < XLEN && base + i < MAXH; i++)
		if (mask >> i & 1)
			f->ret[base + i] = t;
	return e;
}

static void fence_watched(const char *what, unsigned long fid, hset_t targets,
			  unsigned long base, unsigned long start, unsigned long size, unsigned long id)
{
	static struct fence_args f;
	hset_t watched = targets & secs;
	bool ready = true;
	unsigned calls = 1;
	long e;

	for_each_hart(h, watched) {
		ctl[h].ready = 0;
		post(h, CMD_WATCH, watch_ctr(h, fid), 0, 0, 0, 0, 0);
	}
	for_each_hart(h, watched)
		ready &= wait_for(is_ready, h);
	if (!check_that(ready, 0, "ready", "rfence: %s: targets watch their counters", what))
		return;
	f.fid = fid;
	f.start = start;
	f.size = size;
	f.id = id;
	if (base == ~0UL) {
		e = rfence(fid, 0, ~0UL, start, size, id).error;
		uint64_t t = now();
		for_each_hart(h, targets)
			f.ret[h] = t;
	} else {
		/* windows of XLEN harts from base: one call on rv64, two on rv32 at 64 harts */
		e = hset_call_from(targets, base, fence_window, &f, &calls);
	}
	check_eq(e, 0, "rfence: %s (%u call(s)) -> SUCCESS", what, calls);
	expect_sent(boot, fence_sent_event(fid), targets);
	for_each_hart(h, watched) {
		if (!check_that(wait_done(h), 0, "a change", "rfence: %s: hart %lu counted it", what, h))
			continue;
		check_eq(ctl[h].w_val - ctl[h].w_base, 1, "rfence: %s: hart %lu %s +1", what, h,
			 ev_name[fence_sent_event(fid) + 1]);
		check_that(ctl[h].w_prev <= f.ret[h], (unsigned long)(ctl[h].w_prev - f.ret[h]), "<= 0",
			   "rfence: %s: hart %lu ran it before the call returned", what, h);
	}
}

static void test_rfence(void)
{
	unsigned long s0 = sec[0], s1 = sec[1], s2 = sec[2];
	unsigned long lo = s0 < s1 ? s0 : s1;
	lo = lo < s2 ? lo : s2;

	fence_watched("remote_fence_i to the other harts", FID_FENCE_I, secs, 0, 0, 0, 0);
	fence_watched("remote_sfence_vma (whole)", FID_SFENCE_VMA, secs, 0, 0, 0, 0);
	fence_watched("remote_sfence_vma (3 pages)", FID_SFENCE_VMA, secs, 0, 0x10000, 0x3000, 0);
	fence_watched("remote_sfence_vma (size -1)", FID_SFENCE_VMA, secs, 0, 0, ~0UL, 0);
	fence_watched("remote_sfence_vma (range wrapping the top)", FID_SFENCE_VMA, secs, 0,
		      ~0UL & ~0xfffUL, 0x2000, 0);
	fence_watched("remote_sfence_vma_asid (whole, asid 1)", FID_SFENCE_VMA_ASID, secs, 0, 0, 0, 1);
	fence_watched("remote_sfence_vma_asid (2 pages, asid 7)", FID_SFENCE_VMA_ASID, secs, 0,
		      0x20000, 0x2000, 7);
	fence_watched("remote_fence_i (base -1, every hart)", FID_FENCE_I, all_harts, ~0UL, 0, 0, 0);
	fence_watched("remote_sfence_vma (base -1)", FID_SFENCE_VMA, all_harts, ~0UL, 0, 0, 0);
	fence_watched("remote_sfence_vma_asid (base -1)", FID_SFENCE_VMA_ASID, all_harts, ~0UL, 0, 0, 3);
	fence_watched("remote_sfence_vma (mask with a base)", FID_SFENCE_VMA, secs, lo, 0, 0, 0);
	fence_watched("remote_fence_i (self and one other)", FID_FENCE_I, HBIT(boot) | HBIT(s1),
		      0, 0, 0, 0);
	fence_watched("remote_sfence_vma (the last hart, its own window)", FID_SFENCE_VMA,
		      HBIT(EXPECT_HARTS - 1), HWIN_BASE(EXPECT_HARTS - 1), 0, 0, 0);

	/* From a secondary, to the boot hart and another secondary. */
	unsigned long o = beside_boot(s2, s0);
	hset_t to = HBIT(boot) | HBIT(o);
	unsigned long tb = boot < o ? boot : o;
	check_that(cmd_wait(s0, CMD_FENCE, FID_SFENCE_VMA_ASID, (unsigned long)(to >> tb), tb, 0, 0, 5), 0, "done",
		   "rfence: hart %lu: remote_sfence_vma_asid to harts %lu and %lu", s0, boot, o);
	check_eq(ctl[s0].err, 0, "rfence: ... SUCCESS");
	expect_sent(s0, PMU_FW_SFENCE_VMA_ASID_SENT, to);
	check_that(cmd_wait(s1, CMD_FENCE, FID_FENCE_I, 0, ~0UL, 0, 0, 0), 0, "done",
		   "rfence: hart %lu: remote_fence_i to every hart", s1);
	check_eq(ctl[s1].err, 0, "rfence: ... SUCCESS");
	expect_sent(s1, PMU_FW_FENCE_I_SENT, all_harts);

	/* Bad masks: INVALID_PARAM and nothing counted anywhere. */
	unsigned long b0 = EXPECT_HARTS >= XLEN ? EXPECT_HARTS - XLEN + 1 : 0;
	const struct { unsigned long mask, base; } bad[] = {
		{ 1UL | 1UL << (EXPECT_HARTS - b0), b0 }, { 3, EXPECT_HARTS - 1 }, { 1, EXPECT_HARTS },
		{ ~0UL, HWIN_BASE(EXPECT_HARTS - 1) + XLEN }, { 1, FW_MAX_HARTS }, { 7, ~1UL },
	};
	for (unsigned long fid = FID_FENCE_I; fid <= FID_SFENCE_VMA_ASID; fid++)
		for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			unsigned long mask = bad[i].mask;
			check_eq(rfence(fid, mask, bad[i].base, 0, 0, 1).error, inval,
				 "rfence: FID %lu to (0x%lx, base %ld) -> INVALID_PARAM", fid, mask,
				 (long)bad[i].base);
		}
	check_eq(rfence(7, (unsigned long)secs, 0, 0, 0, 0).error, SBI_ERR_NOT_SUPPORTED,
		 "rfence: FID 7 -> NOT_SUPPORTED");
	/* An ASID wider than satp keeps is not valid (QEMU: 16 bits rv64, 9 rv32). */
	fence_watched("remote_sfence_vma_asid (the largest ASID)", FID_SFENCE_VMA_ASID, secs, 0,
		      0, 0, ASID_MAX);
	check_eq(rfence(FID_SFENCE_VMA_ASID, (unsigned long)secs, 0, 0, 0, ASID_MAX + 1).error, inval,
		 "rfence: sfence_vma_asid with ASID 0x%lx -> INVALID_PARAM", ASID_MAX + 1);
#if EXPECT_H
	check_eq(rfence(FID_HFENCE_GVMA_VMID, (unsigned long)secs, 0, 0, 0, VMID_MAX + 1).error, inval,
		 "rfence: hfence_gvma_vmid with VMID 0x%lx -> INVALID_PARAM", VMID_MAX + 1);
	check_eq(rfence(FID_HFENCE_VVMA_ASID, (unsigned long)secs, 0, 0, 0, ASID_MAX + 1).error, inval,
		 "rfence: hfence_vvma_asid with ASID 0x%lx -> INVALID_PARAM", ASID_MAX + 1);
#endif
}

static void test_hfence(void)
{
	static const char *const name[] = {
		[FID_HFENCE_GVMA_VMID] = "remote_hfence_gvma_vmid", [FID_HFENCE_GVMA] = "remote_hfence_gvma",
		[FID_HFENCE_VVMA_ASID] = "remote_hfence_vvma_asid", [FID_HFENCE_VVMA] = "remote_hfence_vvma",
	};
#if EXPECT_H
	char what[80];

	/* FID f runs f - 2 times, so a mixed-up counter shows. */
	for (unsigned long fid = FID_HFENCE_GVMA_VMID; fid <= FID_HFENCE_VVMA; fid++)
		for (unsigned long i = 0; i < fid - 2; i++) {
			snprintf(what, sizeof(what), "%s #%lu%s", name[fid], i + 1,
				 i == 1 ? " (range)" : i == 2 ? " (base -1)" : "");
			fence_watched(what, fid, i == 2 ? all_harts : secs, i == 2 ? ~0UL : 0,
				      i == 1 ? 0x40000 : 0, i == 1 ? 0x2000 : 0, 3);
		}
#else
	for (unsigned long fid = FID_HFENCE_GVMA_VMID; fid <= FID_HFENCE_VVMA; fid++) {
		check_eq(rfence(fid, (unsigned long)secs, 0, 0, 0, 1).error, SBI_ERR_NOT_SUPPORTED,
			 "rfence: no H extension: %s -> NOT_SUPPORTED", name[fid]);
		check_eq(rfence(fid, 0, ~0UL, 0, 0, 1).error, SBI_ERR_NOT_SUPPORTED,
			 "rfence: no H extension: %s (base -1) -> NOT_SUPPORTED", name[fid]);
	}
#endif
}

/*
 * Every hart fences every hart at once: no deadlock, every call counted.
 * Slow on QEMU when the host has fewer cores than -smp (each fence waits
 * for three vCPU threads to be scheduled), hence the small k and the long
 * time limit.
 */
static void test_rfence_stress(void)
{
	/* 16 each up to 8 harts; fewer with more harts (each fence reaches all). */
	const unsigned long k = EXPECT_HARTS <= 8 ? 16 : EXPECT_HARTS <= 16 ? 4 : 1;
	unsigned long nerr = 0;

	go = 0;
	mb();
	for (unsigned long i = 0; i < nsec; i++)
		post(sec[i], CMD_STRESS, k, 0, 0, 0, 0, 0);
	delay(TICKS_PER_MS);
	uint64_t t0 = now();
	go = 1;
	for (unsigned long i = 0; i < k; i++)
		nerr += rfence(i & 1 ? FID_FENCE_I : FID_SFENCE_VMA, 0, ~0UL, 0, 0, 0).error != 0;
	bool ok = true;
	wait_ticks = 60000 * TICKS_PER_MS;
	for (unsigned long i = 0; i < nsec; i++) {
		ok &= wait_done(sec[i]);
		nerr += ctl[sec[i]].nerr;
	}
	wait_ticks = WAIT_TICKS;
	go = 0;
	printf("# %lu x %lu remote fences took %lu ms\n", nharts, k,
	       (unsigned long)((now() - t0) / TICKS_PER_MS));
	check_that(ok, 0, "all done", "rfence: %lu harts each make %lu remote fences to all at once",
		   nharts, k);
	check_eq(nerr, 0, "rfence: ... every one SUCCESS");
	for_each_hart(h, all_harts)
		for (unsigned long i = 0; i < k; i++)
			expect_sent(h, i & 1 ? PMU_FW_FENCE_I_SENT : PMU_FW_SFENCE_VMA_SENT, all_harts);
}

/* ---- main ---------------------------------------------------------------- */

/* The time CSR at the end of each phase (under -icount: instructions run). */
static void phase(const char *name)
{
	static uint64_t t0;
	uint64_t t = now();

	printf("# %s: %lu ms of time CSR\n", name, (unsigned long)((t - t0) / TICKS_PER_MS));
	t0 = t;
}

static __attribute__((noreturn)) void finish(void)
{
	check_eq(stray_traps, 0, "no unexpected traps on any hart");
	check_end(0);
}

int main(unsigned long hartid, unsigned long fdt)
{
	(void)fdt;
	boot = hartid;
	csr_write(sscratch, hartid);
	csr_write(stvec, (unsigned long)s_trap);
	phase("boot");
	printf("# smp: HSM, IPI, RFENCE on %d harts (H extension %s)\n", EXPECT_HARTS,
	       EXPECT_H ? "expected" : "absent");

	test_probe();
	test_hsm_status();
	if (!check_that(nsec >= 3, nsec, ">= 3", "hsm: at least 3 other harts to test with"))
		finish();
	test_hsm_start_errors();
	test_hsm_start_stop();
	test_hsm_race();
	test_hsm_suspend_errors();
	test_hsm_suspend_timer(SUSPEND_RETENTIVE);
	test_hsm_suspend_ipi();
	test_hsm_suspend_nonret(SUSPEND_NON_RETENTIVE);
#if XLEN == 64
	/* The issue-12 calls: the same suspends with bits above 31 set. */
	test_hsm_suspend_timer(UPPER_GARBAGE | SUSPEND_RETENTIVE);
	test_hsm_suspend_timer(1UL << 63 | SUSPEND_RETENTIVE);
	test_hsm_suspend_nonret(UPPER_GARBAGE | SUSPEND_NON_RETENTIVE);
	test_hsm_suspend_nonret(1UL << 63 | SUSPEND_NON_RETENTIVE);
#endif

	phase("HSM");
	setup_counters();
	check_counters("setup");
	phase("counters");
	test_ipi();
	check_counters("IPI");
	phase("IPI");
	test_rfence();
	test_hfence();
	check_counters("RFENCE");
	phase("RFENCE");
	test_rfence_stress();
	check_counters("the concurrent fences");
	test_hsm_stop_all();
	phase("concurrent fences, stop");
	finish();
}
