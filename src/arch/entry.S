/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reset entry and the trap vector: the only assembly on the path from a
 * payload's ecall to the C dispatcher and back.
 *
 * Each hart owns a trap frame (struct trap_frame, frame.h: x0..x31 in order) at the
 * top of its M-mode stack, and mscratch points at it whenever the hart is
 * not in M-mode. The C code's stack grows down from just below the frame.
 */
#include "arch/entry.h"
#include "arch/frame.h"
#include "arch/riscv.h"
#include "tally_config.h"

#define SAVE(r, n)    SREG r, (n) * REGBYTES(sp)
#define LOAD(r, n)    LREG r, (n) * REGBYTES(sp)
#if __riscv_xlen == 64
#define SLOT_SHIFT    5    /* log2 of a dispatcher slot's bytes (sbi_ecall.c) */
#else
#define SLOT_SHIFT    4
#endif

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

/* What C may clobber beyond t0 and t1: ra, a2..a7; and the caller's sp,
 * mscratch back at the frame so that a fault inside the firmware lands
 * on a good stack. The csrrw goes first: the stores hide its latency. */
.macro save_rest
	csrrw	t0, mscratch, sp
	SAVE(ra, 1)
	SAVE(a2, 12)
	SAVE(a3, 13)
	SAVE(a4, 14)
	SAVE(a5, 15)
	SAVE(a6, 16)
	SAVE(a7, 17)
	SAVE(t0, 2)
.endm

/* One more firmware event in this hart's PMU state (pmu_fw_event): 64 bits. */
.macro count_fw_event ev, p=a2, v=a3, loaded=0
	.if !\loaded
	LOAD(\p, TRAP_FRAME_FW_COUNT / REGBYTES)
	.endif
#if __riscv_xlen == 64
	ld	\v, 8 * \ev(\p)
	addi	\v, \v, 1
	sd	\v, 8 * \ev(\p)
#else
	lw	\v, 8 * \ev(\p)
	addi	\v, \v, 1
	sw	\v, 8 * \ev(\p)
	bnez	\v, 1f
	lw	\v, 8 * \ev + 4(\p)
	addi	\v, \v, 1
	sw	\v, 8 * \ev + 4(\p)
1:
#endif
.endm

/*
 * The trap vector (direct mode). The fast path is the payload's ecall: a
 * call may change a0 and a1 only (SBI spec 3.1), so what C may clobber is
 * saved and put back: ra, t0, t1, a2..a7 (with an S-mode, only t0 and t1
 * until a decoder is called: below).
 *
 * The t2..t6 rule (stated here once; docs/walkthrough.md weighs it): all
 * firmware C is compiled with -ffixed-t2 ... -ffixed-t6 (cmake/firmware.cmake), so
 * those registers keep their value until mret and are never saved. Library
 * code is built without the flag, so tools/check-fixed-regs.py fails the
 * build if any instruction outside slow_path and the register tables touches
 * them. t0 and t1 stay temporaries: `tail` and the save/restore sequences use
 * them regardless.
 *
 * Three traps a core without a time CSR, Sstc or misaligned accesses (CVA6)
 * takes all day are answered here too, with only the registers the ecall
 * path saved: an emulated rdtime, a misaligned load or store, the machine
 * timer interrupt. Anything they do not expect goes to slow_path as it came.
 * They serve an S-mode: an image without one (Ibex, its size budget) leaves
 * them out, and its counter reads go to the slow path.
 * Every other trap takes slow_path, which saves all 31 registers.
 */
	.section .text
	.balign 4
	.globl trap_entry
trap_entry:
	csrrw	sp, mscratch, sp     /* sp = this hart's frame, mscratch = caller's sp */
#if TALLY_SMODE_EXTENSIONS
/*
 * An image with an S-mode dispatches its ecalls here, with t0 and t1
 * saved only: PMU (Linux's four calls per switch), then Base's
 * get_spec_version and TIME's set_timer answered here (their other
 * calls to their decoders), then sbi_ecall.c's table (sbi_ext_slots,
 * two ways a slot), else NOT_SUPPORTED. The answers are sbi_ecall()'s,
 * which trap.c and an image without an S-mode use. What calls a decoder
 * saves the rest first (ecall_c).
 */
	SAVE(t0, 5)
	SAVE(t1, 6)
	csrr	t1, mcause
	addi	t0, t1, -TALLY_PAYLOAD_ECALL_CAUSE
	bnez	t0, save_not_ecall
	li	t0, TRAP_EID_PMU
	beq	a7, t0, ecall_pmu
	li	t0, TRAP_EID_BASE
	beq	a7, t0, ecall_base
	li	t0, TRAP_EID_TIME
	beq	a7, t0, ecall_time
	andi	t0, a7, TRAP_SBI_SLOTS - 1
	slli	t0, t0, SLOT_SHIFT   /* 2 ways of {eid, decoder} */
	la	t1, sbi_ext_slots
	add	t0, t0, t1
	LREG	t1, 0(t0)
	bne	t1, a7, ecall_way1
	LREG	t1, REGBYTES(t0)
