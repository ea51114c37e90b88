/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hypervisor test payload: an HS-mode payload that runs a small
 * VS-mode guest (hyp_entry.S) and checks what the firmware below it must
 * get right for a hypervisor: the traps it delegates (VS ecall, the guest-
 * page faults, virtual instructions), the ones it takes and passes on
 * (to VS where hedeleg says, else to HS with hstatus and htval as the
 * privileged spec says), what it emulates for a guest (misaligned accesses
 * through both stages of translation, rdtime with htimedelta), timer
 * interrupts reaching the guest through HS, and (hyp_sse.c) an SSE event
 * that interrupts the guest.
 *
 * The G-stage maps the superpage that holds the payload onto itself in 4
 * KiB pages, all but one: the page after `data`'s first, so that an access
 * that crosses from one into the other faults in its second half. The
 * optional VS stage maps the same superpage onto itself, and a window at
 * GVA 0x40000000 whose pages lead to a guest-physical address above 4 GiB
 * (not mapped), to `data` and to the hole: there stval (a guest virtual
 * address) and htval (a guest physical one, shifted right by 2) differ.
 */
#include <tally/sbi.h>
#include "check.h"
#include "ext_test.h"
#include "hyp.h"

#define PAGE 4096UL
#if __riscv_xlen == 64
#define SUPER (2UL << 20)            /* an Sv39x4 level-1 leaf's reach */
#define HGATP_MODE (8UL << 60)       /* Sv39x4 */
#define SATP_MODE (8UL << 60)        /* Sv39 */
#define G_ROOT_ENTRIES 2048
#else
#define SUPER (4UL << 20)            /* an Sv32x4 level-1 leaf's reach */
#define HGATP_MODE (1UL << 31)       /* Sv32x4 */
#define SATP_MODE (1UL << 31)        /* Sv32 */
#define G_ROOT_ENTRIES 4096
#endif
#define PTE_V 0x01UL
#define PTE_RWX 0x0eUL
#define PTE_U 0x10UL
#define PTE_AD 0xc0UL
/* a PTE for a physical address (up to 34 bits on rv32: Sv32's PPN has 22) */
static unsigned long pte(uint64_t pa, unsigned long flags)
{
	return (unsigned long)(pa >> 12 << 10) | flags;
}
#define PTE(p, flags) pte((uintptr_t)(p), flags)

#define GVA_WIN 0x40000000UL
#define GPA_HIGH 0x240000000ULL      /* above 4 GiB, and unmapped */
#define TIMER_TICKS 20000UL          /* HS's timer and vstimecmp: 2 ms at QEMU's 10 MHz */

extern char __payload_start[], _end[];

/* Both root tables are 16 KiB, 16 KiB aligned (x4: two more bits of index). */
static unsigned long g_root[G_ROOT_ENTRIES] __attribute__((aligned(16384)));
static unsigned long g_leaf[PAGE / sizeof(unsigned long)] __attribute__((aligned(PAGE)));
static unsigned long vs_root[PAGE / sizeof(unsigned long)] __attribute__((aligned(PAGE)));
static unsigned long vs_leaf[PAGE / sizeof(unsigned long)] __attribute__((aligned(PAGE)));
#if __riscv_xlen == 64
static unsigned long g_mid[512] __attribute__((aligned(PAGE)));
static unsigned long vs_mid[512] __attribute__((aligned(PAGE)));
#endif
/*
 * data[0] is mapped, data[1] is the G-stage's hole. The misaligned case
 * refills data[0] from `pattern` and compares it after every store: word
 * by word, so that a page costs a few thousand cycles on an RTL model.
 */
union page {
	uint8_t b[PAGE];
	unsigned long w[PAGE / sizeof(unsigned long)];
};
static volatile union page data[2] __attribute__((aligned(PAGE)));
static union page pattern;
static unsigned long guest_stack[512] __attribute__((aligned(16)));
static struct vcpu vcpu;
static unsigned long super_base;
static bool have_sstc;

static unsigned long gpa_far(void) { return super_base + SUPER + 0x124; }

static void map_gstage(void)
{
	unsigned long base = super_base, hole = (unsigned long)&data[1];

	for (unsigned i = 0; i < SUPER / PAGE; i++) {
		unsigned long pa = base + i * PAGE;
		g_leaf[i] = pa == hole ? 0 : PTE(pa, PTE_V | PTE_RWX | PTE_U | PTE_AD);
	}
#if __riscv_xlen == 64
	g_mid[(base >> 21) & 511] = PTE(g_leaf, PTE_V);
	g_root[base >> 30] = PTE(g_mid, PTE_V);
#else
	g_root[base >> 22] = PTE(g_leaf, PTE_V);
#endif
	csr_write(CSR_HGATP, HGATP_MODE | ((unsigned long)g_root >> 12));
	hfence_all();
}

