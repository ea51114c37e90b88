/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ecall fast path: the payload's SBI calls dispatched with t0 and t1
 * saved only. Its C twin is sbi_ecall() (sbi/sbi_ecall.c), which trap.c
 * and an image without fast paths call, with the same table and answers:
 * PMU first (Linux's four calls per switch), then Base's get_spec_version
 * and TIME's set_timer answered here (fast_set_timer.S; their other calls
 * go to their decoders), then sbi_ecall.c's table (sbi_ext_slots, two
 * ways a slot), else NOT_SUPPORTED. What calls a decoder saves the rest
 * first (ecall_c). Included by entry.S.
 */

/* In trap_entry, t0 and t1 saved: a decoder's answer falls through to ecall_return. */
.macro fast_ecall_head
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
.endm

/* Out of line, after restore. */
.macro fast_ecall_rest
/* The same saves as ecall_c, with a direct call: Linux's four PMU calls per
 * switch. No PMU call makes an SSE event ready (an overflow does, as an
 * interrupt), so this one way out of C does not pass leave. */
ecall_pmu:
	save_rest
	call	sbi_pmu_ecall
	past_ecall
	j	restore

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
	past_ecall
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
.endm
