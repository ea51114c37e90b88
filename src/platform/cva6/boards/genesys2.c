/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: CVA6 on the Digilent Genesys2 (openhwgroup's FPGA flow,
 * cv64a6_imafdc_sv39): the testharness's address map (../cva6_board.h),
 * 1 GiB of DDR3 that the boot ROM fills from the SD card, mtime at 25 MHz.
 * The ROM's device tree cannot be edited in place, so dt_fixup_copy moves
 * it to RAM first; there is no power-off register, so every reset stops
 * the hart until CPU_RESET. Building the card and what the board shows:
 * docs/boards/cva6.md.
 */
#include "platform/cva6/cva6_board.h"

const struct platform platform = {
	.name = "CVA6 on Genesys2 (openhwgroup FPGA flow)",
	CVA6_SOC_BOARD,
	.timer = CLINT_TIMER(CVA6_SOC_CLINT, 25000000),
	/* .reset: none */
};
