/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The legacy SBI v0.1 calls (SBI spec chapter 5, EIDs 0x00-0x08) on QEMU
 * virt with 2 harts (-smp 2), rv64 and rv32: every call, its error rows,
 * and the firmware counters each drives on the caller and on the target,
 * exactly once per call (the same code as TIME, IPI and RFENCE).
 *
 *   set_timer      a0 (rv32: a0 low, a1 high); SET_TIMER +1; a pending
 *                  timer interrupt is cleared by a new deadline
 *   clear_ipi      clears sip.SSIP, counts nothing
 *   send_ipi       hart_mask: a pointer to an unsigned long in S-mode's
 *   remote_*         memory, read as S-mode reads it: physical, misaligned,
 *                  virtual (Sv39 / Sv32); NULL = every hart; a pointer
 *                  S-mode cannot read (past RAM, the firmware's PMP
 *                  region, an unmapped page) -> INVALID_ADDRESS; a mask
 *                  naming a missing hart -> INVALID_PARAM; nothing counted
 *                  for a call that failed
 *   every call     a0 only: a1 comes back as the caller left it
 *   shutdown       ends the run (QEMU exit status 0)
 *
 * The second hart is started with HSM (smp/entry.S gives it a stack),
 * counts the sip.SSIP it sees and reads its own counters on request.
 *
 * Built with WIDE_HARTS=N (-smp N, N = XLEN + 2) it runs test_wide instead:
 * the second hart is the last, N-1 (N-2 if the boot hart is N-1), and the
 * mask is a bit vector of as many unsigned longs as the machine's hart IDs
 * need.
 */
#include <tally/sbi.h>
#include "check.h"
#include "sbicall.h"

#define XLEN __riscv_xlen
#ifdef WIDE_HARTS
#define MAXH WIDE_HARTS                 /* smp/entry.S: SMP_MAX_HARTS too */
#else
#define MAXH 8
#endif
#define NUM_FW_COUNTERS 16
#define RAM_END 0x88000000UL              /* QEMU virt, -m 128M */
#define FW_BASE 0x80000000UL              /* the firmware, closed by PMP */
#define SIP_SSIP (1UL << 1)
#define SIP_STIP (1UL << 5)
#define TICKS_PER_MS 10000ULL             /* QEMU virt's timer: 10 MHz */
#define A1_MARK ((unsigned long)0x5eed1e6a5eed1e6aULL)

#define csr_read(c) ({ unsigned long v_; __asm__ volatile("csrr %0, " #c : "=r"(v_)); v_; })
#define csr_write(c, v) __asm__ volatile("csrw " #c ", %0" :: "r"(v) : "memory")
#define csr_set(c, v) __asm__ volatile("csrs " #c ", %0" :: "r"(v) : "memory")
#define csr_clear(c, v) __asm__ volatile("csrc " #c ", %0" :: "r"(v) : "memory")
#define mb() __sync_synchronize()

/* A legacy call: the EID is the function, a0..a3 its arguments. */
static struct sbiret legacy(unsigned long eid, unsigned long a0, unsigned long a1,
			    unsigned long a2, unsigned long a3)
{
	return sbi_ecall(eid, 0, a0, a1, a2, a3, 0, 0);
}

/* The firmware events these calls drive, and a name for each. */
static const unsigned events[] = {
	PMU_FW_SET_TIMER, PMU_FW_IPI_SENT, PMU_FW_IPI_RECEIVED,
	PMU_FW_FENCE_I_SENT, PMU_FW_FENCE_I_RECEIVED,
	PMU_FW_SFENCE_VMA_SENT, PMU_FW_SFENCE_VMA_RECEIVED,
	PMU_FW_SFENCE_VMA_ASID_SENT, PMU_FW_SFENCE_VMA_ASID_RECEIVED,
};
#define NEV (sizeof(events) / sizeof(events[0]))
static const char *const ev_name[NEV] = {
	"SET_TIMER", "IPI_SENT", "IPI_RECEIVED", "FENCE_I_SENT", "FENCE_I_RECEIVED",
	"SFENCE_VMA_SENT", "SFENCE_VMA_RECEIVED", "SFENCE_VMA_ASID_SENT",
	"SFENCE_VMA_ASID_RECEIVED",
};
enum { E_SET_TIMER, E_IPI_SENT, E_IPI_RECEIVED, E_FENCE_I_SENT, E_FENCE_I_RECEIVED,
       E_SFENCE_VMA_SENT, E_SFENCE_VMA_RECEIVED, E_ASID_SENT, E_ASID_RECEIVED };

