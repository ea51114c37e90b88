/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: lowRISC's Ibex demo system (github.com/lowRISC/ibex-demo-system)
 * on a Digilent Arty A7: the simple_system's core and backend, 128 KiB of
 * BRAM at 0x00100000 (reset at +0x80, below it the vector table), its own
 * UART (drivers/demo_uart.c) and the Ibex example timer at 50 MHz, one
 * hart, and no PMP: nothing stops the payload from overwriting the
 * firmware, and the banner says so. Whether its counter reads trap is
 * probed at boot (counters.c), not assumed here. The address map and
 * what was checked on the board: docs/boards/ibex.md.
 */
#include "drivers/demo_uart.h"
#include "drivers/ibex_timer.h"
#include "platform/ibex/ibex_board.h"

const struct platform platform = {
	.name = "Ibex demo system (Arty A7)",
	IBEX_HART,
	.ram_base = IBEX_EXAMPLE_RAM,
	.console = DEMO_UART_CONSOLE(0x80001000UL),   /* fixed 115200 baud */
	.timer = IBEX_TIMER(0x80002000UL, 50000000),  /* counts the 50 MHz system clock */
	/* .ipi: one hart. .reset: none; the board's reset button restarts it. */
};
