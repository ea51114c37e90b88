/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A guest's traps that still reach M-mode (priv spec 8
 * "Hypervisor Extension"). init.c delegates a guest's ecalls, guest-page
 * faults and virtual instructions straight to HS-mode, so what comes here
 * is what the firmware counts or emulates first: illegal instructions
 * (counter reads, rdtime on CVA6), misaligned and access faults. What the
 * firmware does not answer goes where the hardware would have sent it.
 */
#include "arch/csr.h"
#include "base/machine.h"
#include "hart/hart.h"
#include "trap/hyp.h"

bool hyp_from_guest(void)
{
	return features.has_h && (r_mstatus_hyp() & MSTATUS_MPV);
}

static bool guest_page_fault(unsigned long cause)
{
	return cause == CAUSE_FETCH_GUEST_PAGE_FAULT || cause == CAUSE_LOAD_GUEST_PAGE_FAULT ||
	       cause == CAUSE_STORE_GUEST_PAGE_FAULT;
}

/* The causes whose tval is an address: from a guest, a guest virtual one (hstatus.GVA). */
static bool tval_is_address(unsigned long cause)
{
	return cause == CAUSE_MISALIGNED_FETCH || cause == CAUSE_FETCH_ACCESS ||
	       (cause >= CAUSE_MISALIGNED_LOAD && cause <= CAUSE_STORE_ACCESS) ||
	       (cause >= CAUSE_FETCH_PAGE_FAULT && cause <= CAUSE_STORE_PAGE_FAULT) ||
	       guest_page_fault(cause);
}

/* "Trap Entry" into VS-mode (priv spec 8.6 "Traps"): vs* take what s* would. */
static void enter_vs(unsigned long cause, unsigned long tval, unsigned long prev)
{
	unsigned long vs = r_vsstatus(), ms = r_mstatus();

	w_vscause(cause);
	w_vsepc(r_mepc());
	w_vstval(tval);
	vs &= ~(MSTATUS_SPP | MSTATUS_SPIE);   /* vsstatus has sstatus's layout */
	if (prev == PRV_S)
		vs |= MSTATUS_SPP;
	if (vs & MSTATUS_SIE)
		vs |= MSTATUS_SPIE;
	w_vsstatus(vs & ~MSTATUS_SIE);
	ms &= ~MSTATUS_MPP;
	w_mstatus(ms | (unsigned long)PRV_S << MSTATUS_MPP_SHIFT);
	set_mstatus_hyp(MSTATUS_MPV);          /* a guarded access may have cleared it (rv32) */
	w_mepc(r_vstvec() & ~3UL);
}

bool hyp_redirect(unsigned long cause, unsigned long tval, unsigned long prev)
{
	unsigned long hs;

	/* hedeleg's bits for 10 and 20-23 are read-only zero: those stay in HS. */
	if (cause < __riscv_xlen && (r_hedeleg() >> cause) & 1) {
		enter_vs(cause, tval, prev);
		return true;
	}
	/* Into HS from V=1: SPV, SPVP the guest's mode, GVA, htval, htinst. */
	hs = r_hstatus() & ~(HSTATUS_SPVP | HSTATUS_GVA);
	hs |= HSTATUS_SPV;
	if (prev == PRV_S)
		hs |= HSTATUS_SPVP;
	if (tval_is_address(cause))
		hs |= HSTATUS_GVA;
	w_hstatus(hs);
	/* mtval2 is the guest physical address >> 2 of the last guest-page fault:
	 * only an emulated access's own fault brings one here. */
	w_htval(guest_page_fault(cause) ? r_mtval2() : 0);
	w_htinst(0);                           /* "no information": always allowed */
	clear_mstatus_hyp(MSTATUS_MPV);
	return false;
}

void hyp_host_trap(void)
{
	w_hstatus(r_hstatus() & ~(HSTATUS_SPV | HSTATUS_GVA));
}

static uint64_t htimedelta(void)
{
	return features.has_htimedelta ? r_htimedelta() : this_hart()->htimedelta;
}

uint64_t hyp_guest_time(uint64_t now)
{
	return now + htimedelta();
}

bool hyp_counter_allowed(unsigned n, unsigned long prev)
{
	return (r_hcounteren() >> n) & 1 && (prev == PRV_S || (r_scounteren() >> n) & 1);
}

/* CSR instruction fields (unprivileged spec 2.8 "Control and Status Register Instructions") */
#define CSR_OPCODE    0x73
#define CSR_FUNCT3(i) (((i) >> 12) & 7)
#define CSR_IMM       4            /* funct3 bit: rs1 is a 5-bit immediate */

bool hyp_emulate_htimedelta(struct trap_frame *f, uint32_t insn)
{
	unsigned csr = insn >> 20, rd = (insn >> 7) & 31, rs1 = (insn >> 15) & 31;
	unsigned op = CSR_FUNCT3(insn) & 3;    /* 1 write, 2 set, 3 clear */
	uint64_t *d = &this_hart()->htimedelta;
	unsigned shift = 0;
	unsigned long old, src, v;

	if ((insn & 0x7f) != CSR_OPCODE || !op)
		return false;
	if (csr == CSR_HTIMEDELTAH && __riscv_xlen == 32)
		shift = 32;
	else if (csr != CSR_HTIMEDELTA)
		return false;
	old = (unsigned long)(*d >> shift);
	src = CSR_FUNCT3(insn) & CSR_IMM ? rs1 : rs1 ? f->x[rs1] : 0;
	v = op == 1 ? src : op == 2 ? old | src : old & ~src;
	if (op == 1 || rs1)                    /* csrs/csrc with x0 or 0 do not write */
		*d = (*d & ~((uint64_t)~0UL << shift)) | (uint64_t)v << shift;
	if (rd)
		f->x[rd] = old;
	w_mepc(r_mepc() + 4);
	return true;
}
