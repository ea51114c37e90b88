/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests of src/lib/misaligned.c: the decoder and the byte-by-byte
 * emulation, against a 256-byte fake memory whose every access is logged.
 * Built twice: natively (unsigned long is 64 bits: the RV64 decoder) and
 * with -m32 (32 bits: the RV32 decoder, where ld/sd/lwu and the
 * doubleword compressed forms must be refused).
 *
 * Addresses outside the fake memory, and at or above fault_from, fault
 * with fault_cause (a page fault unless a test says otherwise), as an
 * unmapped next page would.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"
#include "lib/misaligned.h"
#include "arch/riscv.h"

#define XLEN_BYTES ((unsigned)sizeof(unsigned long))
#define RV64 (XLEN_BYTES == 8)

#define MEM_BASE 0x10000UL
#define MEM_SIZE 256
#define TARGET   (MEM_BASE + 64)   /* + misalignment 0..7 */

static uint8_t mem[MEM_SIZE];
static unsigned long fault_from;
static unsigned long fault_load_cause, fault_store_cause;
static unsigned n_loads, n_stores;
static unsigned long first_addr, last_addr;

static unsigned long log_access(unsigned long a)
{
	if (!n_loads && !n_stores)
		first_addr = a;
	last_addr = a;
	return a;
}

static bool faults(unsigned long a)
{
	return a < MEM_BASE || a >= MEM_BASE + MEM_SIZE || a >= fault_from;
}

static unsigned long f_load8(unsigned long a, uint8_t *v)
{
	log_access(a);
	n_loads++;
	if (faults(a))
		return fault_load_cause;
	*v = mem[a - MEM_BASE];
	return 0;
}

static unsigned long f_store8(unsigned long a, uint8_t v)
{
	log_access(a);
	n_stores++;
	if (faults(a))
		return fault_store_cause;
	mem[a - MEM_BASE] = v;
	return 0;
}

static const struct misaligned_mem fake = { f_load8, f_store8 };

static unsigned long x[32], x_before[32];
static uint8_t mem_before[MEM_SIZE];
static struct misaligned_result res;

/* A fresh world: patterned memory (high bits set and clear), distinct registers. */
static void reset(void)
{
	unsigned i;

	for (i = 0; i < MEM_SIZE; i++)
		mem[i] = (uint8_t)(i * 37 + 0x81);
	for (i = 0; i < 32; i++)
		x[i] = (unsigned long)(0xa5c3e1f00f1e3c5aULL * (i + 1));
	x[0] = 0;
	fault_from = ~0UL;
	fault_load_cause = CAUSE_LOAD_PAGE_FAULT;
	fault_store_cause = CAUSE_STORE_PAGE_FAULT;
	n_loads = n_stores = 0;
	memset(&res, 0, sizeof(res));
}

static enum misaligned_status run(unsigned long cause, uint32_t insn)
{
	memcpy(x_before, x, sizeof(x));
	memcpy(mem_before, mem, sizeof(mem));
	n_loads = n_stores = 0;
	return misaligned_emulate(cause, insn, x, &fake, &res);
}

/* Little-endian bytes of memory at a, as the hart would read them. */
static unsigned long mem_le(unsigned long a, unsigned width)
{
	unsigned long v = 0;
	unsigned i;

	for (i = 0; i < width; i++)
		v |= (unsigned long)mem[a - MEM_BASE + i] << (8 * i);
	return v;
}

/* Reference sign/zero extension through C's own signed types. */
static unsigned long extend(unsigned long v, unsigned width, bool sign)
{
	if (!sign)
		return v;
	switch (width) {
	case 1: return (unsigned long)(long)(int8_t)v;
	case 2: return (unsigned long)(long)(int16_t)v;
	case 4: return (unsigned long)(long)(int32_t)v;
	default: return v;
	}
}

/* ---- encoders (cross-checked against the assembler in t_golden) -------- */

