/* SPDX-License-Identifier: BSD-2-Clause */
/* The pattern depends on the address, so copied guard memory is caught too;
 * an odd multiplier is a bijection on 32 bits; 0 and all ones never occur. */
#include "base/fw_guard.h"

uint32_t fw_guard_word(uintptr_t addr)
{
	uint64_t a = addr;
	uint32_t w = (uint32_t)(a ^ (a >> 32)) * 0x9e3779b1u ^ 0x6a7d11a5u;

	if (w == 0 || w == 0xffffffffu)
		w ^= 0x5a5a5a5au;
	return w;
}

void fw_guard_fill(uintptr_t lo, uintptr_t hi)
{
	/* volatile: the stores are the point, nothing reads them back here */
	for (uintptr_t a = (lo + 3) & ~(uintptr_t)3; a + 4 <= hi; a += 4)
		*(volatile uint32_t *)a = fw_guard_word(a);
}

uintptr_t fw_guard_find(uintptr_t lo, uintptr_t hi)
{
	for (uintptr_t a = (lo + 3) & ~(uintptr_t)3; a + 4 <= hi; a += 4)
		if (*(const volatile uint32_t *)a != fw_guard_word(a))
			return a;
	return hi;
}
