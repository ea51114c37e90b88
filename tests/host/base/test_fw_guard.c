/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * src/base/fw_guard.c on ordinary memory: the guard words that the fuzz tests'
 * firmware image lays over memory nothing may write must notice every
 * change a stray write can make (any byte, any bit, a zero or all-ones
 * store, a copy of guard memory from elsewhere), report the first changed
 * word, and never touch a byte outside the region they were given.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "base/fw_guard.h"
#include "harness.h"

#define WORDS 256
/* Sentinels around the region, to see that fill writes only inside it. */
static uint32_t mem[WORDS + 8];

static uintptr_t lo(void) { return (uintptr_t)&mem[4]; }
static uintptr_t hi(void) { return (uintptr_t)&mem[4 + WORDS]; }

static void t_clean_region_passes(void)
{
	fw_guard_fill(lo(), hi());
	CHECK_EQ(fw_guard_find(lo(), hi()), hi());
	for (unsigned i = 0; i < WORDS; i++)
		CHECK_EQ(mem[4 + i], fw_guard_word((uintptr_t)&mem[4 + i]));
}

/* Every byte of the region, one bit flipped at a time (a different bit each byte). */
static void t_every_byte_change_found(void)
{
	unsigned char *b = (unsigned char *)lo();
	unsigned missed = 0, wrong = 0;

	fw_guard_fill(lo(), hi());
	for (unsigned i = 0; i < WORDS * 4; i++) {
		unsigned char bit = (unsigned char)(1u << (i % 8));
		b[i] ^= bit;
		uintptr_t got = fw_guard_find(lo(), hi());
		if (got == hi())
			missed++;
		else if (got != ((uintptr_t)&b[i] & ~(uintptr_t)3))
			wrong++;
		b[i] ^= bit;
	}
	CHECK_EQ(missed, 0);
	CHECK_EQ(wrong, 0);
	CHECK_EQ(fw_guard_find(lo(), hi()), hi());
}

/* The values a careless store writes most: zero and all ones, everywhere. */
static void t_zero_and_ones_stores_found(void)
{
	unsigned missed = 0;

	for (unsigned i = 0; i < WORDS; i++) {
		fw_guard_fill(lo(), hi());
		mem[4 + i] = 0;
		missed += fw_guard_find(lo(), hi()) != (uintptr_t)&mem[4 + i];
		mem[4 + i] = 0xffffffffu;
		missed += fw_guard_find(lo(), hi()) != (uintptr_t)&mem[4 + i];
	}
	CHECK_EQ(missed, 0);
}

/* Neither value is ever the pattern: the two addresses whose raw product would give it. */
static void t_pattern_never_zero_or_ones(void)
{
	/* The inverse of the odd multiplier mod 2^32 (Newton's iteration). */
	uint32_t k = 0x9e3779b1u, inv = k;
	for (int i = 0; i < 5; i++)
		inv *= 2 - k * inv;
	CHECK_EQ((uint32_t)(k * inv), 1);
	uint32_t to_zero = 0x6a7d11a5u * inv, to_ones = (0x6a7d11a5u ^ 0xffffffffu) * inv;
	CHECK(fw_guard_word(to_zero) != 0);
	CHECK(fw_guard_word(to_zero) != 0xffffffffu);
	CHECK(fw_guard_word(to_ones) != 0);
	CHECK(fw_guard_word(to_ones) != 0xffffffffu);
}

static void t_first_change_reported(void)
{
	fw_guard_fill(lo(), hi());
	mem[4 + 200] ^= 1;
	mem[4 + 17] ^= 0x100;
	CHECK_EQ(fw_guard_find(lo(), hi()), (uintptr_t)&mem[4 + 17]);
	/* From just past it on, the next one. */
	CHECK_EQ(fw_guard_find((uintptr_t)&mem[4 + 18], hi()), (uintptr_t)&mem[4 + 200]);
}

/* Guard memory copied from another place (a shifted memmove, a second guarded block). */
static void t_copied_guards_found(void)
{
	static uint32_t other[WORDS];

	fw_guard_fill(lo(), hi());
	memmove(&mem[5], &mem[4], (WORDS - 1) * 4);   /* one word up */
	CHECK_EQ(fw_guard_find(lo(), hi()), (uintptr_t)&mem[5]);

	fw_guard_fill((uintptr_t)other, (uintptr_t)(other + WORDS));
	fw_guard_fill(lo(), hi());
	memcpy(&mem[4 + 100], &other[100], 4 * 8);     /* the same offsets, another block */
	CHECK_EQ(fw_guard_find(lo(), hi()), (uintptr_t)&mem[4 + 100]);
}

/* No two words of a 256 KiB region share a pattern (a copy within it shows). */
static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}
static void t_patterns_distinct(void)
{
	enum { N = 1 << 16 };
	static uint32_t w[N];
	unsigned dups = 0;

	for (uint32_t i = 0; i < N; i++)
		w[i] = fw_guard_word((uintptr_t)0x80000000u + 4u * i);
	qsort(w, N, sizeof(w[0]), cmp_u32);
	for (unsigned i = 1; i < N; i++)
		dups += w[i] == w[i - 1];
	CHECK_EQ(dups, 0);
}

/* Unaligned or empty bounds: only whole aligned words inside [lo, hi) are guarded. */
static void t_bounds_respected(void)
{
	unsigned char *b = (unsigned char *)mem;

	memset(mem, 0xcc, sizeof(mem));
	fw_guard_fill(lo() + 1, hi() - 1);   /* first and last word only partly inside */
	for (unsigned i = 0; i < sizeof(mem); i++) {
		uintptr_t a = (uintptr_t)&b[i];
		if (a < lo() + 4 || a >= hi() - 4)
			if (b[i] != 0xcc) {
				CHECK(!"fill wrote outside the aligned words of the region");
				break;
			}
	}
	CHECK_EQ(mem[4], 0xccccccccu);
	CHECK_EQ(mem[5], fw_guard_word((uintptr_t)&mem[5]));
	CHECK_EQ(mem[4 + WORDS - 1], 0xccccccccu);
	CHECK_EQ(fw_guard_find(lo() + 1, hi() - 1), hi() - 1);
	/* Empty and inverted regions: nothing to check, nothing written. */
	CHECK_EQ(fw_guard_find(lo(), lo()), lo());
	fw_guard_fill(hi(), lo());
	CHECK_EQ(mem[4], 0xccccccccu);
	CHECK_EQ(fw_guard_find(lo() + 2, lo() + 3), lo() + 3);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_clean_region_passes);
	RUN(t_every_byte_change_found);
	RUN(t_zero_and_ones_stores_found);
	RUN(t_pattern_never_zero_or_ones);
	RUN(t_first_change_reported);
	RUN(t_copied_guards_found);
	RUN(t_patterns_distinct);
	RUN(t_bounds_respected);
	return h_done();
}
