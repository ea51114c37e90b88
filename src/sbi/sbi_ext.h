/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The extensions Tally implements, one row each. Everything that names
 * extensions is generated from this list, so nothing can disagree with it:
 *   - the dispatcher (sbi_ecall.c): EID -> decoder, its ways placed at
 *     build time;
 *   - Base probe_extension, the boot probes, hart reset (sbi_ext.c);
 *   - the interrupt-exit hooks (below), and the banner's list (boot/banner.c).
 * Adding an extension: its decoder (sbi_<ext>.c) and logic, and one row.
 *
 * Columns: EID; decoder (sbi_ecall_fn); offered on this machine (probe
 * says 1, the banner lists it, its hooks run); boot, once on the boot
 * hart after the CSR probes; hart reset, each hart at boot and at HSM
 * hart_start; interrupt exit, each hart on the way out of every interrupt
 * (one load and branch when there is nothing to do); banner name.
 * A decoder whose extension is not offered here (TIME on an M+U hart, the
 * hart extensions without IPIs) still answers NOT_SUPPORTED by itself.
 */
#ifndef TALLY_SBI_EXT_H
#define TALLY_SBI_EXT_H
#include "arch/entry.h"
#include "base/machine.h"
#include "base/sbi.h"
#include "hart/ipi.h"
#include "hart/sse.h"
#include "tally_config.h"
#if TALLY_SMODE_EXTENSIONS
#include "hart/dbtr.h"
#include "hart/fwft.h"
#endif

static inline void sbi_no_hook(unsigned long hartid) {}
#define NO_HOOK sbi_no_hook

/* X(c, eid, decoder, offered, boot, hart reset, interrupt exit, banner name); c: X's own. */
#define SBI_EXTENSIONS(X, c)                                                             \
	X(c, SBI_EXT_BASE, sbi_base_ecall, true, NO_HOOK, NO_HOOK, NO_HOOK, "Base")      \
	X(c, SBI_EXT_TIME, sbi_time_ecall, features.has_s_mode, NO_HOOK, NO_HOOK,        \
	  NO_HOOK, "TIME")                                                               \
	X(c, SBI_EXT_DBCN, sbi_dbcn_ecall, true, NO_HOOK, NO_HOOK, NO_HOOK, "DBCN")      \
	X(c, SBI_EXT_SRST, sbi_srst_ecall, true, NO_HOOK, NO_HOOK, NO_HOOK, "SRST")      \
	X(c, SBI_EXT_PMU, sbi_pmu_ecall, true, NO_HOOK, NO_HOOK, NO_HOOK, "PMU")         \
	SBI_EXTENSIONS_SMP(X, c)                                                         \
	SBI_EXTENSIONS_SMODE(X, c)                                                       \
	/* legacy SBI v0.1 (sbi_legacy.c; EIDs below 0x10: the banner lists them apart) */ \
	X(c, SBI_EXT_LEGACY_PUTCHAR, sbi_legacy_putchar, true, NO_HOOK, NO_HOOK,         \
	  NO_HOOK, "putchar")                                                            \
	X(c, SBI_EXT_LEGACY_GETCHAR, sbi_legacy_getchar, true, NO_HOOK, NO_HOOK,         \
	  NO_HOOK, "getchar")                                                            \
	X(c, SBI_EXT_LEGACY_SHUTDOWN, sbi_legacy_shutdown, true, NO_HOOK, NO_HOOK,       \
	  NO_HOOK, "shutdown")                                                           \
	SBI_EXTENSIONS_LEGACY_SMODE(X, c)                                                \
	SBI_EXTENSIONS_LEGACY_SMP(X, c)

/* Harts reach each other through IPIs: without them (TALLY_SMP off) no HSM, IPI, RFENCE. */
#if TALLY_SMP
#define SBI_EXTENSIONS_SMP(X, c)                                                         \
	X(c, SBI_EXT_HSM, sbi_hsm_ecall, ipi_available(), NO_HOOK, NO_HOOK, NO_HOOK,     \
	  "HSM")                                                                         \
	X(c, SBI_EXT_IPI, sbi_ipi_ecall, ipi_available(), NO_HOOK, NO_HOOK, NO_HOOK,     \
	  "IPI")                                                                         \
	X(c, SBI_EXT_RFENCE, sbi_rfence_ecall, ipi_available(), NO_HOOK, NO_HOOK,        \
	  NO_HOOK, "RFENCE")