static uint32_t enc_load(unsigned f3, unsigned rd, unsigned rs1, int imm)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | 0x03;
}

static uint32_t enc_store(unsigned f3, unsigned rs2, unsigned rs1, int imm)
{
	uint32_t u = (uint32_t)imm & 0xfff;

	return (u >> 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 31) << 7 | 0x23;
}

/* CL/CS: c.lw, c.sw (word) and c.ld, c.sd (double); rp, bp are x8..x15 - 8 */
static uint32_t enc_c_mem(unsigned f3, bool dbl, unsigned rp, unsigned bp, unsigned off)
{
	uint32_t v = f3 << 13 | ((off >> 3) & 7) << 10 | bp << 7 | rp << 2;

	if (dbl)
		return v | ((off >> 6) & 3) << 5;
	return v | ((off >> 2) & 1) << 6 | ((off >> 6) & 1) << 5;
}

static uint32_t enc_c_lsp(bool dbl, unsigned rd, unsigned off)   /* c.lwsp, c.ldsp */
{
	uint32_t v = (dbl ? 3U : 2U) << 13 | ((off >> 5) & 1) << 12 | rd << 7 | 2;

	if (dbl)
		return v | ((off >> 3) & 3) << 5 | ((off >> 6) & 7) << 2;
	return v | ((off >> 2) & 7) << 4 | ((off >> 6) & 3) << 2;
}

static uint32_t enc_c_ssp(bool dbl, unsigned rs2, unsigned off)  /* c.swsp, c.sdsp */
{
	uint32_t v = (dbl ? 7U : 6U) << 13 | rs2 << 2 | 2;

	if (dbl)
		return v | ((off >> 3) & 7) << 10 | ((off >> 6) & 7) << 7;
	return v | ((off >> 2) & 15) << 9 | ((off >> 6) & 3) << 7;
}

/* ---- one emulated access, checked completely --------------------------- */

static char why[160];

/*
 * A load of `width` bytes at `target` into rd, already set up in x[] and
 * encoded in insn: NULL if everything is as it must be, else what is not.
 */
static const char *check_load(uint32_t insn, unsigned len, unsigned rd, unsigned long target,
			      unsigned width, bool sign)
{
	unsigned long want = extend(mem_le(target, width), width, sign);
	enum misaligned_status st = run(CAUSE_MISALIGNED_LOAD, insn);
	unsigned i;

	if (st != MISALIGNED_EMULATED)
		return snprintf(why, sizeof(why), "insn %#x: status %d", insn, st), why;
	if (res.len != len)
		return snprintf(why, sizeof(why), "insn %#x: len %u", insn, res.len), why;
	if (n_stores || n_loads != width || first_addr != target ||
	    last_addr != target + width - 1)
		return snprintf(why, sizeof(why), "insn %#x: %u loads %u stores from %#lx to %#lx",
				insn, n_loads, n_stores, first_addr, last_addr), why;
	for (i = 0; i < 32; i++) {
		unsigned long w = i == rd && rd ? want : x_before[i];

		if (x[i] != w)
			return snprintf(why, sizeof(why), "insn %#x: x%u = %#lx, want %#lx",
					insn, i, x[i], w), why;
	}
	if (memcmp(mem, mem_before, sizeof(mem)))
		return "memory changed by a load";
	return NULL;
}

