/* SPDX-License-Identifier: BSD-2-Clause */
/* The test payloads' side of SBI: the kit's calls, and what only tests need. */
#ifndef PAYLOAD_SBICALL_H
#define PAYLOAD_SBICALL_H
#include <stdbool.h>
#include <stdint.h>
#include <tally/sbi.h>
#include <tally/riscv.h>

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

#define SBI0(e, f) sbi_ecall(e, f, 0, 0, 0, 0, 0, 0)
#define SBI1(e, f, a) sbi_ecall(e, f, a, 0, 0, 0, 0, 0)

static inline unsigned long rd_instret(void)
{ unsigned long v; __asm__ volatile("rdinstret %0" : "=r"(v)); return v; }
static inline unsigned long rd_cycle(void)
{ unsigned long v; __asm__ volatile("rdcycle %0" : "=r"(v)); return v; }
static inline unsigned long rd_time(void)
{ unsigned long v; __asm__ volatile("rdtime %0" : "=r"(v)); return v; }


/* The end of every test payload: SRST shutdown, reason failure if
 * `failure` (check.c). */
void sbi_shutdown(int failure) __attribute__((noreturn));
#endif
