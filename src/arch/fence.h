/* SPDX-License-Identifier: BSD-2-Clause */
/* Ordering between harts, and the remote fences: sfence.vma (priv spec 4.2.1
 * "Supervisor Memory-Management Fence Instruction"), hfence.* (priv spec 8.3.2
 * "Hypervisor Memory-Management Fence Instructions"). */
#ifndef TALLY_ARCH_FENCE_H
#define TALLY_ARCH_FENCE_H

static inline void fence_rw(void) { __asm__ volatile("fence rw, rw" ::: "memory"); }

/*
 * Every earlier access, memory or device, before every later one: a request
 * before the doorbell's store, our doorbell's clear before the reads (fence
 * rw, rw orders memory only: unprivileged spec, "Memory Ordering Instructions").
 */
static inline void fence_io_rw(void) { __asm__ volatile("fence iorw, iorw" ::: "memory"); }

/* make this hart's instruction fetches see earlier stores */
static inline void fence_i(void) { __asm__ volatile("fence.i" ::: "memory"); }
static inline void sfence_vma_all(void) { __asm__ volatile("sfence.vma" ::: "memory"); }
static inline void sfence_vma_page(unsigned long va)
{ __asm__ volatile("sfence.vma %0" :: "r"(va) : "memory"); }
static inline void sfence_vma_asid_all(unsigned long asid)
{ __asm__ volatile("sfence.vma zero, %0" :: "r"(asid) : "memory"); }
static inline void sfence_vma_asid_page(unsigned long va, unsigned long asid)
{ __asm__ volatile("sfence.vma %0, %1" :: "r"(va), "r"(asid) : "memory"); }
/* H extension, as .insn for assemblers without it (funct7 0x31 gvma, 0x11 vvma) */
static inline void hfence_gvma(unsigned long gpa_shr2, unsigned long vmid)
{ __asm__ volatile(".insn r 0x73, 0, 0x31, x0, %0, %1" :: "r"(gpa_shr2), "r"(vmid) : "memory"); }
static inline void hfence_vvma(unsigned long va, unsigned long asid)
{ __asm__ volatile(".insn r 0x73, 0, 0x11, x0, %0, %1" :: "r"(va), "r"(asid) : "memory"); }
/* "every address" / "every VMID or ASID" takes x0 itself: a register holding 0 names 0 */
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