/* One per hart: its counters, what it has seen, the boot hart's requests. */
struct hart_ctl {
	volatile unsigned long up, ssip, seq, done;
	unsigned long ctr[NEV];
	volatile long cfg_err[NEV];
	volatile unsigned long cnt[NEV];
};
static struct hart_ctl ctl[MAXH];
static unsigned long expect[MAXH][NEV];
static unsigned long fw_base, boot, sec;
static volatile unsigned long stray_traps;

void secondary_main(unsigned long hartid, unsigned long opaque);
void s_unexpected(void);
extern char smp_entry[], s_trap[];

static uint64_t now(void) { return tally_time(); }

static void config_counters(struct hart_ctl *c)
{
	for (unsigned i = 0; i < NEV; i++) {
		struct sbiret r = sbi_ecall(SBI_EXT_PMU, PMU_FID_CONFIG_MATCHING, fw_base,
					   (1UL << NUM_FW_COUNTERS) - 1,
					   PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
					   PMU_EVENT_IDX(PMU_TYPE_FW, events[i]), 0, 0);
		c->cfg_err[i] = r.error;
		c->ctr[i] = r.uvalue;
	}
}

static void read_counters(struct hart_ctl *c)
{
	for (unsigned i = 0; i < NEV; i++) {
		struct sbiret r = SBI1(SBI_EXT_PMU, PMU_FID_FW_READ, c->ctr[i]);
		c->cnt[i] = r.error ? ~0UL : r.uvalue;
	}
}

/* Any trap is a failure: both harts poll sip with sstatus.SIE clear. */
void s_unexpected(void)
{
	check_stray_trap(boot, &stray_traps, 1);
}

/* The second hart: configure its counters, then count SSIPs and read on request. */
void secondary_main(unsigned long hartid, unsigned long opaque)
{
	struct hart_ctl *c = &ctl[hartid];

	(void)opaque;
	csr_write(sscratch, hartid);
	csr_write(stvec, (unsigned long)s_trap);
	config_counters(c);
	mb();
	c->up = 1;
	for (;;) {
		if (csr_read(sip) & SIP_SSIP) {
			csr_clear(sip, SIP_SSIP);
			c->ssip++;
		}
		unsigned long s = c->seq;
		if (s != c->done) {
			mb();
			read_counters(c);
			mb();
			c->done = s;
		}
	}
}

static bool wait_until(volatile unsigned long *v, unsigned long want)
{
	uint64_t give_up = now() + 5000 * TICKS_PER_MS;

	while (*v < want)
		if (now() > give_up)
			return false;
	return true;
}

static void settle(void)
{
	uint64_t end = now() + 20 * TICKS_PER_MS;

	while (now() < end)
		;
}

static void check_counters(const char *phase)
{
	struct hart_ctl *s = &ctl[sec];

	read_counters(&ctl[boot]);
	s->seq++;
	mb();
	check_that(wait_until(&s->done, s->seq), s->done, "done", "%s: hart %lu reads its counters",
		   phase, sec);
	for (unsigned long h = 0; h < MAXH; h++) {
		if (h != boot && h != sec)
			continue;
		unsigned bad = 0;
		for (unsigned i = 0; i < NEV; i++)
			if (ctl[h].cnt[i] != expect[h][i])
				bad += !check_eq(ctl[h].cnt[i], expect[h][i], "%s: hart %lu %s", phase,
						 h, ev_name[i]);
		if (!bad)
			check_that(true, 0, "", "%s: hart %lu: all %u counters exact", phase, h,
				   (unsigned)NEV);
	}
}

