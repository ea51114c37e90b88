/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Architectural constants from the RISC-V privileged specification.
 * Numbers only: no code, so both C and assembly include this file. The
 * payload kit ships a byte-equal copy, payload-kit/include/tally/riscv_spec.h
 * (test kit-spec-copies), so that a kit copied anywhere builds.
 */
#ifndef TALLY_ARCH_RISCV_H
#define TALLY_ARCH_RISCV_H

#if __riscv_xlen == 64
#define REGBYTES 8
#define SREG sd
#define LREG ld
#else
#define REGBYTES 4
#define SREG sw
#define LREG lw
#endif

#ifdef __ASSEMBLER__
#define _UL(x) x
#else
#define _UL(x) x##UL
#endif

/* mstatus fields (priv spec 3.1.6 "Machine Status Registers") */
#define MSTATUS_SIE   _UL(0x00000002)
#define MSTATUS_MIE   _UL(0x00000008)
#define MSTATUS_SPIE  _UL(0x00000020)
#define MSTATUS_MPIE  _UL(0x00000080)
#define MSTATUS_SPP   _UL(0x00000100)
#define MSTATUS_MPP   _UL(0x00001800)
#define MSTATUS_MPP_SHIFT 11
#define MSTATUS_MPRV  _UL(0x00020000)
/* The H extension's two (priv spec 8.4 "Machine-Level CSRs"): in mstatus
 * on rv64, in mstatush on rv32 */
#if __riscv_xlen == 64
#define MSTATUS_GVA   (_UL(1) << 38)
#define MSTATUS_MPV   (_UL(1) << 39)
#else
#define MSTATUS_GVA   (_UL(1) << 6)    /* in mstatush */
#define MSTATUS_MPV   (_UL(1) << 7)    /* in mstatush */
#endif

/* hstatus fields (priv spec 8.2 "Hypervisor and Virtual Supervisor CSRs") */
#define HSTATUS_GVA   _UL(0x00000040)
#define HSTATUS_SPV   _UL(0x00000080)
#define HSTATUS_SPVP  _UL(0x00000100)

#define PRV_U 0
#define PRV_S 1
#define PRV_M 3

/* mcause values (priv spec 3.1.15 "Machine Cause Register") */
#define CAUSE_IRQ_FLAG        (_UL(1) << (__riscv_xlen - 1))
#define CAUSE_MISALIGNED_FETCH 0
#define CAUSE_FETCH_ACCESS     1
#define CAUSE_ILLEGAL_INSN     2
#define CAUSE_BREAKPOINT       3
#define CAUSE_MISALIGNED_LOAD  4
#define CAUSE_LOAD_ACCESS      5
#define CAUSE_MISALIGNED_STORE 6
#define CAUSE_STORE_ACCESS     7
#define CAUSE_USER_ECALL       8
#define CAUSE_SUPERVISOR_ECALL 9
#define CAUSE_VS_ECALL         10   /* H: from VS-mode */
#define CAUSE_MACHINE_ECALL    11
#define CAUSE_FETCH_PAGE_FAULT 12
#define CAUSE_LOAD_PAGE_FAULT  13
#define CAUSE_STORE_PAGE_FAULT 15
#define CAUSE_FETCH_GUEST_PAGE_FAULT 20   /* H: the G-stage said no */
#define CAUSE_LOAD_GUEST_PAGE_FAULT  21
#define CAUSE_VIRTUAL_INSN           22
#define CAUSE_STORE_GUEST_PAGE_FAULT 23

/* interrupt numbers (mip/mie bits) */
#define IRQ_S_SOFT   1
#define IRQ_VS_SOFT  2
#define IRQ_M_SOFT   3
#define IRQ_S_TIMER  5
#define IRQ_VS_TIMER 6
#define IRQ_M_TIMER  7
#define IRQ_S_EXT    9
#define IRQ_VS_EXT   10
#define IRQ_M_EXT    11
#define IRQ_S_GEXT   12  /* H: a guest external interrupt */
#define IRQ_LCOF     13  /* Sscofpmf local counter overflow */

#define MIP_SSIP (_UL(1) << IRQ_S_SOFT)
#define MIP_MSIP (_UL(1) << IRQ_M_SOFT)
#define MIP_STIP (_UL(1) << IRQ_S_TIMER)
#define MIP_MTIP (_UL(1) << IRQ_M_TIMER)
#define MIP_SEIP (_UL(1) << IRQ_S_EXT)
#define MIP_LCOFIP (_UL(1) << IRQ_LCOF)
#define MIP_VSSIP (_UL(1) << IRQ_VS_SOFT)
#define MIP_VSTIP (_UL(1) << IRQ_VS_TIMER)
#define MIP_VSEIP (_UL(1) << IRQ_VS_EXT)
#define MIP_SGEIP (_UL(1) << IRQ_S_GEXT)

