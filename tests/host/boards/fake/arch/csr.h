/* SPDX-License-Identifier: BSD-2-Clause */
/* Host stand-in for src/arch/csr.h: only what src/hart.h needs for dt.c. */
#ifndef TALLY_ARCH_CSR_H
#define TALLY_ARCH_CSR_H
unsigned long r_mhartid(void);
#endif
