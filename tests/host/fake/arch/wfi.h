/* SPDX-License-Identifier: BSD-2-Clause */
/* Host stand-in for src/arch/wfi.h: board_reset's last loop; the tests never call it. */
#ifndef TALLY_ARCH_WFI_H
#define TALLY_ARCH_WFI_H
static inline void wfi(void) { }
#endif
