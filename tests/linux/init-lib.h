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

/* The system calls the inits make (include/uapi/asm-generic/unistd.h). */
#define SYS_ioctl 29
#define SYS_close 57
#define SYS_pipe2 59
#define SYS_read 63
#define SYS_write 64
#define SYS_exit 93
#define SYS_exit_group 94
#define SYS_nanosleep 101
#define SYS_clock_gettime 113
#define SYS_sched_setscheduler 119
#define SYS_sched_setaffinity 122
#define SYS_sched_getaffinity 123
#define SYS_sched_yield 124
#define SYS_reboot 142
#define SYS_prctl 167
#define SYS_getcpu 168
#define SYS_getpid 172
#define SYS_getppid 173
#define SYS_munmap 215
#define SYS_clone 220
#define SYS_mmap 222
#define SYS_perf_event_open 241
#define SYS_wait4 260

/* perf_event_open's types and ioctls (include/uapi/linux/perf_event.h). */
#define PERF_TYPE_HARDWARE 0
#define PERF_TYPE_HW_CACHE 3
#define PERF_TYPE_RAW 4
#define IOC_ENABLE 0x2400
#define IOC_DISABLE 0x2401
#define IOC_RESET 0x2403
/* A PERF_TYPE_HW_CACHE config: cache, operation, result. */
#define CACHE(id, op, res) ((id) | (op) << 8 | (res) << 16)

/* Where out() writes; an init may send its text elsewhere (rtl-init: /dev/kmsg). */
#ifndef INIT_WRITE
#define INIT_WRITE(s, n) sys(SYS_write, 1, (long)(s), (n), 0, 0)
#endif

static inline void out(const char *s)
{
	long n = 0;
	while (s[n])
		n++;
	INIT_WRITE(s, n);
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
