/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What guest.S and kvm-init.c agree on: where the guest lives, where it
 * reports, and what each report slot holds. The guest stores one 64-bit
 * word per slot to REPORT_GPA + 8 * slot; no memory slot covers that
 * address, so every store reaches kvm-init as a KVM_EXIT_MMIO, which keeps
 * the guest free of any device model. kvm-init judges the values.
 */
#ifndef KVM_GUEST_H
#define KVM_GUEST_H

#define GUEST_GPA     0x80000000   /* the one memory slot: code, then stack up to its end */
#define GUEST_SIZE    0x100000
#define REPORT_GPA    0x10000000   /* slots, written by the guest (MMIO stores) */
#define LOAD_GPA      0x10001000   /* MMIO loads that kvm-init answers with LOAD_MAGIC */
#define LOAD_MAGIC    0x1234567809abcdef
#define LOAD_MAGIC32  0x0000000009abcdef   /* lw of the same: the low half, sign bit clear */

/* The guest's workload between counter start and stop: WORK_LOOPS x 3 instructions. */
#define WORK_LOOPS    1000000
/* Timer interrupts the guest asks for, and how far ahead (in time-CSR ticks). */
#define TIMER_ROUNDS  3
#define TIMER_DELTA   20000

/* Report slots. */
#define R_SPEC_ERR       0   /* base get_spec_version: error, value */
#define R_SPEC           1
#define R_IMPL           2   /* base get_impl_id */
#define R_PROBE_TIME     3   /* base probe_extension of ... */
#define R_PROBE_PMU      4
#define R_PROBE_SRST     5
#define R_PROBE_NONE     6   /* ... an extension ID nobody implements */
#define R_NCTR           7   /* pmu num_counters */
#define R_INFO0          8   /* pmu counter_get_info(0), (2) */
#define R_INFO2          9
#define R_INFO_ERRS     10   /* OR of the errors of get_info on every counter but 1 (time) */
#define R_NFW           11   /* how many counters get_info calls firmware counters */
#define R_FW_ERR        12   /* config_matching of firmware event SET_TIMER, auto-start */
#define R_FW_IDX        13
#define R_TIMER_ERRS    14   /* OR of every set_timer's error */
#define R_TICKS         15   /* timer interrupts taken */
#define R_EARLY         16   /* ... of which before their deadline */
#define R_TCAUSE        17   /* scause of the last one */
#define R_SET_TIMERS    18   /* set_timer calls made */
#define R_FW_READ_ERR   19   /* counter_fw_read of the SET_TIMER counter */
#define R_FW_COUNT      20
/*
 * Cycles and instructions, twice: first auto-started by config_matching
 * and read while running, then configured, started and stopped by calls.
 */
#define R_CYC_ERR       21   /* config_matching of cycles, auto-start: error, counter */
#define R_CYC_IDX       22
#define R_INS_ERR       23   /* ... of instructions */
#define R_INS_IDX       24
#define R_RUN_READ_ERRS 25   /* OR of the errors of counter_fw_read while they run */
#define R_CYC_RUN       26
#define R_INS_RUN       27
#define R_CYC_RESET_ERR 28   /* counter_stop with RESET of each */
#define R_INS_RESET_ERR 29
#define R_B_CFG_ERRS    30   /* OR of config_matching's errors, no auto-start */
#define R_B_CYC_IDX     31
#define R_B_INS_IDX     32
#define R_START_ERRS    33   /* OR of counter_start's errors */
#define R_STOP_ERRS     34   /* OR of counter_stop's errors (cycles, instructions, SET_TIMER) */
#define R_CYC_SBI       35   /* counter_fw_read of the stopped cycles counter */
#define R_INS_SBI       36
#define R_CYC_CSR       37   /* the same through its CSR (0xc00 + counter; KVM emulates) */
#define R_INS_CSR       38
#define R_CYC_LATER     39   /* the CSRs again after more work: stopped, so unchanged */
#define R_INS_LATER     40
#define R_MMIO64        41   /* ld from LOAD_GPA */
#define R_MMIO32        42   /* lw from LOAD_GPA + 8 */
#define R_MMIO_OK       43   /* the guest's own comparison: 1 per load that matched */
#define R_TRAP_CAUSE    60   /* an unexpected trap: scause, sepc, stval (then reset, reason 1) */
#define R_TRAP_EPC      61
#define R_TRAP_TVAL     62
#define R_SLOTS         64

#endif
