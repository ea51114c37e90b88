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

#define MARCHID_QEMU_7_2 0x70200UL  /* QEMU's own: version 7.2.x */

static const struct {
	const char *name;
	unsigned long mvendorid, marchid, marchid_mask;
	unsigned xlen;                 /* 0: both */
	bool umode;                    /* only the M+U (Ibex) build */
} errata[NUM_ERRATA] = {
	/*
	 * CVA6 (commit 6cb20010, corev_apu testharness): an S-mode access to a
	 * PMP-protected region is reported as a load access fault (cause 5)
	 * with tval 0, a store as well as a load: its load_store_unit.sv feeds
	 * the PMP check the MMU's delayed valid with the current cycle's store
	 * flag and address, which by then are an idle request's. So a store
	 * gets cause 5 instead of 7, and neither gets its address in tval.
	 * The firmware passes on what the core reported, and counts it as the
	 * core reported it.
	 */
	[ERRATUM_CVA6_PMP_FAULT_LOAD_TVAL0] = {
		"CVA6 PMP access fault reported as a load access fault with tval 0",
		MVENDORID_OPENHW, MARCHID_CVA6, ~0UL, 0, false },
	/*
	 * CVA6 rv32: S-mode's hpmcounter3h does not read back mhpmcounter3h.
	 * Tally's probe finds that (pmu_cva6.c, user_width) and reports
	 * counter 3 as 32 bits wide, the bits S-mode can trust.
	 */
	[ERRATUM_CVA6_HPMCOUNTER3H] = {
		"CVA6 rv32 hpmcounter3h does not read back mhpmcounter3h",
		MVENDORID_OPENHW, MARCHID_CVA6, ~0UL, 32, false },
	/*
	 * Not a core: QEMU 7.2 with -cpu lowrisc-ibex, the Ibex stand-in. QEMU
	 * does not stop its tick counters; it emulates mcountinhibit by
	 * answering a read of an inhibited cycle/instret with the value last
	 * written to it (after the first read), here the 0 CLEAR_VALUE wrote.
	 * The qemu-virt and cva6 stand-in backends rewrite the counter at stop
	 * (src/platform/qemu-virt/pmu_qemu.c, qemu_pmu_stop); Tally's Ibex
	 * backend, written for the RTL, does not. The real Ibex freezes it.
	 */
	[ERRATUM_QEMU_IBEX_STOPPED_READS_0] = {
		"QEMU 7.2 Ibex stand-in: a stopped cycle/instret reads the value last written (0), "
		"the Ibex backend does not rewrite it at stop",
		0, MARCHID_QEMU_7_2, ~0xffUL, 0, true },
};

static bool present[NUM_ERRATA];

void errata_identify_core(void)
{
	struct sbiret v = SBI0(SBI_EXT_BASE, BASE_FID_GET_MVENDORID);
	struct sbiret a = SBI0(SBI_EXT_BASE, BASE_FID_GET_MARCHID);
	struct sbiret i = SBI0(SBI_EXT_BASE, BASE_FID_GET_MIMPID);
#ifdef UMODE
	const bool umode = true;
#else
	const bool umode = false;
#endif

	printf("# core: mvendorid 0x%lx marchid 0x%lx mimpid 0x%lx\n", v.uvalue, a.uvalue, i.uvalue);
	for (unsigned e = 0; e < NUM_ERRATA; e++) {
		present[e] = !v.error && !a.error && v.uvalue == errata[e].mvendorid &&
			     (a.uvalue & errata[e].marchid_mask) == errata[e].marchid &&
			     (!errata[e].xlen || errata[e].xlen == XLEN) && (!errata[e].umode || umode);
		if (present[e])
			printf("# known erratum of this core: %s\n", errata[e].name);
	}
}

bool erratum(enum erratum e) { return present[e]; }
const char *erratum_name(enum erratum e) { return errata[e].name; }
