/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: Ibex simple_system (examples/simple_system in the Ibex repo), the
 * Verilator model most Ibex users run first. Everything this board is
 * lives in this file; another Ibex board (an FPGA demo system) is another
 * file next to it, with the same backend (../pmu_ibex.c).
 *
 *   RAM      0x00100000, 1 MiB; the core boots at 0x00100080 and its
 *            (vectored-only) mtvec starts at 0x00100000
 *   SimCtrl  0x00020000: a byte written here is printed to
 *            ibex_simple_system.log; 0x00020008: write 1 to end the run
 *   Timer    0x00030000: mtime (lo, hi), then mtimecmp (lo, hi); it drives
 *            the machine timer interrupt
 * PMP is a synthesis option (off in the default build): init.c probes it.
 */
#include "arch/riscv.h"
#include "drivers/ibex_simctrl.h"
#include "drivers/ibex_timer.h"
#include "platform.h"
#include "platform/ibex/pmu_ibex.h"
#include "tally_config.h"

#define SIM_CTRL 0x00020000UL

const struct platform platform = {
	.name = "Ibex simple_system",
	.ram_base = 0x00100000UL,
	.ram_size = TALLY_RAM_SIZE,
	.payload_base = TALLY_PAYLOAD_BASE,
	.payload_mode = PRV_U,          /* M+U only: the payload runs in U-mode */
	.mtvec_vectored = true,         /* mtvec.MODE is hardwired to vectored */
	.no_time_csr = true,            /* Ibex has no time CSR: rdtime is emulated */
	.console = SIMCTRL_CONSOLE(SIM_CTRL),   /* output only */
	/* mtime counts core clock cycles; a Verilator model has no real clock
	 * rate, so this is nominal (the 50 MHz of Ibex's FPGA demo system). */
	.timer = IBEX_TIMER(0x00030000UL, 50000000),
	.reset = SIMCTRL_RESET(SIM_CTRL),       /* shutdown and reboot both end the run */
	.pmu = &pmu_ibex,
	/* Only illegal instructions reach the firmware and come back: rdtime
	 * and counter reads it emulates. Ibex splits misaligned accesses in
	 * hardware, and a U-mode access fault has no S-mode to go to (panic). */
	.fw_events = 1u << PMU_FW_ILLEGAL_INSN,
};
