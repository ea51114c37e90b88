/* SPDX-License-Identifier: BSD-2-Clause */
/* NS16550-compatible UART: QEMU virt (registers 1 byte apart), CVA6 SoCs (4 bytes). */
#ifndef TALLY_UART16550_H
#define TALLY_UART16550_H
#include <stdint.h>

struct uart16550 {
	uintptr_t base;
	unsigned reg_shift;     /* register n is at base + (n << reg_shift) */
	uint32_t clock_hz;      /* 0: leave the divisor as the boot ROM set it */
	uint32_t baud;
};

void uart16550_init(const struct uart16550 *u);
void uart16550_putc(const struct uart16550 *u, char c);
int uart16550_getc(const struct uart16550 *u);
#endif
