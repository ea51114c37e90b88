/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI dispatcher: EID -> extension, generated from the list in
 * sbi_ext.h.
 *
 * The dispatcher is a table of 32 slots indexed by the EID's low five
 * bits, two ways each (like a 2-way set-associative cache): load the
 * slot's first EID, check that it is the whole EID asked for, jump to its
 * handler; else the same with the second way. The first way holds the
 * first list of sbi_ext.h, whose low five bits all differ; the second way
 * the S-mode extensions, which share low bits with the first list (FWFT
 * and SRST both end in 0x54) but not among themselves. Every handler takes
 * the registers in the order they arrived, so the jump is a plain tail
 * call and a0..a6 reach it untouched. About ten instructions for the
 * first way, two more for the second or an unknown EID, no stack frame.
 */
#include "sbi/sbi_ext.h"

struct sbi_ext_way {
	unsigned long eid;
	sbi_ecall_fn *handler;
};
/* An image without the S-mode extensions (Ibex) has one way: 256 bytes less. */
#define WAYS (TALLY_SMODE_EXTENSIONS ? 2 : 1)
struct sbi_ext_slot { struct sbi_ext_way way[WAYS]; };

/*
 * The answer for an EID nobody implements (SBI spec 3.2). value is
 * unspecified on an error (binary encoding chapter): a1 goes back as the
 * caller left it, which tells the caller nothing new and costs no
 * instruction (the second way's check costs one more load and branch).
 */
static inline struct sbiret not_supported(unsigned long a1)
{
	return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, a1 };
}
static struct sbiret sbi_ext_none(unsigned long a0, unsigned long a1, unsigned long a2,
				  unsigned long a3, unsigned long a4, unsigned long a5,
				  unsigned long fid)
{
	return not_supported(a1);
}

/*
 * Every way first says "no such extension" with an EID no caller can
 * match in that slot (~0 has low bits 31, and is only checked in slots
 * 0..30), then each extension takes its way of the slot of its low five
 * bits. Two extensions in one way would hide one of them: the host test
 * (tests/host/test_dispatch.c) calls every EID of the list and would fail.
 */
#define NONE { ~0UL, sbi_ext_none }
#define ZERO { 0, sbi_ext_none }
#define WAY0(id, handler, offered) [(id) & 0x1f].way[0] = { (id), handler },
#define WAY1(id, handler, offered) [(id) & 0x1f].way[1] = { (id), handler },
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
#pragma GCC diagnostic ignored "-Wmissing-braces"
static const struct sbi_ext_slot slots[32] = {
#if WAYS == 2
	[0 ... 30] = { { NONE, NONE } },
	[31] = { { ZERO, ZERO } },
#else
	[0 ... 30] = { { NONE } },
	[31] = { { ZERO } },
#endif
	SBI_EXTENSIONS(WAY0)
	SBI_EXTENSIONS_SMODE(WAY1)
};
#pragma GCC diagnostic pop

struct sbiret sbi_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			unsigned long a3, unsigned long a4, unsigned long a5,
			unsigned long fid, unsigned long eid)
{
	const struct sbi_ext_slot *s;

	/* PMU first, a direct jump: Linux calls it four times per context
	 * switch while perf counts. (Its slot in the table says the same.) */
	if (eid == SBI_EXT_PMU)
		return sbi_pmu_ecall(a0, a1, a2, a3, a4, a5, fid);
	s = &slots[eid & 0x1f];
	if (s->way[0].eid == eid)
		return s->way[0].handler(a0, a1, a2, a3, a4, a5, fid);
#if WAYS == 2
	if (s->way[1].eid == eid)
		return s->way[1].handler(a0, a1, a2, a3, a4, a5, fid);
#endif
	return not_supported(a1);
}
