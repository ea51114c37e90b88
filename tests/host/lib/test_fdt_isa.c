/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_isa_remove (src/lib/fdt.c): extensions the firmware hides taken out of
 * the cpu nodes' riscv,isa and riscv,isa-extensions. Each tree is made by dtc
 * from the source here; the edited blob is read back by dtc and must be the
 * tree dtc makes from the expected source, so the header, the moved blocks
 * and every later property and name are checked, not only the edited value.
 */
#define _GNU_SOURCE   /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "lib/fdt.h"

#define BLOB_MAX 4096
static uint8_t blob[BLOB_MAX] __attribute__((aligned(8)));

/* dtc's output of `args` on the file holding `in` (n bytes) into out; its length. */
static size_t dtc(const char *args, const void *in, size_t n, void *out, size_t max)
{
	char path[] = "tally-fdt-isa-XXXXXX", cmd[256];   /* in the test's working folder */
	int fd = mkstemp(path);
	FILE *f;
	size_t got = 0;

	CHECK(fd >= 0);
	if (fd < 0)
		return 0;
	f = fdopen(fd, "wb");
	fwrite(in, 1, n, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "%s -q %s %s", DTC, args, path);
	f = popen(cmd, "r");
	CHECK(f != NULL);
	if (f) {
		got = fread(out, 1, max - 1, f);
		CHECK(pclose(f) == 0);
	}
	remove(path);
	((char *)out)[got] = 0;
	return got;
}

static uintptr_t make(const char *dts)
{
	memset(blob, 0, sizeof(blob));
	CHECK(dtc("-I dts -O dtb", dts, strlen(dts), blob, sizeof(blob)) > 40);
	return (uintptr_t)blob;
}

/* The blob as dtc reads it back, and the expected source as dtc prints it. */
static void same_tree(const char *want_dts)
{
	static char got[8192], want[8192];
	static uint8_t want_blob[BLOB_MAX];
	size_t n = dtc("-I dts -O dtb", want_dts, strlen(want_dts), want_blob, sizeof(want_blob));

	dtc("-I dtb -O dts", blob, fdt_totalsize((uintptr_t)blob), got, sizeof(got));
	dtc("-I dtb -O dts", want_blob, n, want, sizeof(want));
	CHECK(got[0] != 0);
	if (strcmp(got, want))
		printf("--- got\n%s--- want\n%s", got, want);
	CHECK(!strcmp(got, want));
}

static const char *const sstc[] = { "sstc" };

/* A tree with one cpu (isa and list as given), a memory reservation, and
 * nodes and properties after /cpus whose names must survive the move. */
static const char *tree(char *buf, size_t max, const char *isa, const char *list)
{
	snprintf(buf, max,
		 "/dts-v1/;\n/memreserve/ 0x80000000 0x40000;\n"
		 "/ { #address-cells = <2>; #size-cells = <2>; compatible = \"riscv-virtio\";\n"
		 "  cpus { #address-cells = <1>; #size-cells = <0>; timebase-frequency = <10000000>;\n"
		 "    cpu@0 { device_type = \"cpu\"; reg = <0>; %s%s%s %s%s%s mmu-type = \"riscv,sv39\";\n"
		 "      interrupt-controller { #interrupt-cells = <1>; compatible = \"riscv,cpu-intc\"; }; };\n"
		 "  };\n"
		 "  memory@80000000 { device_type = \"memory\"; reg = <0x0 0x80000000 0x0 0x8000000>; };\n"
		 "  soc { riscv,isa = \"rv64imac_sstc\"; uart@10000000 { compatible = \"ns16550a\"; }; };\n"
		 "};\n",
		 isa ? "riscv,isa = \"" : "", isa ? isa : "", isa ? "\";" : "",
		 list ? "riscv,isa-extensions = " : "", list ? list : "", list ? ";" : "");
	return buf;
}

/* One riscv,isa string before and after taking out the names in ext[]. */
static void isa_case(const char *before, const char *after, const char *const ext[], unsigned n)
{
	char a[2048], b[2048];

	make(tree(a, sizeof(a), before, NULL));
	CHECK_EQ(fdt_isa_remove((uintptr_t)blob, ext, n), strcmp(before, after) != 0);
	same_tree(tree(b, sizeof(b), after, NULL));
}

static void t_isa_string_positions(void)
{
	isa_case("rv64imafdc_zicsr_zifencei_sstc", "rv64imafdc_zicsr_zifencei", sstc, 1);   /* at the end */
	isa_case("rv64imac_sstc_zicsr", "rv64imac_zicsr", sstc, 1);                        /* first */
	isa_case("rv64imac_zicsr_sstc_zifencei", "rv64imac_zicsr_zifencei", sstc, 1);      /* middle */
	isa_case("rv64imacsstc_zicsr", "rv64imac_zicsr", sstc, 1);     /* right after the letters */
	isa_case("rv64imac_sstc", "rv64imac", sstc, 1);                /* the only one */
	isa_case("rv64imac_sstc1p0_zicsr", "rv64imac_zicsr", sstc, 1); /* with a version */
	isa_case("RV64IMAC_SSTC", "RV64IMAC", sstc, 1);                /* upper case */
	isa_case("rv64imac_sstc_sstc", "rv64imac", sstc, 1);           /* twice */
}

static void t_isa_string_left_alone(void)
{
	/* Names that merely contain it, or extend it, stay. */
	isa_case("rv64imac_zsstcfoo_sstcx_xsstc_ssstc_sstcp", "rv64imac_zsstcfoo_sstcx_xsstc_ssstc_sstcp",
		 sstc, 1);
	isa_case("rv64imac_zicsr", "rv64imac_zicsr", sstc, 1);         /* not there */
	isa_case("rv64ima", "rv64ima", sstc, 1);
	/* not an ISA string at all */
	isa_case("sstc", "sstc", sstc, 1);
}

