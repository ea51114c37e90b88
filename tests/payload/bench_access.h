/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the benchmark payloads (bench.c, hyp/bench_hyp.c) time an access
 * with: the instruction at buf + off in the real loop, and in the other
 * loop a stand-in with the same inputs (a mv of the expected value, a
 * nop), so the difference is the access's trap alone.
 */
#ifndef TALLY_BENCH_ACCESS_H
#define TALLY_BENCH_ACCESS_H
#include <stdint.h>

/* Keep a value in a register the compiler cannot see into, in both loops. */
#define OPAQUE(v) __asm__ volatile("" : "+r"(v))

/* A load; `fail` runs, with v_ read and w_ wanted, when they differ. */
#define BENCH_LOAD(REAL, insn, buf, off, want, fail) do { \
	unsigned long v_, w_ = (want); \
	volatile uint8_t *p_ = (buf); \
	OPAQUE(p_); OPAQUE(w_); \
	if (REAL) \
		__asm__ volatile(".option push\n\t.option norvc\n\t" insn " %0, " #off "(%1)\n\t.option pop" \
				 : "=r"(v_) : "r"(p_) : "memory"); \
	else \
		__asm__ volatile("mv %0, %1" : "=r"(v_) : "r"(w_) : "memory"); \
	if (v_ != w_) \
		fail; \
} while (0)

/* A store; its caller checks the memory afterwards. */
#define BENCH_STORE(REAL, insn, buf, off, val) do { \
	unsigned long v_ = (val); \
	volatile uint8_t *p_ = (buf); \
	OPAQUE(p_); OPAQUE(v_); \
	if (REAL) \
		__asm__ volatile(".option push\n\t.option norvc\n\t" insn " %0, " #off "(%1)\n\t.option pop" \
				 :: "r"(v_), "r"(p_) : "memory"); \
	else \
		__asm__ volatile("nop" :: "r"(v_), "r"(p_) : "memory"); \
} while (0)
#endif
