/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One named accessor per CSR, so logic files read "w_mepc(epc)" and never
 * spell an instruction or a CSR number. Inline assembly lives in src/arch/
 * only (tests/source/check_asm_in_arch.py).
 */
#ifndef TALLY_ARCH_CSR_H
#define TALLY_ARCH_CSR_H

#include <stdbool.h>
#include <stdint.h>
#include "arch/riscv.h"

/* The proof (proof/eva/arch/csr.h) brings its own four: CSRs as its stubs say. */
#ifndef csr_read
#define __csr_str(x) #x
#define csr_read(csr) ({ unsigned long __v; \
	__asm__ volatile("csrr %0, " __csr_str(csr) : "=r"(__v) :: "memory"); __v; })
#define csr_write(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrw " __csr_str(csr) ", %0" :: "rK"(__v) : "memory"); })
#define csr_set(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrs " __csr_str(csr) ", %0" :: "rK"(__v) : "memory"); })
#define csr_clear(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrc " __csr_str(csr) ", %0" :: "rK"(__v) : "memory"); })
#endif

static inline unsigned long r_mhartid(void) { return csr_read(mhartid); }
static inline unsigned long r_mvendorid(void) { return csr_read(mvendorid); }
static inline unsigned long r_marchid(void) { return csr_read(marchid); }
static inline unsigned long r_mimpid(void) { return csr_read(mimpid); }
static inline unsigned long r_misa(void) { return csr_read(misa); }
static inline unsigned long r_mstatus(void) { return csr_read(mstatus); }
static inline void w_mstatus(unsigned long x) { csr_write(mstatus, x); }
static inline void w_medeleg(unsigned long x) { csr_write(medeleg, x); }
static inline void w_mideleg(unsigned long x) { csr_write(mideleg, x); }
static inline unsigned long r_mideleg(void) { return csr_read(mideleg); }
static inline unsigned long r_mie(void) { return csr_read(mie); }
static inline void w_mie(unsigned long x) { csr_write(mie, x); }
static inline void set_mie(unsigned long x) { csr_set(mie, x); }
static inline void clear_mie(unsigned long x) { csr_clear(mie, x); }
/* pending interrupts; S-mode bits are writable from M-mode */
static inline unsigned long r_mip(void) { return csr_read(mip); }
static inline void set_mip(unsigned long x) { csr_set(mip, x); }
static inline void clear_mip(unsigned long x) { csr_clear(mip, x); }
static inline void w_mtvec(unsigned long x) { csr_write(mtvec, x); }
static inline unsigned long r_mtvec(void) { return csr_read(mtvec); }
/* points at this hart's trap frame while a lower mode runs */
static inline unsigned long r_mscratch(void) { return csr_read(mscratch); }
static inline void w_mscratch(unsigned long x) { csr_write(mscratch, x); }
static inline unsigned long r_mepc(void) { return csr_read(mepc); }
static inline void w_mepc(unsigned long x) { csr_write(mepc, x); }
static inline unsigned long r_mcause(void) { return csr_read(mcause); }
static inline unsigned long r_mtval(void) { return csr_read(mtval); }
static inline void w_mcounteren(unsigned long x) { csr_write(mcounteren, x); }
static inline unsigned long r_mcounteren(void) { return csr_read(mcounteren); }
static inline void w_scounteren(unsigned long x) { csr_write(scounteren, x); }
static inline unsigned long r_scounteren(void) { return csr_read(scounteren); }
/* S-mode trap state, written when we redirect a trap to S-mode */
static inline unsigned long r_stvec(void) { return csr_read(stvec); }
static inline void w_scause(unsigned long x) { csr_write(scause, x); }
static inline void w_stval(unsigned long x) { csr_write(stval, x); }
static inline void w_sepc(unsigned long x) { csr_write(sepc, x); }
static inline unsigned long r_sepc(void) { return csr_read(sepc); }
/* S-mode address translation: 0 (Bare) when a payload starts */
static inline void w_satp(unsigned long x) { csr_write(satp, x); }
/* physical memory protection, entries 0..2 are all Tally uses */
static inline void w_pmpcfg0(unsigned long x) { csr_write(pmpcfg0, x); }
static inline void w_pmpaddr0(unsigned long x) { csr_write(pmpaddr0, x); }
static inline unsigned long r_pmpaddr0(void) { return csr_read(pmpaddr0); }
static inline void w_pmpaddr1(unsigned long x) { csr_write(pmpaddr1, x); }
static inline unsigned long r_mcountinhibit(void) { return csr_read(CSR_MCOUNTINHIBIT); }
static inline void w_mcountinhibit(unsigned long x) { csr_write(CSR_MCOUNTINHIBIT, x); }
static inline void set_mcountinhibit(unsigned long x) { csr_set(CSR_MCOUNTINHIBIT, x); }
static inline void clear_mcountinhibit(unsigned long x) { csr_clear(CSR_MCOUNTINHIBIT, x); }
static inline unsigned long r_mcycle(void) { return csr_read(mcycle); }
static inline unsigned long r_minstret(void) { return csr_read(minstret); }
/* the real-time counter; CVA6 has no such CSR and traps */
static inline unsigned long r_time(void) { return csr_read(time); }

