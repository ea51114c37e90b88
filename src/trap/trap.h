/* SPDX-License-Identifier: BSD-2-Clause */
/* trap.c: every trap but the payload's ecall. */
#ifndef TALLY_TRAP_H
#define TALLY_TRAP_H

struct trap_frame;

/* Handle the trap f describes; on return entry.S restores f and mrets. */
void trap_handler(struct trap_frame *f);

#endif
