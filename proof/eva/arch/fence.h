/* SPDX-License-Identifier: BSD-2-Clause */
/* The proof's fence.h: ordering and TLB fences change no C state (one hart at a time). */
#ifndef TALLY_ARCH_FENCE_H
#define TALLY_ARCH_FENCE_H
static inline void fence_rw(void) { }
static inline void fence_io_rw(void) { }
static inline void fence_i(void) { }
static inline void sfence_vma_all(void) { }
static inline void sfence_vma_page(unsigned long va) { (void)va; }
static inline void sfence_vma_asid_all(unsigned long asid) { (void)asid; }
static inline void sfence_vma_asid_page(unsigned long va, unsigned long asid) { (void)va, (void)asid; }
static inline void hfence_gvma(unsigned long gpa_shr2, unsigned long vmid) { (void)gpa_shr2, (void)vmid; }
static inline void hfence_vvma(unsigned long va, unsigned long asid) { (void)va, (void)asid; }
static inline void hfence_gvma_all(void) { }
static inline void hfence_gvma_vmid_all(unsigned long vmid) { (void)vmid; }
static inline void hfence_gvma_any_vmid(unsigned long gpa_shr2) { (void)gpa_shr2; }
static inline void hfence_vvma_all(void) { }
static inline void hfence_vvma_asid_all(unsigned long asid) { (void)asid; }
static inline void hfence_vvma_any_asid(unsigned long va) { (void)va; }
#endif