/* ---- probe, set_timer, clear_ipi ----------------------------------------- */

static void test_probe(void)
{
	for (unsigned long eid = 0; eid <= 8; eid++)
		check_eq(SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, eid).uvalue, 1,
			 "probe_extension(legacy EID %lu) = 1", eid);
	check_eq(SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, 9).uvalue, 0,
		 "probe_extension(EID 9, past the legacy range) = 0");
	check_eq(legacy(9, 0, A1_MARK, 0, 0).error, SBI_ERR_NOT_SUPPORTED,
		 "EID 9 -> NOT_SUPPORTED");
}

static struct sbiret set_timer(uint64_t when, unsigned long *a1)
{
#if XLEN == 32
	*a1 = (unsigned long)(when >> 32);
	return legacy(SBI_EXT_LEGACY_SET_TIMER, (unsigned long)when, *a1, 0, 0);
#else
	*a1 = A1_MARK;
	return legacy(SBI_EXT_LEGACY_SET_TIMER, when, *a1, 0, 0);
#endif
}

static void test_set_timer(void)
{
	unsigned long a1;
	struct sbiret r;
	uint64_t give_up;

	r = set_timer(now() + 10000 * TICKS_PER_MS, &a1);
	check_eq(r.error, 0, "set_timer(now + 10 s) -> 0");
	check_eq(r.uvalue, a1, "set_timer: a1 comes back as the caller left it");
	check_eq(csr_read(sip) & SIP_STIP, 0, "set_timer(now + 10 s): no timer interrupt pending");
	expect[boot][E_SET_TIMER]++;

	r = set_timer(now(), &a1);
	check_eq(r.error, 0, "set_timer(now) -> 0");
	expect[boot][E_SET_TIMER]++;
	give_up = now() + 1000 * TICKS_PER_MS;
	while (!(csr_read(sip) & SIP_STIP) && now() < give_up)
		;
	check_that(csr_read(sip) & SIP_STIP, csr_read(sip), "STIP",
		   "set_timer(now): sip.STIP pending (sie.STIE clear: not taken)");
	/* A later deadline clears it, as TIME set_timer does. */
	r = set_timer(now() + 10000 * TICKS_PER_MS, &a1);
	check_eq(r.error, 0, "set_timer(now + 10 s) again -> 0");
	check_eq(csr_read(sip) & SIP_STIP, 0, "... the pending timer interrupt is cleared");
	expect[boot][E_SET_TIMER]++;
	/* The whole 64 bits (rv32: a1 is the high half): the far future. */
	r = set_timer(~0ULL, &a1);
	check_eq(r.error, 0, "set_timer(2^64 - 1) -> 0");
	check_eq(r.uvalue, a1, "set_timer(2^64 - 1): a1 unchanged");
	check_eq(csr_read(sip) & SIP_STIP, 0, "set_timer(2^64 - 1): nothing pending");
	expect[boot][E_SET_TIMER]++;
}

static void test_clear_ipi(void)
{
	struct sbiret r;

	csr_set(sip, SIP_SSIP);
	r = legacy(SBI_EXT_LEGACY_CLEAR_IPI, 0, A1_MARK, 0, 0);
	check_eq(r.error, 0, "clear_ipi -> 0");
	check_eq(r.uvalue, A1_MARK, "clear_ipi: a1 unchanged");
	check_eq(csr_read(sip) & SIP_SSIP, 0, "clear_ipi: sip.SSIP cleared");
	r = legacy(SBI_EXT_LEGACY_CLEAR_IPI, 0, A1_MARK, 0, 0);
	check_eq(r.error, 0, "clear_ipi with nothing pending -> 0");
}

/* ---- send_ipi ------------------------------------------------------------ */

static unsigned long mask_word;                  /* the hart mask the calls point at */
static unsigned char mask_bytes[2 * sizeof(long)] __attribute__((aligned(8)));