/* t1 = the decoder: a0..a6 reach it as they came. */
ecall_c:
	save_rest
	jalr	t1                   /* -> a0 error, a1 value */
#else
	SAVE(t0, 5)
	SAVE(t1, 6)
	save_rest
	csrr	t1, mcause
	addi	t0, t1, -TALLY_PAYLOAD_ECALL_CAUSE
	bnez	t0, not_ecall

	call	sbi_ecall            /* a0..a5 args, a6 FID, a7 EID -> a0 error, a1 value */
#endif
ecall_return:
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

#if TALLY_SMODE_EXTENSIONS
/* The same saves as ecall_c, with a direct call: Linux's four PMU calls per switch. */
ecall_pmu:
	save_rest
	call	sbi_pmu_ecall
	j	ecall_return

/* t0 = the slot: its second way, else nobody's EID. */
ecall_way1:
	LREG	t1, 2 * REGBYTES(t0)
	bne	t1, a7, ecall_unknown
	LREG	t1, 3 * REGBYTES(t0)
	j	ecall_c
ecall_unknown:
	/* SBI spec 3.2; a1 goes back as it came (sbi_ecall.c says why) */
	li	a0, TRAP_ERR_NOT_SUPPORTED
/* a0, a1 the answer; only t0, t1 saved, mscratch = the caller's sp. */
ecall_answered:
	csrr	t0, mepc
	addi	t0, t0, 4
	csrw	mepc, t0
	LOAD(t0, 5)
	LOAD(t1, 6)
	csrrw	sp, mscratch, sp
	mret

/* Base: get_spec_version, a constant; its other calls in C. */
ecall_base:
	bnez	a6, ecall_base_c
	li	a0, 0
	li	a1, TRAP_SPEC_VERSION
	j	ecall_answered
ecall_base_c:
	la	t1, sbi_base_ecall
	j	ecall_c

/*
 * TIME's set_timer where the frame has this hart's mtimecmp (no Sstc, a
 * CLINT: init.c): what timer_set() does (hart/timer.c, drivers/clint.c):
 * the deadline stored (rv32: the low half all ones first), STIP cleared,
 * MTIE set, the SET_TIMER firmware event counted. Else the decoder.
 */
ecall_time:
	bnez	a6, ecall_time_c
	LOAD(t0, TRAP_FRAME_TIMECMP / REGBYTES)
	beqz	t0, ecall_time_c
#if __riscv_xlen == 64
	sd	a0, 0(t0)
#else
	li	t1, -1
	sw	t1, 0(t0)
	sw	a1, 4(t0)            /* stime_value: a0 low half, a1 high */
	sw	a0, 0(t0)
#endif
	li	t0, MIP_STIP
	csrc	mip, t0
	li	t0, MIP_MTIP
	csrs	mie, t0
	count_fw_event TRAP_FW_SET_TIMER, t0, t1
	li	a0, 0
	li	a1, 0
	j	ecall_answered
ecall_time_c:
	la	t1, sbi_time_ecall
	j	ecall_c

/* Not an ecall: the registers the other fast paths and slow_path expect saved. */
save_not_ecall:
	save_rest
#endif

/* t1 = mcause. The misaligned causes fall through: the path below. */
not_ecall:
#if TALLY_SMODE_EXTENSIONS
	bltz	t1, interrupt
	addi	t0, t1, -CAUSE_ILLEGAL_INSN
	beqz	t0, illegal_insn
	addi	t0, t1, -CAUSE_MISALIGNED_LOAD
	andi	a2, t0, ~(CAUSE_MISALIGNED_STORE - CAUSE_MISALIGNED_LOAD)
	bnez	a2, slow_path        /* t0 = 0 a load, 2 a store */
#else
	j	slow_path
#endif

