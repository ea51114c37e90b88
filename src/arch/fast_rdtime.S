/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rdtime fast path. Its C twin is emulate_counter_read() (trap/trap.c),
 * which takes every other counter read. Included by entry.S.
 *
 * An illegal instruction that is `csrrs rd, time, x0` (rdtime; on rv32
 * also rdtimeh), where the firmware answers time (frame's mtime set at
 * boot: counters.c said the read traps) and the core put the instruction
 * in mtval: the board's mtime into rd, past the instruction, and the
 * ILLEGAL_INSN firmware event counted, as trap_handler() would. Anything
 * else, or mtval 0, goes to the slow path uncounted. On a hart with H the
 * frame's mtime_host stands for mtime, for the host's reads only.
 */
.macro fast_rdtime
illegal_insn:
	LOAD(a2, TRAP_FRAME_MTIME / REGBYTES)
	beqz	a2, illegal_host
illegal_rdtime:
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

/* A hart with H: the host's reads (V=0) here too; a guest's in C, which
 * adds htimedelta and asks hcounteren. Off the path of a hart without H. */
illegal_host:
	LOAD(a2, TRAP_FRAME_MTIME_HOST / REGBYTES)
	beqz	a2, slow_path
#if __riscv_xlen == 64
	csrr	t0, mstatus
#else
	csrr	t0, CSR_MSTATUSH
#endif
	li	a3, MSTATUS_MPV
	and	t0, t0, a3
	bnez	t0, slow_path
	j	illegal_rdtime
.endm
