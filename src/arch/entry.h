/* SPDX-License-Identifier: BSD-2-Clause */
/* What entry.S and the fast paths (fast_*.S) share with the C code. */
#ifndef TALLY_ARCH_ENTRY_H
#define TALLY_ARCH_ENTRY_H

#include "tally_config.h"

/*
 * The assembly fast paths (fast_*.S): on where there is an S-mode to
 * serve; off in an image that checks them against their C twins
 * (TALLY_NO_FAST_PATHS: tests/payload/fastpath) and in an M+U image
 * (Ibex), whose size budget has no room for them.
 */
#if TALLY_SMODE_EXTENSIONS && !defined(TALLY_NO_FAST_PATHS)
#define TALLY_FAST_PATHS 1
#else
#define TALLY_FAST_PATHS 0
#endif

/*
 * The trap frame (frame.h, struct trap_frame) as entry.S addresses it:
 * x0..x31, this hart's record, the fast paths' five words and SSE's
 * doorbell, padded to 16 bytes. frame.h checks these against the struct.
 */
#define TRAP_FRAME_REG          (__riscv_xlen / 8)
#define TRAP_FRAME_FW_COUNT     (33 * TRAP_FRAME_REG)
#define TRAP_FRAME_MTIME        (34 * TRAP_FRAME_REG)
#define TRAP_FRAME_MISALIGNED   (35 * TRAP_FRAME_REG)
#define TRAP_FRAME_SSE_PENDING  (36 * TRAP_FRAME_REG)
#define TRAP_FRAME_TIMECMP      (37 * TRAP_FRAME_REG)
#define TRAP_FRAME_MTIME_HOST   (38 * TRAP_FRAME_REG)
#define TRAP_FRAME_SIZE         (40 * TRAP_FRAME_REG)   /* 16-byte aligned on rv32 and rv64 */
/* The firmware events the fast paths count (SBI spec table 6; pmu.h's enum) */
#define TRAP_FW_MISALIGNED_LOAD  0
#define TRAP_FW_MISALIGNED_STORE 1
#define TRAP_FW_ILLEGAL_INSN     4
#define TRAP_FW_SET_TIMER        5
/* The ecalls fast_ecall.S dispatches or answers itself (base/sbi_spec.h, base/sbi.h;
 * sbi_ecall.c checks them): PMU, Base and TIME first, then the table. */
#define TRAP_EID_BASE            0x10
#define TRAP_EID_TIME            0x54494D45
#define TRAP_EID_PMU             0x504D55
#define TRAP_SPEC_VERSION        0x03000000
#define TRAP_ERR_NOT_SUPPORTED   (-2)
/*
 * The dispatcher's slots (sbi_ecall.c; sbi_ext.h's SBI_SLOTS is this one
 * number): EID & (slots - 1), two ways each. With 32, remote_fence_i
 * (EID 5) would be a third row in TIME's and SSE's slot (both EIDs end in
 * 0x45): 128 slots separate it. The same instructions per call; a larger
 * table (rv64: 4 KiB).
 */
#if TALLY_SMODE_EXTENSIONS && TALLY_SMP
#define TRAP_SBI_SLOTS           128
#else
#define TRAP_SBI_SLOTS           32
#endif

#ifndef __ASSEMBLER__

/* mtvec targets: the trap entry (direct mode) and the 32-slot table (vectored mode). */
extern char trap_entry[], trap_vector_table[];
/* set by the boot hart once shared state is ready; the others wait on it */
extern volatile int boot_done;
/* mret, with a0 = hartid and a1 = fdt (mepc and mstatus.MPP already set). */
__attribute__((noreturn)) void arch_enter_payload(unsigned long hartid, unsigned long fdt);
#endif

#endif
