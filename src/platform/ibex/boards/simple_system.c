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
#include "drivers/ibex_simctrl.h"
#include "drivers/ibex_timer.h"
#include "platform/ibex/ibex_board.h"

#define SIM_CTRL 0x00020000UL

const struct platform platform = {
	.name = "Ibex simple_system",
	IBEX_HART,
	.ram_base = IBEX_EXAMPLE_RAM,
	.console = SIMCTRL_CONSOLE(SIM_CTRL),   /* output only */
	/* mtime counts core clock cycles; a Verilator model has no real clock
	 * rate, so this is nominal (the 50 MHz of Ibex's FPGA demo system). */
	.timer = IBEX_TIMER(0x00030000UL, 50000000),
	.reset = SIMCTRL_RESET(SIM_CTRL),       /* shutdown and reboot both end the run */
};
