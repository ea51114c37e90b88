/* SPDX-License-Identifier: BSD-2-Clause */
/* The UART of lowRISC's Ibex demo system (rtl/system/uart.sv): three 32-bit
 * registers, baud rate fixed in hardware, so no init. */
#ifndef TALLY_DEMO_UART_H
#define TALLY_DEMO_UART_H
#include "base/device.h"

#define DEMO_UART_RX       0x0
#define DEMO_UART_TX       0x4
#define DEMO_UART_STATUS   0x8
#define DEMO_UART_RX_EMPTY 0x1
#define DEMO_UART_TX_FULL  0x2

void demo_uart_putc(const struct board_console *con, char c);
int demo_uart_getc(const struct board_console *con);   /* -1 when nothing is waiting */

#define DEMO_UART_CONSOLE(base_) { \
	.put = demo_uart_putc, .get = demo_uart_getc, .base = (base_) }
#endif