#if TALLY_SMODE_EXTENSIONS
/*
 * A misaligned load or store from the mode below, where the board
 * emulates them (frame's misaligned set at boot): a 32-bit LOAD or STORE
 * instruction, read and done as that mode sees memory (mstatus.MPRV, the
 * mode in MPP), byte by byte, the highest first. While the bytes move,
 * mtvec points at misaligned_guard, which sends a faulting access to
 * misaligned_fault; that puts everything back as it came (mepc, mstatus,
 * mtvec, and the mcause and mtval the fault overwrote) and the slow path
 * does it again in C, which finds the fault the lowest byte would take
 * and hands it to S-mode (mprv.c, trap.c). So do a compressed
 * instruction, anything that is not a plain load or store, a trap from
 * M-mode (a firmware bug: panic) and a core that leaves mtval 0. The
 * firmware event is counted here only for an access emulated here.
 *
 * Registers: t0 the instruction's low half (opcode, rd, funct3; a
 * store's rs2 is read from the high half only), t1 the value, a2 funct3
 * then a byte (the guard's scratch), ra the cause's opcode then scratch,
 * a3 the address (mtval), a4 mtvec as it was, a6 mepc, a7 mstatus. a5
 * is left alone: read_table reads it, and every register this path does
 * not write, live, with MPRV still set. The cause is kept in the frame's x0
 * slot for the undo. lw and sh (rv32: sw) fall through (a forward branch
 * taken costs CVA6 a refetch); the others jump back into their tails.
 */
misaligned:
	LOAD(a2, TRAP_FRAME_MISALIGNED / REGBYTES)
	csrr	a7, mstatus
	csrr	a3, mtval
	csrr	a6, mepc
	beqz	a2, slow_path
	srli	a2, a7, MSTATUS_MPP_SHIFT
	andi	a2, a2, 3
	addi	a2, a2, -PRV_M
	beqz	a2, slow_path
	beqz	a3, slow_path
	SAVE(t1, 0)                  /* mcause, for the undo */
	slli	ra, t0, 4
	addi	ra, ra, 0x03         /* the opcode the cause says: LOAD 0x03, STORE 0x23 */
	la	a4, misaligned_guard
	csrrw	a4, mtvec, a4
	li	t0, MSTATUS_MPRV
	csrs	mstatus, t0          /* loads and stores as the mode in MPP */
	lhu	t0, 0(a6)
	andi	t1, t0, 0x7f
	bne	t1, ra, misaligned_undo   /* not that opcode (a compressed one either) */
	srli	a2, t0, 12
	andi	a2, a2, 7            /* funct3 */
	andi	t1, t0, 0x20
	bnez	t1, misaligned_store_rs2
	addi	t1, a2, -2
	bnez	t1, misaligned_load_other
	lb	t1, 3(a3)            /* lw */
	lbu	ra, 2(a3)
	lbu	a2, 1(a3)
/* t1 = the bytes above 2, ra = byte 2, a2 = byte 1. */
misaligned_load_3:
	slli	t1, t1, 8
	or	t1, t1, ra
	lbu	ra, 0(a3)
	slli	t1, t1, 8
	or	t1, t1, a2
	slli	t1, t1, 8
	or	t1, t1, ra
misaligned_load_end:
	csrw	mstatus, a7
	csrw	mtvec, a4
	LOAD(a2, TRAP_FRAME_FW_COUNT / REGBYTES)   /* its latency under mepc's update */
	addi	a6, a6, 4
	csrw	mepc, a6
	count_fw_event TRAP_FW_MISALIGNED_LOAD, a2, a3, 1
	srli	t0, t0, 7            /* rd: write_rd, inline */
	andi	t0, t0, 31
	slli	t0, t0, 2
	la	a2, write_table
	add	t0, t0, a2
	jr	t0

/* a2 = funct3, not lw's. */
misaligned_load_other:
	andi	t1, a2, 3
	addi	t1, t1, -1
	bnez	t1, misaligned_load_wide
	/* lh, lhu: byte 1 sign-extended unless funct3[2]: (b ^ s) - s, s = 0x80 or 0 */
	lbu	t1, 1(a3)
	lbu	ra, 0(a3)
	andi	a2, a2, 4            /* under the loads' latency */
	xori	a2, a2, 4
	slli	a2, a2, 5
	xor	t1, t1, a2
	sub	t1, t1, a2
	slli	t1, t1, 8
	or	t1, t1, ra
	j	misaligned_load_end
