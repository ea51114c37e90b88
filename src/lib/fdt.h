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

/*
 * Each enabled hart's ID (/cpus/cpu@N's reg, status absent or "okay"), to fn
 * in the tree's order. Returns how many, or FDT_ERR_BADTREE.
 */
int fdt_cpu_harts(uintptr_t fdt, void (*fn)(void *ctx, uint64_t hartid), void *ctx);

/*
 * Set every timebase-frequency on /cpus and its cpu@N children (devicetree
 * spec 3.7, 3.8) to hz in place; hz 0 only reads. *old: the first value, or
 * 0. Returns how many, or FDT_ERR_BADTREE having written nothing.
 */
int fdt_set_timebase(uintptr_t fdt, uint32_t hz, uint32_t *old);

/* Copy the tree to dst (8-byte aligned, at most max bytes); 0 or FDT_ERR_*, nothing written. */
int fdt_copy(uintptr_t dst, uintptr_t src, uint32_t max);

/*
 * Every (base, size) of every memory node's reg; the first max go to out[].
 * Returns how many there are in all (more than max: some left out), or
 * FDT_ERR_BADTREE.
 */
struct fdt_range { uint64_t base, size; };
int fdt_memory_ranges(uintptr_t fdt, struct fdt_range *out, unsigned max);

/*
 * Add /reserved-memory/<node_name> { reg = <base size>; no-map; }, growing
 * the blob by at most `room` bytes. 0, or FDT_ERR_* with the blob unchanged.
 */
int fdt_reserve_memory(uintptr_t fdt, uint32_t room, const char *node_name,
		       uint64_t base, uint64_t size);

/*
 * Take the extensions named in ext[] (n names, lower case: "sstc", "h") out
 * of every cpu node's riscv,isa string and riscv,isa-extensions list, in
 * place: what follows each shortened property moves down, the header's
 * sizes follow, totalsize stays. Returns how many properties changed, or
 * FDT_ERR_BADTREE having written nothing.
 */
int fdt_isa_remove(uintptr_t fdt, const char *const ext[], unsigned n);
#endif
