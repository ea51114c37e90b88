/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the libc-free /init programs of the Linux tests share (perf-init.c,
 * bench-init.c): system calls, and text on the console (fd 1).
 */
#include <stdint.h>

/* A Linux system call on riscv64: number in a7, arguments in a0..a5, result in a0. */
static inline long sys6(long n, long a, long b, long c, long d, long e, long f)
{
	register long a0 __asm__("a0") = a, a1 __asm__("a1") = b, a2 __asm__("a2") = c;
	register long a3 __asm__("a3") = d, a4 __asm__("a4") = e, a5 __asm__("a5") = f;
	register long a7 __asm__("a7") = n;
	__asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a7)
			 : "memory");
	return a0;
}

static inline long sys(long n, long a, long b, long c, long d, long e)
{
	return sys6(n, a, b, c, d, e, 0);
}

#define SYS_write 64
#define SYS_reboot 142

static inline void out(const char *s)
{
	long n = 0;
	while (s[n])
		n++;
	sys(SYS_write, 1, (long)s, n, 0, 0);
}

static inline void out_num(uint64_t v)
{
	char b[24];
	int i = 23;
	b[i] = 0;
	do { b[--i] = (char)('0' + v % 10); v /= 10; } while (v);
	out(b + i);
}

/* The perf_event_attr fields used (include/uapi/linux/perf_event.h); the rest stay 0. */
struct perf_attr {
	uint32_t type, size;
	uint64_t config, sample_period, sample_type, read_format;
	uint64_t flags;        /* bit 0 disabled, 5 exclude_kernel, 6 exclude_hv */
	uint64_t rest[9];
};

/* The verdict the test scripts look for, then power-off (reboot(2) -> SBI SRST). */
static inline void __attribute__((noreturn)) finish(int passed, int failed)
{
	out_num((uint64_t)passed);
	out(" passed, ");
	out_num((uint64_t)failed);
	out(" failed\n");
	sys(SYS_reboot, (long)0xfee1dead, 672274793, 0x4321fedc /* POWER_OFF */, 0, 0);
	for (;;)
		;
}
