/* SPDX-License-Identifier: BSD-2-Clause */
/* Board: the CVA6 testharness under Verilator, ended through HTIF. mtime runs at
 * 12.5 MHz, not the 32768 Hz its ROM's tree says (docs/boards/cva6.md). */
#include "drivers/htif.h"
#include "platform/cva6/cva6_board.h"

const struct platform platform = {
	.name = "CVA6 testharness",
	CVA6_SOC_BOARD,
	.timer = CLINT_TIMER(CVA6_SOC_CLINT, 12500000),   /* 50 MHz / 4 */
	.reset = HTIF_RESET,         /* no reset device: every reset type ends the run */
};
