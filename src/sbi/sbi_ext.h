/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The extensions Tally implements, one row each. Everything that names
 * extensions is generated from this list, so nothing can disagree with it:
 *   - the dispatcher (sbi_ecall.c): EID -> decoder, its ways placed at
 *     build time;
 *   - Base probe_extension, the boot probes, hart reset (sbi_ext.c);
 *   - the banner's list (boot/banner.c).
 * Adding an extension: its decoder (sbi_<ext>.c) and logic, and one row.
 *
 * A row: X(c, EID, decoder, "banner name", fields...). The first three are
 * what the preprocessor itself works with (a case label, an enum name,
 * a string it joins); the fields are struct sbi_ext_row's, named, and a
 * field left out is 0: needs nothing, no hook. The compiler folds every
 * field, so a row costs what its hooks cost.
 * A decoder whose extension is not offered here (TIME on an M+U hart, the
 * hart extensions without IPIs) still answers NOT_SUPPORTED by itself.
 */
#ifndef TALLY_SBI_EXT_H
#define TALLY_SBI_EXT_H
#include <stdbool.h>
#include "arch/entry.h"
#include "base/machine.h"
#include "base/sbi.h"
#include "hart/ipi.h"
#include "hart/sse_hart.h"
#include "tally_config.h"
#if TALLY_SMODE_EXTENSIONS
#include "hart/dbtr_hart.h"
#include "hart/fwft_hart.h"
#endif

struct sbi_ext_row {
	unsigned needs;                             /* EXT_NEEDS_*: else not offered */
	void (*boot)(unsigned long hartid);         /* boot hart, once, after the CSR and PMU probes */
	void (*hart_reset)(unsigned long hartid);   /* each hart at boot and at HSM hart_start */
};
#define EXT_NEEDS_S_MODE 1u   /* a supervisor to serve (not an M+U hart) */
#define EXT_NEEDS_IPI    2u   /* harts that can interrupt each other */
#define SBI_EXT_ROW(...) ((const struct sbi_ext_row){ __VA_ARGS__ })

/* Offered on this machine: probe says 1, the banner lists it, its boot and reset hooks run. */
static inline bool sbi_ext_offered(unsigned needs)
{
	return (!(needs & EXT_NEEDS_IPI) || ipi_available()) &&
	       (!(needs & EXT_NEEDS_S_MODE) || features.has_s_mode);
}

#define SBI_EXTENSIONS(X, c)                                                       \
	X(c, SBI_EXT_BASE, sbi_base_ecall, "Base")                                 \
	X(c, SBI_EXT_TIME, sbi_time_ecall, "TIME", .needs = EXT_NEEDS_S_MODE)      \
	X(c, SBI_EXT_DBCN, sbi_dbcn_ecall, "DBCN")                                 \
	X(c, SBI_EXT_SRST, sbi_srst_ecall, "SRST")                                 \
	X(c, SBI_EXT_PMU, sbi_pmu_ecall, "PMU")                                    \
	SBI_EXTENSIONS_SMP(X, c)                                                   \
	SBI_EXTENSIONS_SMODE(X, c)                                                 \
	/* legacy SBI v0.1 (sbi_legacy.c; EIDs below 0x10: the banner lists them apart) */ \
	X(c, SBI_EXT_LEGACY_PUTCHAR, sbi_legacy_putchar, "putchar")                \
	X(c, SBI_EXT_LEGACY_GETCHAR, sbi_legacy_getchar, "getchar")                \
	X(c, SBI_EXT_LEGACY_SHUTDOWN, sbi_legacy_shutdown, "shutdown")             \
	SBI_EXTENSIONS_LEGACY_SMODE(X, c)                                          \
	SBI_EXTENSIONS_LEGACY_SMP(X, c)

/* Harts reach each other through IPIs: without them (TALLY_SMP off) no HSM, IPI, RFENCE. */
#if TALLY_SMP
#define SBI_EXTENSIONS_SMP(X, c)                                                   \
	X(c, SBI_EXT_HSM, sbi_hsm_ecall, "HSM", .needs = EXT_NEEDS_IPI)            \
	X(c, SBI_EXT_IPI, sbi_ipi_ecall, "IPI", .needs = EXT_NEEDS_IPI)            \
	X(c, SBI_EXT_RFENCE, sbi_rfence_ecall, "RFENCE", .needs = EXT_NEEDS_IPI)
