/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fences a remote-fence request asks a hart to run: fence.i (unprivileged
 * spec, "Zifencei" chapter), sfence.vma (priv spec 4.2.1 "Supervisor
 * Memory-Management Fence Instruction"), hfence.* (priv spec 8.3.2
 * "Hypervisor Memory-Management Fence Instructions").
 */
#ifndef TALLY_ARCH_FENCE_H
#define TALLY_ARCH_FENCE_H

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
#endif
