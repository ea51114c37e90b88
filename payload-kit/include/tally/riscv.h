/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tally payload kit: the RISC-V privileged spec's numbers (CSR numbers,
 * cause codes, interrupt and status bits) and REGBYTES/SREG/LREG for
 * assembly that saves registers (an SSE handler, a trap vector). C and
 * assembly both include it. The numbers are the firmware's own
 * src/arch/riscv.h, numbers only, as <tally/sbi.h> takes sbi_spec.h.
 */
#ifndef TALLY_KIT_RISCV_H
#define TALLY_KIT_RISCV_H
#if __has_include("../../../src/arch/riscv.h")
#include "../../../src/arch/riscv.h"
#else
#include "riscv_spec.h"
#endif

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