static const char *check_store(uint32_t insn, unsigned len, unsigned long target,
			       unsigned width, unsigned long val)
{
	enum misaligned_status st = run(CAUSE_MISALIGNED_STORE, insn);
	unsigned i;

	if (st != MISALIGNED_EMULATED)
		return snprintf(why, sizeof(why), "insn %#x: status %d", insn, st), why;
	if (res.len != len)
		return snprintf(why, sizeof(why), "insn %#x: len %u", insn, res.len), why;
	if (n_loads || n_stores != width)
		return snprintf(why, sizeof(why), "insn %#x: %u loads, %u stores",
				insn, n_loads, n_stores), why;
	if (memcmp(x, x_before, sizeof(x)))
		return "a store changed a register";
	for (i = 0; i < MEM_SIZE; i++) {
		unsigned long a = MEM_BASE + i;
		uint8_t w = a >= target && a < target + width
			? (uint8_t)(val >> (8 * (a - target))) : mem_before[i];

		if (mem[i] != w)
			return snprintf(why, sizeof(why), "insn %#x: byte %#lx = %#x, want %#x",
					insn, a, mem[i], w), why;
	}
	return NULL;
}

static void report(const char *what, const char *fail)
{
	h_check(fail == NULL, __FILE__, __LINE__, what, fail);
}

/* ---- 32-bit loads and stores ------------------------------------------ */

struct op { const char *name; unsigned f3, width; bool sign, rv64; };

static const struct op loads[] = {
	{ "lb", 0, 1, true, false }, { "lh", 1, 2, true, false },
	{ "lw", 2, 4, true, false }, { "ld", 3, 8, true, true },
	{ "lbu", 4, 1, false, false }, { "lhu", 5, 2, false, false },
	{ "lwu", 6, 4, false, true },
};
static const struct op stores[] = {
	{ "sb", 0, 1, false, false }, { "sh", 1, 2, false, false },
	{ "sw", 2, 4, false, false }, { "sd", 3, 8, false, true },
};
static const int imms[] = { 0, 1, -1, -3, 5, 2047, -2048 };
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Every load, at every misalignment 0..7, with a spread of immediates and
 * registers (rd = rs1 included: the address is formed before rd is written). */
static void t_loads(void)
{
	unsigned o, mis, k;
	char name[64];

	for (o = 0; o < N(loads); o++) {
		const struct op *op = &loads[o];

		if (op->rv64 && !RV64)
			continue;
		for (mis = 0; mis < 8; mis++) {
			const char *fail = NULL;

			for (k = 0; k < N(imms) && !fail; k++) {
				unsigned rd = 1 + (mis * 7 + k * 3) % 31;
				unsigned rs1 = k == 2 ? rd : 1 + (rd + 4 + k) % 31;
				unsigned long target = TARGET + mis;

				reset();
				x[rs1] = target - (unsigned long)(long)imms[k];
				fail = check_load(enc_load(op->f3, rd, rs1, imms[k]), 4, rd,
						  target, op->width, op->sign);
			}
			snprintf(name, sizeof(name), "%s at misalignment %u", op->name, mis);
			report(name, fail);
		}
	}
}

static void t_stores(void)
{
	unsigned o, mis, k;
	char name[64];

	for (o = 0; o < N(stores); o++) {
		const struct op *op = &stores[o];

		if (op->rv64 && !RV64)
			continue;
		for (mis = 0; mis < 8; mis++) {
			const char *fail = NULL;

			for (k = 0; k < N(imms) && !fail; k++) {
				unsigned rs2 = 1 + (mis * 5 + k) % 31;
				unsigned rs1 = 1 + (rs2 + 3 + k) % 31;
				unsigned long target = TARGET + mis;

				reset();
				x[rs2] = (unsigned long)0x8123456789abcdefULL;
				x[rs1] = target - (unsigned long)(long)imms[k];
				fail = check_store(enc_store(op->f3, rs2, rs1, imms[k]), 4,
						   target, op->width, x[rs2]);
			}
			snprintf(name, sizeof(name), "%s at misalignment %u", op->name, mis);
			report(name, fail);
		}
	}
}

