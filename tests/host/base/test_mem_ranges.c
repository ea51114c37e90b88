/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * RAM from the device tree (issue 12): fdt_memory_ranges (src/lib/fdt.c) reads
 * every memory node and every range, dt_fixup (src/platform/common/dt.c) makes them the
 * RAM set, mem_add_ram (src/base/mem.c) keeps that set sorted and merged, and
 * sbi_mem_window checks buffers against it. The trees are real blobs, built
 * from the .dts files in mem/ by dtc at build time, read from DTB_DIR.
 */
#include <stdio.h>
#include <string.h>
#include "harness.h"
#include "lib/fdt.h"
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"
#include "platform/common/dt.h"

struct features features;
const struct platform platform = {
	.ram_base = 0x80000000UL,
	.ram_size = 0x8000000UL,     /* the board's build-time 128 MiB */
	.fdt_room = 1024,
};

static uint8_t blob[8192] __attribute__((aligned(8)));

static uintptr_t load(const char *name)
{
	char path[512];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s.dtb", DTB_DIR, name);
	memset(blob, 0, sizeof(blob));
	f = fopen(path, "rb");
	CHECK(f != NULL);
	if (!f)
		return 0;
	n = fread(blob, 1, sizeof(blob), f);
	fclose(f);
	CHECK(n > 40 && n < sizeof(blob) - platform.fdt_room);
	return (uintptr_t)blob;
}

/* As init.c starts: the board's RAM, the firmware at its base. */
/* The end of the last buffer the check accepted. */
static uint64_t end;

static void boot_state(void)
{
	memset(&features, 0, sizeof(features));
	features.fw_lo = 0x80000000;
	features.fw_hi = 0x80040000;
	CHECK(mem_add_ram(platform.ram_base, platform.ram_size));
}

static void t_qemu_4g(void)
{
	struct fdt_range r[4];
	unsigned long fdt = load("qemu-4g");

	CHECK_EQ(fdt_memory_ranges(fdt, r, 4), 1);
	CHECK_EQ(r[0].base, 0x80000000);
	CHECK_EQ(r[0].size, 0x100000000ULL);
	boot_state();
	dt_fixup(&fdt, 0x80000000, 0x40000);
	CHECK_EQ(features.num_ram, 1);
	CHECK_EQ(features.ram[0].lo, 0x80000000);
	CHECK_EQ(features.ram[0].hi, 0x180000000ULL);
	/* The top page: RAM where M-mode can reach it (not on a 32-bit build). */
	CHECK_EQ((sbi_mem_window(0x17ffff000ULL, 4096, &end) != 0), sizeof(uintptr_t) == 8);
	CHECK(!(sbi_mem_window(0x17ffff000ULL, 4097, &end) != 0));            /* one byte past the end */
	CHECK((sbi_mem_window(0x88000000, 4096, &end) != 0));                   /* past the build-time 128 MiB */
	CHECK(!(sbi_mem_window(0x80000000, 16, &end) != 0));                    /* the firmware */
	CHECK(!(sbi_mem_window(0x8003fff0, 32, &end) != 0));                    /* its last bytes */
	CHECK_EQ(sbi_mem_window(0x80040000, 16, &end), 0x80040000);  /* just past it: the address itself */
	CHECK_EQ(end, 0x80040010);                                        /* ... and the buffer's end */
	CHECK(!(sbi_mem_window(0x7ffffff0, 32, &end) != 0));                    /* from below RAM */
	CHECK((sbi_mem_window(0x80040000, 0, &end) != 0));                      /* empty: checked as its first byte */
	CHECK_EQ(end, 0x80040000);                                        /* ... but it ends where it starts */
	CHECK(!(sbi_mem_window(0x8003ffff, 0, &end) != 0));                     /* ... which is the firmware's */
	CHECK(!(sbi_mem_window(0x7fffffff, 0, &end) != 0));                     /* ... or below RAM */
	CHECK(!(sbi_mem_window(~0ULL, 0, &end) != 0));                          /* ... or the top, wrapping */
	CHECK(!(sbi_mem_window(0x180000000ULL, 0, &end) != 0));                 /* ... or just past RAM */
}

static void t_many_nodes(void)
{
	struct fdt_range r[8];
	unsigned long fdt = load("many");

	/* 80000000+0f000000, 1_00000000+100000, 90000000+1000, 90001000+1000 */
	CHECK_EQ(fdt_memory_ranges(fdt, r, 8), 4);
	CHECK_EQ(r[1].base, 0x100000000ULL);
	CHECK_EQ(r[1].size, 0x100000);
	CHECK_EQ(r[3].base, 0x90001000);
	boot_state();
	dt_fixup(&fdt, 0x80000000, 0x40000);
	CHECK_EQ(features.num_ram, 3);                         /* sorted, the touching pair merged */
	CHECK_EQ(features.ram[0].lo, 0x80000000);
	CHECK_EQ(features.ram[0].hi, 0x8f000000);
	CHECK_EQ(features.ram[1].lo, 0x90000000);
	CHECK_EQ(features.ram[1].hi, 0x90002000);
	CHECK_EQ(features.ram[2].lo, 0x100000000ULL);
	CHECK((sbi_mem_window(0x90000ff0, 32, &end) != 0));                     /* across the merged pair */
	CHECK(!(sbi_mem_window(0x8efffff0, 32, &end) != 0));                    /* into the gap after a range */
	CHECK(!(sbi_mem_window(0x90001ff0, 32, &end) != 0));                    /* off the end of the pair */
	CHECK(!(sbi_mem_window(0xa0000000, 16, &end) != 0));                    /* disabled node */
	CHECK(!(sbi_mem_window(0xb0000000, 16, &end) != 0));                    /* device_type "sram" */
	CHECK(!(sbi_mem_window(0x10000000, 16, &end) != 0));                    /* the UART's reg */
	CHECK_EQ((sbi_mem_window(0x1000ff000ULL, 4096, &end) != 0), sizeof(uintptr_t) == 8);
	/* Asking for fewer: the count says how many there are. */
	CHECK_EQ(fdt_memory_ranges(fdt, r, 1), 4);
	CHECK_EQ(r[0].base, 0x80000000);
}