static void map_vs_stage(void)
{
	unsigned long base = super_base;

	vs_leaf[0] = pte(GPA_HIGH, PTE_V | PTE_RWX | PTE_AD);
	vs_leaf[1] = PTE(&data[0], PTE_V | PTE_RWX | PTE_AD);
	vs_leaf[2] = PTE(&data[1], PTE_V | PTE_RWX | PTE_AD);
#if __riscv_xlen == 64
	vs_root[base >> 30] = PTE(base & ~((1UL << 30) - 1), PTE_V | PTE_RWX | PTE_AD);
	vs_mid[0] = PTE(vs_leaf, PTE_V);
	vs_root[GVA_WIN >> 30] = PTE(vs_mid, PTE_V);
#else
	vs_root[base >> 22] = PTE(base, PTE_V | PTE_RWX | PTE_AD);
	vs_root[GVA_WIN >> 22] = PTE(vs_leaf, PTE_V);
#endif
}

static void vs_stage(bool on)
{
	csr_write(CSR_VSATP, on ? SATP_MODE | ((unsigned long)vs_root >> 12) : 0);
	hfence_all();
}

/* ---- running the guest ---------------------------------------------------- */

struct vcpu *guest(char *entry)
{
	unsigned long gp;

	__asm__ volatile("mv %0, gp" : "=r"(gp));
	memset(&vcpu, 0, sizeof(vcpu));
	vcpu.pc = (unsigned long)entry;
	vcpu.regs[2] = (unsigned long)&guest_stack[512];
	vcpu.regs[3] = gp;
	return &vcpu;
}

/*
 * Enter (or resume) the guest in VS-mode until its next trap into HS.
 * hstatus.SPVP and GVA are set to what the trap must change them from
 * (spvp 0: the trap from VS-mode sets it; gva: the opposite of what the
 * coming trap writes), so that a trap that leaves them alone is seen.
 */
void enter(struct vcpu *v, bool spvp, bool gva)
{
	csr_set(CSR_HSTATUS, HSTATUS_SPV);
	if (spvp)
		csr_set(CSR_HSTATUS, HSTATUS_SPVP);
	else
		csr_clear(CSR_HSTATUS, HSTATUS_SPVP);
	if (gva)
		csr_set(CSR_HSTATUS, HSTATUS_GVA);
	else
		csr_clear(CSR_HSTATUS, HSTATUS_GVA);
	csr_set(0x100, SSTATUS_SPP);         /* sstatus: return to VS-mode, not VU */
	hyp_run(v);
}

static unsigned insn_len(unsigned long pc)
{
	return (*(volatile uint16_t *)pc & 3) == 3 ? 4 : 2;
}

static uint32_t insn_at(unsigned long pc)
{
	volatile uint16_t *p = (volatile uint16_t *)pc;
	return insn_len(pc) == 4 ? (uint32_t)p[0] | (uint32_t)p[1] << 16 : p[0];
}

bool is_exit(struct vcpu *v)
{
	return v->scause == CAUSE_VS_ECALL && v->regs[17] == GUEST_EXIT;
}

/* The trap came from the guest in VS-mode: hstatus.SPV and SPVP set. */
void check_from_vs(struct vcpu *v, const char *name)
{
	check_that((v->hstatus & (HSTATUS_SPV | HSTATUS_SPVP)) == (HSTATUS_SPV | HSTATUS_SPVP),
		   v->hstatus, "SPV and SPVP set", "%s: hstatus.SPV = 1, SPVP = 1 (from VS-mode)", name);
}

/*
 * Resume past the instruction that trapped and expect the guest's exit;
 * the same trap again is skipped too (rv32's rdtime program has three
 * instructions that trap alike).
 */
static bool finish(struct vcpu *v, const char *name)
{
	unsigned long cause = v->scause;

	for (int n = 0; n < 3 && v->scause == cause; n++) {
		v->pc += insn_len(v->pc);
		enter(v, false, false);
	}
	return check_that(is_exit(v), v->scause, "the guest's exit ecall",
			  "%s: the guest resumed and finished (scause 0x%lx sepc 0x%lx)", name,
			  v->scause, v->pc);
}

/* ---- 1: VS ecall ---------------------------------------------------------- */

