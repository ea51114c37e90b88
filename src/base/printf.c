/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * console_puts, and printf, sprintf and snprintf with the conversions
 * Tally's messages use (%d %i %u %x %X %p %s %c %%, l/ll/z, a width or *,
 * - and 0), much smaller
 * than picolibc's with its stdio layer (Ibex's size budget).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "base/console.h"

/* Where formatted characters go: a buffer (bounded) or the console. */
struct sink {
	char *buf;
	size_t cap, len;
};

static void put(struct sink *s, char c)
{
	if (!s->buf)
		console_putc(c);
	else if (s->len + 1 < s->cap)
		s->buf[s->len] = c;
	s->len++;
}

static void pad(struct sink *s, char c, int n)
{
	while (n-- > 0)
		put(s, c);
}

/*
 * v /= base, returning the remainder. Wider than a register (rv32) it goes
 * bit by bit: a 64-bit "/" would pull in libgcc's __udivdi3 and __umoddi3.
 */
static unsigned divide(unsigned long long *v, unsigned base)
{
	unsigned long long q = 0;
	unsigned long r = 0;

	if (*v <= ~0UL) {       /* fits a register: the hardware divides */
		unsigned long x = (unsigned long)*v;
		*v = x / base;
		return (unsigned)(x % base);
	}
	for (int bit = 63; bit >= 0; bit--) {
		r = (r << 1) | ((*v >> bit) & 1);
		q <<= 1;
		if (r >= base) {
			r -= base;
			q |= 1;
		}
	}
	*v = q;
	return (unsigned)r;
}

static int vformat(struct sink *s, const char *fmt, va_list ap)
{
	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			put(s, *fmt);
			continue;
		}
		bool left = false, zero = false;
		int width = 0, longs = 0;
		for (;; fmt++) {
			if (fmt[1] == '-') left = true;
			else if (fmt[1] == '0') zero = true;
			else break;
		}
		if (fmt[1] == '*') {
			width = va_arg(ap, int);
			fmt++;
		}
		while (fmt[1] >= '0' && fmt[1] <= '9')
			width = width * 10 + (*++fmt - '0');
		while (fmt[1] == 'l' || fmt[1] == 'z') {
			longs += fmt[1] == 'z' ? (sizeof(size_t) == sizeof(long)) : 1;
			fmt++;
		}
		char conv = *++fmt, digits[24];
		const char *str = digits;
		int len = 0;
		unsigned long long v = 0;
		bool neg = false;

		switch (conv) {
		case 'd': case 'i': {
			long long x = longs >= 2 ? va_arg(ap, long long) :
				longs ? va_arg(ap, long) : va_arg(ap, int);
			neg = x < 0;
			v = neg ? 0ULL - (unsigned long long)x : (unsigned long long)x;
			goto number;
		}
		case 'p':
			put(s, '0'); put(s, 'x');
			v = (uintptr_t)va_arg(ap, void *);
			goto number;
		case 'u': case 'x': case 'X':
			v = longs >= 2 ? va_arg(ap, unsigned long long) :
				longs ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
		number: {
			unsigned base = (conv == 'u' || conv == 'd' || conv == 'i') ? 10 : 16;
			char *p = digits + sizeof(digits);
			do {
				unsigned d = divide(&v, base);
				*--p = (char)(d < 10 ? '0' + d : (conv == 'X' ? 'A' : 'a') + d - 10);
			} while (v);
			if (neg)
				*--p = '-';
			str = p;
			len = (int)(digits + sizeof(digits) - p);
			break;
		}
		case 's':
			str = va_arg(ap, const char *);
			if (!str)
				str = "(null)";
			while (str[len])
				len++;
			break;
		case 'c':
			digits[0] = (char)va_arg(ap, int);
			len = 1;
			break;
		case '%':
			digits[0] = '%';
			len = 1;
			break;
		default:          /* unknown conversion: show it as written */
			put(s, '%');
			if (!conv)
				return (int)s->len;
			digits[0] = conv;
			len = 1;
		}
		if (!left)
			pad(s, zero && conv != 's' && conv != 'c' ? '0' : ' ', width - len);
		for (int i = 0; i < len; i++)
			put(s, str[i]);
		if (left)
			pad(s, ' ', width - len);
	}
	if (s->buf && s->cap)
		s->buf[s->len < s->cap ? s->len : s->cap - 1] = 0;
	return (int)s->len;
}

void console_puts(const char *s)
{
	while (*s)
		console_putc(*s++);
}

int printf(const char *restrict fmt, ...)
{
	struct sink s = { 0, 0, 0 };
	va_list ap;

	va_start(ap, fmt);
	int n = vformat(&s, fmt, ap);
	va_end(ap);
	return n;
}

int snprintf(char *restrict buf, size_t cap, const char *restrict fmt, ...)
{
	struct sink s = { buf, cap, 0 };
	va_list ap;

	va_start(ap, fmt);
	int n = vformat(&s, fmt, ap);
	va_end(ap);
	return n;
}

int sprintf(char *restrict buf, const char *restrict fmt, ...)
{
	struct sink s = { buf, SIZE_MAX, 0 };
	va_list ap;

	va_start(ap, fmt);
	int n = vformat(&s, fmt, ap);
	va_end(ap);
	return n;
}
