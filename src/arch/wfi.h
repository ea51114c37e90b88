/* SPDX-License-Identifier: BSD-2-Clause */
/* Waiting for an interrupt (priv spec 3.3.3 "Wait for Interrupt"). */
#ifndef TALLY_ARCH_WFI_H
#define TALLY_ARCH_WFI_H

/* A hint: it may return at any time, so every caller loops on its condition. */
static inline void wfi(void) { __asm__ volatile("wfi"); }

#endif
