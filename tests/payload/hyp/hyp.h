/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hypervisor test payload (hyp.c, hyp_sse.c, hyp_entry.S): the H
 * extension's CSR numbers and bits (privileged spec, "Hypervisor
 * Extension"), the guest's register file as hyp_entry.S keeps it, and the
 * numbers the guest and the host agree on. C and assembly both include it.
 * The CSRs are named by number: the toolchain's -march has no H, and an
 * assembler that checks CSR names against it would refuse them. Each is
 * defined only where the kit's riscv_spec.h does not have it yet.
 */
#ifndef PAYLOAD_HYP_H
#define PAYLOAD_HYP_H
#include <tally/riscv.h>

#ifndef CSR_HSTATUS
#define CSR_HSTATUS     0x600
#endif
#ifndef CSR_HEDELEG
#define CSR_HEDELEG     0x602
#endif
#ifndef CSR_HIDELEG
#define CSR_HIDELEG     0x603
#endif
#ifndef CSR_HTIMEDELTA
#define CSR_HTIMEDELTA  0x605
#endif
#ifndef CSR_HCOUNTEREN
#define CSR_HCOUNTEREN  0x606
#endif
#ifndef CSR_HENVCFG
#define CSR_HENVCFG     0x60a
#endif
#ifndef CSR_HTIMEDELTAH
#define CSR_HTIMEDELTAH 0x615
#endif
#ifndef CSR_HENVCFGH
#define CSR_HENVCFGH    0x61a
#endif
#ifndef CSR_HTVAL
#define CSR_HTVAL       0x643
#endif
#ifndef CSR_HVIP
#define CSR_HVIP        0x645
#endif
#ifndef CSR_HTINST
#define CSR_HTINST      0x64a
#endif
#ifndef CSR_VSTVEC
#define CSR_VSTVEC      0x205
#endif
#ifndef CSR_VSATP
#define CSR_VSATP       0x280
#endif
#ifndef CSR_VSTIMECMP
#define CSR_VSTIMECMP   0x24d
#endif
#ifndef CSR_VSTIMECMPH
#define CSR_VSTIMECMPH  0x25d
#endif

#ifndef HSTATUS_GVA
#define HSTATUS_GVA  (_UL(1) << 6)
#endif
#ifndef HSTATUS_SPV
#define HSTATUS_SPV  (_UL(1) << 7)
#endif
#ifndef HSTATUS_SPVP
#define HSTATUS_SPVP (_UL(1) << 8)
#endif
#ifndef HSTATUS_VTW
#define HSTATUS_VTW  (_UL(1) << 21)
#endif

/* The causes the H extension adds (scause, mcause) */
#ifndef CAUSE_VS_ECALL
#define CAUSE_VS_ECALL           10
#endif
#ifndef CAUSE_FETCH_GUEST_PF
#define CAUSE_FETCH_GUEST_PF     20
#endif
#ifndef CAUSE_LOAD_GUEST_PF
#define CAUSE_LOAD_GUEST_PF      21
#endif
#ifndef CAUSE_VIRTUAL_INSN
#define CAUSE_VIRTUAL_INSN       22
#endif
#ifndef CAUSE_STORE_GUEST_PF
#define CAUSE_STORE_GUEST_PF     23
#endif
#ifndef IRQ_VS_TIMER
#define IRQ_VS_TIMER             6
#endif

/* sstatus bits the world switch sets for a VS-mode entry */
#ifndef SSTATUS_SIE
#define SSTATUS_SIE  (_UL(1) << 1)
#endif
#ifndef SSTATUS_SPIE
#define SSTATUS_SPIE (_UL(1) << 5)
#endif
#ifndef SSTATUS_SPP
#define SSTATUS_SPP  (_UL(1) << 8)
#endif

/*
 * The longest a guest (or the injecting hart) waits for an interrupt or an
 * event, in ticks of the time CSR: a bound in time rather than in loop
 * turns, because a turn costs a trap into the firmware where time is
 * emulated (CVA6), and an RTL model runs a few thousand cycles a second.
 * 1 s at QEMU's 10 MHz; the RTL build sets a shorter one.
 */
