/* SPDX-License-Identifier: BSD-2-Clause */
/* Board: lowRISC's Ibex demo system on an Arty A7: one hart, 128 KiB of BRAM, no
 * PMP (the banner says so). Its map: docs/boards/ibex.md. */
#include "drivers/demo_uart.h"
#include "drivers/ibex_timer.h"
#include "platform/ibex/ibex_board.h"

const struct platform platform = {
	.name = "Ibex demo system (Arty A7)",
	IBEX_HART,
	.ram_base = IBEX_EXAMPLE_RAM,
	.console = DEMO_UART_CONSOLE(0x80001000UL),   /* fixed 115200 baud */
	.timer = IBEX_TIMER(0x80002000UL, 50000000),  /* the 50 MHz system clock */
	/* .reset: none; the board's reset button restarts it. */
};
