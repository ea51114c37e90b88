/* SPDX-License-Identifier: BSD-2-Clause */
/* panic.c: the end of the road for what the firmware did not expect. */
#ifndef TALLY_PANIC_H
#define TALLY_PANIC_H

struct trap_frame;

/* mcause in the priv spec's words ("store/AMO access fault"); S-mode images only. */
const char *trap_cause_name(unsigned long mcause);

/* Print why, where and (f != NULL) every register; then the board powers off or the hart stops. */
__attribute__((noreturn)) void panic(const struct trap_frame *f, const char *why);

/* panic() after its first line, for a caller that printed that line itself
 * ("\ntally: PANIC on hart N: ...") because it has more to say than a string. */
__attribute__((noreturn)) void panic_after(const struct trap_frame *f);

#endif
