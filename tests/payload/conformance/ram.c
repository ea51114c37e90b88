/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * RAM as the device tree says: where it ends (the other checks' buffers
 * at the edge of RAM use it) and, with more RAM than usual, the top page
 * as an SBI buffer (issue 12); and the harts' ISA in the tree naming only
 * what S-mode is given.
 */
#include "conformance.h"

unsigned long ram_end;
uint64_t ram_end64;

/*
 * Just enough of the flattened device tree (devicetree spec 5) to find
 * the memory range the payload runs in: the root's #address-cells and
 * #size-cells (2.3.5), and the reg of each node named memory or memory@
 * (3.4). The payload reads the tree itself rather than through the
 * firmware's src/lib/fdt.c, so a parser error there cannot hide from the
 * checks that use the answer. Big-endian cells, tokens 4-byte aligned.
 */
#define FDT_MAGIC 0xd00dfeedu
enum { FDT_BEGIN_NODE = 1, FDT_END_NODE = 2, FDT_PROP = 3, FDT_NOP = 4, FDT_END = 9 };

static uint32_t be32(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static uint64_t cells(const uint8_t *p, uint32_t n)
{
	return n == 2 ? (uint64_t)be32(p) << 32 | be32(p + 4) : be32(p);
}

/*
 * Every property of the tree, in order, to visit(ctx, depth, node, name,
 * value, len) until it returns true (then true); node is the name of the
 * node at depth 2 (a child of the root) that holds the property, or "".
 */
typedef bool fdt_visit(void *ctx, uint32_t depth, const char *node, const char *name,
		       const uint8_t *value, uint32_t len);

static bool fdt_walk(unsigned long fdt, fdt_visit *visit, void *ctx)
{
	const uint8_t *blob = (const uint8_t *)fdt;
	const uint8_t *p, *strings;
	const char *node = "";
	uint32_t depth = 0;

	if (!fdt || be32(blob) != FDT_MAGIC)
		return false;
	p = blob + be32(blob + 8);            /* off_dt_struct */
	strings = blob + be32(blob + 12);     /* off_dt_strings */
	for (;;) {
		uint32_t tok = be32(p), len;
		const char *name;

		p += 4;
		switch (tok) {
		case FDT_BEGIN_NODE:
			name = (const char *)p;
			if (++depth == 2)
				node = name;
			p += (strlen(name) + 4) & ~3UL;
			break;
		case FDT_END_NODE:
			depth--;
			break;
		case FDT_PROP:
			len = be32(p);
			name = (const char *)strings + be32(p + 4);
			p += 8;
			if (visit(ctx, depth, node, name, p, len))
				return true;
			p += (len + 3) & ~3UL;
			break;
		case FDT_NOP:
			break;
		default:   /* FDT_END, or a token this walk does not know */
			return false;
		}
	}
}

struct ram_find { uint64_t addr, end; uint32_t acells, scells; };

static bool ram_visit(void *ctx, uint32_t depth, const char *node, const char *name,
		      const uint8_t *p, uint32_t len)
{
	struct ram_find *f = ctx;
	uint32_t step = 4 * (f->acells + f->scells);

	if (depth == 1 && !strcmp(name, "#address-cells"))
		f->acells = be32(p);
	else if (depth == 1 && !strcmp(name, "#size-cells"))
		f->scells = be32(p);
	else if (depth == 2 && (!strcmp(node, "memory") || !strncmp(node, "memory@", 7)) &&
		 !strcmp(name, "reg"))
		for (uint32_t i = 0; i + step <= len; i += step) {
			uint64_t base = cells(p + i, f->acells);
			uint64_t size = cells(p + i + 4 * f->acells, f->scells);

			if (f->addr >= base && f->addr - base < size) {
				f->end = base + size;
				return true;
			}
		}
	return false;
}

/* End of the memory range holding 'addr', or 0 if the tree has none. */
static uint64_t fdt_ram_end(unsigned long fdt, uint64_t addr)
{
	struct ram_find f = { .addr = addr, .acells = 2, .scells = 1 };

	return fdt_walk(fdt, ram_visit, &f) ? f.end : 0;
}

#ifndef UMODE
/* Does isa (a riscv,isa string) name ext as one of its '_'-separated names? */
static bool isa_names(const char *isa, const char *ext)
{
	size_t n = strlen(ext);

	for (const char *p = isa; *p; p++)
		if (*p == '_' && !strncmp(p + 1, ext, n) && (p[1 + n] == '_' || p[1 + n] == 0))
			return true;
	return false;
}

/* Does a cpu node under /cpus list ext, in riscv,isa or riscv,isa-extensions? */
static bool cpu_visit(void *ctx, uint32_t depth, const char *node, const char *name,
		      const uint8_t *p, uint32_t len)
{
	const char *ext = ctx;

	if (depth != 3 || strcmp(node, "cpus") || !len || p[len - 1])
		return false;
	if (!strcmp(name, "riscv,isa"))
		return isa_names((const char *)p, ext);
	if (!strcmp(name, "riscv,isa-extensions"))
		for (uint32_t i = 0; i < len; i += strlen((const char *)p + i) + 1)
			if (!strcmp((const char *)p + i, ext))
				return true;
	return false;
}

static bool fdt_cpu_lists(unsigned long fdt, const char *ext)
{
	return fdt_walk(fdt, cpu_visit, (void *)ext);
}

/* Does reading this CSR trap (not there, or not given to S-mode)? */
#define CSR_TRAPS(csr) ({ catch_begin(); \
	__asm__ volatile("csrr zero, " #csr ::: "memory"); \
	catch_end(); n_traps != 0; })

