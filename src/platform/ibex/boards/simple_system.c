/* SPDX-License-Identifier: BSD-2-Clause */
/* Board: Ibex simple_system, the Verilator model; its map: docs/boards/ibex.md.
 * PMP is a synthesis option: probed. */
#include "drivers/ibex_simctrl.h"
#include "drivers/ibex_timer.h"
#include "platform/ibex/ibex_board.h"

#define SIM_CTRL 0x00020000UL

const struct platform platform = {
	.name = "Ibex simple_system",
	IBEX_HART,
	.ram_base = IBEX_EXAMPLE_RAM,
	.console = SIMCTRL_CONSOLE(SIM_CTRL),   /* output only */
	/* nominal: a Verilator model has no clock rate (the demo system's 50 MHz) */
	.timer = IBEX_TIMER(0x00030000UL, 50000000),
	.reset = SIMCTRL_RESET(SIM_CTRL),       /* shutdown and reboot both end the run */
};
