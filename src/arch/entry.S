/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reset entry and the trap vector: the only assembly on the path from a
 * payload's ecall to the C dispatcher and back.
 *
 * Each hart owns a trap frame (struct trap_frame, frame.h: x0..x31 in order) at the
 * top of its M-mode stack, and mscratch points at it whenever the hart is
 * not in M-mode. The C code's stack grows down from just below the frame.
 */
#include "arch/frame.h"
#include "arch/riscv.h"
#include "tally_config.h"

#define SAVE(r, n)    SREG r, (n) * REGBYTES(sp)
#define LOAD(r, n)    LREG r, (n) * REGBYTES(sp)

	.section .text.entry, "ax"
	.globl _start
_start:
	/* a0 = hartid, a1 = device tree, as QEMU's ROM and fw_jump loaders leave them.
	 * Some boot ROMs do not set a0, so ask the hart itself. */
	csrw	mie, zero
	csrr	s0, mhartid
	mv	s1, a1
	la	t0, trap_entry
	csrw	mtvec, t0            /* early faults reach the panic path */
	li	t0, TALLY_MAX_HARTS
	bgeu	s0, t0, park_forever /* no stack for this hart: it never runs */

	/* sp = frame of this hart = top of its stack - FRAME_SIZE */
	la	sp, _stacks_end
	li	t0, TALLY_STACK_SIZE
	mul	t0, t0, s0
	sub	sp, sp, t0
	addi	sp, sp, -FRAME_SIZE
	csrw	mscratch, sp

	/* One hart wins the right to initialise; the others wait for it. */
#ifdef __riscv_atomic
	la	t0, boot_lottery
	li	t1, 1
	amoswap.w t1, t1, (t0)
	bnez	t1, secondary
#else
	bnez	s0, secondary        /* no atomics (Ibex): hart 0 boots */
#endif
	/* Clear .bss 64 bytes a loop (the linker script aligns both ends). */
	la	t0, _bss_start
	la	t1, _bss_end
1:	bgeu	t0, t1, 2f
	.set off, 0
	.rept 64 / REGBYTES
	SREG	zero, off(t0)
	.set off, off + REGBYTES
	.endr
	addi	t0, t0, 64
	j	1b
2:	mv	a0, s0
	mv	a1, s1
	call	tally_boot           /* does not return: mret into the payload */
	j	park_forever

secondary:
	la	t0, boot_done
3:	lw	t1, 0(t0)
	beqz	t1, 3b
	fence	r, rw
	mv	a0, s0
	mv	a1, s1
	call	tally_secondary      /* parks until HSM wakes the hart */
park_forever:
	wfi
	j	park_forever

	.data
	.balign 4
boot_lottery:	.word 0
	.globl boot_done
boot_done:	.word 0

/*
 * The trap vector (direct mode). The fast path is the payload's ecall: a
 * call may change a0 and a1 only (SBI spec 3.1), so what C may clobber is
 * saved and put back: ra, t0, t1, a2..a7.
 *
 * The t2..t6 rule (stated here once; docs/walkthrough.md weighs it): all
 * firmware C is compiled with -ffixed-t2 ... -ffixed-t6 (CMakeLists.txt), so
 * those registers keep their value until mret and are never saved. Library
 * code is built without the flag, so tools/check-fixed-regs.py fails the
 * build if any instruction outside slow_path touches them. t0 and t1 stay
 * temporaries: `tail` and the save/restore sequences use them regardless.
 * Every other trap takes slow_path, which saves all 31 registers.
 */
	.section .text
	.balign 4
	.globl trap_entry
trap_entry:
	csrrw	sp, mscratch, sp     /* sp = this hart's frame, mscratch = caller's sp */
	SAVE(ra, 1)
	SAVE(t0, 5)
	SAVE(t1, 6)
	SAVE(a2, 12)
	SAVE(a3, 13)
	SAVE(a4, 14)
	SAVE(a5, 15)
	SAVE(a6, 16)
	SAVE(a7, 17)
	/* Point mscratch back at the frame: a fault inside the firmware
	 * then still lands on a good stack and can be reported. */
	csrrw	t0, mscratch, sp
	SAVE(t0, 2)
	csrr	t0, mcause
	addi	t0, t0, -TALLY_PAYLOAD_ECALL_CAUSE
	bnez	t0, slow_path

	call	sbi_ecall            /* a0..a5 args, a6 FID, a7 EID -> a0 error, a1 value */
	csrr	t0, mepc
	addi	t0, t0, 4            /* return past the ecall */
	csrw	mepc, t0
restore:
	LOAD(ra, 1)
	LOAD(t0, 5)
	LOAD(t1, 6)
	LOAD(a2, 12)
	LOAD(a3, 13)
	LOAD(a4, 14)
	LOAD(a5, 15)
	LOAD(a6, 16)
	LOAD(a7, 17)
	LOAD(sp, 2)
	mret

slow_path:
	SAVE(gp, 3)
	SAVE(tp, 4)
	SAVE(t2, 7)
	SAVE(s0, 8)
	SAVE(s1, 9)
	SAVE(a0, 10)
	SAVE(a1, 11)
	SAVE(s2, 18)
	SAVE(s3, 19)
	SAVE(s4, 20)
	SAVE(s5, 21)
	SAVE(s6, 22)
	SAVE(s7, 23)
	SAVE(s8, 24)
	SAVE(s9, 25)
	SAVE(s10, 26)
	SAVE(s11, 27)
	SAVE(t3, 28)
	SAVE(t4, 29)
	SAVE(t5, 30)
	SAVE(t6, 31)
	SREG	zero, 0(sp)          /* x0 reads as 0 when emulation looks it up */
	mv	a0, sp
	call	trap_handler         /* may rewrite any saved register, and mepc */
	LOAD(gp, 3)
	LOAD(tp, 4)
	LOAD(t2, 7)
	LOAD(s0, 8)
	LOAD(s1, 9)
	LOAD(a0, 10)
	LOAD(a1, 11)
	LOAD(s2, 18)
	LOAD(s3, 19)
	LOAD(s4, 20)
	LOAD(s5, 21)
	LOAD(s6, 22)
	LOAD(s7, 23)
	LOAD(s8, 24)
	LOAD(s9, 25)
	LOAD(s10, 26)
	LOAD(s11, 27)
	LOAD(t3, 28)
	LOAD(t4, 29)
	LOAD(t5, 30)
	LOAD(t6, 31)
	j	restore

/*
 * Vectored mode (Ibex has nothing else): interrupt n enters at base + 4n
 * (priv spec 3.1.7 "Machine Trap-Vector Base-Address Register"); every
 * 4-byte slot (norvc) jumps to the one entry, which reads mcause anyway.
 * Where reset is at FW_BASE + 0x80 (Ibex), the 32 slots fill the 0x80
 * bytes below _start, where reset-time mtvec points.
 */
	.option push
	.option norvc
#if TALLY_RESET_OFFSET
	/* At FW_BASE (256-byte aligned: the linker script checks); no .balign. */
	.section .text.vectors, "ax"
#else
	.section .text
	.balign 256          /* relaxable padding: the linker keeps it aligned */
#endif
	.globl trap_vector_table
trap_vector_table:
	.rept 32
	j	trap_entry
	.endr
	.option pop

/* mepc and mstatus.MPP are set; a0 = hartid, a1 = device tree. */
	.section .text
	.globl arch_enter_payload
arch_enter_payload:
	mret