/*
 * The tree the payload got names only what S-mode may use: an OS that reads
 * sstc there writes stimecmp, which traps while the firmware keeps
 * menvcfg.STCE clear (the CVA6 images on QEMU's tree, which has sstc).
 */
void test_dt_isa(unsigned long fdt)
{
	bool sstc = fdt_cpu_lists(fdt, "sstc"), sscofpmf = fdt_cpu_lists(fdt, "sscofpmf");

	if (!fdt)
		return;
	if (CSR_TRAPS(0x14d))        /* stimecmp */
		check_eq(sstc, 0, "dt: stimecmp traps, and no cpu's riscv,isa lists sstc");
	else
		check_eq(sstc, 1, "dt: stimecmp is S-mode's, and the cpus list sstc");
	if (CSR_TRAPS(0xda0))        /* scountovf */
		check_eq(sscofpmf, 0, "dt: scountovf traps, and no cpu lists sscofpmf");
}
#else
void test_dt_isa(unsigned long fdt) { }   /* U-mode: no tree (a1 = 0), no S-mode CSR */
#endif

/*
 * The other checks put buffers at the edge of RAM (the last bytes are
 * good, one past is not), so they need to know where it is: on the CVA6
 * testharness that is 1 GiB up, on QEMU what -m said. Where a build
 * knows what the run was given (RAM_END64), the tree must say the same.
 */
void ram_from_device_tree(unsigned long fdt)
{
	ram_end64 = fdt_ram_end(fdt, (unsigned long)&ram_end);
#ifdef BOARD_RAM_END
	/* A board the firmware hands no device tree (a1 = 0: the Ibex systems). */
	if (!fdt) {
		ram_end = BOARD_RAM_END;
		ram_end64 = BOARD_RAM_END;
		printf("# no device tree: RAM ends at 0x%lx, as the board says\n", ram_end);
		return;
	}
#endif
	check_that(ram_end64 != 0, (unsigned long)ram_end64, "a memory range holding the payload",
		   "ram: the device tree at 0x%lx has the payload's memory range", fdt);
#ifdef RAM_END64
	check_eq(ram_end64 == RAM_END64, 1, "ram: ... ending where the run's RAM ends");
#endif
	/* rv32 with RAM past 4 GiB (BIG_RAM_ONLY) runs no check that uses ram_end. */
	ram_end = ram_end64 > UINTPTR_MAX ? 0 : (unsigned long)ram_end64;
	printf("# RAM ends at 0x%lx%08lx\n", (unsigned long)(ram_end64 >> 32),
	       (unsigned long)(uint32_t)ram_end64);
}

#ifdef RAM_END64
#if XLEN == 32 && defined(SV32_ABOVE_4G)
/*
 * Sv32 gives S-mode 34-bit physical addresses, and Tally's PMP leaves all
 * of them open (pmpaddr1 = all ones, NAPOT: 2^35 bytes on rv32, priv spec
 * 3.7.1). Off unless SV32_ABOVE_4G is defined, because QEMU 7.2 cannot do
 * it: with -d guest_errors,mmu it logs "riscv_cpu_tlb_fill address=c0000000
 * ret 0 physical 0000000100000000" (translation and PMP passed) and then
 * "Invalid write at addr 0x0": qemu-system-riscv32 drops bits 32-33 on
 * the bus, with -cpu rv32,pmp=false too. A newer QEMU or real hardware
 * can run it.
 *
 * One root table of 4 MiB megapages: 0x80000000..0x88000000 mapped to itself (this payload, its
 * stack and data, the trap vector), and VA 0xC0000000 to PA 0x1_0000_0000.
 */
static uint32_t sv32_root[1024] __attribute__((aligned(4096)));
#define PTE_VRWAD 0xc7u            /* valid, readable, writable, accessed, dirty */
#define PTE_X 0x08u
#define HIGH_VA 0xc0000000UL