static void case_ecall(void)
{
	struct vcpu *v = guest(guest_ecall);
	unsigned bad = 0;

	for (unsigned i = 10; i <= 17; i++)
		v->regs[i] = 0x5ec0a000UL + i;
	enter(v, false, true);
	check_eq(v->scause, CAUSE_VS_ECALL, "ecall: a VS ecall reaches HS with scause 10");
	check_eq(v->pc, (unsigned long)guest_ecall, "ecall: sepc is the guest's ecall");
	for (unsigned i = 10; i <= 17; i++)
		if (v->regs[i] != 0x5ec0a000UL + i)
			bad = i;
	check_eq(bad, 0, "ecall: a0..a7 as the guest set them (bad x%u)", bad);
	check_from_vs(v, "ecall");
	check_eq(v->hstatus & HSTATUS_GVA, 0, "ecall: hstatus.GVA = 0 (no guest address in stval)");
	check_eq(v->stval, 0, "ecall: stval = 0");
	check_eq(v->htval, 0, "ecall: htval = 0");
	check_eq(v->htinst, 0, "ecall: htinst = 0");
	v->regs[10] = 0x600dUL;
	v->pc += 4;
	enter(v, false, false);
	check_that(is_exit(v) && v->regs[10] == 0x600eUL, v->regs[10], "0x600e",
		   "ecall: resumed after the ecall, the guest got HS's answer in a0");
}

/* ---- 2: guest-page faults -------------------------------------------------- */

/*
 * htinst for a load or store may be 0 or the trapping instruction
 * transformed (privileged spec, "Transformed Instruction or
 * Pseudoinstruction for mtinst or htinst"): the immediate cleared, rs1
 * holding the faulting address's offset from the original one, and for a
 * compressed instruction its 32-bit equivalent with bit 1 clear.
 */
static uint32_t transformed(uint32_t insn, unsigned long offset)
{
	uint32_t t;

	if ((insn & 3) != 3) {
		/* c.lw/c.ld (funct3 2/3, quadrant 0) and c.sw/c.sd (6/7): rd' / rs2' at 4:2 */
		unsigned f3 = insn >> 13, r = 8 + ((insn >> 2) & 7);
		if (f3 >= 6)
			t = (uint32_t)r << 20 | (uint32_t)(f3 - 4) << 12 | 0x23;
		else
			t = (uint32_t)f3 << 12 | (uint32_t)r << 7 | 0x03;
		return (t | (uint32_t)offset << 15) & ~2u;
	}
	if ((insn & 0x7f) == 0x23)       /* store: imm at 31:25 and 11:7 */
		t = insn & 0x01fff07fu;
	else if ((insn & 0x7f) == 0x2f)  /* AMO: no immediate */
		t = insn & ~(0x1fu << 15);
	else                             /* load: imm at 31:20 */
		t = insn & 0x000fffffu & ~(0x1fu << 15);
	return t | (uint32_t)offset << 15;
}

static void check_htinst(struct vcpu *v, unsigned long addr, const char *name)
{
	uint32_t want = transformed(insn_at(v->pc), v->stval - addr);

	check_that(v->htinst == 0 || v->htinst == want, v->htinst, "0 or the transformed instruction",
		   "%s: htinst 0 or the transformed instruction (0x%lx)", name, (unsigned long)want);
}

/* A guest-page fault: cause, sepc, stval (gva), htval (gpa >> 2), GVA. */
static void check_gpf(struct vcpu *v, unsigned long cause, unsigned long pc, unsigned long gva,
		      uint64_t gpa, const char *name)
{
	check_eq(v->scause, cause, "%s: scause %lu", name, cause);
	check_eq(v->pc, pc, "%s: sepc", name);
	check_eq(v->stval, gva, "%s: stval = the guest virtual address", name);
	check_eq(v->htval, (unsigned long)(gpa >> 2), "%s: htval = guest physical address >> 2", name);
	check_that(v->hstatus & HSTATUS_GVA, v->hstatus, "GVA set", "%s: hstatus.GVA = 1", name);
	check_from_vs(v, name);
}

