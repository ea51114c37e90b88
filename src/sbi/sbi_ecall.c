/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI dispatcher: EID -> decoder, through a slot table of the rows
 * of sbi_extensions[] (sbi_ext.c).
 *
 * The dispatcher is a table of SBI_SLOTS slots (arch/entry.h: 32, or 128
 * with the legacy remote fences) indexed by the EID's low bits, two ways
 * each (like a 2-way set-associative cache): load the slot's first EID, check that it is the whole EID asked for, jump to its
 * decoder; else the same with the second way. FWFT shares SRST's slot
 * (both end in 0x54), SSE TIME's, and with 32 slots SUSP Base's.
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

#define SLOT_OF(eid) ((eid) & (SBI_SLOTS - 1))
_Static_assert((SBI_SLOTS & (SBI_SLOTS - 1)) == 0, "SBI_SLOTS: a power of two (the EID's low bits)");
/* Every second way holds an S-mode extension: an M+U image (Ibex) has one, 256 bytes less. */
#define WAYS (TALLY_SMODE_EXTENSIONS ? 2 : 1)

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
 * The rows of sbi_extensions[] (sbi_ext.c), each in the slot of its EID's
 * low bits: the first way, the second where another row has the first
 * (the more often called one keeps it). Every way first says
 * "no such extension" with an EID no caller can match in that slot (~0
 * lands in the last slot, and is only checked in the others; the last
 * slot's 0 lands in slot 0). A row written into a taken way hides the
 * other, and a row left out is never reached: tools/check-ext-slots.py
 * fails the image build for either; a way past the second does not compile.
 */
#define NONE { ~0UL, sbi_ext_none }
#define ZERO { 0, sbi_ext_none }
#define WAY(w, eid, decoder) [SLOT_OF(eid)].way[w] = { (eid), (decoder) }
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
extern const struct sbi_ext_slot sbi_ext_slots[SBI_SLOTS];   /* fast_ecall.S's too */
const struct sbi_ext_slot sbi_ext_slots[SBI_SLOTS] = {
	[0 ... SBI_SLOTS - 2] = { .way = { [0 ... WAYS - 1] = NONE } },
	[SBI_SLOTS - 1] = { .way = { [0 ... WAYS - 1] = ZERO } },
	WAY(0, SBI_EXT_BASE, sbi_base_ecall),
	WAY(0, SBI_EXT_DBCN, sbi_dbcn_ecall),
	WAY(0, SBI_EXT_SRST, sbi_srst_ecall),
	WAY(0, SBI_EXT_PMU, sbi_pmu_ecall),
#if TALLY_SMP
	WAY(0, SBI_EXT_HSM, sbi_hsm_ecall),
	WAY(0, SBI_EXT_IPI, sbi_ipi_ecall),
	WAY(0, SBI_EXT_RFENCE, sbi_rfence_ecall),
#endif
#if TALLY_SMODE_EXTENSIONS
	WAY(0, SBI_EXT_TIME, sbi_time_ecall),
	WAY(1, SBI_EXT_FWFT, sbi_fwft_ecall),                     /* SRST's slot: both end in 0x54 */
	WAY(0, SBI_EXT_DBTR, sbi_dbtr_ecall),
	WAY(SBI_SLOTS == 32, SBI_EXT_SUSP, sbi_susp_ecall),       /* 32 slots: Base's */
	WAY(1, SBI_EXT_SSE, sbi_sse_ecall),                       /* TIME's: both end in 0x45 */
#endif
	WAY(0, SBI_EXT_LEGACY_PUTCHAR, sbi_legacy_putchar),
	WAY(0, SBI_EXT_LEGACY_GETCHAR, sbi_legacy_getchar),
	WAY(0, SBI_EXT_LEGACY_SHUTDOWN, sbi_legacy_shutdown),
#if TALLY_SMODE_EXTENSIONS
	WAY(0, SBI_EXT_LEGACY_SET_TIMER, sbi_legacy_set_timer),
	WAY(0, SBI_EXT_LEGACY_CLEAR_IPI, sbi_legacy_clear_ipi),
#endif
#if TALLY_SMODE_EXTENSIONS && TALLY_SMP   /* 128 slots: EID 5 clear of TIME's and SSE's */
	WAY(0, SBI_EXT_LEGACY_SEND_IPI, sbi_legacy_send_ipi),
	WAY(0, SBI_EXT_LEGACY_REMOTE_FENCE_I, sbi_legacy_remote_fence_i),
	WAY(0, SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, sbi_legacy_remote_sfence_vma),
	WAY(0, SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, sbi_legacy_remote_sfence_vma_asid),
#endif
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
