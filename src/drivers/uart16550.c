/* SPDX-License-Identifier: BSD-2-Clause */
#include "arch/mmio.h"
#include "drivers/uart16550.h"

enum { RBR = 0, THR = 0, DLL = 0, IER = 1, DLM = 1, FCR = 2, LCR = 3, LSR = 5 };
#define LSR_DR   0x01   /* data ready */
#define LSR_THRE 0x20   /* transmit holding register empty */

static inline uintptr_t reg(const struct board_console *u, unsigned r)
{
	return u->base + ((uintptr_t)r << u->reg_shift);
}

void uart16550_init(const struct board_console *u)
{
	if (!u->clock_hz)
		return;
	unsigned div = u->clock_hz / (16 * u->baud);
	mmio_write8(reg(u, IER), 0);               /* polled: no UART interrupts */
	mmio_write8(reg(u, LCR), 0x80);            /* DLAB on to reach the divisor */
	mmio_write8(reg(u, DLL), div & 0xff);
	mmio_write8(reg(u, DLM), (div >> 8) & 0xff);
	mmio_write8(reg(u, LCR), 0x03);            /* 8N1, DLAB off */
	mmio_write8(reg(u, FCR), 0x07);            /* FIFOs on and cleared */
}

void uart16550_putc(const struct board_console *u, char c)
{
	while (!(mmio_read8(reg(u, LSR)) & LSR_THRE))
		;
	mmio_write8(reg(u, THR), (uint8_t)c);
}

int uart16550_getc(const struct board_console *u)
{
	if (!(mmio_read8(reg(u, LSR)) & LSR_DR))
		return -1;
	return mmio_read8(reg(u, RBR));
}
