/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI dispatcher: EID -> decoder, generated from the list in
 * sbi_ext.h.
 *
 * The dispatcher is a table of SBI_SLOTS slots (arch/entry.h: 32, or 128
 * with the legacy remote fences) indexed by the EID's low bits, two ways
 * each (like a 2-way set-associative cache): load the slot's first EID, check that it is the whole EID asked for, jump to its
 * decoder; else the same with the second way. A row takes the first way
 * of its slot unless an earlier row of the list has it: FWFT shares
 * SRST's slot (both end in 0x54), SUSP Base's, SSE TIME's. The ways are
 * placed at build time, and a third row in one slot fails the build.
 * Every decoder takes the registers in the order they arrived, so the
 * jump is a plain tail call and a0..a6 reach it untouched. About ten
 * instructions for the first way, two more for the second or an unknown
 * EID, no stack frame.
 */
#include "arch/entry.h"
#include "base/sbi.h"
#include "sbi/sbi_ext.h"

/*
 * With the fast paths, arch/fast_ecall.S dispatches the ecalls itself,
 * before it saves the registers a decoder may clobber, in this order,
 * through this table, and answers Base's get_spec_version and TIME's
 * set_timer there. The numbers it uses are checked here.
 */
#if TALLY_FAST_PATHS
_Static_assert(TRAP_EID_BASE == SBI_EXT_BASE && TRAP_EID_TIME == SBI_EXT_TIME &&
	       TRAP_EID_PMU == SBI_EXT_PMU && TRAP_SPEC_VERSION == SBI_SPEC_VERSION &&
	       TRAP_ERR_NOT_SUPPORTED == SBI_ERR_NOT_SUPPORTED,
	       "entry.S's numbers");
#endif

/*
 * Each row's way: how many rows before it in the list share its slot.
 * That takes the list inside the list, which the preprocessor does only
 * in a second scan: SBI_DEFER leaves the inner SBI_EXTENSIONS for
 * SBI_EVAL's rescan.
 */
#define SBI_EMPTY()
#define SBI_DEFER(m) m SBI_EMPTY()
#define SBI_EVAL(...) __VA_ARGS__
#define SBI_EXTENSIONS_AGAIN() SBI_EXTENSIONS
#define ROW_INDEX(c, eid, fn, ...) ROW_##fn,
#define SLOT_OF(eid) ((eid) & (SBI_SLOTS - 1))
_Static_assert((SBI_SLOTS & (SBI_SLOTS - 1)) == 0, "SBI_SLOTS: a power of two (the EID's low bits)");
#define ROW_SLOT(c, eid, fn, ...) SLOT_##fn = SLOT_OF(eid),
#define EARLIER(row, eid, fn, ...) + (SLOT_OF(eid) == SLOT_##row && ROW_##fn < ROW_##row)
#define ROW_WAY(c, eid, fn, ...) WAY_##fn = 0 SBI_DEFER(SBI_EXTENSIONS_AGAIN)()(EARLIER, fn),
#define ROW_CHECK(c, eid, fn, ...) \
	_Static_assert(WAY_##fn < 2, #fn ": a third extension in one dispatcher slot");
#define ANY_WAY1(c, eid, fn, ...) | (WAY_##fn == 1)
enum { SBI_EXTENSIONS(ROW_INDEX, ~) };
enum { SBI_EXTENSIONS(ROW_SLOT, ~) };
enum { SBI_EVAL(SBI_EXTENSIONS(ROW_WAY, ~)) };
SBI_EXTENSIONS(ROW_CHECK, ~)
/* An image whose rows all have slots of their own (Ibex) has one way: 256 bytes less. */
enum { WAYS = 1 + (0 SBI_EXTENSIONS(ANY_WAY1, ~)) };

struct sbi_ext_way {
	unsigned long eid;
	sbi_ecall_fn *handler;
};
struct sbi_ext_slot { struct sbi_ext_way way[WAYS]; };
#if TALLY_FAST_PATHS
_Static_assert(WAYS == 2, "fast_ecall.S reads two ways a slot");
#endif

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
 * match in that slot (~0 lands in the last slot, and is only checked in
 * the others; the last slot's 0 lands in slot 0), then each extension
 * takes its way of the slot of its low bits.
 */
#define NONE { ~0UL, sbi_ext_none }
#define ZERO { 0, sbi_ext_none }
#define ROW_ENTRY(c, eid, fn, ...) [SLOT_OF(eid)].way[WAY_##fn] = { (eid), fn },
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
extern const struct sbi_ext_slot sbi_ext_slots[SBI_SLOTS];   /* fast_ecall.S's too */
const struct sbi_ext_slot sbi_ext_slots[SBI_SLOTS] = {
	[0 ... SBI_SLOTS - 2] = { .way = { [0 ... WAYS - 1] = NONE } },
	[SBI_SLOTS - 1] = { .way = { [0 ... WAYS - 1] = ZERO } },
	SBI_EXTENSIONS(ROW_ENTRY, ~)
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
	s = &sbi_ext_slots[SLOT_OF(eid)];
	if (s->way[0].eid == eid)
		return s->way[0].handler(a0, a1, a2, a3, a4, a5, fid);
	if (WAYS == 2 && s->way[WAYS - 1].eid == eid)
		return s->way[WAYS - 1].handler(a0, a1, a2, a3, a4, a5, fid);
	return not_supported(a1);
}