#else
#define SBI_EXTENSIONS_SMP(X, c)
#endif

/* Extensions only an S-mode payload can use: not in an M+U image (Ibex). */
#if TALLY_SMODE_EXTENSIONS
#define SBI_EXTENSIONS_SMODE(X, c)                                                 \
	X(c, SBI_EXT_FWFT, sbi_fwft_ecall, "FWFT", .needs = EXT_NEEDS_S_MODE,      \
	  .boot = fwft_probe, .hart_reset = fwft_hart_reset)                       \
	/* offered without triggers too: num_triggers then answers 0 */            \
	X(c, SBI_EXT_DBTR, sbi_dbtr_ecall, "DBTR", .needs = EXT_NEEDS_S_MODE,      \
	  .hart_reset = dbtr_hart_reset)                                           \
	X(c, SBI_EXT_SUSP, sbi_susp_ecall, "SUSP", .needs = EXT_NEEDS_S_MODE)      \
	X(c, SBI_EXT_SSE, sbi_sse_ecall, "SSE", .needs = EXT_NEEDS_S_MODE,         \
	  .boot = sse_probe, .hart_reset = sse_hart_start)
#else
#define SBI_EXTENSIONS_SMODE(X, c)
#endif

/* The legacy calls only an S-mode payload can use (Ibex: not linked). */
#if TALLY_SMODE_EXTENSIONS
#define SBI_EXTENSIONS_LEGACY_SMODE(X, c)                                          \
	X(c, SBI_EXT_LEGACY_SET_TIMER, sbi_legacy_set_timer, "set_timer",          \
	  .needs = EXT_NEEDS_S_MODE)                                               \
	X(c, SBI_EXT_LEGACY_CLEAR_IPI, sbi_legacy_clear_ipi, "clear_ipi",          \
	  .needs = EXT_NEEDS_S_MODE)
#else
#define SBI_EXTENSIONS_LEGACY_SMODE(X, c)
#endif
/* ... and those that reach other harts, offered as their modern twins are. */
#if TALLY_SMODE_EXTENSIONS && TALLY_SMP
#define LEGACY_SMP_NEEDS .needs = EXT_NEEDS_IPI | EXT_NEEDS_S_MODE
#define SBI_EXTENSIONS_LEGACY_SMP(X, c)                                            \
	X(c, SBI_EXT_LEGACY_SEND_IPI, sbi_legacy_send_ipi, "send_ipi", LEGACY_SMP_NEEDS) \
	X(c, SBI_EXT_LEGACY_REMOTE_FENCE_I, sbi_legacy_remote_fence_i,             \
	  "remote_fence_i", LEGACY_SMP_NEEDS)                                      \
	X(c, SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, sbi_legacy_remote_sfence_vma,       \
	  "remote_sfence_vma", LEGACY_SMP_NEEDS)                                   \
	X(c, SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, sbi_legacy_remote_sfence_vma_asid, \
	  "remote_sfence_vma_asid", LEGACY_SMP_NEEDS)
#else
#define SBI_EXTENSIONS_LEGACY_SMP(X, c)
#endif
/* The dispatcher's slots: one number, arch/entry.h's, which says why. */
#define SBI_SLOTS TRAP_SBI_SLOTS

/* Every decoder, declared from its row. */
#define SBI_EXT_DECLARE(c, eid, fn, ...) sbi_ecall_fn fn;
SBI_EXTENSIONS(SBI_EXT_DECLARE, ~)
#undef SBI_EXT_DECLARE

/* The dispatcher (sbi_ecall.c): the decoder's registers, then the EID (a7). */
struct sbiret sbi_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			unsigned long a3, unsigned long a4, unsigned long a5,
			unsigned long fid, unsigned long eid);

/* probe_extension (SBI spec 4.8): 1 if the extension is offered here, else 0. */
long sbi_ext_probe(unsigned long eid);
/* Boot hart, once, after the CSR and PMU probes: every offered extension's boot hook. */
void sbi_ext_boot(unsigned long hartid);
/* A hart starts as from reset (boot, HSM hart_start): every offered extension's reset. */
void sbi_ext_hart_reset(unsigned long hartid);

#endif
