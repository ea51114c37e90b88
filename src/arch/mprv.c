/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Memory as the trapped mode sees it, for misaligned.c: byte loads and
 * stores with mstatus.MPRV set, and the trap-handler glue around the
 * emulation (a platform's emulate_misaligned hook).
 *
 * With MPRV = 1, M-mode loads and stores are translated and protected as
 * if they came from the mode in mstatus.MPP (priv spec 3.1.6.3 "Memory
 * Privilege in mstatus Register"), and the
 * trap entry left MPP holding the mode that trapped. So S-mode's page
 * tables, sstatus.SUM and .MXR, and PMP all apply to each byte exactly as
 * they would have to the access the hart refused. Instruction fetches are
 * never affected by MPRV, so the firmware keeps running its own code.
 *
 * A byte access may fault (page fault, access fault). The trap guard
 * (trap_guard.h, trap_guard.S) catches that: the faulting instruction is
 * skipped, mcause says what happened. The nested trap rewrites mepc,
 * mcause, mtval and mstatus (MPP becomes M, and its mret leaves MPP at U
 * with MPRV still set), so every access puts mstatus back whole inside
 * the same asm statement, before the compiler can emit a load or store of
 * its own, and emulate_misaligned() keeps its own copy of mepc.
 */
#include "arch/csr.h"
#include "arch/mprv.h"
#include "arch/trap_guard.h"
#include "arch/frame.h"
#include "trap/misaligned.h"

/* mstatus.MXR (priv spec 3.1.6.3 "Memory Privilege"): loads may read execute-only pages */
#define MSTATUS_MXR (1UL << 19)

/* One byte loaded with `set` (MPRV, maybe MXR) added to mstatus. 0 or the fault's cause. */
static unsigned long lbu_as(unsigned long addr, unsigned long set, uint8_t *val)
{
	struct trap_guard g;
	unsigned long ms = r_mstatus(), v = 0;

	trap_guard_begin(&g);
	/* norvc: the guard steps mepc by 4 past a faulting instruction */
	__asm__ volatile(".option push\n\t.option norvc\n\t"
			 "csrs mstatus, %2\n\t"
			 "lbu %0, 0(%1)\n\t"
			 "csrw mstatus, %3\n\t"
			 ".option pop"
			 : "+&r"(v) : "r"(addr), "r"(set), "r"(ms) : "memory");
	if (trap_guard_end(&g))
		return r_mcause();
	*val = (uint8_t)v;
	return 0;
}

static unsigned long load8(unsigned long addr, uint8_t *val)
{
	return lbu_as(addr, MSTATUS_MPRV, val);
}

static unsigned long store8(unsigned long addr, uint8_t val)
{
	struct trap_guard g;
	unsigned long ms = r_mstatus();

	trap_guard_begin(&g);
	__asm__ volatile(".option push\n\t.option norvc\n\t"
			 "csrs mstatus, %2\n\t"
			 "sb %0, 0(%1)\n\t"
			 "csrw mstatus, %3\n\t"
			 ".option pop"
			 :: "r"(val), "r"(addr), "r"(MSTATUS_MPRV), "r"(ms) : "memory");
	return trap_guard_end(&g) ? r_mcause() : 0;
}

/*
 * The trapping instruction, read as the trapped mode would read it, with
 * MXR set so that an execute-only page (which the hart just fetched from)
 * is readable too, as OpenSBI does. mtval is no help: for a misaligned
 * access it holds the address, not the instruction (priv spec 3.1.16
 * "Machine Trap Value Register").
 * The upper half is read only for a 32-bit instruction, so a compressed
 * one in the last two bytes of a page never touches the next page.
 */
static bool fetch_insn(unsigned long epc, uint32_t *insn)
{
	unsigned n = 2, i;
	uint8_t b = 0;

	*insn = 0;
	for (i = 0; i < n; i++) {
		if (lbu_as(epc + i, MSTATUS_MPRV | MSTATUS_MXR, &b))
			return false;
		*insn |= (uint32_t)b << (8 * i);
		if (i == 1 && (*insn & 3) == 3)
			n = 4;
	}
	return true;
}

bool read_lower_insn(unsigned long epc, uint32_t *insn)
{
	unsigned long mepc = r_mepc();
	bool ok = fetch_insn(epc, insn);

	w_mepc(mepc);   /* a faulting byte access under the guard moved it */
	return ok;
}

bool emulate_misaligned(struct trap_frame *f, unsigned long *cause, unsigned long *tval)
{
	static const struct misaligned_mem mem = { load8, store8 };
	unsigned long epc = r_mepc();
	struct misaligned_result r;
	uint32_t insn;

	if (*cause != CAUSE_MISALIGNED_LOAD && *cause != CAUSE_MISALIGNED_STORE)
		return false;
	if (fetch_insn(epc, &insn)) {
		switch (misaligned_emulate(*cause, insn, f->x, &mem, &r)) {
		case MISALIGNED_EMULATED:
			w_mepc(epc + r.len);
			return true;
		case MISALIGNED_FAULT:
			/* What the hart would have raised had it tried the access
			 * itself: the fault's cause, the faulting address, and
			 * sepc on the instruction (mepc, restored below). */
			*cause = r.cause;
			*tval = r.addr;
			break;
		case MISALIGNED_REFUSED:
			break;          /* the trap as it came: cause and tval unchanged */
		}
	}
	w_mepc(epc);   /* a faulting byte access under the guard moved it */
	return false;
}
