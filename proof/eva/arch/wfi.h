/* SPDX-License-Identifier: BSD-2-Clause */
/* The proof's wfi.h: waiting changes no C state (what it waits for is a CSR or a volatile). */
#ifndef TALLY_ARCH_WFI_H
#define TALLY_ARCH_WFI_H
static inline void wfi(void) { }
#endif