/* The extension rules, with the sign bit set and clear, spelled out. */
static void t_extension(void)
{
	static const struct { uint32_t f3; uint8_t top; unsigned long want; bool rv64; } c[] = {
		{ 0, 0x80, (unsigned long)-128L, false },        /* lb */
		{ 0, 0x7f, 0x7f, false },
		{ 4, 0x80, 0x80, false },                        /* lbu */
		{ 1, 0x80, (unsigned long)-32768L + 0x11, false },  /* lh: 0x8011 */
		{ 1, 0x7f, 0x7f11, false },
		{ 5, 0x80, 0x8011, false },                      /* lhu */
		{ 2, 0x80, (unsigned long)(long)(int32_t)0x80111111, false },  /* lw */
		{ 6, 0x80, 0x80111111UL, true },                 /* lwu */
		{ 6, 0xff, 0xff111111UL, true },
		{ 3, 0x80, (unsigned long)0x8011111111111111ULL, true },  /* ld */
	};
	unsigned i, w;
	char name[64];

	for (i = 0; i < N(c); i++) {
		unsigned long target = TARGET + 3;

		if (c[i].rv64 && !RV64)
			continue;
		reset();
		w = 1U << (c[i].f3 & 3);
		memset(&mem[target - MEM_BASE], 0x11, 8);
		mem[target - MEM_BASE + w - 1] = c[i].top;
		x[11] = target;
		snprintf(name, sizeof(name), "funct3 %u, top byte %#x", c[i].f3, c[i].top);
		CHECK_EQ(run(CAUSE_MISALIGNED_LOAD, enc_load(c[i].f3, 10, 11, 0)), MISALIGNED_EMULATED);
		h_check(x[10] == c[i].want, __FILE__, __LINE__, name, NULL);
	}
	/* lw on RV64 sign-extends from bit 31; on RV32 it fills the register */
	reset();
	memcpy(&mem[TARGET + 1 - MEM_BASE], "\xfe\xff\xff\xff", 4);
	x[11] = TARGET + 1;
	run(CAUSE_MISALIGNED_LOAD, enc_load(2, 10, 11, 0));
	CHECK_EQ(x[10], ~1UL);
}

/* rd = x0: the access happens (it can still fault), the result is dropped. */
static void t_rd_x0(void)
{
	unsigned o;
	char name[64];

	for (o = 0; o < N(loads); o++) {
		const struct op *op = &loads[o];

		if (op->rv64 && !RV64)
			continue;
		reset();
		x[5] = TARGET + 1;
		snprintf(name, sizeof(name), "%s x0: emulated, x0 still 0", op->name);
		report(name, check_load(enc_load(op->f3, 0, 5, 0), 4, 0, TARGET + 1, op->width,
					op->sign));
		CHECK_EQ(x[0], 0);
	}
	reset();
	x[5] = MEM_BASE + MEM_SIZE - 1;
	CHECK_EQ(run(CAUSE_MISALIGNED_LOAD, enc_load(1, 0, 5, 0)), MISALIGNED_FAULT);
	CHECK_EQ(res.addr, MEM_BASE + MEM_SIZE);
	CHECK_EQ(x[0], 0);
}

/* x0 as a source reads 0 even if its slot holds something else. */
static void t_x0_sources(void)
{
	reset();
	x[0] = 0xdeadbeef;         /* entry.S stores 0 there; the core must not care */
	x[6] = TARGET + 1;
	CHECK_EQ(run(CAUSE_MISALIGNED_STORE, enc_store(2, 0, 6, 0)), MISALIGNED_EMULATED);
	CHECK_EQ(mem_le(TARGET + 1, 4), 0);          /* sw x0 stores zeros */
	CHECK_EQ(x[0], 0xdeadbeef);                  /* and is never written */

	/* base x0: the address is the immediate alone (here, outside memory) */
	reset();
	x[0] = TARGET;
	CHECK_EQ(run(CAUSE_MISALIGNED_LOAD, enc_load(2, 10, 0, 2047)), MISALIGNED_FAULT);
	CHECK_EQ(res.addr, 2047);
	/* and a negative immediate wraps at XLEN, as on the hart */
	CHECK_EQ(run(CAUSE_MISALIGNED_LOAD, enc_load(2, 10, 0, -2048)), MISALIGNED_FAULT);
	CHECK_EQ(res.addr, (unsigned long)-2048L);
	CHECK_EQ(res.cause, CAUSE_LOAD_PAGE_FAULT);
}

