/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trap vector: the only assembly on the path from a payload's ecall
 * to the C dispatcher and back (reset is start.S). The fast paths for the
 * traps an S-mode payload takes all day are in fast_*.S, each beside the
 * C function it must agree with; this file places them.
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

/* mepc past the ecall (4 bytes: an ecall is never compressed). */
.macro past_ecall
	csrr	t0, mepc
	addi	t0, t0, 4
	csrw	mepc, t0
.endm

/*
 * leave's test of SSE's doorbell. Entering an event is C, which may
 * clobber what restore does not reload: a0 and a1 wait in the frame.
 * An image without S-mode has no events and no test.
 */
#if TALLY_SMODE_EXTENSIONS
.macro sse_check_doorbell
	LOAD(t0, TRAP_FRAME_SSE_PENDING / REGBYTES)
	bnez	t0, leave_sse
.endm
.macro sse_deliver_stub
leave_sse:
	SAVE(a0, 10)
	SAVE(a1, 11)
	mv	a0, sp
	call	sse_deliver          /* rewrites the frame's a6, a7, and mepc */
	LOAD(a0, 10)
	LOAD(a1, 11)
	j	restore
.endm
#else
.macro sse_check_doorbell
.endm
.macro sse_deliver_stub
.endm
#endif

/*
 * The fast paths, switched on here (TALLY_FAST_PATHS, entry.h). Where they
 * are off, every trap but the ecall takes slow_path and the ecall calls
 * sbi_ecall(): the C twins, which the fast paths must answer alike
 * (tests/payload/fastpath). Each leaves anything it does not expect to
 * slow_path as it came.
 */
#if TALLY_FAST_PATHS
#include "arch/fast_ecall.S"
#include "arch/fast_set_timer.S"
#include "arch/fast_misaligned.S"
#include "arch/fast_timer_irq.S"
#include "arch/fast_rdtime.S"
#include "arch/fast_registers.S"

.macro dispatch
	fast_ecall_head
.endm
/* After restore's mret: every branch into them is taken. */
.macro out_of_line
	fast_ecall_rest
	fast_set_timer
/* Not an ecall: the registers the fast paths and slow_path expect saved, */
save_not_ecall:
	save_rest
/* then t1 = mcause picks one. The misaligned causes fall through. */
not_ecall:
	bltz	t1, interrupt
	addi	t0, t1, -CAUSE_ILLEGAL_INSN
	beqz	t0, illegal_insn
	addi	t0, t1, -CAUSE_MISALIGNED_LOAD
	andi	a2, t0, ~(CAUSE_MISALIGNED_STORE - CAUSE_MISALIGNED_LOAD)
	bnez	a2, slow_path        /* t0 = 0 a load, 2 a store */
	fast_misaligned
	fast_timer_irq
	fast_rdtime
	fast_register_tables
.endm
#else
.macro dispatch
	save_rest
	csrr	t1, mcause
	addi	t0, t1, -TALLY_PAYLOAD_ECALL_CAUSE
	bnez	t0, slow_path
	call	sbi_ecall            /* a0..a5 args, a6 FID, a7 EID -> a0 error, a1 value */
.endm
.macro out_of_line
.endm
#endif

/*
 * The trap vector (direct mode). The fast path is the payload's ecall: a
 * call may change a0 and a1 only (SBI spec 3.1), so what C may clobber is
 * saved and put back: ra, t0, t1, a2..a7 (with the fast paths, only t0
 * and t1 until a decoder is called).
 *
 * The t2..t6 rule (stated here once; docs/walkthrough.md weighs it): all
 * firmware C is compiled with -ffixed-t2 ... -ffixed-t6 (cmake/firmware.cmake), so
 * those registers keep their value until mret and are never saved. Library
 * code is built without the flag, so tools/check-fixed-regs.py fails the
 * build if any instruction outside slow_path and the register tables touches
 * them. t0 and t1 stay temporaries: `tail` and the save/restore sequences use
 * them regardless. Every other trap takes slow_path, which saves all 31
 * registers.
 */
	.section .text
	.balign 4
	.globl trap_entry
trap_entry:
	csrrw	sp, mscratch, sp     /* sp = this hart's frame, mscratch = caller's sp */
	SAVE(t0, 5)
	SAVE(t1, 6)
	dispatch

/* A decoder's answer in a0 and a1: return past the ecall, by way of leave. */
ecall_return:
	past_ecall
/*
 * The way out of every trap whose C code may have readied an SSE event:
 * the one place an event is entered (sse_deliver, hart/sse_hart.c), when this
 * hart's doorbell is set. The PMU's calls and the fast paths skip it: they
 * cannot ready one, and another hart's doorbell comes with an IPI that is
 * still pending, so the mret takes it at once and it comes back this way.
 */
leave:
	sse_check_doorbell
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
	out_of_line
	sse_deliver_stub

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
	j	leave

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
