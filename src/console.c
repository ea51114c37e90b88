/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Console: the bottom layer of the firmware's messages. printf (printf.c)
 * writes through here to the board's console; this file knows nothing
 * about formatting, so the dependency runs one way only.
 */
#include "console.h"
#include "platform.h"

void console_init(void)
{
	board_console_init();
}

/* Terminals want CR before LF; payloads' own output (DBCN) goes out as sent. */
void console_putc(char c)
{
	if (c == '\n')
		board_putc('\r');
	board_putc(c);
}