/* ---- compressed forms ------------------------------------------------- */

/* c.lw c.sw (and c.ld c.sd on RV64): every rd'/rs1' and every offset. */
static void t_compressed_cl_cs(void)
{
	unsigned dbl, mis, off, rp, bp;
	char name[64];

	for (dbl = 0; dbl < 2; dbl++) {
		unsigned w = dbl ? 8 : 4, max = dbl ? 248 : 124;

		if (dbl && !RV64)
			continue;
		for (mis = 0; mis < 8; mis++) {
			const char *lf = NULL, *sf = NULL;

			for (off = 0; off <= max && !lf && !sf; off += w)
				for (rp = 0; rp < 8 && !lf && !sf; rp++) {
					unsigned long target = TARGET + mis;

					bp = (rp + off / w) % 8;
					reset();
					x[8 + bp] = target - off;
					lf = check_load(enc_c_mem(dbl ? 3 : 2, dbl, rp, bp, off), 2,
							8 + rp, target, w, true);
					reset();
					x[8 + bp] = target - off;
					sf = check_store(enc_c_mem(dbl ? 7 : 6, dbl, rp, bp, off), 2,
							 target, w, x[8 + rp]);
				}
			snprintf(name, sizeof(name), "%s at misalignment %u", dbl ? "c.ld" : "c.lw", mis);
			report(name, lf);
			snprintf(name, sizeof(name), "%s at misalignment %u", dbl ? "c.sd" : "c.sw", mis);
			report(name, sf);
		}
	}
}

/* c.lwsp c.swsp (and c.ldsp c.sdsp on RV64): every register, every offset. */
static void t_compressed_sp(void)
{
	unsigned dbl, mis, off, r;
	char name[64];

	for (dbl = 0; dbl < 2; dbl++) {
		unsigned w = dbl ? 8 : 4, max = dbl ? 504 : 252;

		if (dbl && !RV64)
			continue;
		for (mis = 0; mis < 8; mis++) {
			const char *lf = NULL, *sf = NULL;

			for (off = 0; off <= max && !lf && !sf; off += w) {
				unsigned long target = TARGET + mis;

				r = 1 + (off / w) % 31;
				if (r == 2)
					r = 3;   /* sp as rd would move the base: covered below */
				reset();
				x[2] = target - off;
				lf = check_load(enc_c_lsp(dbl, r, off), 2, r, target, w, true);
				reset();
				x[2] = target - off;
				sf = check_store(enc_c_ssp(dbl, r, off), 2, target, w, x[r]);
			}
			snprintf(name, sizeof(name), "%s at misalignment %u", dbl ? "c.ldsp" : "c.lwsp", mis);
			report(name, lf);
			snprintf(name, sizeof(name), "%s at misalignment %u", dbl ? "c.sdsp" : "c.swsp", mis);
			report(name, sf);
		}
	}
	/* c.lwsp sp, 4(sp): sp is both base and destination */
	reset();
	x[2] = TARGET + 1 - 4;
	report("c.lwsp sp, 4(sp)", check_load(enc_c_lsp(false, 2, 4), 2, 2, TARGET + 1, 4, true));
	/* c.swsp x0 stores zeros */
	reset();
	x[2] = TARGET + 1;
	report("c.swsp x0, 0(sp)", check_store(enc_c_ssp(false, 0, 0), 2, TARGET + 1, 4, 0));
}

/* ---- faults in the middle of an access -------------------------------- */

/*
 * For every width and every byte where the next "page" starts: the first
 * faulting byte's cause and address come back, no register has changed,
 * and a store has written exactly the bytes before the fault.
 */
