/* SPDX-License-Identifier: BSD-2-Clause */
/* Host stand-in for src/arch/csr.h: only what src/hart.h (dt.c) and platform/common/board.c need. */
#ifndef TALLY_ARCH_CSR_H
#define TALLY_ARCH_CSR_H
unsigned long r_mhartid(void);
static inline void wfi(void) { }   /* board_reset's last loop; the tests never call it */
#endif
