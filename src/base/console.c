/* SPDX-License-Identifier: BSD-2-Clause */
/* The bottom of the firmware's messages: printf.c writes here, nothing here calls up. */
#include "base/console.h"
#include "base/board.h"

void console_init(void)
{
	board_console_init();
}

/* apart, so the common character needs no stack frame */
static __attribute__((noinline)) void console_newline(void)
{
	board_putc('\r');
	board_putc('\n');
}

/* Terminals want CR before LF; payloads' own output (DBCN) goes out as sent. */
void console_putc(char c)
{
	if (c == '\n')
		console_newline();
	else
		board_putc(c);
}