static void case_gpf(bool vs_on)
{
	const char *mode = vs_on ? "VS stage Sv" : "VS stage bare";
	unsigned long gva = vs_on ? GVA_WIN + 0x28 : gpa_far();
	uint64_t gpa = vs_on ? GPA_HIGH + 0x28 : gpa_far();
	char name[64];
	struct vcpu *v;

	vs_stage(vs_on);
	snprintf(name, sizeof(name), "gpf load, %s", mode);
	v = guest(guest_load);
	v->regs[11] = gva;
	enter(v, false, false);
	check_gpf(v, CAUSE_LOAD_GUEST_PF, (unsigned long)guest_load, gva, gpa, name);
	check_htinst(v, gva, name);
	finish(v, name);

	snprintf(name, sizeof(name), "gpf store, %s", mode);
	v = guest(guest_store);
	v->regs[11] = gva;
	enter(v, false, false);
	check_gpf(v, CAUSE_STORE_GUEST_PF, (unsigned long)guest_store, gva, gpa, name);
	check_htinst(v, gva, name);
	finish(v, name);

	snprintf(name, sizeof(name), "gpf amo, %s", mode);
	v = guest(guest_amo);
	v->regs[11] = gva;
	enter(v, false, false);
	check_gpf(v, CAUSE_STORE_GUEST_PF, (unsigned long)guest_amo, gva, gpa, name);
	check_htinst(v, gva, name);
	finish(v, name);

	/* a fetch: sepc and stval are where the guest jumped; resume at its ra */
	snprintf(name, sizeof(name), "gpf fetch, %s", mode);
	gva &= ~3UL;
	gpa &= ~3ULL;
	v = guest(guest_fetch);
	v->regs[11] = gva;
	enter(v, false, false);
	check_gpf(v, CAUSE_FETCH_GUEST_PF, gva, gva, gpa, name);
	check_eq(v->htinst, 0, "%s: htinst = 0", name);
	check_eq(v->regs[1], (unsigned long)guest_fetch_ret, "%s: ra is after the call", name);
	v->pc = v->regs[1];
	enter(v, false, false);
	check_that(is_exit(v), v->scause, "the guest's exit ecall", "%s: the guest resumed at ra and finished",
		   name);
	vs_stage(false);
}

/* ---- 3: virtual instructions ---------------------------------------------- */

static void virtual_insn(char *entry, const char *name)
{
	struct vcpu *v = guest(entry);
	uint32_t insn = insn_at((unsigned long)entry);

	enter(v, false, true);
	check_eq(v->scause, CAUSE_VIRTUAL_INSN, "%s: virtual-instruction trap (scause 22)", name);
	check_eq(v->pc, (unsigned long)entry, "%s: sepc is the instruction", name);
	check_that(v->stval == 0 || v->stval == insn, v->stval, "0 or the instruction",
		   "%s: stval 0 or the instruction (0x%lx)", name, (unsigned long)insn);
	check_eq(v->htinst, 0, "%s: htinst = 0", name);
	check_eq(v->hstatus & HSTATUS_GVA, 0, "%s: hstatus.GVA = 0", name);
	check_from_vs(v, name);
	finish(v, name);
}

static void case_virtual_insn(void)
{
	virtual_insn(guest_csr_hstatus, "virtual insn: csrr hstatus in VS");
	csr_set(CSR_HSTATUS, HSTATUS_VTW);
	virtual_insn(guest_wfi, "virtual insn: wfi in VS with hstatus.VTW");
	csr_clear(CSR_HSTATUS, HSTATUS_VTW);
}

/*
 * The guest's illegal instruction is unimp (csrrw x0, cycle, x0): a write
 * to a read-only CSR, illegal in HS-mode, so not "HS-qualified" and an
 * illegal instruction in VS-mode too, whatever hcounteren says (privileged
 * spec, "Virtual-Instruction Exceptions"). CVA6 (6cb20010, the H model)
 * looks at hcounteren first: with CY clear it raises a virtual instruction
 * straight to HS (medeleg), the firmware never sees it. The checks of where
 * the firmware sends an illegal instruction run with CY set, where every
 * core raises it; the one with CY clear expects CVA6's answer by name and
 * the spec's everywhere else.
 */
#define MVENDORID_OPENHW 0x602UL
#define MARCHID_CVA6     3UL
#define ERRATUM_CVA6_UNIMP "CVA6 erratum: unimp in VS-mode with hcounteren.CY clear is a virtual instruction"

static bool is_cva6(void)
{
	return sbi_get_mvendorid().value == MVENDORID_OPENHW && sbi_get_marchid().value == MARCHID_CVA6;
}

static void unimp_cy_clear(void)
{
	const char *name = "illegal, hcounteren.CY clear";
	struct vcpu *v = guest(guest_illegal);
	bool cva6 = is_cva6();

	csr_clear(CSR_HCOUNTEREN, 1UL << 0);
	enter(v, false, false);
	if (cva6)
		check_eq(v->scause, CAUSE_VIRTUAL_INSN, "%s: HS gets scause 22 (%s)", name, ERRATUM_CVA6_UNIMP);
	else
		check_eq(v->scause, CAUSE_ILLEGAL_INSN, "%s: HS gets scause 2 (not a virtual instruction)", name);
	check_eq(insn_at(v->pc), 0xc0001073u, "%s: sepc is the instruction", name);
	finish(v, name);
}

/*
 * An exception the firmware may take itself (illegal instruction) goes to
 * the guest's handler with hedeleg bit 2 set, and to HS without it.
 */