/* send_ipi through ptr: delivered to the caller and to sec as asked, and
 * counted (SENT on the caller per target, RECEIVED on each target). */
static void ipi_delivered(const char *what, unsigned long ptr, bool to_boot, bool to_sec)
{
	unsigned long seen = ctl[sec].ssip;
	struct sbiret r;

	csr_clear(sip, SIP_SSIP);
	r = legacy(SBI_EXT_LEGACY_SEND_IPI, ptr, A1_MARK, 0, 0);
	check_eq(r.error, 0, "send_ipi (%s) -> 0", what);
	check_eq(r.uvalue, A1_MARK, "send_ipi (%s): a1 unchanged", what);
	check_eq(!!(csr_read(sip) & SIP_SSIP), to_boot, "send_ipi (%s): the caller's sip.SSIP",
		 what);
	if (to_sec)
		check_that(wait_until(&ctl[sec].ssip, seen + 1), ctl[sec].ssip - seen, "1",
			   "send_ipi (%s): hart %lu sees sip.SSIP", what, sec);
	settle();
	check_eq(ctl[sec].ssip - seen, to_sec, "send_ipi (%s): hart %lu saw exactly that", what,
		 sec);
	csr_clear(sip, SIP_SSIP);
	expect[boot][E_IPI_SENT] += to_boot + to_sec;
	expect[boot][E_IPI_RECEIVED] += to_boot;
	expect[sec][E_IPI_RECEIVED] += to_sec;
}

/* send_ipi through ptr (mask *ptr, or every hart): delivered as targets says. */
static void send_ipi_ok(const char *what, unsigned long ptr, unsigned long targets)
{
	ipi_delivered(what, ptr, (targets >> boot) & 1, (targets >> sec) & 1);
}

/* A call that must fail with err, and deliver and count nothing. */
static void refused(unsigned long eid, const char *what, unsigned long ptr, long err)
{
	unsigned long seen = ctl[sec].ssip;
	struct sbiret r;

	csr_clear(sip, SIP_SSIP);
	r = legacy(eid, ptr, A1_MARK, 0, 0);
	check_eq(r.error, err, "EID %lu (%s) -> %s", eid, what,
		 err == SBI_ERR_INVALID_ADDRESS ? "INVALID_ADDRESS" : "INVALID_PARAM");
	check_eq(r.uvalue, A1_MARK, "EID %lu (%s): a1 unchanged", eid, what);
	settle();
	check_eq((csr_read(sip) & SIP_SSIP) | (ctl[sec].ssip - seen), 0,
		 "EID %lu (%s): nothing delivered", eid, what);
}

/* The calls that take a hart mask, refused for pointers S-mode cannot read. */
static const unsigned long mask_eids[] = {
	SBI_EXT_LEGACY_SEND_IPI, SBI_EXT_LEGACY_REMOTE_FENCE_I,
	SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID,
};

static void test_bad_masks(void)
{
	static const struct { unsigned long ptr; const char *what; } bad[] = {
		{ FW_BASE, "mask in the firmware (PMP)" },
		{ FW_BASE + 0x104, "mask inside the firmware (PMP)" },
		{ RAM_END + 0x1000, "mask past RAM" },
		{ RAM_END - sizeof(long) / 2, "mask straddling the end of RAM" },
		{ ~0UL - 3, "mask at the top of the address space" },
	};

	for (unsigned e = 0; e < 4; e++) {
		for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			refused(mask_eids[e], bad[i].what, bad[i].ptr, SBI_ERR_INVALID_ADDRESS);
		/* a mask naming a hart that is not there: the modern twin's error */
		mask_word = (1UL << sec) | (1UL << 5);
		refused(mask_eids[e], "mask naming hart 5 of 2", (unsigned long)&mask_word,
			SBI_ERR_INVALID_PARAM);
		mask_word = 1UL << (XLEN - 1);
		refused(mask_eids[e], "mask bit XLEN-1", (unsigned long)&mask_word,
			SBI_ERR_INVALID_PARAM);
	}
}

