/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The errata of the cores this payload runs on, as facts. Where a core is
 * known to answer differently from the spec, the check on that core
 * expects exactly the core's answer and says which erratum it is; any
 * other answer still fails. Nothing is skipped, and a core that is fixed
 * fails the check until its entry here is changed.
 *
 * The core is the one SBI Base names (get_mvendorid and get_marchid, SBI
 * 4.5 and 4.6, the harts' mvendorid and marchid CSRs). The facts were
 * checked on the Verilator models in ../shared/rtl (their READMEs).
 */
#include "conformance.h"

#define MVENDORID_OPENHW 0x602UL   /* JEDEC bank 13, 0x02: OpenHW Group */
#define MARCHID_CVA6 3UL           /* the RISC-V architecture ID of CVA6 */

static const struct {
	const char *name;
	unsigned long mvendorid, marchid;
	unsigned xlen;                 /* 0: both */
} errata[NUM_ERRATA] = {
	/*
	 * CVA6 (commit 6cb20010, corev_apu testharness): an S-mode store into a
	 * PMP-protected region raises a load access fault (cause 5) with tval 0
	 * instead of a store access fault (7) at the address: its
	 * load_store_unit.sv feeds the PMP check the MMU's delayed valid with
	 * the current cycle's store flag and address. The firmware passes on
	 * what the core reported, and counts it as the core reported it.
	 */
	[ERRATUM_CVA6_PMP_STORE_AS_LOAD] = {
		"CVA6 PMP store fault reported as a load access fault with tval 0",
		MVENDORID_OPENHW, MARCHID_CVA6, 0 },
	/*
	 * CVA6 rv32: S-mode's hpmcounter3h does not read back mhpmcounter3h.
	 * Tally's probe finds that (pmu_cva6.c, user_width) and reports
	 * counter 3 as 32 bits wide, the bits S-mode can trust.
	 */
	[ERRATUM_CVA6_HPMCOUNTER3H] = {
		"CVA6 rv32 hpmcounter3h does not read back mhpmcounter3h",
		MVENDORID_OPENHW, MARCHID_CVA6, 32 },
};

static bool present[NUM_ERRATA];

void errata_identify_core(void)
{
	struct sbiret v = SBI0(SBI_EXT_BASE, SBI_BASE_GET_MVENDORID);
	struct sbiret a = SBI0(SBI_EXT_BASE, SBI_BASE_GET_MARCHID);
	struct sbiret i = SBI0(SBI_EXT_BASE, SBI_BASE_GET_MIMPID);

	printf("# core: mvendorid 0x%lx marchid 0x%lx mimpid 0x%lx\n", v.value, a.value, i.value);
	for (unsigned e = 0; e < NUM_ERRATA; e++) {
		present[e] = !v.error && !a.error && v.value == errata[e].mvendorid &&
			     a.value == errata[e].marchid && (!errata[e].xlen || errata[e].xlen == XLEN);
		if (present[e])
			printf("# known erratum of this core: %s\n", errata[e].name);
	}
}

bool erratum(enum erratum e) { return present[e]; }
const char *erratum_name(enum erratum e) { return errata[e].name; }