static void case_illegal(void)
{
	struct vcpu *v;
	unsigned long pc;

	unimp_cy_clear();
	v = guest(guest_illegal);
	csr_set(CSR_HCOUNTEREN, 1UL << 0);   /* CY: see above */
	csr_set(CSR_HEDELEG, 1UL << CAUSE_ILLEGAL_INSN);
	csr_write(CSR_VSTVEC, 0);
	enter(v, false, false);
	check_that(v->scause == CAUSE_VS_ECALL && v->regs[17] == GUEST_VSTRAP, v->scause,
		   "the guest handler's ecall", "illegal, hedeleg: reaches the guest's own handler");
	check_eq(v->regs[10], CAUSE_ILLEGAL_INSN, "illegal, hedeleg: the guest sees scause 2");
	pc = v->regs[11];
	check_eq(insn_at(pc), 0xc0001073u, "illegal, hedeleg: the guest's sepc is the instruction");
	check_that(v->regs[12] == 0 || v->regs[12] == 0xc0001073u, v->regs[12], "0 or the instruction",
		   "illegal, hedeleg: the guest's stval");
	v->regs[11] = pc + 4;
	v->pc += 4;
	enter(v, false, false);
	check_that(is_exit(v) && v->regs[10] == CAUSE_ILLEGAL_INSN, v->regs[10], "2",
		   "illegal, hedeleg: the guest's handler returned and the guest finished");
	csr_clear(CSR_HEDELEG, 1UL << CAUSE_ILLEGAL_INSN);

	v = guest(guest_illegal);
	enter(v, false, true);
	check_eq(v->scause, CAUSE_ILLEGAL_INSN, "illegal, no hedeleg: HS gets scause 2");
	check_eq(insn_at(v->pc), 0xc0001073u, "illegal, no hedeleg: sepc is the instruction");
	check_that(v->stval == 0 || v->stval == 0xc0001073u, v->stval, "0 or the instruction",
		   "illegal, no hedeleg: stval");
	check_eq(v->hstatus & HSTATUS_GVA, 0, "illegal, no hedeleg: hstatus.GVA = 0");
	check_from_vs(v, "illegal, no hedeleg");
	if (finish(v, "illegal, no hedeleg"))
		check_eq(v->regs[10], 0, "illegal, no hedeleg: the guest's handler did not run");
	csr_clear(CSR_HCOUNTEREN, 1UL << 0);
}

/* ---- 4: misaligned accesses ------------------------------------------------ */

struct access { const char *name; char *entry; unsigned width, store, sign; };
static const struct access accesses[] = {
	{ "lh", guest_lh, 2, 0, 1 }, { "lhu", guest_lhu, 2, 0, 0 }, { "lw", guest_lw, 4, 0, 1 },
	{ "c.lw", guest_c_lw, 4, 0, 1 }, { "sh", guest_sh, 2, 1, 0 }, { "sw", guest_sw, 4, 1, 0 },
	{ "c.sw", guest_c_sw, 4, 1, 0 },
#if __riscv_xlen == 64
	{ "lwu", guest_lwu, 4, 0, 0 }, { "ld", guest_ld, 8, 0, 1 }, { "c.ld", guest_c_ld, 8, 0, 1 },
	{ "sd", guest_sd, 8, 1, 0 }, { "c.sd", guest_c_sd, 8, 1, 0 },
#endif
};

static unsigned long expect_load(const volatile uint8_t *p, unsigned width, bool sign)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < width; i++)
		v |= (uint64_t)p[i] << (8 * i);
	if (sign && width < 8 && (v >> (8 * width - 1)) & 1)
		v |= ~0ULL << (8 * width);
	return (unsigned long)v;
}

static void fill(void)
{
	for (unsigned k = 0; k < PAGE / sizeof(unsigned long); k++)
		data[0].w[k] = pattern.w[k];
}

/* What byte i of data[0] must hold after a store of `width` bytes of value at `at`. */
static uint8_t stored_byte(unsigned i, unsigned at, unsigned width, unsigned long value)
{
	return i >= at && i < at + width ? (uint8_t)(value >> (8 * (i - at))) : pattern.b[i];
}

/* The last byte of data[0] that such a store left wrong, or PAGE: bytes
 * are compared only in the words the store covers or that differ. */
static unsigned store_wrong(unsigned at, unsigned width, unsigned long value)
{
	const unsigned w = sizeof(unsigned long);
	unsigned bad = PAGE;

	for (unsigned k = 0; k < PAGE / w; k++) {
		if (data[0].w[k] == pattern.w[k] && (k * w >= at + width || k * w + w <= at))
			continue;
		for (unsigned i = k * w; i < k * w + w; i++)
			if (data[0].b[i] != stored_byte(i, at, width, value))
				bad = i;
	}
	return bad;
}

