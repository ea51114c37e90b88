/* SPDX-License-Identifier: BSD-2-Clause */
/* The payload's side of SBI: one ecall, and the constants it needs. */
#ifndef PAYLOAD_SBICALL_H
#define PAYLOAD_SBICALL_H
#include <stdbool.h>
#include <stdint.h>
#include "base/sbi_spec.h"
#include "base/sbi.h"   /* struct sbiret */

static inline struct sbiret sbi_call(unsigned long eid, unsigned long fid,
				     unsigned long a0, unsigned long a1, unsigned long a2,
				     unsigned long a3, unsigned long a4, unsigned long a5)
{
	register unsigned long r0 __asm__("a0") = a0;
	register unsigned long r1 __asm__("a1") = a1;
	register unsigned long r2 __asm__("a2") = a2;
	register unsigned long r3 __asm__("a3") = a3;
	register unsigned long r4 __asm__("a4") = a4;
	register unsigned long r5 __asm__("a5") = a5;
	register unsigned long r6 __asm__("a6") = fid;
	register unsigned long r7 __asm__("a7") = eid;
	__asm__ volatile("ecall" : "+r"(r0), "+r"(r1)
			 : "r"(r2), "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7) : "memory");
	return (struct sbiret){ (long)r0, r1 };
}

/*
 * What an rv64 caller may leave above an argument the spec types uint32_t
 * (or uint8_t): the binary encoding (chapter 3) has the firmware use only
 * the low 32 bits, so these must not change any answer. rv32 has no room.
 */
#if __riscv_xlen == 64
#define UPPER_GARBAGE 0xa5a5a5a500000000UL
#else
#define UPPER_GARBAGE 0UL
#endif

#define SBI0(e, f) sbi_call(e, f, 0, 0, 0, 0, 0, 0)
#define SBI1(e, f, a) sbi_call(e, f, a, 0, 0, 0, 0, 0)

static inline unsigned long rd_instret(void)
{ unsigned long v; __asm__ volatile("rdinstret %0" : "=r"(v)); return v; }
static inline unsigned long rd_cycle(void)
{ unsigned long v; __asm__ volatile("rdcycle %0" : "=r"(v)); return v; }
static inline unsigned long rd_time(void)
{ unsigned long v; __asm__ volatile("rdtime %0" : "=r"(v)); return v; }

/* The whole 64-bit time, also on rv32 (high half read twice around the low). */
static inline uint64_t rd_time64(void)
{
#if __riscv_xlen == 32
	unsigned long hi, lo, hi2;

	do {
		__asm__ volatile("rdtimeh %0" : "=r"(hi));
		__asm__ volatile("rdtime %0" : "=r"(lo));
		__asm__ volatile("rdtimeh %0" : "=r"(hi2));
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
#else
	return rd_time();
#endif
}

/* lib.c */
void payload_console_init(void);
void sbi_shutdown(int failure) __attribute__((noreturn));
#endif
