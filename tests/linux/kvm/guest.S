/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The KVM test's guest: a bare program that KVM runs in VS-mode, where it
 * believes it is an S-mode kernel. Every SBI call it makes is a VS-mode
 * ecall that the firmware must hand to KVM in HS-mode; every counter CSR
 * read and every wfi is a virtual instruction trap KVM emulates; every
 * report is a guest page fault KVM turns into an MMIO exit. kvm-init copies
 * the bytes between guest_start and guest_end to GUEST_GPA, so the code
 * only addresses itself PC-relative.
 *
 * On entry: a1 = REPORT_GPA, a2 = LOAD_GPA, sp = the slot's end.
 */
#include "kvm-guest.h"

#define SBI_BASE  0x10
#define SBI_TIME  0x54494d45
#define SBI_PMU   0x504d55
#define SBI_SRST  0x53525354
#define SBI_NONE  0x4e4f4e45   /* "NONE": no extension has this ID */
#define SIE_STIE  (1 << 5)
#define SSTATUS_SIE (1 << 1)
#define PMU_EV_CYCLES 1
#define PMU_EV_INSTRUCTIONS 2
#define PMU_EV_FW_SET_TIMER ((15 << 16) | 5)
#define PMU_CFG_CLEAR (1 << 1)
#define PMU_CFG_CLEAR_AUTO_START ((1 << 1) | (1 << 2))
#define PMU_STOP_RESET 1

	.option norelax
	.section .guest, "a"
	.balign 4
	.globl guest_start, guest_end

/* Store a register into report slot n. */
.macro report n, reg
	sd \reg, (\n * 8)(s0)
.endm

/* SBI call: a0..a5 already set; error in a0, value in a1. */
.macro sbi eid, fid
	li a7, \eid
	li a6, \fid
	ecall
.endm

/* The counter read loop: WORK_LOOPS iterations of addi, nop, bnez. */
.macro work
	li t0, WORK_LOOPS
99:	addi t0, t0, -1
	nop
	bnez t0, 99b
.endm

guest_start:
	mv s0, a1
	mv s1, a2
	lla t0, trap
	csrw stvec, t0

	/* Base: KVM answers these itself. */
	sbi SBI_BASE, 0                 /* get_spec_version */
	report R_SPEC_ERR, a0
	report R_SPEC, a1
	sbi SBI_BASE, 1                 /* get_impl_id */
	report R_IMPL, a1
	li a0, SBI_TIME
	sbi SBI_BASE, 3                 /* probe_extension */
	report R_PROBE_TIME, a1
	li a0, SBI_PMU
	sbi SBI_BASE, 3
	report R_PROBE_PMU, a1
	li a0, SBI_SRST
	sbi SBI_BASE, 3
	report R_PROBE_SRST, a1
	li a0, SBI_NONE
	sbi SBI_BASE, 3
	report R_PROBE_NONE, a1

	/* PMU: how many counters, what two of them are, how many are firmware counters. */
	sbi SBI_PMU, 0                  /* num_counters */
	mv s8, a1
	report R_NCTR, s8
	li a0, 0
	sbi SBI_PMU, 1                  /* counter_get_info */
	report R_INFO0, a1
	li a0, 2
	sbi SBI_PMU, 1
	report R_INFO2, a1
	li s9, 0                        /* OR of the errors */
	li s10, 0                       /* firmware counters */
	li s11, 0                       /* counter index */
1:	bgeu s11, s8, 3f
	li t0, 1
	beq s11, t0, 2f                 /* counter 1 is time: no info */
	mv a0, s11
	sbi SBI_PMU, 1
	or s9, s9, a0
	srli a1, a1, 63                 /* type: 1 = firmware */
	add s10, s10, a1
2:	addi s11, s11, 1
	j 1b
