/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Sdtrig's trigger CSRs (RISC-V Debug spec, "Trigger Module"): tselect
 * picks a trigger, tdata1..3 configure it, tinfo lists the types it
 * supports (bit N: type N; exactly 1 means "no trigger here"). For
 * src/hart/dbtr.c. A core without Sdtrig traps on all of them: probe under
 * the trap guard.
 */
#ifndef TALLY_ARCH_SDTRIG_H
#define TALLY_ARCH_SDTRIG_H

#include "arch/csr.h"

static inline void w_tselect(unsigned long x) { csr_write(CSR_TSELECT, x); }
static inline unsigned long r_tselect(void) { return csr_read(CSR_TSELECT); }
static inline void w_tdata1(unsigned long x) { csr_write(CSR_TDATA1, x); }
static inline unsigned long r_tdata1(void) { return csr_read(CSR_TDATA1); }
static inline void w_tdata2(unsigned long x) { csr_write(CSR_TDATA2, x); }
static inline void w_tdata3(unsigned long x) { csr_write(CSR_TDATA3, x); }
static inline unsigned long r_tdata3(void) { return csr_read(CSR_TDATA3); }
static inline unsigned long r_tinfo(void) { return csr_read(CSR_TINFO); }

#endif
