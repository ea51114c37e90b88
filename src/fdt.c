/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A bounded walk over a flattened device tree (devicetree spec ch. 5).
 * The blob comes from the boot ROM, so every offset is checked against
 * the header's own sizes and a malformed tree gives 0, never a fault.
 */
#include <string.h>
#include "fdt.h"

#define FDT_MAGIC      0xd00dfeed
#define FDT_BEGIN_NODE 1
#define FDT_END_NODE   2
#define FDT_PROP       3
#define FDT_NOP        4
#define FDT_END        9
#define FDT_MAX_SIZE   (1u << 20)

static uint32_t be32(const void *p)
{
	const uint8_t *b = p;
	return ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
}

unsigned fdt_count_cpus(uintptr_t fdt)
{
	const uint8_t *blob = (const uint8_t *)fdt;
	uint32_t total, off, size, depth = 0, cpus_depth = 0;
	unsigned n = 0;

	if (!fdt || (fdt & 3) || be32(blob) != FDT_MAGIC)
		return 0;
	total = be32(blob + 4);
	off = be32(blob + 8);            /* off_dt_struct */
	size = be32(blob + 36);          /* size_dt_struct */
	if (total > FDT_MAX_SIZE || off > total || size > total - off)
		return 0;
	const uint8_t *p = blob + off, *end = p + size;
	while (p + 4 <= end) {
		uint32_t tok = be32(p);
		p += 4;
		if (tok == FDT_BEGIN_NODE) {
			const char *name = (const char *)p;
			size_t len = strnlen(name, (size_t)(end - p));
			if (p + len >= end)
				return 0;
			depth++;
			if (depth == 2 && !strcmp(name, "cpus"))
				cpus_depth = depth;
			else if (cpus_depth && depth == cpus_depth + 1 && !strncmp(name, "cpu@", 4))
				n++;
			p += (len + 4) & ~3u;
		} else if (tok == FDT_END_NODE) {
			if (depth == cpus_depth)
				cpus_depth = 0;
			if (depth-- == 0)
				return 0;
		} else if (tok == FDT_PROP) {
			if (p + 8 > end)
				return 0;
			uint32_t plen = be32(p);
			if (plen > (uint32_t)(end - p) - 8)
				return 0;
			p += 8 + ((plen + 3) & ~3u);
		} else if (tok == FDT_END) {
			break;
		} else if (tok != FDT_NOP) {
			return 0;
		}
	}
	return n;
}
