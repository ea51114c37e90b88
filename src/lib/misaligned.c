/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Misaligned load/store emulation: decode, then one byte at a time, memory
 * only through struct misaligned_mem (tests/host/misaligned/ fakes it).
 * Emulated (unprivileged spec 2.6 and 5.3, RVC "Load and Store Instructions"):
 *   lb lh lw lbu lhu sb sh sw               every XLEN
 *   ld lwu sd                               RV64 only
 *   c.lw c.sw c.lwsp c.swsp                 every XLEN
 *   c.ld c.sd c.ldsp c.sdsp                 RV64 only (on RV32 the same
 *                                           encodings are c.flw and friends)
 * Refused (handed to S-mode as it came): FP (the firmware has no F/D),
 * AMOs and LR/SC (atomicity cannot be done byte by byte), vector, anything
 * else, and an access that does not match the cause.
 */
#include "lib/misaligned.h"
#include "arch/riscv.h"

#define XLEN_BYTES ((unsigned)sizeof(unsigned long))

/* What the decoder found: one integer load or store. */
struct access {
	unsigned len;          /* instruction length: 2 or 4 */
	unsigned width;        /* bytes accessed: 1, 2, 4, 8 */
	bool store;
	bool sign;             /* load: sign-extend to XLEN */
	unsigned reg;          /* load: rd; store: rs2 */
	unsigned base;         /* rs1 */
	unsigned long off;     /* the immediate, already sign-extended to XLEN */
};

/* Sign-extend the low `bits` bits of v to XLEN, in unsigned arithmetic. */
static unsigned long sext(unsigned long v, unsigned bits)
{
	unsigned long m = 1UL << (bits - 1);

	v &= (m << 1) - 1;
	return (v ^ m) - m;
}

static unsigned bits(uint32_t insn, unsigned lo, unsigned n)
{
	return (insn >> lo) & ((1U << n) - 1);
}

/* A 32-bit LOAD (opcode 0x03) or STORE (0x23), I- and S-type immediates. */
static bool decode32(uint32_t insn, struct access *a)
{
	unsigned f3 = bits(insn, 12, 3);

	a->len = 4;
	a->base = bits(insn, 15, 5);
	a->width = 1U << (f3 & 3);
	if (a->width > XLEN_BYTES)   /* ld, sd on RV32 */
		return false;
	switch (insn & 0x7f) {
	case 0x03:   /* funct3: 0 lb, 1 lh, 2 lw, 3 ld, 4 lbu, 5 lhu, 6 lwu */
		if (f3 == 7 || (f3 == 6 && XLEN_BYTES == 4))
			return false;
		a->store = false;
		a->sign = f3 < 4;
		a->reg = bits(insn, 7, 5);
		a->off = sext(insn >> 20, 12);
		return true;
	case 0x23:   /* funct3: 0 sb, 1 sh, 2 sw, 3 sd */
		if (f3 > 3)
			return false;
		a->store = true;
		a->sign = false;
		a->reg = bits(insn, 20, 5);
		a->off = sext(bits(insn, 25, 7) << 5 | bits(insn, 7, 5), 12);
		return true;
	default:
		return false;
	}
}

/* Quadrant 0 (CL/CS, x8..x15) and 2 (CI/CSS, sp-relative); shuffles per the RVC tables. */
static bool decode16(uint32_t insn, struct access *a)
{
	unsigned f3 = bits(insn, 13, 3);
	bool dbl = f3 & 1;   /* funct3 x11: the doubleword (RV64) form */

	a->len = 2;
	a->sign = true;      /* c.lw and c.lwsp sign-extend; c.ld/c.ldsp fill XLEN */
	a->width = dbl ? 8 : 4;
	if (dbl && XLEN_BYTES < 8)   /* RV32: c.flw, c.fsw, c.flwsp, c.fswsp */
		return false;
	if (f3 != 2 && f3 != 3 && f3 != 6 && f3 != 7)
		return false;        /* not a load/store, or the FP doubleword forms */
	a->store = f3 >= 6;
	switch (insn & 3) {
	case 0:   /* c.lw c.ld c.sw c.sd: rd'/rs2' in [4:2], rs1' in [9:7] */
		a->reg = 8 + bits(insn, 2, 3);
		a->base = 8 + bits(insn, 7, 3);
		a->off = bits(insn, 10, 3) << 3 |
			 (dbl ? bits(insn, 5, 2) << 6
			      : bits(insn, 6, 1) << 2 | bits(insn, 5, 1) << 6);
		return true;
	case 2:   /* c.lwsp c.ldsp c.swsp c.sdsp: base sp */
		a->base = 2;        /* x2, sp */
		if (a->store) {
			a->reg = bits(insn, 2, 5);
			a->off = dbl ? bits(insn, 10, 3) << 3 | bits(insn, 7, 3) << 6
				     : bits(insn, 9, 4) << 2 | bits(insn, 7, 2) << 6;
			return true;
		}
		a->reg = bits(insn, 7, 5);
		if (a->reg == 0)     /* c.lwsp/c.ldsp with rd = x0 are reserved */
			return false;
		a->off = bits(insn, 12, 1) << 5 |
			 (dbl ? bits(insn, 5, 2) << 3 | bits(insn, 2, 3) << 6
			      : bits(insn, 4, 3) << 2 | bits(insn, 2, 2) << 6);
		return true;
	default:
		return false;
	}
}

enum misaligned_status misaligned_emulate(unsigned long cause, uint32_t insn,
					  unsigned long x[32],
					  const struct misaligned_mem *mem,
					  struct misaligned_result *res)
{
	struct access a = { 0 };   /* -O1 cannot tell a refused decode returns */
	unsigned long addr, val = 0, c;
	unsigned i;

	*res = (struct misaligned_result){ 0, 0, 0 };   /* whole on every path, whatever it answers */
	if (!((insn & 3) == 3 ? decode32(insn, &a) : decode16(insn, &a)))
		return MISALIGNED_REFUSED;
	/* Emulate only what the hardware said it could not do. */
	if (a.store != (cause == CAUSE_MISALIGNED_STORE) ||
	    (cause != CAUSE_MISALIGNED_STORE && cause != CAUSE_MISALIGNED_LOAD))
		return MISALIGNED_REFUSED;

	/* x0 reads as zero whatever its slot holds. Wraps at XLEN, as the hart does. */
	addr = (a.base ? x[a.base] : 0) + a.off;

	/*
	 * Lowest byte first. A fault stops here with no register changed and
	 * the byte's address as stval (priv spec 3.1.16 "Machine Trap Value
	 * Register"); a store may stay partly done (unprivileged spec 2.6).
	 */
	if (a.store)
		val = a.reg ? x[a.reg] : 0;
	for (i = 0; i < a.width; i++) {
		if (a.store) {
			c = mem->store8(addr + i, (uint8_t)(val >> (8 * i)));
		} else {
			uint8_t b = 0;

			c = mem->load8(addr + i, &b);
			val |= (unsigned long)b << (8 * i);
		}
		if (c) {
			res->cause = c;
			res->addr = addr + i;
			return MISALIGNED_FAULT;
		}
	}
	if (!a.store && a.width < XLEN_BYTES)
		val = a.sign ? sext(val, 8 * a.width) : val;
	if (!a.store && a.reg)   /* a load into x0 still happens, then is dropped */
		x[a.reg] = val;
	res->len = a.len;
	return MISALIGNED_EMULATED;
}
