/* SPDX-License-Identifier: BSD-2-Clause */
/* memcpy and memmove in place of picolibc's, which use t2 (the t2..t6 rule:
 * src/arch/entry.S); only the FDT editor and GCC's struct copies call them. */
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
