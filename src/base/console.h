/* SPDX-License-Identifier: BSD-2-Clause */
/* The firmware's own output, through the board's console (console.c). */
#ifndef TALLY_CONSOLE_H
#define TALLY_CONSOLE_H

void console_init(void);
/* One character of firmware output; a '\n' goes out as CR LF. */
void console_putc(char c);
#endif
