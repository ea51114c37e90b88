/* SPDX-License-Identifier: BSD-2-Clause */
#include "arch/mmio.h"
#include "drivers/demo_uart.h"

void demo_uart_putc(const struct board_console *con, char c)
{
	/* a byte written to a full FIFO is lost */
	while (mmio_read32(con->base + DEMO_UART_STATUS) & DEMO_UART_TX_FULL)
		;
	mmio_write32(con->base + DEMO_UART_TX, (uint8_t)c);
}

int demo_uart_getc(const struct board_console *con)
{
	/* RX read while empty returns a stale byte */
	if (mmio_read32(con->base + DEMO_UART_STATUS) & DEMO_UART_RX_EMPTY)
		return -1;
	return (int)(mmio_read32(con->base + DEMO_UART_RX) & 0xff);
}
