/* SPDX-License-Identifier: BSD-2-Clause */
/* What entry.S offers the C code. */
#ifndef TALLY_ARCH_ENTRY_H
#define TALLY_ARCH_ENTRY_H

/* mtvec targets, direct and vectored mode */
extern char trap_entry[], trap_vector_table[];
/* set by the boot hart once shared state is ready; the others wait on it */
extern volatile int boot_done;
/* mret, with a0 = hartid and a1 = fdt (mepc and mstatus.MPP already set). */
__attribute__((noreturn)) void arch_enter_payload(unsigned long hartid, unsigned long fdt);

#endif