/* Every offset within an aligned word at the start of data[0], through `base`. */
static void misaligned_in_page(const struct access *a, unsigned long base, const char *mode)
{
	unsigned bad = 0, not_exit = 0;
	unsigned long got = 0, want = 0;

	for (unsigned off = 1; off < a->width; off++) {
		unsigned at = 64 + off;
		struct vcpu *v = guest(a->entry);
		unsigned long value = (unsigned long)0x1122334455667788ULL ^ off;

		fill();
		v->regs[11] = base + at;
		v->regs[12] = value;
		enter(v, false, false);
		if (!is_exit(v)) {
			not_exit = off;
			printf("# %s at +%u (%s): scause 0x%lx sepc 0x%lx stval 0x%lx\n", a->name, at, mode,
			       v->scause, v->pc, v->stval);
			continue;
		}
		if (a->store) {
			unsigned i = store_wrong(at, a->width, value);

			if (i < PAGE) {
				bad = off;
				got = data[0].b[i];
				want = stored_byte(i, at, a->width, value);
			}
		} else if (v->regs[10] != expect_load(&data[0].b[at], a->width, a->sign)) {
			bad = off;
			got = v->regs[10];
			want = expect_load(&data[0].b[at], a->width, a->sign);
		}
	}
	check_eq(not_exit, 0, "misaligned %s (%s): no trap at any offset (first trapping offset)", a->name,
		 mode);
	check_that(bad == 0, got, "the bytes", "misaligned %s (%s): right %s at every offset (bad +%u, want 0x%lx)",
		   a->name, mode, a->store ? "memory" : "value", bad, want);
}

/* From the last byte of data[0] into the hole: a guest-page fault in HS. */
static void misaligned_crossing(const struct access *a, unsigned long base, const char *mode)
{
	unsigned long addr = base + PAGE - 1, page2 = base + PAGE;
	uint64_t gpa2 = (uint64_t)(unsigned long)&data[1];
	struct vcpu *v = guest(a->entry);
	char name[64];

	snprintf(name, sizeof(name), "misaligned %s across into the hole (%s)", a->name, mode);
	fill();
	v->regs[11] = addr;
	v->regs[12] = 0;
	enter(v, false, false);
	check_eq(v->scause, a->store ? CAUSE_STORE_GUEST_PF : CAUSE_LOAD_GUEST_PF, "%s: scause", name);
	check_eq(v->pc, (unsigned long)a->entry, "%s: sepc", name);
	/* the address of the part that faulted: in the second page, within the access */
	check_that(v->stval >= page2 && v->stval < addr + a->width, v->stval, "in the second page",
		   "%s: stval in the faulting part", name);
	check_eq(v->htval, (unsigned long)((gpa2 + (v->stval - page2)) >> 2), "%s: htval = its gpa >> 2",
		 name);
	check_that(v->hstatus & HSTATUS_GVA, v->hstatus, "GVA set", "%s: hstatus.GVA = 1", name);
	check_from_vs(v, name);
	check_htinst(v, addr, name);
	finish(v, name);
}

/*
 * The host's own trap that the firmware passes on (an illegal instruction
 * in HS-mode: counted in M-mode, then redirected) arrives as a trap from
 * V=0 into HS-mode would: hstatus.GVA cleared, as the hardware writes it
 * for a trap whose stval is no guest address. Entered set, so a firmware
 * that leaves hstatus alone is caught. SPV is cleared first (a guest's
 * trap left it set): else such a firmware would send the sret below into
 * a guest that is not there, a hang instead of a FAIL.
 */
static void case_host_trap(void)
{
	unsigned long hs;

	csr_clear(CSR_HSTATUS, HSTATUS_SPV);
	csr_set(CSR_HSTATUS, HSTATUS_GVA);
	ext_catch_begin();
	__asm__ volatile(".4byte 0xc0001073");    /* unimp: csrrw x0, cycle, x0 */
	hs = csr_read(CSR_HSTATUS);
	ext_catch_end();
	csr_clear(CSR_HSTATUS, HSTATUS_GVA);
	check_eq(ext_trap.n, 1, "host trap: HS-mode's illegal instruction reaches HS-mode once");
	check_eq(ext_trap.cause, CAUSE_ILLEGAL_INSN, "host trap: as scause 2");
	check_eq(hs & HSTATUS_GVA, 0, "host trap: hstatus.GVA clear");
}

static void case_misaligned(void)
{
	for (int on = 0; on < 2; on++) {
		const char *mode = on ? "through the VS stage" : "VS stage bare";
		unsigned long base = on ? GVA_WIN + PAGE : (unsigned long)&data[0];

		vs_stage(on);
		for (unsigned i = 0; i < sizeof(accesses) / sizeof(accesses[0]); i++) {
			misaligned_in_page(&accesses[i], base, mode);
			misaligned_crossing(&accesses[i], base, mode);
		}
	}
	vs_stage(false);
}

/* ---- 5: the guest's time --------------------------------------------------- */

