/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fast paths against their C twins (src/arch/fast_*.S): one table of
 * cases, run under the image with the fast paths and under the one built
 * without them (TALLY_NO_FAST_PATHS), where the same traps take the C
 * code. Each group of cases is checked here (ok/FAIL lines), and
 * everything it left behind (all 32 registers, the bytes around a store,
 * the trap S-mode got, the answers and counts) is folded into one digest
 * line. tests/scripts/fastpath-diff.sh runs both images and compares the
 * digests, so the two must agree on what no check looks at too.
 *
 * The cases: misaligned loads of every width and sign into every rd, and
 * stores from every rs2, x0 included, at every offset for some registers;
 * loads and stores that cross from memory the firmware closes (PMP) into
 * memory S-mode may use; rdtime (rv32: and rdtimeh) into every rd;
 * set_timer with deadlines in the past and future, halves that differ
 * (rv32's two registers), and the SET_TIMER count; an ecall into every
 * slot of the dispatcher's table, every extension's row and Base's
 * answers, with every register but a0 and a1 kept.
 */
#include <stdint.h>
#include <tally/riscv.h>
#include <tally/sbi.h>
#include "check.h"
#include "ext_test.h"

/* cases.S's stubs: x[] in and out, then the C registers they keep. */
struct fp_regs { unsigned long x[32], c[16]; };
typedef void stub_fn(struct fp_regs *r);
extern stub_fn *const fp_lh[32], *const fp_lhu[32], *const fp_lw[32];
extern stub_fn *const fp_sh[32], *const fp_sw[32], *const fp_rdtime[32];
#if __riscv_xlen == 64
extern stub_fn *const fp_lwu[32], *const fp_ld[32], *const fp_sd[32];
#else
extern stub_fn *const fp_rdtimeh[32];
#endif
extern stub_fn fp_ecall_stub;

#define BASE_REG 11   /* a1: the stubs' address register */

/* FNV-1a over what a group left behind, a word at a time (the model is slow). */
#if __riscv_xlen == 64
#define FNV_PRIME 0x100000001b3UL
#define FNV_BASIS 0xcbf29ce484222325UL
#define FOLD(d) ((unsigned)((d) ^ (d) >> 32))
#else
#define FNV_PRIME 16777619UL
#define FNV_BASIS 2166136261UL
#define FOLD(d) ((unsigned)(d))
#endif
static unsigned long digest;
static unsigned n_cases;
static void mix(unsigned long v) { digest = (digest ^ v) * FNV_PRIME; }
static void group_begin(void) { digest = FNV_BASIS; n_cases = 0; }
static void group_end(const char *name) { printf("digest %s: %08x (%u cases)\n", name, FOLD(digest), n_cases); }
static void mix_bytes(const unsigned char *p, unsigned n)   /* n a multiple of the word, p aligned */
{
	for (unsigned i = 0; i < n; i += sizeof(long))
		mix(*(const unsigned long *)(p + i));
}

static void regs_fill(struct fp_regs *r, unsigned long seed)
{
	r->x[0] = 0;
	for (unsigned i = 1; i < 32; i++)
		r->x[i] = (seed + i) * (unsigned long)0x9e3779b97f4a7c15ULL;
}
static void mix_regs(const struct fp_regs *r)
{
	for (unsigned i = 0; i < 32; i++)
		mix(r->x[i]);
}
/* The first register other than `except` that the case changed, or 32. */
static unsigned regs_changed(const struct fp_regs *in, const struct fp_regs *out, unsigned except)
{
	for (unsigned i = 0; i < 32; i++)
		if (i != except && in->x[i] != out->x[i])
			return i;
	return 32;
}

static inline unsigned long r_time(void)
{
	unsigned long v;
	__asm__ volatile("rdtime %0" : "=r"(v));
	return v;
}
#if __riscv_xlen == 32
static inline unsigned long r_timeh(void)
{
	unsigned long v;
	__asm__ volatile("rdtimeh %0" : "=r"(v));
	return v;
}
#endif
static inline unsigned long r_sip(void)
{
	unsigned long v;
	__asm__ volatile("csrr %0, sip" : "=r"(v));
	return v;
}

/* ---- misaligned loads and stores ------------------------------------- */

struct access { const char *name; stub_fn *const *stub; unsigned size; bool sign, store; };
static const struct access accesses[] = {
	{ "lh", fp_lh, 2, true, false }, { "lhu", fp_lhu, 2, false, false },
	{ "lw", fp_lw, 4, true, false },
#if __riscv_xlen == 64
	{ "lwu", fp_lwu, 4, false, false }, { "ld", fp_ld, 8, true, false },
	{ "sd", fp_sd, 8, false, true },
#endif
	{ "sh", fp_sh, 2, false, true }, { "sw", fp_sw, 4, false, true },
};

static unsigned char buf[32] __attribute__((aligned(16)));

static unsigned long load_expected(const unsigned char *p, const struct access *a)
{
	unsigned long v = 0;

	for (unsigned i = 0; i < a->size; i++)
		v |= (unsigned long)p[i] << (8 * i);
	if (a->sign && a->size < sizeof(long) && (p[a->size - 1] & 0x80))
		v |= ~0UL << (8 * a->size);
	return v;
}

/* Every offset for these registers (x0, a frame slot, a live one, the top); offset 1 for the rest. */
static bool every_offset(unsigned r) { return r == 0 || r == 5 || r == 15 || r == 31; }

/* One access through register r at buf + off; false (and a FAIL line) if it went wrong. */
static bool access_case(const struct access *a, unsigned r, unsigned off, unsigned char fill)
{
	struct fp_regs in, out;
	unsigned char want[sizeof(buf)];

	for (unsigned i = 0; i < sizeof(buf); i++)
		buf[i] = a->store ? 0xee : (unsigned char)(fill + 0x11 * i);
	regs_fill(&in, r * 64 + off + fill);
	in.x[BASE_REG] = (unsigned long)buf + 8 + off;
	memcpy(want, buf, sizeof(buf));
	if (a->store) {
		unsigned long v = in.x[r];
		for (unsigned i = 0; i < a->size; i++)
			want[8 + off + i] = (unsigned char)(v >> (8 * i));
	}
	out = in;
	a->stub[r](&out);
	n_cases++;
	mix(r), mix(off), mix_regs(&out);
	mix_bytes(buf, sizeof(buf));

	unsigned rd = a->store || r == 0 ? 32 : r;
	unsigned bad = regs_changed(&in, &out, rd);
	if (bad < 32)
		return check(false, "%s x%u at +%u: x%u changed to 0x%lx", a->name, r, off, bad, out.x[bad]);
	if (a->store)
		return memcmp(buf, want, sizeof(buf)) == 0 ||
		       check(false, "%s x%u at +%u: the bytes", a->name, r, off);
	if (r != 0) {
		unsigned long v = load_expected(&buf[8 + off], a);
		if (out.x[r] != v)
			return check_eq(out.x[r], v, "%s x%u at +%u", a->name, r, off);
	}
	return true;
}

static void test_accesses(void)
{
	static const unsigned char fills[] = { 0x80, 0x01 };   /* top bytes with and without the sign bit */

	for (unsigned k = 0; k < sizeof(accesses) / sizeof(accesses[0]); k++) {
		const struct access *a = &accesses[k];
		group_begin();
		bool ok = true;
		for (unsigned f = 0; f < (a->store ? 1 : 2); f++)
			for (unsigned r = 0; r < 32; r++)
				for (unsigned off = 1; off < a->size; off++) {
					if (off > 1 && !every_offset(r))
						break;
					ok &= access_case(a, r, off, fills[f]);
				}
		check(ok, "misaligned %s: every register%s, offsets 1..%u (%u cases)", a->name,
		      a->store ? "" : ", two byte patterns", a->size - 1, n_cases);
		group_end(a->name);
	}
}

/* ---- crossing into memory the firmware closes ------------------------ */

/* The end of the firmware's closed region above FW_BASE: the lowest
 * readable 4 KiB page (binary search: the region starts at FW_BASE). */
static unsigned long closed_end(unsigned long fw_base, unsigned long top)
{
	unsigned long lo = fw_base, hi = top;   /* lo faults, hi reads */

	while (hi - lo > 4096) {
		unsigned long mid = lo + ((hi - lo) / 2 & ~4095UL);
		ext_trap.n = 0;
		(void)*(volatile unsigned char *)mid;
		if (ext_trap.n)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

static unsigned char trap_stack[1024] __attribute__((aligned(16)));

/*
 * Every access that starts `lowbytes` below `end` and runs past it, where
 * the bytes below are `closed` (they fault) or the bytes from `end` are
 * (closed false): one fault to S-mode with `cause`, tval in the bytes that
 * fault, no register changed. tval0_ok: the core may leave tval 0 (CVA6).
 */
static bool crossing_cases(unsigned long end, bool closed, bool page, bool tval0_ok)
{
	bool ok = true;

	for (unsigned k = 0; k < sizeof(accesses) / sizeof(accesses[0]); k++) {
		const struct access *a = &accesses[k];
		for (unsigned lowbytes = 1; lowbytes < a->size; lowbytes++) {
			struct fp_regs in, out;
			unsigned long addr = end - lowbytes;
			/* the open bytes a store may reach, kept (the boot ROM's tree may live there) */
			volatile unsigned char *open = (volatile unsigned char *)(closed ? end : end - 8);
			unsigned char kept[8];
			for (unsigned i = 0; i < 8; i++)
				kept[i] = open[i], open[i] = 0xc3;
			regs_fill(&in, 0x400 + k * 8 + lowbytes);
			in.x[BASE_REG] = addr;
			/* S-mode takes the fault: its vector needs a stack and gp */
			in.x[2] = (unsigned long)&trap_stack[sizeof(trap_stack)];
			__asm__("mv %0, gp" : "=r"(in.x[3]));
			out = in;
			ext_catch_begin();
			ext_trap.n = 0;
			a->stub[15](&out);   /* a5: a live register */
			ext_catch_end();
			n_cases++;
			/* addresses relative to end: the digest is the same for an
			 * image whose closed region ends elsewhere (its C twin) */
			mix(ext_trap.n), mix(ext_trap.cause), mix(ext_trap.tval ? ext_trap.tval - end : 0);
			out.x[BASE_REG] -= end;
			mix_regs(&out);
			out.x[BASE_REG] += end;
			for (unsigned i = 0; i < 8; i++)
				mix(open[i]), open[i] = kept[i];
			unsigned long want = page ? (a->store ? CAUSE_STORE_PAGE_FAULT : CAUSE_LOAD_PAGE_FAULT)
						  : (a->store ? CAUSE_STORE_ACCESS : CAUSE_LOAD_ACCESS);
			/* CVA6 reports a store's PMP fault as a load's (docs/boards/cva6.md) */
			bool cause_ok = ext_trap.cause == want || (!page && ext_trap.cause == CAUSE_LOAD_ACCESS);
			unsigned long lo = closed ? addr : end, hi = closed ? end : addr + a->size;
			bool tval_ok = (ext_trap.tval >= lo && ext_trap.tval < hi) ||
				       (tval0_ok && ext_trap.tval == 0);
			if (ext_trap.n != 1 || !cause_ok || !tval_ok || regs_changed(&in, &out, 32) < 32)
				ok = check(false, "%s at 0x%lx: %lu traps, cause %lu, tval 0x%lx, registers %s",
					   a->name, addr, ext_trap.n, ext_trap.cause, ext_trap.tval,
					   regs_changed(&in, &out, 32) < 32 ? "changed" : "kept");
		}
	}
	return ok;
}

static void test_crossing(unsigned long fw_base, bool cva6)
{
	ext_catch_begin();
	ext_trap.n = 0;
	(void)*(volatile unsigned char *)fw_base;
	bool closed = ext_trap.n == 1;
	unsigned long end = closed ? closed_end(fw_base, (unsigned long)buf) : 0;
	ext_catch_end();
	if (!check(closed, "the firmware at 0x%lx is closed to S-mode (PMP), so an access can cross out of it", fw_base))
		return;
	printf("# closed region ends at 0x%lx\n", end);
	group_begin();
	/* CVA6 checks PMP before alignment and leaves tval 0 (an erratum: cva6-rtl-conformance) */
	bool ok = crossing_cases(end, true, false, cva6);
	check(ok, "an access crossing out of the closed firmware faults once, with tval in its closed bytes%s, and changes no register (%u cases)",
	      cva6 ? " (CVA6: or 0)" : "", n_cases);
	group_end("crossing");
}

/*
 * Paging: RAM mapped as itself, 2 MiB (Sv39) or 4 MiB (Sv32) pages, but
 * for one 4 KiB page left out at HOLE. An access that starts on the page
 * below it and runs into it: the part in the hole faults.
 */
#define HOLE 0x81001000UL
#define PTE_LEAF 0xcfUL   /* V R W X A D */
#if __riscv_xlen == 64
#define LEVEL_SHIFT 21    /* a level-1 leaf: 2 MiB */
#define ENTRIES 512
#define SATP_MODE (8UL << 60)
#else
#define LEVEL_SHIFT 22    /* a level-1 leaf: 4 MiB */
#define ENTRIES 1024
#define SATP_MODE (1UL << 31)
#endif
static unsigned long pt_root[ENTRIES] __attribute__((aligned(4096)));
static unsigned long pt_leaf[ENTRIES] __attribute__((aligned(4096)));
#if __riscv_xlen == 64
static unsigned long pt_mid[ENTRIES] __attribute__((aligned(4096)));
#endif

static unsigned long pte(unsigned long pa, unsigned long flags) { return pa >> 12 << 10 | flags; }

static void paging_on(void)
{
	unsigned long ram = 0x80000000UL, region = HOLE >> LEVEL_SHIFT << LEVEL_SHIFT;
	unsigned long *l1;
#if __riscv_xlen == 64
	pt_root[ram >> 30] = pte((unsigned long)pt_mid, 1);   /* 0x80000000..0xbfffffff */
	l1 = pt_mid;
	for (unsigned long i = 0; i < ENTRIES; i++)
		l1[i] = pte(ram + (i << LEVEL_SHIFT), PTE_LEAF);
	l1 = &pt_mid[(region - ram) >> LEVEL_SHIFT];
#else
	for (unsigned long i = ram >> LEVEL_SHIFT; i < 0xc0000000UL >> LEVEL_SHIFT; i++)
		pt_root[i] = pte(i << LEVEL_SHIFT, PTE_LEAF);
	l1 = &pt_root[region >> LEVEL_SHIFT];
#endif
	*l1 = pte((unsigned long)pt_leaf, 1);
	for (unsigned long i = 0; i < ENTRIES; i++)
		pt_leaf[i] = region + (i << 12) == HOLE ? 0 : pte(region + (i << 12), PTE_LEAF);
	__asm__ volatile("sfence.vma\n\tcsrw satp, %0\n\tsfence.vma" : : "r"(SATP_MODE | (unsigned long)pt_root >> 12) : "memory");
}
static void paging_off(void)
{
	__asm__ volatile("csrw satp, zero\n\tsfence.vma" : : : "memory");
}

static void test_page_crossing(void)
{
	group_begin();
	paging_on();
	bool ok = crossing_cases(HOLE, false, true, false);
	paging_off();
	check(ok, "an access crossing into an unmapped page faults once, a page fault with tval in that page, and changes no register (%u cases)", n_cases);
	group_end("page crossing");
}

/* ---- rdtime ------------------------------------------------------------ */

static void test_rdtime(const char *name, stub_fn *const *stub, unsigned long (*now)(void))
{
	group_begin();
	bool ok = true;
	for (unsigned r = 0; r < 32; r++) {
		struct fp_regs in, out;
		regs_fill(&in, 0x800 + r);
		out = in;
		unsigned long before = now();
		stub[r](&out);
		unsigned long after = now();
		n_cases++;
		unsigned long got = out.x[r];
		out.x[r] = in.x[r];
		mix(r), mix_regs(&out);   /* all but the time itself */
		unsigned bad = regs_changed(&in, &out, 32);
		if (bad < 32)
			ok = check(false, "%s x%u: x%u changed", name, r, bad);
		else if (r != 0 && (got < before || got > after))
			ok = check(false, "%s x%u: 0x%lx not between 0x%lx and 0x%lx", name, r, got,
				   before, after);
	}
	check(ok, "%s into every register: the time, nothing else changed", name);
	group_end(name);
}

/* ---- set_timer ----------------------------------------------------------- */

/* Wait until time passes `ticks` more, or STIP is set; STIP's state. */
static bool stip_after(unsigned long ticks)
{
	unsigned long t0 = r_time();

	while (r_time() - t0 < ticks)
		if (r_sip() & MIP_STIP)
			return true;
	return (r_sip() & MIP_STIP) != 0;
}

static void test_set_timer(void)
{
	unsigned long ctr = ext_fw_counter(PMU_FW_SET_TIMER);
	group_begin();
	bool ok = ctr != ~0UL;

	/* rv32: the 64-bit time from its halves, read until they agree */
	uint64_t now;
#if __riscv_xlen == 32
	unsigned long hi, lo, hi2;
	do {
		__asm__ volatile("rdtimeh %0" : "=r"(hi));
		lo = r_time();
		__asm__ volatile("rdtimeh %0" : "=r"(hi2));
	} while (hi != hi2);
	now = (uint64_t)hi << 32 | lo;
#else
	now = r_time();
#endif
	const struct { const char *what; uint64_t when; bool fires; } cases[] = {
		{ "far future", now + (1ULL << 30), false },
		{ "zero", 0, true },
		{ "all ones (no deadline)", ~0ULL, false },
		{ "high half one more, low half zero", ((now >> 32) + 1) << 32, false },
		{ "this high half, low half zero", now >> 32 << 32, true },
		{ "just past", now - 1, true },
		{ "high half all ones", 0xffffffff00000000ULL, false },
	};
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned long c0 = ext_fw_read(ctr);
		struct sbiret r = sbi_set_timer(cases[i].when);
		unsigned long c1 = ext_fw_read(ctr);
		bool fired = stip_after(2000);
		n_cases++;
		mix(r.error), mix(r.value), mix(fired), mix(c1 - c0);
		if (r.error || fired != cases[i].fires || c1 - c0 != 1)
			ok = check(false, "set_timer(%s): error %ld, STIP %s, SET_TIMER counted %lu",
				   cases[i].what, r.error, fired ? "set" : "clear", c1 - c0);
	}
	sbi_set_timer(~0ULL);
	ext_fw_release(ctr);
	check(ok, "set_timer: past deadlines fire, future ones and ~0 do not, both halves count, each call counted once");
	group_end("set_timer");
}

/* ---- ecalls ----------------------------------------------------------------- */

/* An ecall with every register the case's: a0 and a1 the answer, the rest kept. */
static struct sbiret ecall_case(unsigned long eid, unsigned long fid, unsigned long seed, bool *ok)
{
	struct fp_regs in, out;

	regs_fill(&in, seed);
	in.x[17] = eid, in.x[16] = fid;
	in.x[10] = 0;   /* Base probe_extension(0): a known answer */
	out = in;
	fp_ecall_stub(&out);
	n_cases++;
	mix(eid), mix(fid), mix_regs(&out);
	unsigned bad = regs_changed(&in, &out, 10);
	if (bad < 32 && bad != 11)
		*ok = check(false, "ecall eid 0x%lx fid 0x%lx: x%u changed", eid, fid, bad);
	return (struct sbiret){ .error = (long)out.x[10], .uvalue = out.x[11] };
}

static void test_ecalls(void)
{
	static const unsigned long eids[] = {
		SBI_EXT_BASE, SBI_EXT_TIME, SBI_EXT_IPI, SBI_EXT_RFENCE, SBI_EXT_HSM, SBI_EXT_SRST,
		SBI_EXT_PMU, SBI_EXT_DBCN, SBI_EXT_SUSP, SBI_EXT_FWFT, SBI_EXT_DBTR, SBI_EXT_SSE,
	};
	bool ok = true;

	/* Every slot (the table has at most 128), with an EID nobody has: NOT_SUPPORTED. */
	group_begin();
	for (unsigned long slot = 0; slot < 128; slot++) {
		unsigned long eid = 0x0a000000UL | slot;
		struct sbiret r = ecall_case(eid, slot, 0x1000 + slot, &ok);
		if (r.error != SBI_ERR_NOT_SUPPORTED)
			ok = check(false, "unknown eid 0x%lx: error %ld", eid, r.error);
	}
	/* Every extension: an unknown FID, and probe_extension of it. */
	for (unsigned i = 0; i < sizeof(eids) / sizeof(eids[0]); i++) {
		struct sbiret r = ecall_case(eids[i], 0x7fffffff, 0x2000 + i, &ok);
		mix(r.error);
		if (r.error != SBI_ERR_NOT_SUPPORTED)
			ok = check(false, "eid 0x%lx fid 0x7fffffff: error %ld", eids[i], r.error);
		r = sbi_probe_extension(eids[i]);
		mix(r.error), mix(r.value);
	}
	/* Base, every FID: the fast path answers get_spec_version, C the rest. */
	for (unsigned long fid = 0; fid <= BASE_FID_GET_MIMPID; fid++) {
		struct sbiret r = ecall_case(SBI_EXT_BASE, fid, 0x3000 + fid, &ok);
		mix(r.error), mix(r.value);
		if (r.error)
			ok = check(false, "base fid %lu: error %ld", fid, r.error);
	}
	check(ok, "ecall: every dispatcher slot, every extension's unknown FID and Base keep every register but a0, a1 (%u cases)", n_cases);
	group_end("ecall");
}

int main(unsigned long hartid, unsigned long dtb)
{
	unsigned long sstatus;

	/* The stubs run with every register the case's: no S-mode interrupt may come. */
	__asm__ volatile("csrrci %0, sstatus, 2" : "=r"(sstatus));
	printf("fastpath: the fast paths against their C twins, hart %lu\n", hartid);
	test_accesses();
	bool cva6 = sbi_get_marchid().uvalue == 3;   /* CVA6's marchid */
	test_crossing(0x80000000UL, cva6);
	test_page_crossing();
	test_rdtime("rdtime", fp_rdtime, r_time);
#if __riscv_xlen == 32
	test_rdtime("rdtimeh", fp_rdtimeh, r_timeh);
#endif
	test_set_timer();
	test_ecalls();
	check_summary();
	return failed != 0;
}
