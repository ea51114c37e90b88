/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The extensions Tally implements, one row each (struct sbi_ext,
 * sbi_ext.h), and what walks them: probe_extension, the boot hooks, hart
 * reset. A field left out is 0: needs nothing, no hook.
 */
#include <stddef.h>
#include "sbi/sbi_ext.h"
#include "hart/sse_hart.h"
#include "tally_config.h"
#if TALLY_SMODE_EXTENSIONS
#include "hart/dbtr_hart.h"
#include "hart/fwft_hart.h"
#endif

#define S_MODE EXT_NEEDS_S_MODE
#define IPI    EXT_NEEDS_IPI

const struct sbi_ext sbi_extensions[] = {
	{ .eid = SBI_EXT_BASE,   .name = "Base",   .decoder = sbi_base_ecall },
#if TALLY_SMODE_EXTENSIONS   /* the timer interrupt is S-mode's: not in an M+U image */
	{ .eid = SBI_EXT_TIME,   .name = "TIME",   .decoder = sbi_time_ecall,   .needs = S_MODE },
#endif
	{ .eid = SBI_EXT_DBCN,   .name = "DBCN",   .decoder = sbi_dbcn_ecall },
	{ .eid = SBI_EXT_SRST,   .name = "SRST",   .decoder = sbi_srst_ecall },
	{ .eid = SBI_EXT_PMU,    .name = "PMU",    .decoder = sbi_pmu_ecall },
#if TALLY_SMP   /* harts reach each other through IPIs: without them no HSM, IPI, RFENCE */
	{ .eid = SBI_EXT_HSM,    .name = "HSM",    .decoder = sbi_hsm_ecall,    .needs = IPI },
	{ .eid = SBI_EXT_IPI,    .name = "IPI",    .decoder = sbi_ipi_ecall,    .needs = IPI },
	{ .eid = SBI_EXT_RFENCE, .name = "RFENCE", .decoder = sbi_rfence_ecall, .needs = IPI },
#endif
#if TALLY_SMODE_EXTENSIONS   /* only an S-mode payload can use these: not in an M+U image */
	{ .eid = SBI_EXT_FWFT,   .name = "FWFT",   .decoder = sbi_fwft_ecall,   .needs = S_MODE,
	  .boot = fwft_probe, .hart_reset = fwft_hart_reset },
	/* offered without triggers too: num_triggers then answers 0 */
	{ .eid = SBI_EXT_DBTR,   .name = "DBTR",   .decoder = sbi_dbtr_ecall,   .needs = S_MODE,
	  .hart_reset = dbtr_hart_reset },
	{ .eid = SBI_EXT_SUSP,   .name = "SUSP",   .decoder = sbi_susp_ecall,   .needs = S_MODE },
	{ .eid = SBI_EXT_SSE,    .name = "SSE",    .decoder = sbi_sse_ecall,    .needs = S_MODE,
	  .boot = sse_probe, .hart_reset = sse_hart_start },
#endif
	/* legacy SBI v0.1 (sbi_legacy.c): EIDs below 0x10, the banner lists them apart */
	{ .eid = SBI_EXT_LEGACY_PUTCHAR,  .name = "putchar",  .decoder = sbi_legacy_putchar },
	{ .eid = SBI_EXT_LEGACY_GETCHAR,  .name = "getchar",  .decoder = sbi_legacy_getchar },
	{ .eid = SBI_EXT_LEGACY_SHUTDOWN, .name = "shutdown", .decoder = sbi_legacy_shutdown },
#if TALLY_SMODE_EXTENSIONS
	{ .eid = SBI_EXT_LEGACY_SET_TIMER, .name = "set_timer", .decoder = sbi_legacy_set_timer,
	  .needs = S_MODE },
	{ .eid = SBI_EXT_LEGACY_CLEAR_IPI, .name = "clear_ipi", .decoder = sbi_legacy_clear_ipi,
	  .needs = S_MODE },
#endif
#if TALLY_SMODE_EXTENSIONS && TALLY_SMP   /* offered as their modern twins are */
	{ .eid = SBI_EXT_LEGACY_SEND_IPI, .name = "send_ipi", .decoder = sbi_legacy_send_ipi,
	  .needs = IPI | S_MODE },
	{ .eid = SBI_EXT_LEGACY_REMOTE_FENCE_I, .name = "remote_fence_i",
	  .decoder = sbi_legacy_remote_fence_i, .needs = IPI | S_MODE },
	{ .eid = SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, .name = "remote_sfence_vma",
	  .decoder = sbi_legacy_remote_sfence_vma, .needs = IPI | S_MODE },
	{ .eid = SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, .name = "remote_sfence_vma_asid",
	  .decoder = sbi_legacy_remote_sfence_vma_asid, .needs = IPI | S_MODE },
#endif
};
const unsigned sbi_extension_count = sizeof(sbi_extensions) / sizeof(sbi_extensions[0]);

/* tools/check-ext-slots.py reads a row as six words, eid and decoder first. */
_Static_assert(sizeof(struct sbi_ext) == 6 * sizeof(long) && offsetof(struct sbi_ext, eid) == 0 &&
	       offsetof(struct sbi_ext, decoder) == sizeof(long), "the layout check-ext-slots.py reads");

long sbi_ext_probe(unsigned long eid)
{
	for (unsigned i = 0; i < sbi_extension_count; i++)
		if (sbi_extensions[i].eid == eid)
			return sbi_ext_offered(sbi_extensions[i].needs);
	return 0;
}

/* Only the S-mode extensions have hooks: an M+U image has no loops to run. */
void sbi_ext_boot(unsigned long hartid)
{
	if (!TALLY_SMODE_EXTENSIONS)
		return;
	for (const struct sbi_ext *e = sbi_extensions; e < sbi_extensions + sbi_extension_count; e++) {
		void (*boot)(unsigned long) = e->boot;   /* the hook checked is the hook called */

		if (boot && sbi_ext_offered(e->needs))
			boot(hartid);
	}
}

void sbi_ext_hart_reset(unsigned long hartid)
{
	if (!TALLY_SMODE_EXTENSIONS)
		return;
	for (const struct sbi_ext *e = sbi_extensions; e < sbi_extensions + sbi_extension_count; e++) {
		void (*reset)(unsigned long) = e->hart_reset;

		if (reset && sbi_ext_offered(e->needs))
			reset(hartid);
	}
}