misaligned_load_wide:
#if __riscv_xlen == 64
	addi	t1, a2, -3
	beqz	t1, 1f
	addi	t1, a2, -6
	bnez	t1, misaligned_undo  /* funct3 0, 4, 7: no misaligned load */
	lbu	t1, 3(a3)            /* lwu */
	lbu	ra, 2(a3)
	lbu	a2, 1(a3)
	j	misaligned_load_3
1:	lb	t1, 7(a3)            /* ld */
	lbu	ra, 6(a3)
	lbu	a2, 5(a3)
	slli	t1, t1, 8
	or	t1, t1, ra
	lbu	ra, 4(a3)
	slli	t1, t1, 8
	or	t1, t1, a2
	lbu	a2, 3(a3)
	slli	t1, t1, 8
	or	t1, t1, ra
	slli	t1, t1, 8
	or	t1, t1, a2
	lbu	ra, 2(a3)
	lbu	a2, 1(a3)
	j	misaligned_load_3
#else
	j	misaligned_undo      /* ld, lwu: RV64 only; funct3 0, 4, 7 */
#endif

/* a2 = funct3: rs2 (the high half's bits 4..8) into t1 through read_table. */
misaligned_store_rs2:
	lhu	t0, 2(a6)
	srli	t0, t0, 4
	andi	t0, t0, 31
	slli	t0, t0, 2
	la	ra, read_table
	add	t0, t0, ra
	jr	t0
/* t1 = the value, a2 = funct3. */
misaligned_store_value:
#if __riscv_xlen == 64
	addi	t0, a2, -1           /* sh falls through (issue 25's target is cv64a6's) */
	bnez	t0, misaligned_store_other
#else
	addi	t0, a2, -2
	bnez	t0, misaligned_store_other
	srli	ra, t1, 24           /* sw */
	sb	ra, 3(a3)
	srli	ra, t1, 16
	sb	ra, 2(a3)
#endif
misaligned_store_1:
	srli	ra, t1, 8            /* sh */
	sb	ra, 1(a3)
	sb	t1, 0(a3)
misaligned_store_end:
	csrw	mstatus, a7
	csrw	mtvec, a4
	LOAD(a2, TRAP_FRAME_FW_COUNT / REGBYTES)   /* its latency under mepc's update */
	addi	a6, a6, 4
	csrw	mepc, a6
	count_fw_event TRAP_FW_MISALIGNED_STORE, a2, a3, 1
	j	restore

misaligned_store_other:
#if __riscv_xlen == 64
	addi	t0, a2, -2
	bnez	t0, misaligned_store_wide
	srli	ra, t1, 24           /* sw */
	sb	ra, 3(a3)
	srli	ra, t1, 16
	sb	ra, 2(a3)
	j	misaligned_store_1
misaligned_store_wide:
	addi	t0, a2, -3
	bnez	t0, misaligned_undo  /* funct3 0, 4..7: no misaligned store */
	.irp k, 7, 6, 5, 4, 3, 2    /* sd */
	srli	ra, t1, 8 * \k
	sb	ra, \k(a3)
	.endr
	j	misaligned_store_1
#else
	addi	t0, a2, -1
	beqz	t0, misaligned_store_1    /* sh */
	j	misaligned_undo      /* sd: RV64 only; funct3 0, 4..7 */
#endif

/* read_table's entry for a register this path wrote: t1 = its number, from the frame. */
misaligned_read_saved:
	csrw	mstatus, a7          /* MPRV off: the frame is M-mode's */
#if __riscv_xlen == 64
	slli	t1, t1, 3
#else
	slli	t1, t1, 2
#endif
	add	t1, t1, sp
	LREG	t1, 0(t1)
	li	ra, MSTATUS_MPRV
	csrs	mstatus, ra
	j	misaligned_store_value

/* Not for this path, no fault: mepc, mcause, mtval untouched. */
misaligned_undo:
	csrw	mstatus, a7
	csrw	mtvec, a4
	j	slow_path
/* From the guard: a byte faulted. */
misaligned_fault:
	csrw	mstatus, a7
	csrw	mtvec, a4
	csrw	mepc, a6
	LOAD(t1, 0)
	csrw	mcause, t1
	csrw	mtval, a3
	j	slow_path

/*
 * mtvec while the bytes move: a fault (MPRV set) goes on at
 * misaligned_fault. MPP is M after the trap and U after this mret, so
 * misaligned_fault touches no memory before it writes mstatus back.
 */
	.balign 4
misaligned_guard:
	la	a2, misaligned_fault
	csrw	mepc, a2
	mret
