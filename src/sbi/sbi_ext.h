/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The extensions Tally implements, one line each: EID, handler, and
 * whether this machine offers it. Two things are generated from this one
 * list, so they cannot disagree:
 *   - the dispatcher (sbi_ecall.c): EID -> handler;
 *   - Base probe_extension (sbi_base.c, SBI spec 4.8): EID -> offered?
 * A handler whose extension is not offered here (TIME on an M+U hart, the
 * hart extensions without IPIs) still answers NOT_SUPPORTED by itself.
 */
#ifndef TALLY_SBI_EXT_H
#define TALLY_SBI_EXT_H
#include "base/machine.h"
#include "hart/hsm.h"
#include "base/sbi.h"
#include "tally_config.h"

#define SBI_EXTENSIONS(X)                                                        \
	X(SBI_EXT_BASE,           sbi_base_ecall,     true)                      \
	X(SBI_EXT_LEGACY_PUTCHAR, sbi_legacy_putchar, true)                      \
	X(SBI_EXT_LEGACY_GETCHAR, sbi_legacy_getchar, true)                      \
	X(SBI_EXT_TIME,           sbi_time_ecall,     features.has_s_mode)       \
	X(SBI_EXT_DBCN,           sbi_dbcn_ecall,     true)                      \
	X(SBI_EXT_SRST,           sbi_srst_ecall,     true)                      \
	X(SBI_EXT_PMU,            sbi_pmu_ecall,      true)                      \
	/* Harts reach each other through IPIs; one hart alone has none. */      \
	X(SBI_EXT_HSM,            sbi_hsm_ecall,      ipi_available())           \
	X(SBI_EXT_IPI,            sbi_ipi_ecall,      ipi_available())           \
	X(SBI_EXT_RFENCE,         sbi_rfence_ecall,   ipi_available())

/*
 * Extensions only an S-mode payload can use: not in an M+U image (Ibex).
 * The dispatcher puts these in the second way of its slots (sbi_ecall.c):
 * their low five bits are those of the first list's SRST (FWFT, 0x54),
 * Base (SUSP, 0x50) and TIME (SSE, 0x45), so the two lists must not mix.
 */
#if TALLY_SMODE_EXTENSIONS
#define SBI_EXTENSIONS_SMODE(X)                                                  \
	X(SBI_EXT_FWFT,           sbi_fwft_ecall,     features.has_s_mode)       \
	/* offered without triggers too: num_triggers then answers 0 */          \
	X(SBI_EXT_DBTR,           sbi_dbtr_ecall,     features.has_s_mode)       \
	X(SBI_EXT_SUSP,           sbi_susp_ecall,     features.has_s_mode)       \
	X(SBI_EXT_SSE,            sbi_sse_ecall,      features.has_s_mode)
#else
#define SBI_EXTENSIONS_SMODE(X)
#endif

/* probe_extension: 1 if the extension is offered here, else 0. */
static inline long sbi_ext_probe(unsigned long eid)
{
#define SBI_EXT_PROBE_CASE(id, handler, offered) case id: return (offered) ? 1 : 0;
	switch (eid) {
	SBI_EXTENSIONS(SBI_EXT_PROBE_CASE)
	SBI_EXTENSIONS_SMODE(SBI_EXT_PROBE_CASE)
	}
#undef SBI_EXT_PROBE_CASE
	return 0;
}
#endif
