/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: CVA6 on the Digilent Genesys2, the openhwgroup FPGA flow
 * (corev_apu/fpga in openhwgroup/cva6; default bitstream
 * cv64a6_imafdc_sv39). Same address map as the testharness (../cva6_board.h);
 * DRAM is 1 GiB of DDR3, into which the boot ROM copies the SD card's first
 * GPT partition (tally.bin: firmware + payload). mtime runs at 25 MHz (the
 * tree's timebase-frequency).
 *
 * The boot ROM jumps to 0x80000000 with a1 = the device tree built into
 * the ROM and a0 not set (entry.S reads mhartid instead). That tree is in
 * ROM, so it cannot be edited where it is: dt_fixup_copy (dt.c) copies it
 * to RAM just past the firmware's PMP region, adds Tally's
 * /reserved-memory node to the copy, and the payload gets the copy's
 * address in a1. It carries no riscv,pmu node; nothing else is changed
 * (its timebase-frequency already says 25 MHz).
 *
 * The SoC has no reset or power-off register: every reset type stops the
 * hart (board_reset); the board's CPU_RESET button restarts it from the
 * boot ROM, which loads the SD card again.
 *
 * What only the board shows: the event counts (the cva6 backend is the
 * same as on the testharness), the UART at the real clock, the SD boot.
 */
#include "platform/cva6/cva6_board.h"

const struct platform platform = {
	.name = "CVA6 on Genesys2 (openhwgroup FPGA flow)",
	CVA6_SOC_BOARD,
	.timer = CLINT_TIMER(CVA6_SOC_CLINT, 25000000),
	/* .reset: none */
};
