/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fences: memory ordering between harts (fence rw, rw: unprivileged spec,
 * "Memory Ordering Instructions"), and the fences a remote-fence request
 * asks a hart to run: fence.i (unprivileged spec, "Zifencei" chapter),
 * sfence.vma (priv spec 4.2.1 "Supervisor Memory-Management Fence
 * Instruction"), hfence.* (priv spec 8.3.2 "Hypervisor Memory-Management
 * Fence Instructions").
 */
#ifndef TALLY_ARCH_FENCE_H
#define TALLY_ARCH_FENCE_H

/* order earlier memory accesses before later ones, as other harts see them */
static inline void fence_rw(void) { __asm__ volatile("fence rw, rw" ::: "memory"); }

/*
 * Order every earlier access, memory or device, before every later one:
 * a request written to memory before the device store that rings another
 * hart's doorbell (CLINT msip), and the store that clears ours before the
 * memory we then read (fence rw, rw orders memory only: unprivileged spec,
 * "Memory Ordering Instructions", I/O is the I and O bits).
 */
static inline void fence_io_rw(void) { __asm__ volatile("fence iorw, iorw" ::: "memory"); }

/* make this hart's instruction fetches see earlier stores */
static inline void fence_i(void) { __asm__ volatile("fence.i" ::: "memory"); }
/* forget every cached translation */
static inline void sfence_vma_all(void) { __asm__ volatile("sfence.vma" ::: "memory"); }
/* forget translations of one page, every address space */
static inline void sfence_vma_page(unsigned long va)
{ __asm__ volatile("sfence.vma %0" :: "r"(va) : "memory"); }
/* forget translations of one address space */
static inline void sfence_vma_asid_all(unsigned long asid)
{ __asm__ volatile("sfence.vma zero, %0" :: "r"(asid) : "memory"); }
/* forget one page of one address space */
static inline void sfence_vma_asid_page(unsigned long va, unsigned long asid)
{ __asm__ volatile("sfence.vma %0, %1" :: "r"(va), "r"(asid) : "memory"); }
/*
 * Hypervisor fences (H extension), spelled as .insn so the assembler needs
 * no H support: hfence.gvma is funct7 0x31, hfence.vvma 0x11, opcode SYSTEM.
 * hfence.gvma takes a guest physical address shifted right by 2.
 */
static inline void hfence_gvma(unsigned long gpa_shr2, unsigned long vmid)
{ __asm__ volatile(".insn r 0x73, 0, 0x31, x0, %0, %1" :: "r"(gpa_shr2), "r"(vmid) : "memory"); }
static inline void hfence_vvma(unsigned long va, unsigned long asid)
{ __asm__ volatile(".insn r 0x73, 0, 0x11, x0, %0, %1" :: "r"(va), "r"(asid) : "memory"); }
/*
 * The same fences for "every guest address" (rs1 = x0) or "every VMID /
 * ASID" (rs2 = x0): the register must be x0 itself, since a register that
 * holds 0 names address 0 or VMID / ASID 0 only (priv spec 8.3.2
 * "Hypervisor Memory-Management Fence Instructions").
 */
static inline void hfence_gvma_all(void)
{ __asm__ volatile(".insn r 0x73, 0, 0x31, x0, x0, x0" ::: "memory"); }
static inline void hfence_gvma_vmid_all(unsigned long vmid)
{ __asm__ volatile(".insn r 0x73, 0, 0x31, x0, x0, %0" :: "r"(vmid) : "memory"); }
static inline void hfence_gvma_any_vmid(unsigned long gpa_shr2)
{ __asm__ volatile(".insn r 0x73, 0, 0x31, x0, %0, x0" :: "r"(gpa_shr2) : "memory"); }
static inline void hfence_vvma_all(void)
{ __asm__ volatile(".insn r 0x73, 0, 0x11, x0, x0, x0" ::: "memory"); }
static inline void hfence_vvma_asid_all(unsigned long asid)
{ __asm__ volatile(".insn r 0x73, 0, 0x11, x0, x0, %0" :: "r"(asid) : "memory"); }
static inline void hfence_vvma_any_asid(unsigned long va)
{ __asm__ volatile(".insn r 0x73, 0, 0x11, x0, %0, x0" :: "r"(va) : "memory"); }
#endif
