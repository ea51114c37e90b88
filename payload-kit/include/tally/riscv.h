/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tally payload kit: the RISC-V privileged spec's numbers (CSR numbers,
 * cause codes, interrupt and status bits) and REGBYTES/SREG/LREG for
 * assembly that saves registers (an SSE handler, a trap vector). C and
 * assembly both include it. The numbers are in riscv_spec.h beside this
 * file, a byte-equal copy of the firmware's src/arch/riscv.h (test
 * kit-spec-copies), as <tally/sbi.h> has sbi_spec.h.
 */
#ifndef TALLY_KIT_RISCV_H
#define TALLY_KIT_RISCV_H
#include "riscv_spec.h"

#ifdef __ASSEMBLER__
/*
 * gp as the kit's start file sets it. The linker turns accesses to globals
 * into gp-relative ones, so an entry the firmware sends a hart to
 * (hart_start, a non-retentive suspend's or SUSP's resume) sets gp before
 * it runs any C.
 */
.macro tally_load_gp
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
.endm
#endif
#endif
