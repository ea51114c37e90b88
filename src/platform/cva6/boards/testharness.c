/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: the CVA6 testharness under Verilator (corev_apu SoC map,
 * ../cva6_board.h), stopped through HTIF's tohost (SRST shutdown). mtime
 * runs at 12.5 MHz, one tick per 4 cycles of the 50 MHz core, not the
 * 32768 Hz the boot ROM's tree claims (right only for the UVM bench):
 * Tally goes by the hardware and dt_fixup writes that rate into the tree
 * the payload gets. Why, and how to run it: docs/boards/cva6.md.
 */
#include "drivers/htif.h"
#include "platform/cva6/cva6_board.h"

const struct platform platform = {
	.name = "CVA6 testharness",
	CVA6_SOC_BOARD,
	.timer = CLINT_TIMER(CVA6_SOC_CLINT, 12500000),   /* 50 MHz / 4: see above */
	.reset = HTIF_RESET,         /* no reset device: every reset type ends the run */
};