/* Store through Sv32 to physical 0x1_0000_0000 and read it back. */
static void test_sv32_above_4g(void)
{
	volatile uint32_t *p = (volatile uint32_t *)HIGH_VA;
	uint32_t got = 0;

	for (unsigned long va = 0x80000000UL; va < 0x88000000UL; va += 1UL << 22)
		sv32_root[va >> 22] = (uint32_t)((va >> 12) << 10) | PTE_VRWAD | PTE_X;
	sv32_root[HIGH_VA >> 22] = (uint32_t)((0x100000000ULL >> 12) << 10) | PTE_VRWAD;
	__asm__ volatile("sfence.vma\n\tcsrw satp, %0\n\tsfence.vma"
			 :: "r"((1UL << 31) | ((unsigned long)sv32_root >> 12)) : "memory");
	catch_begin();
	*p = 0x5eedf00d;
	got = *p;
	catch_end();
	__asm__ volatile("csrw satp, zero\n\tsfence.vma" ::: "memory");
	check_eq(n_traps, 0, "ram: Sv32 store and load at physical 0x1_0000_0000 do not fault");
	if (n_traps)
		printf("#   scause 0x%lx stval 0x%lx\n", last_cause, last_tval);
	check_eq(got, 0x5eedf00d, "ram: ... and read back what was stored");
}
#endif

/*
 * Tally reads RAM from every memory node of the tree, so the top page of
 * a big RAM (above 4 GiB with -m 4G) is as good for SBI buffers as the
 * payload's own: DBCN, snapshot memory, event_get_info, a hart_start
 * address. On rv32 the firmware runs with translation off and reaches only
 * the first 4 GiB: the top page it can use is 0xfffff000, and RAM above
 * (a base_addr_hi) is refused.
 */
void test_big_ram(unsigned long hartid)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	const unsigned long inaddr = (unsigned long)SBI_ERR_INVALID_ADDRESS;
	const uint64_t top64 = ram_end64 - 4096;
	const unsigned long top = top64 > UINTPTR_MAX ? (unsigned long)(UINTPTR_MAX - 4095) : (unsigned long)top64;
	const unsigned long ev = PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN);
	struct ev_entry *e = (struct ev_entry *)top;
	uint64_t *sn = (uint64_t *)top;
	unsigned long c;
	struct sbiret r;

	printf("# RAM ends at 0x%lx%08lx; top page the firmware can reach: 0x%lx\n",
	       (unsigned long)(ram_end64 >> 32), (unsigned long)(uint32_t)ram_end64, top);
	memcpy((void *)(top + 4088), "[top]\n\n\n", 8);
	r = dbcn(0, 8, top + 4088, 0);
	check_eq(r.error, 0, "ram: dbcn write from the last 8 bytes of the top page 0x%lx", top);
	check_eq(r.uvalue, 8, "ram: ... writes all 8");
#if XLEN == 64
	check_eq(dbcn(0, 16, top + 4088, 0).error, inval, "ram: dbcn write running off the end of RAM");
	check_eq(set_shmem(ram_end64, 0, 0).error, inaddr, "ram: shmem just past the end of RAM: INVALID_ADDRESS");
	check_eq(sbi_ecall(SBI_EXT_HSM, 0, hartid, ram_end64, 0, 0, 0, 0).error, inaddr,
		 "ram: hart_start address past the end of RAM: INVALID_ADDRESS");
#else
	check_eq(dbcn(0, 8, LO(ram_end64 - 8), HI(ram_end64 - 8)).error, inval,
		 "ram: dbcn write from RAM above 4 GiB (base_addr_hi != 0): out of the firmware's reach");
	check_eq(set_shmem(LO(top64), HI(top64), 0).error, inaddr,
		 "ram: shmem in RAM above 4 GiB: INVALID_ADDRESS (out of the firmware's reach)");
#endif
	/* The address is good, so the answer is about the hart: it runs already. */
	check_eq(sbi_ecall(SBI_EXT_HSM, 0, hartid, top, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_ALREADY_AVAILABLE, "ram: hart_start(self, top page): address accepted");

	memset(sn, 0xa5, 4096);
	check_eq(set_shmem(top, 0, 0).error, 0, "ram: snapshot shared memory in the top page");
	r = cfg_match(fw_base, ALL_FW_MASK, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, ev, 0);
	c = r.uvalue;
	check_eq(r.error, 0, "ram: a firmware counter for illegal instructions");
	caught_illegal_insn();
	check_eq(sbi_pmu_counter_stop(c, 1, PMU_STOP_TAKE_SNAPSHOT | PMU_STOP_RESET).error, 0,
		 "ram: stop with TAKE_SNAPSHOT");
	check_eq(sn[1], 1, "ram: ... the count landed in the top page");
	check_eq(set_shmem(~0UL, ~0UL, 0).error, 0, "ram: snapshot memory off again");

	memset(e, 0, 2 * sizeof(*e));
	e[0].event_idx = (uint32_t)ev;
	e[1].output = 0xdeadbeef;
	check_eq(ev_info(top, 0, 1, 0).error, 0, "ram: event_get_info with its buffer in the top page");
	check_eq(e[0].output, 1, "ram: ... ILLEGAL_INSN is supported");
	check_eq(e[1].output, 0xdeadbeef, "ram: ... and nothing past the one entry written");
#if XLEN == 32 && defined(SV32_ABOVE_4G)
	test_sv32_above_4g();
#endif
}
#endif