3:	report R_INFO_ERRS, s9
	report R_NFW, s10

	/* Count the guest's SET_TIMER calls in a firmware counter KVM keeps. */
	li a0, 0
	li a1, 1
	sll a1, a1, s8
	addi a1, a1, -1                 /* every counter the vCPU has */
	li a2, PMU_CFG_CLEAR_AUTO_START
	li a3, PMU_EV_FW_SET_TIMER
	li a4, 0
	sbi SBI_PMU, 2                  /* counter_config_matching */
	report R_FW_ERR, a0
	report R_FW_IDX, a1
	mv s11, a1

	/*
	 * TIME: TIMER_ROUNDS deadlines, each taken as a timer interrupt. The
	 * handler counts in s2 (interrupts), s3 (early ones), s5 (set_timer
	 * calls), s6 (scause), s7 (OR of errors). sstatus.SIE stays clear
	 * except for a moment after wfi, so no interrupt can slip in between
	 * the check and the wfi and leave it waiting for ever.
	 */
	li s2, 0
	li s3, 0
	li s5, 0
	li s6, 0
	li s7, 0
	li t0, SIE_STIE
	csrs sie, t0
	li s9, TIMER_ROUNDS
1:	rdtime t0
	li t1, TIMER_DELTA
	add s4, t0, t1
	mv a0, s4
	sbi SBI_TIME, 0                 /* set_timer */
	or s7, s7, a0
	addi s5, s5, 1
	addi s10, s2, 1                 /* the count this round's interrupt makes */
2:	bgeu s2, s10, 3f
	wfi
	csrsi sstatus, SSTATUS_SIE
	csrci sstatus, SSTATUS_SIE
	j 2b
3:	addi s9, s9, -1
	bnez s9, 1b
	li t0, SIE_STIE
	csrc sie, t0
	report R_TIMER_ERRS, s7
	report R_TICKS, s2
	report R_EARLY, s3
	report R_TCAUSE, s6
	report R_SET_TIMERS, s5
	mv a0, s11
	sbi SBI_PMU, 5                  /* counter_fw_read */
	report R_FW_READ_ERR, a0
	report R_FW_COUNT, a1

	/*
	 * Cycles and instructions over a known loop: first auto-started by
	 * config_matching and read while they run, then released.
	 */
	li a3, PMU_EV_CYCLES
	li a2, PMU_CFG_CLEAR_AUTO_START
	call config_matching
	report R_CYC_ERR, a0
	report R_CYC_IDX, a1
	mv s9, a1
	li a3, PMU_EV_INSTRUCTIONS
	li a2, PMU_CFG_CLEAR_AUTO_START
	call config_matching
	report R_INS_ERR, a0
	report R_INS_IDX, a1
	mv s10, a1
	work
	mv a0, s9
	sbi SBI_PMU, 5                  /* counter_fw_read */
	mv s7, a0
	report R_CYC_RUN, a1
	mv a0, s10
	sbi SBI_PMU, 5
	or s7, s7, a0
	report R_INS_RUN, a1
	report R_RUN_READ_ERRS, s7
	mv a0, s9
	li a1, 1
	li a2, PMU_STOP_RESET
	sbi SBI_PMU, 4                  /* counter_stop */
	report R_CYC_RESET_ERR, a0
	mv a0, s10
	li a1, 1
	li a2, PMU_STOP_RESET
	sbi SBI_PMU, 4
	report R_INS_RESET_ERR, a0

	/* Then as Linux drives them: configure, start, work, stop, read. */
	li a3, PMU_EV_CYCLES
	li a2, PMU_CFG_CLEAR
	call config_matching
	mv s7, a0
	report R_B_CYC_IDX, a1
	mv s9, a1
	li a3, PMU_EV_INSTRUCTIONS
	li a2, PMU_CFG_CLEAR
	call config_matching
	or s7, s7, a0
	report R_B_INS_IDX, a1
	mv s10, a1
	report R_B_CFG_ERRS, s7
	mv a0, s9
	li a1, 1
	li a2, 0
	sbi SBI_PMU, 3                  /* counter_start */
	mv s7, a0
	mv a0, s10
	li a1, 1
	li a2, 0
	sbi SBI_PMU, 3
	or s7, s7, a0
	report R_START_ERRS, s7
	work
	li s7, 0
	mv a0, s9
	li a1, 1
	li a2, 0
	sbi SBI_PMU, 4
	or s7, s7, a0
	mv a0, s10
	li a1, 1
	li a2, 0
	sbi SBI_PMU, 4
	or s7, s7, a0
	mv a0, s11
	li a1, 1
	li a2, 0
	sbi SBI_PMU, 4
	or s7, s7, a0
	report R_STOP_ERRS, s7
	mv a0, s9
	sbi SBI_PMU, 5
	report R_CYC_SBI, a1
	mv a0, s10
	sbi SBI_PMU, 5
	report R_INS_SBI, a1
	mv a0, s9
	call read_counter
	report R_CYC_CSR, a0
	mv a0, s10
	call read_counter
	report R_INS_CSR, a0
	work
	mv a0, s9
	call read_counter
	report R_CYC_LATER, a0
	mv a0, s10
	call read_counter
	report R_INS_LATER, a0

	/* MMIO: loads from an address no memory slot covers; kvm-init answers. */
	li s7, 0
	ld t0, 0(s1)
	report R_MMIO64, t0
	li t1, LOAD_MAGIC
	bne t0, t1, 1f
	addi s7, s7, 1
