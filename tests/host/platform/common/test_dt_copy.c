/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dt_fixup_copy (src/platform/common/dt.c) and fdt_copy (src/lib/fdt.c): a device tree in ROM,
 * as the CVA6 Genesys2 boot ROM passes it, is copied into RAM just past the
 * firmware's region, gets the /reserved-memory node there, and the payload
 * is handed the copy. The "ROM" here is a const array the code must not
 * write; the "RAM" a buffer whose end is the payload's base. The copy's
 * timebase-frequency follows the board's timer (fdt_set_timebase): the
 * testharness ROM's 32768 becomes the 12.5 MHz its mtime really runs at.
 */
#include <string.h>
#include "harness.h"
#include "lib/fdt.h"
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"
#include "platform/common/dt.h"
#include "genesys2_dtb.h"
#include "testharness_dtb.h"

static uint8_t ram[16384] __attribute__((aligned(4096)));
const struct platform platform = {
	.payload_base = (uintptr_t)ram + sizeof(ram),
	.fdt_room = 1024,
	.timer = { .hz = 12500000 },     /* the CVA6 testharness's mtime rate */
};
/* dt_fixup replaces the board's RAM with the tree's /memory node (1 GiB at 0x80000000) */
struct features features;

static uint32_t be32(const uint8_t *b) { return (uint32_t)b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]; }

/* Does the blob hold this reg value (2 address cells, 2 size cells) anywhere? */
static bool has_reg(const uint8_t *blob, uint32_t len, uint64_t base, uint64_t size)
{
	uint8_t want[16];

	for (int i = 0; i < 8; i++) {
		want[i] = (uint8_t)(base >> (56 - 8 * i));
		want[8 + i] = (uint8_t)(size >> (56 - 8 * i));
	}
	for (uint32_t i = 0; i + 16 <= len; i += 4)
		if (!memcmp(blob + i, want, 16))
			return true;
	return false;
}

static void no_hart(void *ctx, uint64_t hartid) { (void)ctx; (void)hartid; }

static void t_copy_then_reserve(void)
{
	uint8_t rom_before[sizeof(genesys2_dtb)];
	uintptr_t fw_base = (uintptr_t)ram, fw_size = 4096;
	unsigned long fdt = (unsigned long)(uintptr_t)genesys2_dtb;
	char name[32];

	memcpy(rom_before, genesys2_dtb, sizeof(rom_before));
	memset(ram, 0x5a, sizeof(ram));
	memset(&features, 0, sizeof(features));
	CHECK(mem_add_ram(0x80000000, 0x80000000ULL));              /* the board says 2 GiB */
	dt_fixup_copy(&fdt, fw_base, fw_size);
	CHECK_EQ(features.num_ram, 1);
	CHECK_EQ(features.ram[0].lo, 0x80000000);
	CHECK_EQ(features.ram[0].hi, 0x80000000 + 0x40000000ULL);   /* the tree's /memory wins */
	CHECK_EQ(fdt, fw_base + fw_size);                            /* a1 now points at the copy */
	CHECK(!memcmp(rom_before, genesys2_dtb, sizeof(rom_before))); /* ROM untouched */
	CHECK_EQ(ram[0], 0x5a);                                      /* firmware region untouched */
	CHECK_EQ(ram[fw_size - 1], 0x5a);

	uint32_t total = fdt_totalsize(fdt);
	CHECK(total > sizeof(genesys2_dtb));                         /* it grew by the node */
	CHECK(total <= sizeof(genesys2_dtb) + platform.fdt_room);
	CHECK_EQ(be32(ram + fw_size + 4), total);
	CHECK_EQ(fdt_cpu_harts(fdt, no_hart, NULL), 1);
	CHECK(has_reg(ram + fw_size, total, fw_base, fw_size));
	CHECK_EQ(ram[fw_size + total], 0x5a);                        /* nothing past the tree */
	snprintf(name, sizeof(name), "mmode_resv@%lx", (unsigned long)fw_base);
	CHECK_EQ(fdt_reserve_memory(fdt, 0, name, fw_base, fw_size), FDT_ERR_EXISTS);
	CHECK_EQ(fdt_reserve_memory(fdt, 0, "reserved-memory", 0, 0), FDT_ERR_NOSPACE);
	/* The copy says the board's timebase; the ROM keeps its own. */
	uint32_t hz;
	CHECK_EQ(fdt_set_timebase(fdt, 0, &hz), 1);
	CHECK_EQ(hz, 12500000);
	CHECK_EQ(fdt_set_timebase((uintptr_t)genesys2_dtb, 0, &hz), 1);
	CHECK_EQ(hz, 25000000);
}

