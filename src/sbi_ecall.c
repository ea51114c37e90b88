/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI dispatcher: EID -> extension, generated from the list in
 * sbi_ext.h.
 *
 * The low five bits of every EID Tally implements are different, so the
 * dispatcher is a table of 32 slots indexed by them: load the slot, check
 * that its EID is the whole EID asked for, jump to its handler. Every
 * handler takes the registers in the order they arrived, so the jump is a
 * plain tail call and a0..a6 reach it untouched. About ten instructions
 * for any EID, known or not, and no stack frame.
 */
#include "sbi_ext.h"

struct sbi_ext_slot {
	unsigned long eid;
	sbi_ecall_fn *handler;
};

/* The answer for an EID nobody implements (SBI spec 3.2). */
static struct sbiret sbi_ext_none(unsigned long a0, unsigned long a1, unsigned long a2,
				  unsigned long a3, unsigned long a4, unsigned long a5,
				  unsigned long fid)
{
	return sbi_err(SBI_ERR_NOT_SUPPORTED);
}

/*
 * Every slot first says "no such extension" with an EID no caller can
 * match in that slot (~0 has low bits 31, and is only checked in slots
 * 0..30), then each extension takes the slot of its low five bits. Two
 * extensions in one slot would hide one of them: the host test
 * (tests/host/test_dispatch.c) calls every EID of the list and would fail.
 */
#define SLOT(id, handler, offered) [(id) & 0x1f] = { (id), handler },
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
static const struct sbi_ext_slot slots[32] = {
	[0 ... 30] = { ~0UL, sbi_ext_none },
	[31] = { 0, sbi_ext_none },
	SBI_EXTENSIONS(SLOT)
};
#pragma GCC diagnostic pop

struct sbiret sbi_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			unsigned long a3, unsigned long a4, unsigned long a5,
			unsigned long fid, unsigned long eid)
{
	const struct sbi_ext_slot *s = &slots[eid & 0x1f];

#ifndef __OPTIMIZE_SIZE__
	/* PMU first, a direct jump: Linux calls it on every context switch
	 * while perf runs. (Its slot in the table says the same; an image
	 * built for size, Ibex's, goes through the table alone.) */
	if (eid == SBI_EXT_PMU)
		return sbi_pmu_ecall(a0, a1, a2, a3, a4, a5, fid);
#endif
	if (s->eid != eid)
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	return s->handler(a0, a1, a2, a3, a4, a5, fid);
}