static void t_fault_in_the_middle(void)
{
	unsigned o, k;
	char name[128];

	for (o = 0; o < N(loads); o++) {
		const struct op *op = &loads[o];

		if (op->rv64 && !RV64)
			continue;
		for (k = 0; k < op->width; k++) {
			unsigned long target = TARGET + 1;
			enum misaligned_status st;

			reset();
			fault_from = target + k;
			fault_load_cause = k & 1 ? CAUSE_LOAD_ACCESS : CAUSE_LOAD_PAGE_FAULT;
			x[7] = target;
			st = run(CAUSE_MISALIGNED_LOAD, enc_load(op->f3, 7, 7, 0));
			snprintf(name, sizeof(name), "%s faulting at byte %u: cause %lu at %#lx, no register changed",
				 op->name, k, fault_load_cause, target + k);
			h_check(st == MISALIGNED_FAULT && res.cause == fault_load_cause &&
				res.addr == target + k && n_loads == k + 1 && !n_stores &&
				!memcmp(x, x_before, sizeof(x)), __FILE__, __LINE__, name, NULL);
		}
	}
	for (o = 0; o < N(stores); o++) {
		const struct op *op = &stores[o];

		if (op->rv64 && !RV64)
			continue;
		for (k = 0; k < op->width; k++) {
			unsigned long target = TARGET + 3;
			enum misaligned_status st;
			bool bytes_ok = true;
			unsigned i;

			reset();
			fault_from = target + k;
			fault_store_cause = k & 1 ? CAUSE_STORE_ACCESS : CAUSE_STORE_PAGE_FAULT;
			x[8] = target;
			x[9] = (unsigned long)0x0807060504030201ULL;
			st = run(CAUSE_MISALIGNED_STORE, enc_store(op->f3, 9, 8, 0));
			for (i = 0; i < MEM_SIZE; i++) {
				unsigned long a = MEM_BASE + i;
				uint8_t w = a >= target && a < target + k
					? (uint8_t)(a - target + 1) : mem_before[i];

				bytes_ok &= mem[i] == w;
			}
			snprintf(name, sizeof(name), "%s faulting at byte %u: cause %lu at %#lx, %u bytes before it written",
				 op->name, k, fault_store_cause, target + k, k);
			h_check(st == MISALIGNED_FAULT && res.cause == fault_store_cause &&
				res.addr == target + k && n_stores == k + 1 && !n_loads && bytes_ok &&
				!memcmp(x, x_before, sizeof(x)), __FILE__, __LINE__, name, NULL);
		}
	}
	/* compressed too: c.lw across the end of memory */
	reset();
	x[9] = MEM_BASE + MEM_SIZE - 2 - 4;
	CHECK_EQ(run(CAUSE_MISALIGNED_LOAD, enc_c_mem(2, false, 0, 1, 4)), MISALIGNED_FAULT);
	CHECK_EQ(res.cause, CAUSE_LOAD_PAGE_FAULT);
	CHECK_EQ(res.addr, MEM_BASE + MEM_SIZE);
	CHECK(!memcmp(x, x_before, sizeof(x)));
}

/* ---- what must be refused --------------------------------------------- */