#else
#define SBI_EXTENSIONS_SMP(X, c)
#endif

/* Extensions only an S-mode payload can use: not in an M+U image (Ibex). */
#if TALLY_SMODE_EXTENSIONS
#define SBI_EXTENSIONS_SMODE(X, c)                                                       \
	X(c, SBI_EXT_FWFT, sbi_fwft_ecall, features.has_s_mode, fwft_probe,              \
	  fwft_hart_reset, NO_HOOK, "FWFT")                                              \
	/* offered without triggers too: num_triggers then answers 0 */                  \
	X(c, SBI_EXT_DBTR, sbi_dbtr_ecall, features.has_s_mode, NO_HOOK,                 \
	  dbtr_hart_reset, NO_HOOK, "DBTR")                                              \
	X(c, SBI_EXT_SUSP, sbi_susp_ecall, features.has_s_mode, NO_HOOK, NO_HOOK,        \
	  NO_HOOK, "SUSP")                                                               \
	X(c, SBI_EXT_SSE, sbi_sse_ecall, features.has_s_mode, sse_probe,                 \
	  sse_hart_start, sse_irq_exit, "SSE")
#else
#define SBI_EXTENSIONS_SMODE(X, c)
#endif

/* The legacy calls only an S-mode payload can use (Ibex: not linked). */
#if TALLY_SMODE_EXTENSIONS
#define SBI_EXTENSIONS_LEGACY_SMODE(X, c)                                                \
	X(c, SBI_EXT_LEGACY_SET_TIMER, sbi_legacy_set_timer, features.has_s_mode,        \
	  NO_HOOK, NO_HOOK, NO_HOOK, "set_timer")                                        \
	X(c, SBI_EXT_LEGACY_CLEAR_IPI, sbi_legacy_clear_ipi, features.has_s_mode,        \
	  NO_HOOK, NO_HOOK, NO_HOOK, "clear_ipi")
#else
#define SBI_EXTENSIONS_LEGACY_SMODE(X, c)
#endif
/* ... and those that reach other harts, offered as their modern twins are. */
#if TALLY_SMODE_EXTENSIONS && TALLY_SMP
#define SBI_EXTENSIONS_LEGACY_SMP(X, c)                                                  \
	X(c, SBI_EXT_LEGACY_SEND_IPI, sbi_legacy_send_ipi,                               \
	  ipi_available() && features.has_s_mode, NO_HOOK, NO_HOOK, NO_HOOK, "send_ipi") \
	X(c, SBI_EXT_LEGACY_REMOTE_FENCE_I, sbi_legacy_remote_fence_i,                   \
	  ipi_available() && features.has_s_mode, NO_HOOK, NO_HOOK, NO_HOOK,            \
	  "remote_fence_i")                                                              \
	X(c, SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, sbi_legacy_remote_sfence_vma,             \
	  ipi_available() && features.has_s_mode, NO_HOOK, NO_HOOK, NO_HOOK,            \
	  "remote_sfence_vma")                                                           \
	X(c, SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, sbi_legacy_remote_sfence_vma_asid,   \
	  ipi_available() && features.has_s_mode, NO_HOOK, NO_HOOK, NO_HOOK,            \
	  "remote_sfence_vma_asid")
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
/* Boot hart, once, after the CSR probes: every offered extension's boot hook. */
void sbi_ext_boot(unsigned long hartid);
/* A hart starts as from reset (boot, HSM hart_start): every offered extension's reset. */
void sbi_ext_hart_reset(unsigned long hartid);

/* Leaving an interrupt (trap.c): every extension's exit hook. */
#define SBI_EXT_IRQ_EXIT(h, eid, fn, offered, boot, reset, irq_exit, name) irq_exit(h);
static inline void sbi_ext_irq_exit(unsigned long hartid)
{
	SBI_EXTENSIONS(SBI_EXT_IRQ_EXIT, hartid)
}
#undef SBI_EXT_IRQ_EXIT
#endif