static void t_one_cell(void)
{
	struct fdt_range r[2];
	unsigned long fdt = load("cells1");

	CHECK_EQ(fdt_memory_ranges(fdt, r, 2), 1);
	CHECK_EQ(r[0].base, 0x100000);
	CHECK_EQ(r[0].size, 0x20000);
	boot_state();
	dt_fixup(&fdt, 0x100000, 0x4000);
	CHECK_EQ(features.num_ram, 1);
	CHECK_EQ(features.ram[0].hi, 0x120000);
	CHECK(!(sbi_mem_window(0x80000000, 16, &end) != 0));                    /* the board's guess is gone */
}

static void t_too_many(void)
{
	struct fdt_range r[TALLY_MAX_RAM_RANGES];
	unsigned long fdt = load("toomany");

	CHECK_EQ(fdt_memory_ranges(fdt, r, TALLY_MAX_RAM_RANGES), 10);
	boot_state();
	dt_fixup(&fdt, 0x7ff00000, 0x1000);
	CHECK_EQ(features.num_ram, TALLY_MAX_RAM_RANGES);     /* the first 8 */
	CHECK((sbi_mem_window(0x80070000, 4096, &end) != 0));
	CHECK(!(sbi_mem_window(0x80080000, 16, &end) != 0));                    /* left out: closed */
	CHECK(!(sbi_mem_window(0x80000000, 0x2000, &end) != 0));                /* gaps between them */
}

static void t_no_memory_node(void)
{
	struct fdt_range r[2];
	unsigned long fdt = load("nomem");

	CHECK_EQ(fdt_memory_ranges(fdt, r, 2), 0);
	boot_state();
	dt_fixup(&fdt, 0x80000000, 0x40000);
	CHECK_EQ(features.num_ram, 1);                         /* the board's 128 MiB stay */
	CHECK((sbi_mem_window(0x87fff000, 4096, &end) != 0));
	CHECK(!(sbi_mem_window(0x88000000, 16, &end) != 0));
}

static void t_bad_reg(void)
{
	struct fdt_range r[2];
	unsigned long fdt = load("badreg");

	CHECK_EQ(fdt_memory_ranges(fdt, r, 2), FDT_ERR_BADTREE);
	boot_state();
	dt_fixup(&fdt, 0x80000000, 0x40000);
	CHECK_EQ(features.num_ram, 1);                         /* fallback */
	CHECK_EQ(features.ram[0].hi, 0x88000000);
	/* A truncated blob: the walk gives up, nothing is read past it. */
	static const uint32_t junk[16] = { 0xedfe0dd0 };
	CHECK_EQ(fdt_memory_ranges((uintptr_t)junk, r, 2), FDT_ERR_BADTREE);
}

static void t_add_ram_merges(void)
{
	memset(&features, 0, sizeof(features));
	CHECK(mem_add_ram(0x3000, 0x1000));
	CHECK(mem_add_ram(0x1000, 0x1000));
	CHECK(mem_add_ram(0x5000, 0x1000));
	CHECK_EQ(features.num_ram, 3);
	CHECK_EQ(features.ram[0].lo, 0x1000);                  /* sorted */
	CHECK_EQ(features.ram[2].lo, 0x5000);
	CHECK(mem_add_ram(0x2000, 0x1000));                    /* fills the first gap */
	CHECK_EQ(features.num_ram, 2);
	CHECK_EQ(features.ram[0].hi, 0x4000);
	CHECK(mem_add_ram(0x800, 0x10000));                    /* swallows everything */
	CHECK_EQ(features.num_ram, 1);
	CHECK_EQ(features.ram[0].lo, 0x800);
	CHECK_EQ(features.ram[0].hi, 0x10800);
	CHECK(!mem_add_ram(0x1000, 0));                        /* empty */
	CHECK(!mem_add_ram(~0ULL - 0xfff, 0x2000));            /* wraps */
	for (uint64_t i = 1; i < TALLY_MAX_RAM_RANGES; i++)
		CHECK(mem_add_ram(i << 20, 0x1000));
	CHECK_EQ(features.num_ram, TALLY_MAX_RAM_RANGES);
	CHECK(!mem_add_ram(0x40000000, 0x1000));               /* a ninth: no room */
	CHECK(mem_add_ram(0x101000, 0x1000));                  /* but merging still works */
	CHECK_EQ(features.ram[1].hi, 0x102000);
	CHECK(!(sbi_mem_window(0x10800, 1, &end) != 0));
	CHECK((sbi_mem_window(0x100ff0, 0x20, &end) != 0));
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_qemu_4g);
	RUN(t_many_nodes);
	RUN(t_one_cell);
	RUN(t_too_many);
	RUN(t_no_memory_node);
	RUN(t_bad_reg);
	RUN(t_add_ram_merges);
	return h_done();
}
