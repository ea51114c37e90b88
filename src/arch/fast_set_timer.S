/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TIME's set_timer where the frame has this hart's mtimecmp (no Sstc, a
 * CLINT: init.c). Its C twin is timer_set() (hart/timer.c, through
 * sbi_time_ecall and drivers/clint.c): the deadline stored (rv32: the low
 * half all ones first), STIP cleared, MTIE set, the SET_TIMER firmware
 * event counted. Else the decoder. Included by entry.S.
 */
.macro fast_set_timer
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
.endm