/* menvcfg.STCE (Sstc): S-mode's own timer. Probe first: menvcfg is new in 1.12. */
#if __riscv_xlen == 32
static inline void set_menvcfg_stce(void) { csr_set(CSR_MENVCFGH, ENVCFG_STCE_HI); }
static inline void clear_menvcfg_stce(void) { csr_clear(CSR_MENVCFGH, ENVCFG_STCE_HI); }
static inline bool r_menvcfg_stce(void) { return csr_read(CSR_MENVCFGH) & ENVCFG_STCE_HI; }
#else
static inline void set_menvcfg_stce(void) { csr_set(CSR_MENVCFG, 1UL << 63); }
static inline void clear_menvcfg_stce(void) { csr_clear(CSR_MENVCFG, 1UL << 63); }
static inline bool r_menvcfg_stce(void) { return csr_read(CSR_MENVCFG) >> 63; }
#endif
/*
 * The H extension's trap state (priv spec 8.2 "Hypervisor and Virtual Supervisor CSRs", 8.6 "Traps"): read and written
 * only on a hart whose misa has H (trap/hyp.c).
 */
static inline unsigned long r_hstatus(void) { return csr_read(CSR_HSTATUS); }
static inline void w_hstatus(unsigned long x) { csr_write(CSR_HSTATUS, x); }
static inline unsigned long r_hedeleg(void) { return csr_read(CSR_HEDELEG); }
static inline unsigned long r_hcounteren(void) { return csr_read(CSR_HCOUNTEREN); }
static inline void w_htval(unsigned long x) { csr_write(CSR_HTVAL, x); }
static inline void w_htinst(unsigned long x) { csr_write(CSR_HTINST, x); }
static inline unsigned long r_mtval2(void) { return csr_read(CSR_MTVAL2); }
static inline unsigned long r_mtinst(void) { return csr_read(CSR_MTINST); }
static inline unsigned long r_vsstatus(void) { return csr_read(CSR_VSSTATUS); }
static inline void w_vsstatus(unsigned long x) { csr_write(CSR_VSSTATUS, x); }
static inline unsigned long r_vstvec(void) { return csr_read(CSR_VSTVEC); }
static inline void w_vsepc(unsigned long x) { csr_write(CSR_VSEPC, x); }
static inline void w_vscause(unsigned long x) { csr_write(CSR_VSCAUSE, x); }
static inline void w_vstval(unsigned long x) { csr_write(CSR_VSTVAL, x); }
/* htimedelta: 64 bits; CVA6 has none (trap/hyp.c keeps one per hart) */
static inline uint64_t r_htimedelta(void)
{
#if __riscv_xlen == 32
	return (uint64_t)csr_read(CSR_HTIMEDELTAH) << 32 | csr_read(CSR_HTIMEDELTA);
#else
	return csr_read(CSR_HTIMEDELTA);
#endif
}
/* mstatus.MPV and GVA: mstatush on rv32 */
#if __riscv_xlen == 32
static inline unsigned long r_mstatus_hyp(void) { return csr_read(CSR_MSTATUSH); }
static inline void set_mstatus_hyp(unsigned long x) { csr_set(CSR_MSTATUSH, x); }
static inline void clear_mstatus_hyp(unsigned long x) { csr_clear(CSR_MSTATUSH, x); }
#else
static inline unsigned long r_mstatus_hyp(void) { return csr_read(mstatus); }
static inline void set_mstatus_hyp(unsigned long x) { csr_set(mstatus, x); }
static inline void clear_mstatus_hyp(unsigned long x) { csr_clear(mstatus, x); }
#endif

/* Sstc's stimecmp, read only to see whether it exists */
static inline unsigned long r_stimecmp(void) { return csr_read(CSR_STIMECMP); }