static void t_refused(void)
{
	static const struct { const char *name; uint32_t insn; unsigned long cause; bool rv32_only; } c[] = {
		{ "amoadd.w", 0x00b6252f, CAUSE_MISALIGNED_STORE, false },
		{ "amoadd.w (QEMU reports cause 4)", 0x00b6252f, CAUSE_MISALIGNED_LOAD, false },
		{ "lr.w", 0x1005a52f, CAUSE_MISALIGNED_LOAD, false },
		{ "sc.d", 0x18b6352f, CAUSE_MISALIGNED_STORE, false },
		{ "flw", 0x0035a507, CAUSE_MISALIGNED_LOAD, false },
		{ "fsd", 0x00b5b2a7, CAUSE_MISALIGNED_STORE, false },
		{ "c.fld", 0x2588, CAUSE_MISALIGNED_LOAD, false },
		{ "c.fsdsp", 0xa82e, CAUSE_MISALIGNED_STORE, false },
		{ "vle32.v", 0x02056087, CAUSE_MISALIGNED_LOAD, false },
		{ "all zeros (illegal)", 0, CAUSE_MISALIGNED_LOAD, false },
		{ "all ones", 0xffffffff, CAUSE_MISALIGNED_LOAD, false },
		{ "LOAD funct3 7", 0x0005f503, CAUSE_MISALIGNED_LOAD, false },
		{ "STORE funct3 4", 0x00b5c023, CAUSE_MISALIGNED_STORE, false },
		{ "c.lwsp x0 (reserved)", 0x4002, CAUSE_MISALIGNED_LOAD, false },
		{ "c.ldsp x0 (reserved)", 0x6002, CAUSE_MISALIGNED_LOAD, false },
		{ "Zcb c.lhu", 0x8480, CAUSE_MISALIGNED_LOAD, false },
		{ "c.addi4spn", 0x0040, CAUSE_MISALIGNED_LOAD, false },
		{ "48-bit prefix", 0x0000001f, CAUSE_MISALIGNED_LOAD, false },
		{ "lw with store cause", 0xffd5a503, CAUSE_MISALIGNED_STORE, false },
		{ "sh with load cause", 0xfec11fa3, CAUSE_MISALIGNED_LOAD, false },
		{ "lw with access-fault cause", 0xffd5a503, CAUSE_LOAD_ACCESS, false },
		/* RV32: the doubleword forms do not exist; compressed ones are FP */
		{ "ld on RV32", 0x8000bf83, CAUSE_MISALIGNED_LOAD, true },
		{ "lwu on RV32", 0x7ff46303, CAUSE_MISALIGNED_LOAD, true },
		{ "sd on RV32", 0x4077b1a3, CAUSE_MISALIGNED_STORE, true },
		{ "c.flw on RV32", 0x7fe4, CAUSE_MISALIGNED_LOAD, true },
		{ "c.fsw on RV32", 0xe4d8, CAUSE_MISALIGNED_STORE, true },
		{ "c.flwsp on RV32", 0x7ffe, CAUSE_MISALIGNED_LOAD, true },
		{ "c.fswsp on RV32", 0xe66e, CAUSE_MISALIGNED_STORE, true },
	};
	unsigned i, r;
	char name[128];

	for (i = 0; i < N(c); i++) {
		enum misaligned_status st;

		if (c[i].rv32_only && RV64)
			continue;
		reset();
		for (r = 1; r < 32; r++)
			x[r] = TARGET + 1;   /* any base would point into memory */
		st = run(c[i].cause, c[i].insn);
		snprintf(name, sizeof(name), "%s: refused, nothing touched", c[i].name);
		h_check(st == MISALIGNED_REFUSED && !n_loads && !n_stores &&
			!memcmp(x, x_before, sizeof(x)) && !memcmp(mem, mem_before, sizeof(mem)),
			__FILE__, __LINE__, name, NULL);
	}
}

/* ---- encodings as the assembler produces them ------------------------- */

/*
 * Words from riscv64-unknown-elf-as -march=rv64gcv (objdump -M no-aliases),
 * so that the encoders above and the decoder cannot share one mistake.
 */
