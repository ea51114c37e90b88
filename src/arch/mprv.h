/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mprv.c: memory as the mode that trapped sees it (mstatus.MPRV: priv spec
 * 3.1.6.3 "Memory Privilege in mstatus Register").
 */
#ifndef TALLY_ARCH_MPRV_H
#define TALLY_ARCH_MPRV_H

#include <stdbool.h>
#include <stdint.h>

/*
 * The instruction at epc as the trapped mode sees it (mstatus.MPRV with MPP
 * as the trap left it, plus MXR so execute-only pages read), for trap
 * handlers whose core leaves mtval 0. Two bytes first, two more only for a
 * 32-bit instruction; false if a read faulted. mepc is left as it was.
 */
bool read_lower_insn(unsigned long epc, uint32_t *insn);

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
