/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The misaligned load/store fast path. Its C twin is misaligned_emulate()
 * (lib/misaligned.c) with mprv.c's accesses, which trap.c calls for
 * everything this path hands to slow_path. Included by entry.S.
 *
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
.macro fast_misaligned
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
.endm