/*
 * Every page of the firmware's first 64 KiB (the PMP region is at least
 * that): on QEMU 7.2 an MPRV load could read the page holding the load
 * instruction itself; the firmware must refuse all of them.
 */
static void test_firmware_pages(void)
{
	unsigned long read = 0;

	for (unsigned long k = 0; k < 16; k++)
		read += legacy(SBI_EXT_LEGACY_SEND_IPI, FW_BASE + k * 0x1000 + 0x10, A1_MARK, 0,
			       0).error != SBI_ERR_INVALID_ADDRESS;
	check_eq(read, 0, "send_ipi with a mask in each of the firmware's first 16 pages -> "
		 "INVALID_ADDRESS");
}

static void test_send_ipi(void)
{
	mask_word = 1UL << boot;
	send_ipi_ok("itself", (unsigned long)&mask_word, 1UL << boot);
	mask_word = 1UL << sec;
	send_ipi_ok("the other hart", (unsigned long)&mask_word, 1UL << sec);
	mask_word = (1UL << boot) | (1UL << sec);
	send_ipi_ok("both harts by mask", (unsigned long)&mask_word, mask_word);
	send_ipi_ok("NULL: every hart", 0, (1UL << boot) | (1UL << sec));
	mask_word = 0;
	send_ipi_ok("an empty mask", (unsigned long)&mask_word, 0);
	/* a misaligned pointer reads as S-mode would read it */
	unsigned long m = 1UL << sec;
	for (unsigned i = 0; i < sizeof(long); i++)
		mask_bytes[3 + i] = (unsigned char)(m >> (8 * i));
	send_ipi_ok("a misaligned mask pointer", (unsigned long)&mask_bytes[3], 1UL << sec);
}

/* ---- remote fences ------------------------------------------------------- */

static void fence_ok(unsigned long eid, const char *what, unsigned long ptr,
		     unsigned long start, unsigned long size, unsigned long asid,
		     unsigned long targets)
{
	static const unsigned sent_of[] = { [5] = E_FENCE_I_SENT, [6] = E_SFENCE_VMA_SENT,
					    [7] = E_ASID_SENT };
	struct sbiret r = legacy(eid, ptr, start, size, asid);

	check_eq(r.error, 0, "EID %lu %s -> 0", eid, what);
	check_eq(r.uvalue, start, "EID %lu %s: a1 unchanged", eid, what);
	for (unsigned long h = 0; h < MAXH; h++)
		if ((targets >> h) & 1) {
			expect[boot][sent_of[eid]]++;
			expect[h][sent_of[eid] + 1]++;
		}
}

static void test_fences(void)
{
	unsigned long both = (1UL << boot) | (1UL << sec);

	mask_word = 1UL << sec;
	/* fence_i takes no range: a1 is free, and must come back as it was */
	fence_ok(SBI_EXT_LEGACY_REMOTE_FENCE_I, "remote_fence_i (the other hart)",
		 (unsigned long)&mask_word, A1_MARK, 0, 0, 1UL << sec);
	fence_ok(SBI_EXT_LEGACY_REMOTE_FENCE_I, "remote_fence_i (NULL: every hart)", 0, A1_MARK,
		 0, 0, both);
	fence_ok(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, "remote_sfence_vma (whole)",
		 (unsigned long)&mask_word, 0, 0, 0, 1UL << sec);
	fence_ok(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, "remote_sfence_vma (3 pages)",
		 (unsigned long)&mask_word, 0x10000, 0x3000, 0, 1UL << sec);
	fence_ok(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, "remote_sfence_vma (NULL, size -1)", 0, 0,
		 ~0UL, 0, both);
	fence_ok(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, "remote_sfence_vma_asid (asid 1)",
		 (unsigned long)&mask_word, 0, 0, 1, 1UL << sec);
	mask_word = both;
	fence_ok(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, "remote_sfence_vma_asid (2 pages, both)",
		 (unsigned long)&mask_word, 0x20000, 0x2000, 7, both);
	fence_ok(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, "remote_sfence_vma_asid (NULL)", 0, 0, 0,
		 3, both);
	/* an ASID wider than satp holds (QEMU: 16 bits rv64, 9 rv32): RFENCE's error */
	mask_word = 1UL << sec;
	struct sbiret r = legacy(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, (unsigned long)&mask_word,
				 0, 0, XLEN == 32 ? 0x200 : 0x10000);
	check_eq(r.error, SBI_ERR_INVALID_PARAM, "remote_sfence_vma_asid (ASID too wide) -> INVALID_PARAM");
}

