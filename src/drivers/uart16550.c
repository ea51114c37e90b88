/* SPDX-License-Identifier: BSD-2-Clause */
#include "uart16550.h"

enum { RBR = 0, THR = 0, DLL = 0, IER = 1, DLM = 1, FCR = 2, LCR = 3, LSR = 5 };
#define LSR_DR   0x01   /* data ready */
#define LSR_THRE 0x20   /* transmit holding register empty */

static inline volatile uint8_t *reg(const struct uart16550 *u, unsigned r)
{
	return (volatile uint8_t *)(u->base + ((uintptr_t)r << u->reg_shift));
}

void uart16550_init(const struct uart16550 *u)
{
	if (!u->clock_hz)
		return;
	unsigned div = u->clock_hz / (16 * u->baud);
	*reg(u, IER) = 0;               /* polled: no UART interrupts */
	*reg(u, LCR) = 0x80;            /* DLAB on to reach the divisor */
	*reg(u, DLL) = div & 0xff;
	*reg(u, DLM) = (div >> 8) & 0xff;
	*reg(u, LCR) = 0x03;            /* 8N1, DLAB off */
	*reg(u, FCR) = 0x07;            /* FIFOs on and cleared */
}

void uart16550_putc(const struct uart16550 *u, char c)
{
	while (!(*reg(u, LSR) & LSR_THRE))
		;
	*reg(u, THR) = (uint8_t)c;
}

int uart16550_getc(const struct uart16550 *u)
{
	if (!(*reg(u, LSR) & LSR_DR))
		return -1;
	return *reg(u, RBR);
}