/*
 * ASID (satp) and VMID (hgatp) bits the hart keeps: write the field all ones,
 * read back, restore Bare (M-mode is never translated). A mode the hart
 * lacks makes the write a no-op (priv spec 4.1.11 "Supervisor Address
 * Translation and Protection (satp) Register"). Run under the trap guard.
 */
#if __riscv_xlen == 32
#define SATP_MODE_SHIFT 31
#define SATP_ASID_SHIFT 22
#define SATP_ASID_BITS  9
#define HGATP_VMID_BITS 7
#else
#define SATP_MODE_SHIFT 60
#define SATP_ASID_SHIFT 44
#define SATP_ASID_BITS  16
#define HGATP_VMID_BITS 14
#endif
static inline unsigned long probe_satp_asid(unsigned long mode)
{
	unsigned long all = (1UL << SATP_ASID_BITS) - 1, v;

	csr_write(satp, mode << SATP_MODE_SHIFT | all << SATP_ASID_SHIFT);
	v = csr_read(satp);
	csr_write(satp, 0);
	return (v >> SATP_ASID_SHIFT) & all;
}
static inline unsigned long probe_hgatp_vmid(unsigned long mode)
{
	unsigned long all = (1UL << HGATP_VMID_BITS) - 1, v;

	csr_write(CSR_HGATP, mode << SATP_MODE_SHIFT | all << SATP_ASID_SHIFT);
	v = csr_read(CSR_HGATP);
	csr_write(CSR_HGATP, 0);
	return (v >> SATP_ASID_SHIFT) & all;
}

static inline void w_stimecmp(uint64_t t)
{
#if __riscv_xlen == 32
	csr_write(CSR_STIMECMP, 0xffffffffUL); /* no spurious early match while halves differ */
	csr_write(CSR_STIMECMPH, (unsigned long)(t >> 32));
	csr_write(CSR_STIMECMP, (unsigned long)t);
#else
	csr_write(CSR_STIMECMP, t);
#endif
}

/* The counter and selector banks, indexed (csr_bank.S, csr_indexed.c). */
uint64_t csr_read_counter(unsigned idx);            /* mcycle/minstret/mhpmcounterN, 64-bit */
void csr_write_counter(unsigned idx, uint64_t val);
unsigned long csr_read_user_counter(unsigned idx);  /* cycle/time/instret/hpmcounterN, low XLEN */

/* The same, with cycle and instret inline (no call, no bank jump): the PMU's hot path. */
#if __riscv_xlen == 32
#define COUNTER64_READ(lo, hi) ({ unsigned long __h, __l, __h2; \
	do { __h = csr_read(hi); __l = csr_read(lo); __h2 = csr_read(hi); } while (__h != __h2); \
	((uint64_t)__h << 32) | __l; })
#define COUNTER64_WRITE(lo, hi, v) do { uint64_t __w = (v); csr_write(lo, 0); \
	csr_write(hi, (unsigned long)(__w >> 32)); csr_write(lo, (unsigned long)__w); } while (0)
#else
#define COUNTER64_READ(lo, hi) ((uint64_t)csr_read(lo))
#define COUNTER64_WRITE(lo, hi, v) csr_write(lo, (v))
#endif
static inline uint64_t counter_read(unsigned idx)      /* idx != 1 (time) */
{
	if (idx < 3)
		return idx == 0 ? COUNTER64_READ(mcycle, mcycleh) : COUNTER64_READ(minstret, minstreth);
	return csr_read_counter(idx);
}
static inline void counter_write(unsigned idx, uint64_t v)   /* idx != 1 */
{
	if (idx >= 3)
		csr_write_counter(idx, v);
	else if (idx == 0)
		COUNTER64_WRITE(mcycle, mcycleh, v);
	else
		COUNTER64_WRITE(minstret, minstreth, v);
}
#if __riscv_xlen == 32
unsigned long csr_read_user_counter_hi(unsigned idx);
#endif
unsigned long csr_read_event(unsigned idx);         /* mhpmeventN */
void csr_write_event(unsigned idx, unsigned long val);
#if __riscv_xlen == 32
unsigned long csr_read_eventh(unsigned idx);        /* mhpmeventNh: Sscofpmf on rv32 only */
void csr_write_eventh(unsigned idx, unsigned long val);
#endif
static inline unsigned long r_scountovf(void) { return csr_read(CSR_SCOUNTOVF); }

#endif
