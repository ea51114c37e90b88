/* SPDX-License-Identifier: BSD-2-Clause */
/* The firmware's own output, through the board's console (console.c). */
#ifndef TALLY_CONSOLE_H
#define TALLY_CONSOLE_H

#include <string.h>   /* for the proof: the libc's valid_read_string */

void console_init(void);
/* One character of firmware output; a '\n' goes out as CR LF. */
void console_putc(char c);
/*
 * A string, as console_putc each character (printf.c). Its contract is what
 * the proof checks at each call, as for printf: printf.c is not analysed.
 */
/*@ requires valid_read_string(s);
    assigns \nothing; */
void console_puts(const char *s);
#endif
