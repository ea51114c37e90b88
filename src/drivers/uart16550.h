/* SPDX-License-Identifier: BSD-2-Clause */
/* NS16550-compatible UART: QEMU virt (registers 1 byte apart), CVA6 SoCs (4 bytes). */
#ifndef TALLY_UART16550_H
#define TALLY_UART16550_H
#include "base/device.h"

void uart16550_init(const struct board_console *u);
void uart16550_putc(const struct board_console *u, char c);
int uart16550_getc(const struct board_console *u);

#define UART16550_CONSOLE(base_, shift_, clock_hz_, baud_) { \
	.init = uart16550_init, .put = uart16550_putc, .get = uart16550_getc, \
	.base = (base_), .reg_shift = (shift_), .clock_hz = (clock_hz_), .baud = (baud_) }
#endif