#ifndef HYP_WAIT_TICKS
#define HYP_WAIT_TICKS 10000000UL
#endif

/*
 * What the guest puts in a7 for the host: the end of its program (a0 the
 * result), and a trap its own VS handler took (a0 = its scause, a1 = its
 * sepc, a2 = its stval; the host answers with a1 = where to resume).
 * Any other a7 is an ecall a case looks at itself.
 */
#define GUEST_EXIT   0x48595045   /* "HYPE" */
#define GUEST_VSTRAP 0x48595354   /* "HYST" */

/* struct vcpu's layout, in registers (hyp_entry.S indexes by these) */
#define VCPU_PC      32
#define VCPU_HS_SP   33
#define VCPU_HS_REGS 34           /* ra, s0..s11: 13 slots */
#define VCPU_SCAUSE  47
#define VCPU_STVAL   48
#define VCPU_HTVAL   49
#define VCPU_HTINST  50
#define VCPU_HSTATUS 51
#define VCPU_STVEC   52
#define VCPU_SLOTS   53

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

/* One guest: its registers (x0's slot unused) and where it stopped. */
struct vcpu {
	unsigned long regs[32];
	unsigned long pc;
	unsigned long hs_sp, hs_regs[13];
	unsigned long scause, stval, htval, htinst, hstatus;
	unsigned long hs_stvec;
};
_Static_assert(sizeof(struct vcpu) == VCPU_SLOTS * sizeof(unsigned long), "hyp.h: VCPU_* slots");

/* Enter the guest at v->pc with v->regs (hstatus.SPV and sstatus.SPP as
 * the caller set them); return at its next trap into HS, all recorded. */
void hyp_run(struct vcpu *v);

#define csr_read(c) ({ unsigned long v_; __asm__ volatile("csrr %0, %1" : "=r"(v_) : "i"(c)); v_; })
#define csr_write(c, x) __asm__ volatile("csrw %0, %1" :: "i"(c), "r"((unsigned long)(x)) : "memory")
#define csr_set(c, x) __asm__ volatile("csrs %0, %1" :: "i"(c), "r"((unsigned long)(x)) : "memory")
#define csr_clear(c, x) __asm__ volatile("csrc %0, %1" :: "i"(c), "r"((unsigned long)(x)) : "memory")

/* hfence.gvma and hfence.vvma with no operands: every guest translation */
static inline void hfence_all(void)
{
	__asm__ volatile(".insn r 0x73, 0, 0x31, x0, x0, x0\n\t"
			 ".insn r 0x73, 0, 0x11, x0, x0, x0" ::: "memory");
}

/* The guest's programs (hyp_entry.S), entered with their arguments in regs. */
extern char guest_ecall[], guest_ecall_ret[], guest_load[], guest_store[], guest_amo[],
	guest_fetch[], guest_fetch_ret[], guest_csr_hstatus[], guest_wfi[], guest_rdtime[],
	guest_illegal[], guest_timer_wait[], guest_timer_loop[], guest_timer_loop_end[],
	guest_vstimecmp[], guest_spin[], guest_spin_loop[], guest_spin_end[];
/* The loads and stores at every width: one program each, a1 = address,
 * a2 = the value to store; a load leaves what it read in a0. */
extern char guest_lb[], guest_lh[], guest_lhu[], guest_lw[], guest_sh[], guest_sw[],
	guest_c_lw[], guest_c_sw[];
#if __riscv_xlen == 64
extern char guest_lwu[], guest_ld[], guest_sd[], guest_c_ld[], guest_c_sd[];
#endif

/* hyp.c's guest: a fresh one at entry (gp and a stack of its own); enter
 * or resume it in VS-mode (hstatus.SPVP and GVA set first as asked); its
 * exit ecall; the last trap came from VS-mode (a check line). */
struct vcpu *guest(char *entry);
void enter(struct vcpu *v, bool spvp, bool gva);
bool is_exit(struct vcpu *v);
void check_from_vs(struct vcpu *v, const char *name);

/* The SSE case (hyp_sse.c), on the guest hyp.c has set up. */
void hyp_sse(unsigned long hartid, unsigned harts);
#endif
#endif
