/* SPDX-License-Identifier: BSD-2-Clause */
/* Just enough of the flattened device tree format for what Tally needs. */
#ifndef TALLY_FDT_H
#define TALLY_FDT_H
#include <stdint.h>

#define FDT_ERR_BADTREE -1   /* not a device tree we can walk safely */
#define FDT_ERR_NOSPACE -2   /* the change does not fit in the room given */
#define FDT_ERR_EXISTS  -3   /* the node is already there */

/* The blob's totalsize, or 0 if the header is not sane. */
uint32_t fdt_totalsize(uintptr_t fdt);

/* Number of /cpus/cpu@N nodes, or 0 if the blob is not a sane device tree. */
unsigned fdt_count_cpus(uintptr_t fdt);

/*
 * timebase-frequency, the rate of mtime (devicetree spec 3.7 on /cpus,
 * 3.8 on a cpu node; Linux reads the one on /cpus). Every 32-bit
 * timebase-frequency on /cpus and its cpu@N children is set to hz, in
 * place (the size does not change); hz 0 only reads. *old gets the first
 * value found, 0 if there is none. Returns how many there are, or
 * FDT_ERR_BADTREE (and writes nothing) if the tree up to the end of /cpus
 * is malformed; what follows /cpus is not read.
 */
int fdt_set_timebase(uintptr_t fdt, uint32_t hz, uint32_t *old);

/*
 * Copy the tree at src (checked as fdt_totalsize does) to dst, where at
 * most max bytes may be written. Returns 0 or an FDT_ERR_*; on error
 * nothing is written. dst must be 8-byte aligned (devicetree spec 5.1).
 */
int fdt_copy(uintptr_t dst, uintptr_t src, uint32_t max);

/*
 * Every (base, size) pair of every memory node's reg (devicetree spec 3.4:
 * several nodes, several pairs each, 1 or 2 cells as the root says). The
 * first max go to out[]; the return value is how many there are in all
 * (so more than max means some were left out), or FDT_ERR_BADTREE.
 */
struct fdt_range { uint64_t base, size; };
int fdt_memory_ranges(uintptr_t fdt, struct fdt_range *out, unsigned max);

/*
 * Add /reserved-memory/<node_name> { reg = <base size>; no-map; }, creating
 * /reserved-memory if needed. The blob may grow by at most `room` bytes past
 * its totalsize. Returns 0 or an FDT_ERR_*; on error the blob is unchanged.
 */
int fdt_reserve_memory(uintptr_t fdt, uint32_t room, const char *node_name,
		       uint64_t base, uint64_t size);
#endif
