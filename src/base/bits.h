/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The index of the lowest set bit of x (x != 0), by a de Bruijn multiply:
 * without Zbb __builtin_ctz is a libgcc call, outside the t2..t6 rule
 * (entry.S). rv32 has no 64-bit multiply, so lowest_bit32 picks the word
 * first. The one place the tree finds a lowest bit.
 */
#ifndef TALLY_BASE_BITS_H
#define TALLY_BASE_BITS_H

#include <stdint.h>

static inline unsigned lowest_bit32(uint64_t x)
{
	static const uint8_t pos[32] = {
		0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
		31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9,
	};
	uint32_t lo = (uint32_t)x;
	unsigned off = 0;

	if (!lo) {
		lo = (uint32_t)(x >> 32);
		off = 32;
	}
	return off + pos[((lo & -lo) * 0x077CB531u) >> 27];
}

static inline unsigned lowest_bit64(uint64_t x)
{
	static const uint8_t pos[64] = {
		0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
		62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
		63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
		46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6,
	};
	return pos[((x & -x) * 0x03F79D71B4CB0A89ull) >> 58];
}

#endif
