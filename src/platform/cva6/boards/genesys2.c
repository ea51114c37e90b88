/* SPDX-License-Identifier: BSD-2-Clause */
/* Board: CVA6 on the Digilent Genesys2: the testharness's map, the ROM's tree
 * copied to RAM, no power-off (CPU_RESET restarts). docs/boards/cva6.md. */
#include "platform/cva6/cva6_board.h"

const struct platform platform = {
	.name = "CVA6 on Genesys2 (openhwgroup FPGA flow)",
	CVA6_SOC_BOARD,
	.timer = CLINT_TIMER(CVA6_SOC_CLINT, 25000000),
	/* .reset: none */
};
