/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kit's runtime: the console (DBCN, else the legacy putchar), a small
 * printf, the end of the run, an unexpected trap reported, and the few
 * string functions GCC may call on its own or payloads use most. No libc: payloads link with
 * -nostdlib and libgcc only.
 */
#include <tally/sbi.h>

/* ---- console -------------------------------------------------------------- */

/* DBCN's write while it makes progress, then its write_byte; without
 * DBCN, or where write_byte fails, the legacy putchar. */
enum { ASK = -1, NO_DBCN, DBCN_WRITE, DBCN_BYTE };
static int console = ASK;

void tally_console_write(const char *s, size_t len)
{
	if (console == ASK)
		console = sbi_has_extension(SBI_EXT_DBCN) ? DBCN_WRITE : NO_DBCN;
	while (len && console == DBCN_WRITE) {
		struct sbiret r = sbi_debug_console_write(s, len);

		if (r.error || r.value <= 0) {
			console = DBCN_BYTE;   /* a buffer it cannot reach, or no progress */
			break;
		}
		s += r.value;
		len -= (size_t)r.value;
	}
	for (; len; s++, len--)
		if (console != DBCN_BYTE || sbi_debug_console_write_byte((uint8_t)*s).error)
			sbi_legacy_console_putchar(*s);
}

/* ---- formatting ----------------------------------------------------------- */

/* Where formatted bytes go: a bounded buffer (snprintf) or the console,
 * a line at a time. */
struct out {
	char *buf;
	size_t size, len;      /* len counts every byte, also those not stored */
	int console;
	char line[128];
	size_t n;
};

static void flush(struct out *o)
{
	if (o->n)
		tally_console_write(o->line, o->n);
	o->n = 0;
}

static void emit(struct out *o, char c)
{
	if (o->console) {
		o->line[o->n++] = c;
		if (c == '\n' || o->n == sizeof(o->line))
			flush(o);
	} else if (o->len + 1 < o->size) {
		o->buf[o->len] = c;
	}
	o->len++;
}

static void pad(struct out *o, char c, int n)
{
	while (n-- > 0)
		emit(o, c);
}

/* *v /= base, returning the remainder. On rv32 in 32-bit steps (base is
 * at most 16): GCC's 64-bit division would add 2 KiB of libgcc. */
static unsigned divmod(uint64_t *v, unsigned base)
{
#if __riscv_xlen == 32
	uint32_t hi = (uint32_t)(*v >> 32), lo = (uint32_t)*v;
	uint32_t qh = hi / base, r = hi % base;
	uint32_t mid = r << 16 | lo >> 16, qm = mid / base;
	uint32_t low = (mid % base) << 16 | (lo & 0xffff), ql = low / base;

	*v = (uint64_t)qh << 32 | qm << 16 | ql;
	return low % base;
#else
	unsigned r = (unsigned)(*v % base);

	*v /= base;
	return r;
#endif
}

