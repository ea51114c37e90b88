/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI surface: every extension Tally implements is one row of
 * sbi_extensions[] (sbi_ext.c), read top to bottom. Base probe_extension,
 * the boot probes, hart reset (sbi_ext.c) and the banner's list
 * (boot/banner.c) walk it. The dispatcher's slot table (sbi_ecall.c) is
 * the fast path's index of the same rows, and every image build checks
 * the two agree (tools/check-ext-slots.py).
 * Adding an extension: its decoder (sbi_<ext>.c) and logic, one row, and
 * its EID and decoder in the slot table.
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
#include "tally_config.h"

/* One extension. eid and decoder come first: check-ext-slots.py reads them there. */
struct sbi_ext {
	unsigned long eid;
	sbi_ecall_fn *decoder;                      /* a0..a5 and the FID, as they came */
	const char *name;                           /* the banner's */
	void (*boot)(unsigned long hartid);         /* boot hart, once, after the CSR and PMU probes */
	void (*hart_reset)(unsigned long hartid);   /* each hart at boot and at HSM hart_start */
	unsigned long needs;                        /* EXT_NEEDS_*: else not offered */
};
#define EXT_NEEDS_S_MODE 1u   /* a supervisor to serve (not an M+U hart) */
#define EXT_NEEDS_IPI    2u   /* harts that can interrupt each other */

extern const struct sbi_ext sbi_extensions[];
extern const unsigned sbi_extension_count;

/*
 * Offered on this machine: probe says 1, the banner lists it, its boot and
 * reset hooks run. A need that no row of this image has is not checked
 * (an M+U image has no row that needs either).
 */
static inline bool sbi_ext_offered(unsigned long needs)
{
	return (!TALLY_SMP || !(needs & EXT_NEEDS_IPI) || ipi_available()) &&
	       (!TALLY_SMODE_EXTENSIONS || !(needs & EXT_NEEDS_S_MODE) || features.has_s_mode);
}

/* The decoders (sbi_<ext>.c; the legacy calls: sbi_legacy.c). */
sbi_ecall_fn sbi_base_ecall, sbi_time_ecall, sbi_dbcn_ecall, sbi_srst_ecall, sbi_pmu_ecall,
	sbi_hsm_ecall, sbi_ipi_ecall, sbi_rfence_ecall,
	sbi_fwft_ecall, sbi_dbtr_ecall, sbi_susp_ecall, sbi_sse_ecall,
	sbi_legacy_set_timer, sbi_legacy_putchar, sbi_legacy_getchar, sbi_legacy_clear_ipi,
	sbi_legacy_send_ipi, sbi_legacy_remote_fence_i, sbi_legacy_remote_sfence_vma,
	sbi_legacy_remote_sfence_vma_asid, sbi_legacy_shutdown;

/* The dispatcher's slots: one number, arch/entry.h's, which says why. */
#define SBI_SLOTS TRAP_SBI_SLOTS

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