/* ---- a hart mask in virtual memory ---------------------------------------- */

/*
 * Sv39 (rv64) / Sv32 (rv32) with leaf superpages: RAM identity-mapped, and
 * again at ALIAS (virtual ALIAS + x is physical FW_BASE + x), and nothing
 * at HOLE. The legacy calls then get virtual pointers.
 */
#if XLEN == 64
#define LEVEL_SHIFT 30                  /* 1 GiB leaves in the root table */
#define SATP_MODE (8UL << 60)
typedef uint64_t pte_t;
#else
#define LEVEL_SHIFT 22                  /* 4 MiB leaves */
#define SATP_MODE (1UL << 31)
typedef uint32_t pte_t;
#endif
#define ALIAS 0x40000000UL
#define HOLE 0xc0000000UL
#define PTE_LEAF 0xcfUL                  /* V R W X A D */
static pte_t root[4096 / sizeof(pte_t)] __attribute__((aligned(4096)));

static void map(unsigned long va, unsigned long pa, unsigned long size)
{
	for (unsigned long off = 0; off < size; off += 1UL << LEVEL_SHIFT)
		root[(va + off) >> LEVEL_SHIFT] = (pte_t)(((pa + off) >> 12) << 10 | PTE_LEAF);
}

static void test_virtual_mask(void)
{
	unsigned long ram = RAM_END - FW_BASE;

	map(FW_BASE, FW_BASE, ram);
	map(ALIAS, FW_BASE, ram);
	__asm__ volatile("sfence.vma" ::: "memory");
	csr_write(satp, SATP_MODE | ((unsigned long)root >> 12));
	__asm__ volatile("sfence.vma" ::: "memory");

	unsigned long alias = (unsigned long)&mask_word - FW_BASE + ALIAS;
	mask_word = 1UL << sec;
	send_ipi_ok("virtual mask pointer (satp on)", alias, 1UL << sec);
	fence_ok(SBI_EXT_LEGACY_REMOTE_FENCE_I, "remote_fence_i (virtual mask pointer)", alias,
		 A1_MARK, 0, 0, 1UL << sec);
	refused(SBI_EXT_LEGACY_SEND_IPI, "virtual mask pointer, unmapped page", HOLE,
		SBI_ERR_INVALID_ADDRESS);
	refused(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, "virtual mask pointer, unmapped page", HOLE + 8,
		SBI_ERR_INVALID_ADDRESS);
	refused(SBI_EXT_LEGACY_SEND_IPI, "virtual mask pointer to the firmware (PMP)", ALIAS,
		SBI_ERR_INVALID_ADDRESS);
	/* the same number as a physical address is not what S-mode sees now */
	csr_write(satp, 0);
	__asm__ volatile("sfence.vma" ::: "memory");
	check_eq(csr_read(satp), 0, "translation off again");
}

/* ---- a bit vector past XLEN harts ---------------------------------------- */

#ifdef WIDE_HARTS
#define WORDS ((WIDE_HARTS + XLEN - 1) / XLEN)
static unsigned long mask_vec[WORDS];

/* mask_vec = the given harts (ids < WORDS * XLEN, -1 ends the list). */
static unsigned long vec(long h0, long h1)
{
	for (unsigned w = 0; w < WORDS; w++)
		mask_vec[w] = 0;
	if (h0 >= 0)
		mask_vec[h0 / XLEN] |= 1UL << (h0 % XLEN);
	if (h1 >= 0)
		mask_vec[h1 / XLEN] |= 1UL << (h1 % XLEN);
	return (unsigned long)mask_vec;
}