static void t_isa_single_letter(void)
{
	static const char *const h_sstc[] = { "h", "sstc" };
	static const char *const h[] = { "h" };

	/* 'h' from the letters only, not from zihintpause; with sstc in one pass */
	isa_case("rv64imafdch_zicsr_zihintpause_sstc", "rv64imafdc_zicsr_zihintpause", h_sstc, 2);
	/* one byte shorter, same padding: nothing moves */
	isa_case("rv64imah", "rv64ima", h, 1);
	isa_case("rv64imah2p0c_zicsr", "rv64imac_zicsr", h, 1);       /* with its version */
	isa_case("rv64imac_zihintpause", "rv64imac_zihintpause", h, 1);
}

static void list_case(const char *before, const char *after)
{
	char a[2048], b[2048];

	make(tree(a, sizeof(a), "rv64imac_zicsr_sstc", before));
	CHECK_EQ(fdt_isa_remove((uintptr_t)blob, sstc, 1), 2);
	same_tree(tree(b, sizeof(b), "rv64imac_zicsr", after));
}

static void t_isa_extensions_list(void)
{
	list_case("\"i\", \"m\", \"a\", \"c\", \"zicsr\", \"sstc\", \"zsstcfoo\"",
		  "\"i\", \"m\", \"a\", \"c\", \"zicsr\", \"zsstcfoo\"");
	list_case("\"sstc\", \"i\", \"m\"", "\"i\", \"m\"");
	list_case("\"i\", \"sstc\"", "\"i\"");
	list_case("\"sstc\"", "[]");     /* every name gone: an empty property */
}

static void t_no_property(void)
{
	char a[2048];

	make(tree(a, sizeof(a), NULL, NULL));
	CHECK_EQ(fdt_isa_remove((uintptr_t)blob, sstc, 1), 0);
	same_tree(a);
	/* no /cpus at all; a riscv,isa outside it is not a hart's */
	make("/dts-v1/;\n/ { soc { riscv,isa = \"rv64imac_sstc\"; }; };\n");
	CHECK_EQ(fdt_isa_remove((uintptr_t)blob, sstc, 1), 0);
	same_tree("/dts-v1/;\n/ { soc { riscv,isa = \"rv64imac_sstc\"; }; };\n");
}

static void t_every_cpu(void)
{
	static const char *const fmt =
		"/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>;\n"
		"  cpu@0 { reg = <0>; riscv,isa = \"%s\"; riscv,isa-extensions = %s; status = \"okay\"; };\n"
		"  cpu@1 { reg = <1>; riscv,isa = \"%s\"; riscv,isa-extensions = %s; status = \"okay\"; };\n"
		"  cpu-map { cluster0 { core0 { cpu = <&{/cpus/cpu@0}>; }; }; }; };\n"
		"  chosen { stdout-path = \"/soc\"; }; soc { }; };\n";
	char a[2048], b[2048];

	snprintf(a, sizeof(a), fmt, "rv64imac_sstc_zicsr", "\"sstc\", \"zicsr\"",
		 "rv64imac_zicsr_sstc", "\"zicsr\", \"sstc\"");
	snprintf(b, sizeof(b), fmt, "rv64imac_zicsr", "\"zicsr\"", "rv64imac_zicsr", "\"zicsr\"");
	make(a);
	uint32_t total = fdt_totalsize((uintptr_t)blob);
	CHECK_EQ(fdt_isa_remove((uintptr_t)blob, sstc, 1), 4);
	CHECK_EQ(fdt_totalsize((uintptr_t)blob), total);   /* the freed bytes stay the blob's */
	same_tree(b);
}

static void t_bad_trees(void)
{
	char a[2048];
	uint8_t copy[BLOB_MAX];

	/* a broken token in /cpus after the property to edit: nothing written */
	make(tree(a, sizeof(a), "rv64imac_sstc", NULL));
	uint32_t total = fdt_totalsize((uintptr_t)blob);
	uint8_t *mmu = memmem(blob, total, "riscv,sv39", 11);
	CHECK(mmu != NULL);
	if (!mmu)
		return;
	mmu[-12] = 0x7f;     /* mmu-type's PROP token: len and name offset precede the value */
	memcpy(copy, blob, total);
	CHECK_EQ(fdt_isa_remove((uintptr_t)blob, sstc, 1), FDT_ERR_BADTREE);
	CHECK(!memcmp(copy, blob, total));
	/* not a tree */
	memset(blob, 0, 64);
	CHECK_EQ(fdt_isa_remove((uintptr_t)blob, sstc, 1), FDT_ERR_BADTREE);
	/* a property with no NUL inside its length: left alone */
	make("/dts-v1/;\n/ { cpus { cpu@0 { riscv,isa = [72 76 36 34 5f 73 73 74 63]; }; }; };\n");
	CHECK_EQ(fdt_isa_remove((uintptr_t)blob, sstc, 1), 0);
	same_tree("/dts-v1/;\n/ { cpus { cpu@0 { riscv,isa = [72 76 36 34 5f 73 73 74 63]; }; }; };\n");
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_isa_string_positions);
	RUN(t_isa_string_left_alone);
	RUN(t_isa_single_letter);
	RUN(t_isa_extensions_list);
	RUN(t_no_property);
	RUN(t_every_cpu);
	RUN(t_bad_trees);
	return h_done();
}