static void set_htimedelta(uint64_t d)
{
	csr_write(CSR_HTIMEDELTA, (unsigned long)d);
#if __riscv_xlen == 32
	csr_write(CSR_HTIMEDELTAH, (unsigned long)(d >> 32));
#endif
}

static uint64_t guest_time(struct vcpu *v)
{
#if __riscv_xlen == 32
	/* the high half read twice: if it moved, the low half wrapped in between */
	if (v->regs[11] != v->regs[12])
		return (uint64_t)v->regs[12] << 32;
	return (uint64_t)v->regs[11] << 32 | v->regs[10];
#else
	return v->regs[10];
#endif
}

static void case_rdtime(void)
{
	/* a delta with bits in both halves, and one that wraps the sum */
	const uint64_t deltas[2] = { 0x0000012345678000ULL, (uint64_t)-0x100000ULL };

	csr_set(CSR_HCOUNTEREN, 1UL << 1);                  /* TM */
	for (int i = 0; i < 2; i++) {
		uint64_t t0, t1, g;
		struct vcpu *v = guest(guest_rdtime);

		set_htimedelta(deltas[i]);
		t0 = tally_time();
		enter(v, false, false);
		t1 = tally_time();
		if (!check_that(is_exit(v), v->scause, "the guest's exit",
				"rdtime: hcounteren.TM set, the guest reads time (delta 0x%llx)",
				(unsigned long long)deltas[i]))
			continue;
		g = guest_time(v) - deltas[i];
		check_that(g >= t0 && g <= t1, (unsigned long)g, "host time within the run",
			   "rdtime: the guest's time is host time + htimedelta (delta 0x%llx, host 0x%llx..0x%llx)",
			   (unsigned long long)deltas[i], (unsigned long long)t0, (unsigned long long)t1);
	}
	csr_clear(CSR_HCOUNTEREN, 1UL << 1);
	virtual_insn(guest_rdtime, "rdtime with hcounteren.TM clear");
	set_htimedelta(0);
}

/* ---- 6: timer interrupts for the guest ------------------------------------- */

static void case_timer_inject(void)
{
	struct vcpu *v = guest(guest_timer_wait);
	const char *name = "vs timer via hvip";

	csr_write(CSR_HIDELEG, 1UL << IRQ_VS_TIMER);
	csr_write(CSR_HVIP, 0);
	csr_set(CSR_HCOUNTEREN, 1UL << 1);                  /* TM: the guest's wait reads time */
	csr_set(0x104, MIP_STIP);                             /* sie.STIE: HS's own timer */
	v->regs[11] = HYP_WAIT_TICKS;
	sbi_set_timer(tally_time() + TIMER_TICKS);
	enter(v, false, false);
	check_eq(v->scause, CAUSE_IRQ_FLAG | IRQ_S_TIMER, "%s: HS takes its timer interrupt while the guest waits",
		 name);
	/* on a loaded host the 2 ms can be over before the guest reaches its loop */
	check_that(v->pc >= (unsigned long)guest_timer_wait && v->pc <= (unsigned long)guest_timer_loop_end,
		   v->pc, "in the guest's program", "%s: ... interrupting the guest", name);
	check_that(v->hstatus & HSTATUS_SPV, v->hstatus, "SPV set", "%s: ... hstatus.SPV = 1", name);
	sbi_set_timer(~0ULL);
	csr_clear(0x104, MIP_STIP);
	check_eq(csr_read(0x144) & MIP_STIP, 0, "%s: HS's STIP clear after set_timer(never)", name);
	/* a guest that gave up waiting has exited: resuming it would spin for ever */
	if (!is_exit(v)) {
		csr_set(CSR_HVIP, 1UL << IRQ_VS_TIMER);
		enter(v, false, false);
		csr_clear(CSR_HVIP, 1UL << IRQ_VS_TIMER);
	}
	if (check_that(v->scause == CAUSE_VS_ECALL && v->regs[17] == GUEST_VSTRAP, v->scause,
		       "the guest handler's ecall", "%s: the guest's handler ran", name)) {
		check_eq(v->regs[10], CAUSE_IRQ_FLAG | IRQ_S_TIMER,
			 "%s: the guest sees a supervisor timer interrupt", name);
		v->pc += 4;
		enter(v, false, false);
		check_that(is_exit(v) && v->regs[10] == (CAUSE_IRQ_FLAG | IRQ_S_TIMER), v->scause,
			   "the guest's exit", "%s: the guest's loop saw it and finished", name);
	}
	csr_clear(CSR_HCOUNTEREN, 1UL << 1);
}