static void test_wide(void)
{
	static const struct { unsigned long eid; unsigned sent; } fences[] = {
		{ SBI_EXT_LEGACY_REMOTE_FENCE_I, E_FENCE_I_SENT },
		{ SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, E_SFENCE_VMA_SENT },
		{ SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, E_ASID_SENT },
	};

	ipi_delivered("the hart past XLEN, in word 1", vec(sec, -1), false, true);
	ipi_delivered("both harts", vec(boot, sec), true, true);
	for (unsigned i = 0; i < 3; i++) {
		struct sbiret r = legacy(fences[i].eid, vec(boot, sec), 0, 0, 1);

		check_eq(r.error, 0, "EID %lu to both harts -> 0", fences[i].eid);
		expect[boot][fences[i].sent] += 2;
		expect[boot][fences[i].sent + 1]++;
		expect[sec][fences[i].sent + 1]++;
	}
	/* A missing hart in the last word: refused before word 0's hart is asked. */
	for (unsigned e = 0; e < 4; e++)
		refused(mask_eids[e], "boot hart, and the hart after the last in word 1",
			vec(boot, WIDE_HARTS), SBI_ERR_INVALID_PARAM);
	/* Word 0 the last of RAM, word 1 past it: nothing read is used. */
	for (unsigned e = 0; e < 4; e++)
		refused(mask_eids[e], "word 1 past RAM", RAM_END - sizeof(long),
			SBI_ERR_INVALID_ADDRESS);
}
#endif

/* ---- main ---------------------------------------------------------------- */

int main(unsigned long hartid, unsigned long fdt)
{
	struct sbiret r;

	(void)fdt;
	boot = hartid;
	csr_write(sscratch, hartid);
	csr_write(stvec, (unsigned long)s_trap);
#ifdef WIDE_HARTS
	printf("# legacy: SBI v0.1 hart masks past XLEN on %d harts (rv%d)\n", WIDE_HARTS, XLEN);
#else
	printf("# legacy: SBI v0.1 calls on 2 harts (rv%d)\n", XLEN);
#endif

	r = SBI0(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS);
	fw_base = r.uvalue - NUM_FW_COUNTERS;
	config_counters(&ctl[boot]);
	for (unsigned i = 0; i < NEV; i++)
		check_eq(ctl[boot].cfg_err[i], 0, "pmu: config_matching(%s)", ev_name[i]);

#ifdef WIDE_HARTS
	sec = boot == WIDE_HARTS - 1 ? WIDE_HARTS - 2 : WIDE_HARTS - 1;   /* past XLEN either way */
#else
	sec = boot == 0 ? 1 : 0;
#endif
	r = sbi_ecall(SBI_EXT_HSM, 0, sec, (unsigned long)smp_entry, 0, 0, 0, 0);
	check_eq(r.error, 0, "hsm: hart_start(%lu)", sec);
	if (!check_that(wait_until(&ctl[sec].up, 1), 0, "up", "hart %lu runs its loop", sec)) {
		check_end(1);
	}
	for (unsigned i = 0; i < NEV; i++)
		check_eq(ctl[sec].cfg_err[i], 0, "pmu: hart %lu config_matching(%s)", sec, ev_name[i]);

#ifdef WIDE_HARTS
	test_wide();
	check_counters("hart masks past XLEN");
#else
	test_probe();
	test_set_timer();
	test_clear_ipi();
	check_counters("set_timer, clear_ipi");
	test_send_ipi();
	check_counters("send_ipi");
	test_fences();
	check_counters("remote fences");
	test_bad_masks();
	test_firmware_pages();
	check_counters("refused calls");
	test_virtual_mask();
	check_counters("virtual masks");
#endif
	check_eq(stray_traps, 0, "no unexpected traps");

	check_summary();
	if (failed)
		sbi_shutdown(1);
	/* The end: legacy shutdown, which must power off with status 0. */
	legacy(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0, 0);
	printf("FAIL - legacy shutdown returned\n");
	sbi_shutdown(1);
}
