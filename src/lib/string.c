/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * memcpy and memmove for the firmware, in place of picolibc's. Theirs use
 * t2, which the firmware's own code never touches so that the ecall path
 * need not save it (src/arch/entry.S, tools/check-fixed-regs.py); ours are
 * compiled with the firmware's flags. Only the boot-time device-tree
 * editor and GCC's own struct copies call them: plain byte loops will do.
 */
#include <stddef.h>
#include <string.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d < s) {
		while (n--)
			*d++ = *s++;
	} else {
		while (n--)
			d[n] = s[n];
	}
	return dst;
}