#endif /* TALLY_SMODE_EXTENSIONS */

#if TALLY_SMODE_EXTENSIONS
/*
 * The machine timer interrupt: what timer_irq() does (hart/timer.c):
 * S-mode's timer interrupt is now pending, MTIE off until the next
 * set_timer. Then, as trap_handler() would, SSE's look on the way out: if
 * an event may be ready for this hart, the slow path does both again
 * (they are idempotent) and enters it.
 */
interrupt:
	slli	t0, t1, 1            /* drop the interrupt bit */
	addi	t0, t0, -(IRQ_M_TIMER << 1)
	bnez	t0, slow_path
	li	t0, MIP_MTIP
	csrc	mie, t0
	li	t0, MIP_STIP
	csrs	mip, t0
	LOAD(t0, TRAP_FRAME_SSE_LOOK / REGBYTES)   /* &this hart's sse_look */
	LREG	t0, 0(t0)
	bnez	t0, slow_path
	j	restore
#endif

#if TALLY_SMODE_EXTENSIONS
/*
 * An illegal instruction that is `csrrs rd, time, x0` (rdtime; on rv32
 * also rdtimeh), where the firmware answers time (frame's mtime set at
 * boot: counters.c said the read traps) and the core put the instruction
 * in mtval: the board's mtime into rd, past the instruction, and the
 * ILLEGAL_INSN firmware event counted, as trap_handler() would. Anything
 * else, or mtval 0, goes to the slow path uncounted.
 */
illegal_insn:
	LOAD(a2, TRAP_FRAME_MTIME / REGBYTES)
	beqz	a2, slow_path
	csrr	t0, mtval
	andi	a3, t0, 0x7f
	addi	a3, a3, -0x73        /* SYSTEM */
	bnez	a3, slow_path
	srli	a3, t0, 12           /* csr, rs1, funct3 */
	li	a4, 0xc0102          /* time, x0, CSRRS */
#if __riscv_xlen == 64
	bne	a3, a4, slow_path
	ld	t1, 0(a2)
#else
	beq	a3, a4, 1f
	li	a4, 0xc8102          /* timeh */
	bne	a3, a4, slow_path
	addi	a2, a2, 4
1:	lw	t1, 0(a2)            /* the half asked for, as the hardware would */
#endif
	csrr	a3, mepc
	addi	a3, a3, 4
	csrw	mepc, a3
	count_fw_event TRAP_FW_ILLEGAL_INSN
	srli	t0, t0, 7            /* rd */
	/* fall through */

/* t1 into register t0 & 31 (the table below), then back to the payload. */
write_rd:
	andi	t0, t0, 31
	slli	t0, t0, 2
	la	a2, write_table
	add	t0, t0, a2
	jr	t0
#endif


#if TALLY_SMODE_EXTENSIONS   /* the fast paths' register tables */
/*
 * One entry per register (4 bytes: compressed): write_table writes t1
 * into xn, read_table reads xn into t1. The registers trap_entry saved
 * (ra, sp, t0, t1, a2..a7) are in the frame, restore reloads them from
 * there; the others are the payload's own, live. read_table (MPRV set)
 * takes from the frame only those the misaligned path wrote: a5 is live.
 */
#ifndef __riscv_compressed
#error "the register tables need compressed instructions (4-byte entries)"
#endif
.macro saved_slot n
	.set slot, (\n == 1 || \n == 2 || \n == 5 || \n == 6 || (\n >= 12 && \n <= 17))
.endm
.macro write_entry n
	saved_slot \n
	.if \n == 0
	c.nop
	.elseif slot
#if __riscv_xlen == 64
	c.sdsp	t1, \n * 8(sp)
#else
	c.swsp	t1, \n * 4(sp)
#endif
	.else
	c.mv	x\n, t1
	.endif
	c.j	restore
.endm
.macro read_entry n
	saved_slot \n
	.if \n == 0
	c.li	t1, 0
	c.j	misaligned_store_value
	.elseif slot && \n != 15
	c.li	t1, \n
	c.j	misaligned_read_saved
	.else
	c.mv	t1, x\n
	c.j	misaligned_store_value
	.endif
.endm
	.balign 4                    /* relaxable padding: kept aligned after linker relaxation */
	.option push
	.option norelax
write_table:
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	write_entry \n
	.endr
#if TALLY_SMODE_EXTENSIONS
read_table:
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	read_entry \n
	.endr
#endif
	.option pop
#endif

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
