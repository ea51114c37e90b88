/* SPDX-License-Identifier: BSD-2-Clause */
/* mprv.c: memory as the mode that trapped sees it (mstatus.MPRV). */
#ifndef TALLY_ARCH_MPRV_H
#define TALLY_ARCH_MPRV_H

#include <stdbool.h>
#include <stdint.h>

/* The instruction at epc as the trapped mode sees it; false if a read faulted. */
bool read_lower_insn(unsigned long epc, uint32_t *insn);
/* The unsigned long at addr as the mode that trapped (mstatus.MPP) reads it,
 * byte by byte (any alignment); false if a byte faulted. mepc is kept. */
bool read_lower_ulong(unsigned long addr, unsigned long *val);

/*
 * The firmware side (arch/mprv.c), a platform's emulate_misaligned hook:
 * on entry *cause and *tval are mcause and mtval of the trap. True: the
 * access was emulated and mepc points past it. False: S-mode must be
 * given *cause and *tval (the trap unchanged, or the fault a byte access
 * took), with mepc back on the trapping instruction.
 */
struct trap_frame;
bool emulate_misaligned(struct trap_frame *f, unsigned long *cause, unsigned long *tval);

#endif
