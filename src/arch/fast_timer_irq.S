/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine timer interrupt. Its C twin is timer_irq() (hart/timer.c),
 * which trap_handler() calls: S-mode's timer interrupt is now pending,
 * MTIE off until the next set_timer. It runs no C, so it leaves without
 * testing SSE's doorbell (entry.S's leave says why). Included by entry.S.
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
	j	restore
.endm