static void t_golden(void)
{
	static const struct {
		const char *text; uint32_t insn; unsigned base; long off; unsigned reg;
		unsigned width; bool store, sign, rv64; unsigned len;
	} c[] = {
		{ "lh a0,-3(a1)",       0xffd59503, 11, -3,   10, 2, false, true,  false, 4 },
		{ "lwu t1,2047(s0)",    0x7ff46303,  8, 2047,  6, 4, false, false, true,  4 },
		{ "ld t6,-2048(ra)",    0x8000bf83,  1, -2048, 31, 8, false, true, true,  4 },
		{ "sh a2,-1(sp)",       0xfec11fa3,  2, -1,   12, 2, true,  false, false, 4 },
		{ "sd t2,1027(a5)",     0x4077b1a3, 15, 1027,  7, 8, true,  false, true,  4 },
		{ "c.lw a0,124(a1)",    0x5de8,     11, 124,  10, 4, false, true,  false, 2 },
		{ "c.ld s1,248(a5)",    0x7fe4,     15, 248,   9, 8, false, true,  true,  2 },
		{ "c.sw a3,68(s0)",     0xc074,      8, 68,   13, 4, true,  false, false, 2 },
		{ "c.sd a4,136(s1)",    0xe4d8,      9, 136,  14, 8, true,  false, true,  2 },
		{ "c.lwsp ra,252(sp)",  0x50fe,      2, 252,   1, 4, false, true,  false, 2 },
		{ "c.ldsp t6,504(sp)",  0x7ffe,      2, 504,  31, 8, false, true,  true,  2 },
		{ "c.swsp a7,188(sp)",  0xdf46,      2, 188,  17, 4, true,  false, false, 2 },
		{ "c.sdsp s11,264(sp)", 0xe66e,      2, 264,  27, 8, true,  false, true,  2 },
	};
	unsigned i;

	for (i = 0; i < N(c); i++) {
		unsigned long target = TARGET + 5;

		if (c[i].rv64 && !RV64)
			continue;
		reset();
		x[c[i].base] = target - (unsigned long)c[i].off;
		if (c[i].store)
			report(c[i].text, check_store(c[i].insn, c[i].len, target, c[i].width,
						      x[c[i].reg]));
		else
			report(c[i].text, check_load(c[i].insn, c[i].len, c[i].reg, target,
						     c[i].width, c[i].sign));
	}
	/* and the encoders agree with the assembler */
	CHECK_EQ(enc_load(1, 10, 11, -3), 0xffd59503);
	CHECK_EQ(enc_store(1, 12, 2, -1), 0xfec11fa3);
	CHECK_EQ(enc_store(3, 7, 15, 1027), 0x4077b1a3);
	CHECK_EQ(enc_c_mem(2, false, 2, 3, 124), 0x5de8);
	CHECK_EQ(enc_c_mem(3, true, 1, 7, 248), 0x7fe4);
	CHECK_EQ(enc_c_mem(6, false, 5, 0, 68), 0xc074);
	CHECK_EQ(enc_c_mem(7, true, 6, 1, 136), 0xe4d8);
	CHECK_EQ(enc_c_lsp(false, 1, 252), 0x50fe);
	CHECK_EQ(enc_c_lsp(true, 31, 504), 0x7ffe);
	CHECK_EQ(enc_c_ssp(false, 17, 188), 0xdf46);
	CHECK_EQ(enc_c_ssp(true, 27, 264), 0xe66e);
}

/* Only the low 16 bits of a compressed instruction matter (the glue may
 * have read the next halfword too). */
static void t_compressed_upper_half_ignored(void)
{
	reset();
	x[11] = TARGET + 3 - 124;
	report("c.lw with junk in bits 31:16", check_load(0xdead0000 | 0x5de8, 2, 10, TARGET + 3,
							  4, true));
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	printf("XLEN %u\n", XLEN_BYTES * 8);
	RUN(t_loads);
	RUN(t_stores);
	RUN(t_extension);
	RUN(t_rd_x0);
	RUN(t_x0_sources);
	RUN(t_compressed_cl_cs);
	RUN(t_compressed_sp);
	RUN(t_compressed_upper_half_ignored);
	RUN(t_fault_in_the_middle);
	RUN(t_refused);
	RUN(t_golden);
	return h_done();
}