/* menvcfg.STCE (Sstc): bit 63, i.e. bit 31 of menvcfgh on rv32 */
#define ENVCFG_STCE_HI (_UL(1) << 31)
/* menvcfg's other S-mode features (SBI FWFT sets them), as 64-bit masks */
#define ENVCFG_LPE   (1ULL << 2)    /* Zicfilp: landing pads for S-mode */
#define ENVCFG_SSE   (1ULL << 3)    /* Zicfiss: shadow stacks for S-mode */
#define ENVCFG_PMM   (3ULL << 32)   /* Ssnpm/Smnpm (RV64 only): S-mode pointer masking */
#define ENVCFG_PMM_PMLEN7  (2ULL << 32)
#define ENVCFG_PMM_PMLEN16 (3ULL << 32)
#define ENVCFG_DTE   (1ULL << 59)   /* Ssdbltrp: double trap */
#define ENVCFG_ADUE  (1ULL << 61)   /* Svadu: hardware updates PTE A/D bits */

/* mhpmevent bits defined by Sscofpmf (its own specification, version 1.0) */
#define HPMEVENT_OF     (1ULL << 63)
#define HPMEVENT_MINH   (1ULL << 62)
#define HPMEVENT_SINH   (1ULL << 61)
#define HPMEVENT_UINH   (1ULL << 60)
#define HPMEVENT_VSINH  (1ULL << 59)
#define HPMEVENT_VUINH  (1ULL << 58)

/* PMP configuration bits (priv spec 3.7 "Physical Memory Protection") */
#define PMP_R     0x01
#define PMP_W     0x02
#define PMP_X     0x04
#define PMP_A_TOR 0x08
#define PMP_A_NAPOT 0x18
#define PMP_L     0x80

/*
 * CSR numbers (priv spec 2.2 "CSR Listing") that an older assembler may not
 * know by name, and the bases the indexed accessors count from.
 */
#define CSR_CYCLE         0xc00   /* user-level counters: cycle, time, instret, hpmcounter3.. */
#define CSR_TIME          0xc01
#define CSR_INSTRET       0xc02
#define CSR_HPMCOUNTER3   0xc03
#define CSR_CYCLEH        0xc80   /* rv32: their upper halves */
#define CSR_MCYCLE        0xb00
#define CSR_MHPMCOUNTER3  0xb03
#define CSR_MHPMEVENT3    0x323
#define CSR_MCOUNTINHIBIT 0x320   /* new in version 1.11 of the privileged spec */
#define CSR_MENVCFG       0x30a   /* new in version 1.12 */
#define CSR_MENVCFGH      0x31a   /* rv32: menvcfg's upper half */
#define CSR_STIMECMP      0x14d   /* Sstc */
#define CSR_STIMECMPH     0x15d   /* Sstc, rv32 */
#define CSR_SCOUNTOVF     0xda0   /* Sscofpmf */
#define CSR_MSTATUSH      0x310   /* rv32: mstatus's upper half */
#define CSR_MTINST        0x34a   /* H extension: the trapping instruction, transformed */
#define CSR_MTVAL2        0x34b   /* H: a guest-page fault's guest physical address >> 2 */
#define CSR_HSTATUS       0x600
#define CSR_HEDELEG       0x602
#define CSR_HIDELEG       0x603
#define CSR_HTIMEDELTA    0x605
#define CSR_HCOUNTEREN    0x606
#define CSR_HTIMEDELTAH   0x615
#define CSR_HTVAL         0x643
#define CSR_HTINST        0x64a
#define CSR_HGATP         0x680
#define CSR_VSSTATUS      0x200
#define CSR_VSTVEC        0x205
#define CSR_VSEPC         0x241
#define CSR_VSCAUSE       0x242
#define CSR_VSTVAL        0x243
#define CSR_TSELECT       0x7a0   /* Sdtrig (Debug spec, "Trigger Module") */
#define CSR_TDATA1        0x7a1
#define CSR_TDATA2        0x7a2
#define CSR_TDATA3        0x7a3
#define CSR_TINFO         0x7a4

#endif