/* The testharness ROM's tree: 32768 on /cpus and on cpu@0, both set. */
static void t_testharness_timebase(void)
{
	uint8_t rom_before[sizeof(testharness_dtb)];
	unsigned long fdt = (unsigned long)(uintptr_t)testharness_dtb;
	uint32_t hz;

	memcpy(rom_before, testharness_dtb, sizeof(rom_before));
	CHECK_EQ(fdt_set_timebase(fdt, 0, &hz), 2);
	CHECK_EQ(hz, 32768);
	memset(&features, 0, sizeof(features));
	CHECK(mem_add_ram(0x80000000, 0x8000000ULL));
	dt_fixup_copy(&fdt, (uintptr_t)ram, 4096);
	CHECK_EQ(fdt, (uintptr_t)ram + 4096);
	CHECK(!memcmp(rom_before, testharness_dtb, sizeof(rom_before)));
	CHECK_EQ(fdt_set_timebase(fdt, 0, &hz), 2);
	CHECK_EQ(hz, 12500000);
	/* both properties, not just the first: set one back and look again */
	CHECK_EQ(fdt_set_timebase(fdt, 32768, &hz), 2);
	CHECK_EQ(fdt_set_timebase(fdt, 0, &hz), 2);
	CHECK_EQ(hz, 32768);
}

/*
 * A tree that turns out malformed after both timebase properties (a bad
 * token where cpu@0's interrupt-controller begins, still inside /cpus) is
 * refused and left exactly as it was.
 */
static void t_timebase_bad_tree(void)
{
	static const char node[] = "interrupt-controller";
	uint8_t *t = ram;
	uint32_t hz, off = 0;

	memcpy(t, testharness_dtb, sizeof(testharness_dtb));
	for (uint32_t i = 0; i + sizeof(node) <= sizeof(testharness_dtb); i++)
		if (!memcmp(t + i, node, sizeof(node))) {
			off = i - 4;        /* its FDT_BEGIN_NODE token */
			break;
		}
	CHECK(off > 0);
	CHECK_EQ(be32(t + off), 1);
	t[off + 3] = 0x77;
	CHECK_EQ(fdt_set_timebase((uintptr_t)t, 12500000, &hz), FDT_ERR_BADTREE);
	t[off + 3] = 1;
	CHECK(!memcmp(t, testharness_dtb, sizeof(testharness_dtb)));   /* nothing written */
	CHECK_EQ(fdt_set_timebase((uintptr_t)ram + 64, 1, &hz), FDT_ERR_BADTREE);
	CHECK_EQ(hz, 0);
}

/* Too close to the payload: the ROM tree goes on unchanged (and unreserved). */
static void t_no_room_passes_rom_tree(void)
{
	unsigned long rom = (unsigned long)(uintptr_t)genesys2_dtb, fdt = rom;

	memset(ram, 0x5a, sizeof(ram));
	dt_fixup_copy(&fdt, (uintptr_t)ram, sizeof(ram) - 1024);
	CHECK_EQ(fdt, rom);
	CHECK_EQ(ram[sizeof(ram) - 1024], 0x5a);
	/* the firmware region reaching the payload: same */
	dt_fixup_copy(&fdt, (uintptr_t)ram, sizeof(ram));
	CHECK_EQ(fdt, rom);
}

static void t_bad_tree(void)
{
	static const uint32_t junk[16] = { 0x12345678 };
	unsigned long fdt = (unsigned long)(uintptr_t)junk;

	dt_fixup_copy(&fdt, (uintptr_t)ram, 4096);
	CHECK_EQ(fdt, (unsigned long)(uintptr_t)junk);
}

static void t_fdt_copy_bounds(void)
{
	uintptr_t rom = (uintptr_t)genesys2_dtb, dst = (uintptr_t)ram;

	memset(ram, 0x5a, sizeof(ram));
	CHECK_EQ(fdt_copy(dst, rom, sizeof(genesys2_dtb) - 1), FDT_ERR_NOSPACE);
	CHECK_EQ(fdt_copy(dst + 4, rom, sizeof(ram) - 4), FDT_ERR_NOSPACE);   /* not 8-aligned */
	CHECK_EQ(ram[0], 0x5a);
	CHECK_EQ(ram[4], 0x5a);
	CHECK_EQ(fdt_copy(dst, dst + 64, sizeof(ram)), FDT_ERR_BADTREE);
	CHECK_EQ(fdt_copy(dst, rom, sizeof(genesys2_dtb)), 0);
	CHECK(!memcmp(ram, genesys2_dtb, sizeof(genesys2_dtb)));
	CHECK_EQ(ram[sizeof(genesys2_dtb)], 0x5a);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_copy_then_reserve);
	RUN(t_testharness_timebase);
	RUN(t_timebase_bad_tree);
	RUN(t_no_room_passes_rom_tree);
	RUN(t_bad_tree);
	RUN(t_fdt_copy_bounds);
	return h_done();
}
