/* SPDX-License-Identifier: BSD-2-Clause */
/* The proof's csr.h: src/arch/csr.h's accessors over stubs.c's CSRs. */
#ifndef PROOF_ARCH_CSR_H
#define PROOF_ARCH_CSR_H
#include "proof_hw.h"
#define csr_read(csr) proof_csr_read(#csr)
#define csr_write(csr, val) proof_csr_write(#csr, (unsigned long)(val))
#define csr_set(csr, val) proof_csr_set(#csr, (unsigned long)(val))
#define csr_clear(csr, val) proof_csr_clear(#csr, (unsigned long)(val))
#include_next "arch/csr.h"
#endif
