/* SPDX-License-Identifier: BSD-2-Clause */
/* What entry.S offers the C code. */
#ifndef TALLY_ARCH_ENTRY_H
#define TALLY_ARCH_ENTRY_H

/* mtvec targets: the trap entry (direct mode) and the 32-slot table (vectored mode). */
extern char trap_entry[], trap_vector_table[];
/* The boot hart sets it once everything shared is ready; the other harts wait for it. */
extern volatile int boot_done;
/* mret, with a0 = hartid and a1 = fdt (mepc and mstatus.MPP already set). */
__attribute__((noreturn)) void arch_enter_payload(unsigned long hartid, unsigned long fdt);

#endif
