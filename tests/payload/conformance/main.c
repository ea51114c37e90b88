/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The S-mode conformance payload: every SBI function Tally implements,
 * called the way a kernel would call it, on the real trap path. One file
 * per extension (base.c, dbcn.c, srst.c, time.c, pmu_*.c), the PMP check
 * (pmp.c), RAM from the device tree (ram.c) and the core's errata
 * (errata.c); this file runs them in order.
 *
 * One line per check ("ok - ..." or "FAIL - ... got X expected Y"), then
 * "N passed, M failed", then SRST shutdown (reason 0, so QEMU exits 0;
 * tests/qemu/run-payload.sh and tests/rtl/run-conformance.sh judge the
 * summary line).
 *
 * The payload adapts to what the firmware reports (how many hpm counters,
 * where the firmware counters start) and to what the device tree says
 * (where RAM ends), so the same checks run on QEMU with any pmu-num and
 * on the cores. Build-time knobs:
 *   EXPECT_HPM=n   the number of hpm counters the run must find
 *   HPM_WIDTH      bits of an hpm counter (default 64, as QEMU)
 *   EXPECT_SSCOFPMF the CPU has Sscofpmf (QEMU -cpu ...,sscofpmf=true): counter
 *                  overflow interrupts reach S-mode and show in snapshots
 *   CVA6_MAP       the firmware runs the CVA6 backend (its event map, not
 *                  QEMU's); the same image runs on QEMU, which does not
 *                  count CVA6's events, and on the CVA6 RTL
 *   RAM_END64      the run has more RAM than usual (QEMU -m 4G on rv64, the
 *                  most QEMU gives rv32): the end of RAM the tree must say;
 *                  test_big_ram() uses its top page
 *   BIG_RAM_ONLY   only test_big_ram() (rv32 with 10 GiB: the end of RAM
 *                  cannot be said in 32 bits, so the other checks do not apply)
 *   SV32_ABOVE_4G  rv32: also store through Sv32 to physical 0x1_0000_0000
 *                  (not on QEMU 7.2, see ram.c)
 *   UMODE          the payload runs in U-mode on an M+U hart (Ibex): only
 *                  the checks that need no trap of their own (below)
 *   FW_BASE        where the firmware starts (default 0x80000000)
 *   BOARD_RAM_END  where RAM ends on a board whose firmware passes no
 *                  device tree (a1 = 0)
 */
#include "conformance.h"
#ifndef UMODE
#include "ext_test.h"
#endif

int main(unsigned long hartid, unsigned long fdt)
{
#ifndef UMODE
	__asm__ volatile("csrw stvec, %0" :: "r"(s_trap_vector));
#endif
	printf("# Tally conformance payload, rv%d, hart %lu, fdt 0x%lx\n", XLEN, hartid, fdt);
	errata_identify_core();
	ram_from_device_tree(fdt);
#ifdef UMODE
	/*
	 * An M+U hart (Ibex): the payload runs in U-mode and no trap reaches
	 * it, so the checks that need one (TIME, PMP faults, redirected
	 * illegal instructions and misaligned accesses) are not for it;
	 * illegal_insn() is an emulated rdtime here. Which hpm events a core
	 * counts, and how many, is tests/payload/ibex/ibex_test.c's job.
	 */
	test_base();
	test_regs();
	test_dbcn();
	test_srst();
	test_u32_args();
	pmu_layout();
	test_pmu_cycles_instret();
	test_pmu_errors();
	test_pmu_snapshot();
	check_end(0);
#endif
#ifdef BIG_RAM_ONLY
	pmu_layout();
	test_big_ram(hartid);
	check_end(0);
#endif
	test_base();
	test_regs();
	test_dt_isa(fdt);
	test_dbcn();
	test_srst();
	test_u32_args();
	test_time();
	test_pmp();
	pmu_layout();
	test_pmu_cycles_instret();
	test_pmu_hpm();
	test_pmu_fw();
	test_pmu_errors();
	test_pmu_snapshot();
	test_pmu_event_info();
#ifndef UMODE
	/* FWFT, DBTR, SUSP, SSE (S-mode only: tests/payload/test_*.c). */
	test_fwft(hartid);
	test_dbtr(hartid);
	test_susp(hartid, ram_end);
	test_sse(hartid);
#endif
#ifdef RAM_END64
	test_big_ram(hartid);
#endif
#ifdef EXPECT_SSCOFPMF
	test_pmu_sscofpmf();
#endif
	check_end(0);
}
