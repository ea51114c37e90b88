/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's own output, one character at a time, through the
 * board's console (board.h). The layers only look down: printf.c
 * formats onto this, panic.c prints with printf, and nothing here calls
 * back up into either.
 */
#ifndef TALLY_CONSOLE_H
#define TALLY_CONSOLE_H

void console_init(void);
/* One character of firmware output; a '\n' goes out as CR LF. */
void console_putc(char c);
#endif
