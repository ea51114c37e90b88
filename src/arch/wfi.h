/* SPDX-License-Identifier: BSD-2-Clause */
/* priv spec 3.3.3 "Wait for Interrupt": a hint, so every caller loops on its condition. */
#ifndef TALLY_ARCH_WFI_H
#define TALLY_ARCH_WFI_H

static inline void wfi(void) { __asm__ volatile("wfi"); }

#endif