static void format(struct out *o, const char *fmt, va_list ap)
{
	for (; *fmt; fmt++) {
		if (*fmt != '%') {
			emit(o, *fmt);
			continue;
		}
		int left = 0, zero = 0, plus = 0, space = 0, alt = 0;
		int width = 0, prec = -1, size = 0;   /* size: -2 hh, -1 h, 0 int, 1 long, 2 long long */

		for (;; fmt++) {
			char f = fmt[1];
			if (f == '-') left = 1;
			else if (f == '0') zero = 1;
			else if (f == '+') plus = 1;
			else if (f == ' ') space = 1;
			else if (f == '#') alt = 1;
			else break;
		}
		fmt++;
		if (*fmt == '*') {
			width = va_arg(ap, int);
			if (width < 0) { left = 1; width = -width; }
			fmt++;
		} else {
			while (*fmt >= '0' && *fmt <= '9')
				width = width * 10 + (*fmt++ - '0');
		}
		if (*fmt == '.') {
			fmt++;
			prec = 0;
			if (*fmt == '*') {
				prec = va_arg(ap, int);
				fmt++;
			} else {
				while (*fmt >= '0' && *fmt <= '9')
					prec = prec * 10 + (*fmt++ - '0');
			}
		}
		for (;; fmt++) {
			if (*fmt == 'h') size--;
			else if (*fmt == 'l') size++;
			else if (*fmt == 'z' || *fmt == 't') size = sizeof(size_t) == sizeof(long) ? 1 : 0;
			else if (*fmt == 'j') size = 2;
			else break;
		}

		char c = *fmt, digits[24], sign = 0;
		const char *s;
		int n = 0, len;
		unsigned base = 10;
		uint64_t v;

		switch (c) {
		case 0:
			return;
		case '%':
			emit(o, '%');
			continue;
		case 'c':
			pad(o, ' ', left ? 0 : width - 1);
			emit(o, (char)va_arg(ap, int));
			pad(o, ' ', left ? width - 1 : 0);
			continue;
		case 's':
			s = va_arg(ap, const char *);
			if (!s)
				s = "(null)";
			for (len = 0; s[len] && (prec < 0 || len < prec); len++)
				;
			pad(o, ' ', left ? 0 : width - len);
			for (int i = 0; i < len; i++)
				emit(o, s[i]);
			pad(o, ' ', left ? width - len : 0);
			continue;
		case 'd': case 'i': {
			int64_t x = size >= 2 ? va_arg(ap, long long)
				  : size == 1 ? va_arg(ap, long) : va_arg(ap, int);
			if (size == -1) x = (short)x;
			if (size <= -2) x = (signed char)x;
			if (x < 0) { sign = '-'; v = -(uint64_t)x; }
			else { v = (uint64_t)x; sign = plus ? '+' : space ? ' ' : 0; }
			break;
		}
		case 'p':
			v = (uintptr_t)va_arg(ap, void *);
			base = 16;
			alt = 1;
			break;
		case 'u': case 'x': case 'X': case 'o':
			v = size >= 2 ? va_arg(ap, unsigned long long)
			  : size == 1 ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
			if (size == -1) v = (unsigned short)v;
			if (size <= -2) v = (unsigned char)v;
			base = c == 'u' ? 10 : c == 'o' ? 8 : 16;
			break;
		default:                   /* not a conversion we know: print it as is */
			emit(o, '%');
			emit(o, c);
			continue;
		}

		const char *dig = c == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
		do {
			digits[n++] = dig[divmod(&v, base)];
		} while (v);
		if (prec == 0 && n == 1 && digits[0] == '0' && c != 'p')
			n = 0;                 /* "%.0d" of 0 prints nothing */
		const char *prefix = alt && base == 16 ? (c == 'X' ? "0X" : "0x")
				   : alt && base == 8 && digits[n - 1] != '0' ? "0" : "";
		int plen = (int)__builtin_strlen(prefix) + (sign != 0);
		int zeros = prec > n ? prec - n : 0;
		if (zero && !left && prec < 0 && width > n + plen)
			zeros = width - n - plen;
		int total = plen + zeros + n;

		pad(o, ' ', left ? 0 : width - total);
		if (sign)
			emit(o, sign);
		for (; *prefix; prefix++)
			emit(o, *prefix);
		pad(o, '0', zeros);
		while (n)
			emit(o, digits[--n]);
		pad(o, ' ', left ? width - total : 0);
	}
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { .buf = buf, .size = size };

	format(&o, fmt, ap);
	if (size)
		buf[o.len < size ? o.len : size - 1] = 0;
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

int vprintf(const char *fmt, va_list ap)
{
	struct out o = { .console = 1 };

	format(&o, fmt, ap);
	flush(&o);
	return (int)o.len;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

int puts(const char *s)
{
	size_t n = __builtin_strlen(s);

	tally_console_write(s, n);
	tally_console_write("\n", 1);
	return (int)n + 1;
}

int putchar(int c)
{
	char ch = (char)c;

	tally_console_write(&ch, 1);
	return (unsigned char)c;
}

/* ---- the end of the run ---------------------------------------------------- */

void tally_exit(int status)
{
	if (status)
		printf("payload: exit status %d: SRST shutdown with reason SYSTEM_FAILURE\n", status);
	sbi_system_reset(SRST_SHUTDOWN, status ? SRST_REASON_FAILURE : SRST_REASON_NONE);
	sbi_legacy_shutdown();         /* a firmware without SRST */
	printf("payload: the firmware did not shut down; spinning\n");
	for (;;)
		;
}

static const char *const cause_names[] = {
	"instruction address misaligned", "instruction access fault", "illegal instruction",
	"breakpoint", "load address misaligned", "load access fault",
	"store address misaligned", "store access fault", "ecall from U-mode",
	"ecall from S-mode", "reserved", "ecall from M-mode", "instruction page fault",
	"load page fault", "reserved", "store page fault",
};

/* From start.S's S-mode trap vector: a trap the payload did not expect. */
void tally_trap_report(unsigned long cause, unsigned long epc, unsigned long tval)
	__attribute__((noreturn));
void tally_trap_report(unsigned long cause, unsigned long epc, unsigned long tval)
{
	unsigned long code = cause << 1 >> 1;
	int irq = cause != code;
	const char *name = irq ? "interrupt"
		: code < sizeof(cause_names) / sizeof(cause_names[0]) ? cause_names[code] : "?";

	printf("payload: unexpected %s %lu (%s) at sepc 0x%lx, stval 0x%lx\n",
	       irq ? "interrupt" : "exception", code, name, epc, tval);
	tally_exit(1);
}

/* ---- what GCC may call by itself -------------------------------------------- */

#define NO_LOOP_TO_CALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

NO_LOOP_TO_CALL void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;

	while (n--)
		*p++ = (unsigned char)c;
	return d;
}

NO_LOOP_TO_CALL void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;

	while (n--)
		*p++ = *q++;
	return d;
}

NO_LOOP_TO_CALL void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;

	if (p < q)
		while (n--)
			*p++ = *q++;
	else
		while (n--)
			p[n] = q[n];
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++)
		if (*a != *b || !*a)
			return (unsigned char)*a - (unsigned char)*b;
	return 0;
}

int strcmp(const char *a, const char *b)
{
	return strncmp(a, b, (size_t)-1);
}
