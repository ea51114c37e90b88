/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the proof assumes of the hardware and of the lower modes: every
 * function here is defined in stubs.c, which says each assumption once.
 * The shadow headers beside this file (arch/) route the firmware's CSR,
 * MMIO, fence, wfi and trap-guard accessors here.
 */
#ifndef PROOF_HW_H
#define PROOF_HW_H
#include <stdbool.h>
#include <stdint.h>

/* Any value of the type: what a lower mode or a device may give. */
unsigned long proof_any(void);
/* Any value in [0, n), n > 0. */
unsigned long proof_below(unsigned long n);
bool proof_any_bool(void);

/* CSRs by name (csr.h's macros stringify the CSR). */
unsigned long proof_csr_read(const char *csr);
void proof_csr_write(const char *csr, unsigned long v);
void proof_csr_set(const char *csr, unsigned long v);
void proof_csr_clear(const char *csr, unsigned long v);

/* The address mscratch holds: this hart's trap frame (entry.S keeps it so). */
extern unsigned long proof_mscratch;
/* The harts the proof's device tree may name: IDs 0..PROOF_HARTS-1 (stubs.c). */
#define PROOF_HARTS (TALLY_MAX_HARTS < 4 ? TALLY_MAX_HARTS : 4)
/* mhartid: the ID of the hart the harness runs now. */
extern unsigned long proof_mhartid;
#endif
