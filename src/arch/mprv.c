/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Memory as the trapped mode sees it, for misaligned.c, the legacy SBI
 * calls' hart masks (sbi/sbi_legacy.c), and the glue around the emulation
 * (a platform's emulate_misaligned hook). With MPRV set,
 * M-mode data accesses are translated and protected as the mode in MPP,
 * which the trap left there (priv spec 3.1.6.3 "Memory Privilege in
 * mstatus Register"): S-mode's page tables, SUM, MXR and PMP apply to each
 * byte. A faulting byte is caught by the trap guard, whose nested trap
 * rewrites mepc, mcause, mtval and mstatus: so each access restores
 * mstatus inside its own asm statement, and the callers keep mepc.
 */
#include "arch/csr.h"
#include "arch/mprv.h"
#include "arch/trap_guard.h"
#include "arch/frame.h"
#include "lib/misaligned.h"

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
 * The trapping instruction, with MXR so an execute-only page reads too
 * (mtval holds the address for a misaligned access, priv spec 3.1.16
 * "Machine Trap Value Register"). The upper half only for a 32-bit one, so
 * a compressed instruction at a page's end never touches the next page.
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

bool read_lower_ulong(unsigned long addr, unsigned long *val)
{
	unsigned long mepc = r_mepc(), v = 0;
	uint8_t b = 0;
	unsigned i;

	for (i = 0; i < sizeof(long); i++) {
		if (load8(addr + i, &b))
			break;
		v |= (unsigned long)b << (8 * i);
	}
	w_mepc(mepc);   /* a faulting byte access under the guard moved it */
	*val = v;
	return i == sizeof(long);
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
			/* the fault the hart would have raised itself */
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