/* henvcfg.STCE (bit 63; henvcfgh bit 31 on rv32): read back after the write */
static bool set_stce(bool on)
{
#if __riscv_xlen == 64
	if (on)
		csr_set(CSR_HENVCFG, 1UL << 63);
	else
		csr_clear(CSR_HENVCFG, 1UL << 63);
	return csr_read(CSR_HENVCFG) >> 63;
#else
	if (on)
		csr_set(CSR_HENVCFGH, 1UL << 31);
	else
		csr_clear(CSR_HENVCFGH, 1UL << 31);
	return csr_read(CSR_HENVCFGH) >> 31;
#endif
}

static void case_vstimecmp(void)
{
	const uint64_t delta = 0x0000012345678000ULL;
	const char *name = "vstimecmp";
	struct vcpu *v;

	if (!have_sstc) {
		/* QEMU 7.2 keeps a written STCE even without Sstc: nothing to check */
		printf("# %s: no Sstc in the device tree: not run\n", name);
		return;
	}
	if (!check_eq(set_stce(true), 1, "%s: Sstc: henvcfg.STCE can be set (menvcfg.STCE is)", name))
		return;
	csr_write(CSR_HIDELEG, 1UL << IRQ_VS_TIMER);
	csr_set(CSR_HCOUNTEREN, 1UL << 1);
	set_htimedelta(delta);
	v = guest(guest_vstimecmp);
	v->regs[11] = TIMER_TICKS;
	v->regs[12] = HYP_WAIT_TICKS;
	enter(v, false, false);
	if (check_that(v->scause == CAUSE_VS_ECALL && v->regs[17] == GUEST_VSTRAP, v->scause,
		       "the guest handler's ecall", "%s: the guest's own stimecmp interrupts it", name)) {
		check_eq(v->regs[10], CAUSE_IRQ_FLAG | IRQ_S_TIMER,
			 "%s: the guest sees a supervisor timer interrupt", name);
		v->pc += 4;
		enter(v, false, false);
		check_that(is_exit(v), v->scause, "the guest's exit", "%s: the guest finished", name);
	}
	csr_write(CSR_VSTIMECMP, ~0UL);
#if __riscv_xlen == 32
	csr_write(CSR_VSTIMECMPH, ~0UL);
#endif
	set_stce(false);
	csr_clear(CSR_HCOUNTEREN, 1UL << 1);
	set_htimedelta(0);
}

/* ---- set-up ------------------------------------------------------------------ */

/*
 * How often s occurs in the device tree: Sstc where riscv,isa says so
 * (QEMU writes "_sstc" there), the harts as "cpu@" nodes.
 */
static unsigned dt_count(unsigned long dtb, const char *s)
{
	const uint8_t *p = (const uint8_t *)dtb;
	size_t n = strlen(s), size;
	unsigned count = 0;

	if (!dtb || p[0] != 0xd0 || p[1] != 0x0d || p[2] != 0xfe || p[3] != 0xed)
		return 0;
	size = (size_t)p[4] << 24 | (size_t)p[5] << 16 | (size_t)p[6] << 8 | p[7];
	for (size_t i = 0; i + n < size; i++)
		if (!memcmp(p + i, s, n))
			count++;
	return count;
}

int main(unsigned long hartid, unsigned long dtb)
{
	unsigned long hg;
	unsigned harts = dt_count(dtb, "cpu@");

	super_base = (unsigned long)__payload_start & ~(SUPER - 1);
	have_sstc = dt_count(dtb, "_sstc") != 0;
	printf("# hyp: hart %lu of %u, guest superpage 0x%lx, Sstc %s\n", hartid, harts, super_base,
	       have_sstc ? "yes" : "no");
	for (unsigned i = 0; i < PAGE; i++)
		pattern.b[i] = (uint8_t)(0x81 + i * 37);
	if (!check_that((unsigned long)_end <= super_base + SUPER, (unsigned long)_end, "inside the superpage",
			"hyp: the payload fits the superpage the G-stage maps"))
		check_end(1);
	/* hgatp must keep the mode written: no H (or no such mode) ends here */
	map_gstage();
	hg = csr_read(CSR_HGATP);
	if (!check_eq(hg & HGATP_MODE, HGATP_MODE, "hyp: hgatp takes the G-stage mode"))
		check_end(1);
	map_vs_stage();
	csr_write(CSR_HEDELEG, 0);
	csr_write(CSR_HIDELEG, 0);
	csr_write(CSR_HCOUNTEREN, 0);
	csr_write(CSR_HVIP, 0);
	set_htimedelta(0);

	case_ecall();
	case_gpf(false);
	case_gpf(true);
	case_virtual_insn();
	case_illegal();
	case_host_trap();
	case_misaligned();
	case_rdtime();
	case_timer_inject();
	case_vstimecmp();
	hyp_sse(hartid, harts);
	csr_write(CSR_HGATP, 0);
	hfence_all();
	check_end(failed != 0);
}
