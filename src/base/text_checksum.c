/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TALLY_TEXT_CHECKSUM (the fuzz image, docs/testing.md): at SRST shutdown,
 * fail if a lower mode got the firmware to write where nothing may: .text
 * and .rodata are checksummed (FNV-1a) at boot and shutdown, and guard words
 * lie over writable memory no code writes. TALLY_GUARD_SELFTEST flips a byte
 * in each: that run must fail, or the checks prove nothing.
 */
#include <stdint.h>
#include <stdio.h>
#include "base/fw_guard.h"
#include "base/mem.h"
#include "tally_config.h"
#include "base/board.h"
#include "base/text_checksum.h"

extern const unsigned char _text_start[], _rodata_end[];

static uint64_t boot_sum;
static uintptr_t slots_base;         /* the first slot (hart/hart.h's _harts_start) */
static unsigned nslots;              /* the harts' slots, as boot laid them out */
static uintptr_t slot_stride;

#define GUARD_WORDS 16        /* the .data and .bss guard blocks */
#define STACK_GUARD 64        /* guarded bytes at the bottom of each hart's stack */

/* Initialised, so it lands in .data (the fuzzer finds both by name: nm). */
uint32_t tally_guard_data[GUARD_WORDS] = { 1 };
uint32_t tally_guard_bss[GUARD_WORDS];

struct guard_region {
	const char *name;
	unsigned index;           /* the hart's slot, for the stacks */
	uintptr_t lo, hi;
};
/* 3 + a stack bottom per hart, as boot laid out their slots. */
static unsigned n_regions(void)
{
	return 3 + nslots;
}

/* Guard region i. Worked out from the linker symbols and the harts' slots,
 * so boot and shutdown agree. */
static struct guard_region guard_region(unsigned i)
{
	uintptr_t start = (uintptr_t)_fw_start, napot = 8;
	uintptr_t end = slots_base + nslots * slot_stride;

	if (i >= 3) {
		uintptr_t lo = slots_base + (i - 3) * slot_stride;
		return (struct guard_region){ "stack bottom", i - 3, lo, lo + STACK_GUARD };
	}
	if (i == 1)
		return (struct guard_region){ "data", 0, (uintptr_t)tally_guard_data,
					      (uintptr_t)(tally_guard_data + GUARD_WORDS) };
	if (i == 2)
		return (struct guard_region){ "bss", 0, (uintptr_t)tally_guard_bss,
					      (uintptr_t)(tally_guard_bss + GUARD_WORDS) };
	/* The PMP region as init.c's fw_region_size() rounds it, within payload and RAM. */
	while (napot < end - start)
		napot <<= 1;
	uintptr_t tail_hi = start + napot;
	if (platform.payload_base > start && tail_hi > platform.payload_base)
		tail_hi = platform.payload_base;
	if (tail_hi > platform.ram_base + platform.ram_size)
		tail_hi = platform.ram_base + platform.ram_size;
	return (struct guard_region){ "pmp tail", 0, end, tail_hi > end ? tail_hi : end };
}

static uint64_t checksum(void)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	/* volatile: the compiler must really read the bytes both times */
	for (const volatile unsigned char *p = _text_start; p < _rodata_end; p++)
		h = (h ^ *p) * 0x100000001b3ULL;
	return h;
}

#ifdef TALLY_GUARD_SELFTEST
/* A constant nothing reads, so .rodata has a byte for the self-test's stray
 * write (used: kept although unread; not volatile, which would make it writable). */
__attribute__((section(".rodata.tally_selftest"), used))
static const unsigned char selftest_const = 0x5a;

static void selftest_corrupt(void)
{
	for (unsigned i = 0; i < n_regions(); i++) {
		struct guard_region r = guard_region(i);
		uintptr_t n = r.hi - r.lo;
		if (n)
			*(volatile unsigned char *)(r.lo + (i * 13u) % n) ^= 0x01;
	}
	*(volatile unsigned char *)(uintptr_t)&selftest_const ^= 0x01;
	printf("tally: guard self-test: one byte flipped in .rodata and in each guard region\n");
}
#endif

void text_checksum_boot(uintptr_t base, unsigned n, uintptr_t stride)
{
	struct guard_region r[3];
	uintptr_t bytes = 0;

	slots_base = base;
	nslots = n;
	slot_stride = stride;
	boot_sum = checksum();
	printf("tally: text checksum 0x%llx over [0x%lx, 0x%lx)\n", (unsigned long long)boot_sum,
	       (unsigned long)(uintptr_t)_text_start, (unsigned long)(uintptr_t)_rodata_end);
	for (unsigned i = 0; i < n_regions(); i++) {
		struct guard_region g = guard_region(i);
		fw_guard_fill(g.lo, g.hi);
		bytes += g.hi - g.lo;
		if (i < 3)
			r[i] = g;
	}
	printf("tally: guard words over %lu bytes: pmp tail [0x%lx, 0x%lx), data 0x%lx, bss 0x%lx, "
	       "%u stack bottoms\n", (unsigned long)bytes, (unsigned long)r[0].lo,
	       (unsigned long)r[0].hi, (unsigned long)r[1].lo, (unsigned long)r[2].lo,
	nslots);
#ifdef TALLY_GUARD_SELFTEST
	selftest_corrupt();
#endif
}

bool text_checksum_check(void)
{
	uint64_t now = checksum();
	bool ok = now == boot_sum;

	if (ok)
		printf("tally: text checksum ok\n");
	else
		printf("tally: TEXT CHANGED (checksum 0x%llx at boot, 0x%llx now)\n",
		       (unsigned long long)boot_sum, (unsigned long long)now);
	/* Every region, not just up to the first bad one: the report names them all. */
	bool guards_ok = true;
	for (unsigned i = 0; i < n_regions(); i++) {
		struct guard_region r = guard_region(i);
		uintptr_t a = fw_guard_find(r.lo, r.hi);
		if (a == r.hi)
			continue;
		guards_ok = false;
		printf("tally: GUARD CHANGED: %s", r.name);
		if (i >= 3)
			printf(" of hart %u", r.index);
		printf(" at 0x%lx (0x%08lx, want 0x%08lx)\n", (unsigned long)a,
		       (unsigned long)*(const volatile uint32_t *)a, (unsigned long)fw_guard_word(a));
	}
	if (guards_ok)
		printf("tally: firmware guards ok\n");
	return ok && guards_ok;
}