1:	lw t0, 8(s1)
	report R_MMIO32, t0
	li t1, LOAD_MAGIC32
	bne t0, t1, 1f
	addi s7, s7, 1
1:	report R_MMIO_OK, s7

	/* SRST: shutdown, no reason. KVM ends KVM_RUN with a system event. */
	li a0, 0
	li a1, 0
	sbi SBI_SRST, 0
	j .

/* counter_config_matching of event a3 with flags a2 over every counter (s8 of them). */
config_matching:
	li a0, 0
	li a1, 1
	sll a1, a1, s8
	addi a1, a1, -1
	li a4, 0
	sbi SBI_PMU, 2
	ret

/*
 * Read hpm counter CSR 0xc00 + a0 (cycle, time, instret, hpmcounter3..31):
 * CSR numbers are part of the instruction, so jump into a table of reads.
 */
read_counter:
	li t0, 32
	bgeu a0, t0, 1f
	lla t0, 2f
	slli a0, a0, 3
	add t0, t0, a0
	jr t0
1:	li a0, -1
	ret
	.balign 4
	.option push
	.option norvc                   /* 8 bytes an entry, as the index arithmetic needs */
2:
	.set n, 0
	.rept 32
	csrr a0, 0xc00 + n
	ret
	.set n, n + 1
	.endr
	.option pop

/* Traps: the timer interrupt, or anything else (reported, then reset). */
	.balign 4
trap:
	addi sp, sp, -64
	sd t0, 0(sp)
	sd t1, 8(sp)
	sd a0, 16(sp)
	sd a1, 24(sp)
	sd a6, 32(sp)
	sd a7, 40(sp)
	csrr t0, scause
	li t1, (1 << 63) | 5            /* supervisor timer interrupt */
	bne t0, t1, unexpected
	mv s6, t0
	addi s2, s2, 1
	rdtime t0
	bgeu t0, s4, 1f
	addi s3, s3, 1
1:	li a0, -1                       /* no next deadline: clears the pending bit */
	sbi SBI_TIME, 0
	or s7, s7, a0
	addi s5, s5, 1
	ld t0, 0(sp)
	ld t1, 8(sp)
	ld a0, 16(sp)
	ld a1, 24(sp)
	ld a6, 32(sp)
	ld a7, 40(sp)
	addi sp, sp, 64
	sret
unexpected:
	report R_TRAP_CAUSE, t0
	csrr t0, sepc
	report R_TRAP_EPC, t0
	csrr t0, stval
	report R_TRAP_TVAL, t0
	li a0, 0
	li a1, 1                        /* system failure */
	sbi SBI_SRST, 0
	j .
guest_end:
