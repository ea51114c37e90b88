/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine timer interrupt. Its C twin is timer_irq() (hart/timer.c),
 * which trap_handler() calls: S-mode's timer interrupt is now pending,
 * MTIE off until the next set_timer. Then, as trap_handler() would,
 * SSE's look on the way out: if an event may be ready for this hart, the
 * slow path does both again (they are idempotent) and enters it. Included
 * by entry.S.
 */
.macro fast_timer_irq
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
.endm
