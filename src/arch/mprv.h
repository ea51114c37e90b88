/* SPDX-License-Identifier: BSD-2-Clause */
/* mprv.c: memory as the mode that trapped sees it (mstatus.MPRV). */
#ifndef TALLY_ARCH_MPRV_H
#define TALLY_ARCH_MPRV_H

#include <stdbool.h>
#include <stdint.h>

/* The instruction at epc as the trapped mode sees it; false if a read faulted. */
bool read_lower_insn(unsigned long epc, uint32_t *insn);

#endif
