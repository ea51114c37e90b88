/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CVA6 testharness (corev_apu/tb/ariane_testharness.sv, built with
 * Verilator as Variane_testharness), on the corev_apu SoC map
 * (../cva6_board.h). The core starts in the boot ROM (corev_apu/bootrom),
 * which jumps to DRAM with a0 = mhartid and a1 = the device tree built
 * into the ROM; the DRAM image (fw_payload: firmware + payload) is
 * preloaded by the harness. The harness stops when the program writes
 * (code << 1) | 1 to the symbol `tohost` (HTIF, drivers/htif.c); SRST
 * shutdown does that.
 *
 * The timebase. mtime counts rising edges of the harness's rtc_i input
 * (clint.sv), and the Verilator driver (corev_apu/tb/ariane_tb.cpp) flips
 * rtc_i every second clock cycle: one tick per 4 core cycles. The ROM's
 * tree says 50 MHz for the core, so mtime runs at 12.5 MHz. The same tree
 * says timebase-frequency = 32768, which is right only for the UVM bench
 * (ariane_tb.sv drives rtc_i from a 30.517 us period), where a tick is
 * ~1526 cycles: an OS believing it on Verilator would see time run 381
 * times too fast. Tally goes by the hardware: 12.5 MHz, and dt_fixup
 * writes that into the copy of the tree the payload gets, so the banner,
 * the tree and mtime agree.
 */
#include "drivers/htif.h"
#include "platform/cva6/cva6_board.h"

const struct platform platform = {
	.name = "CVA6 testharness",
	CVA6_SOC_BOARD,
	.timer = CLINT_TIMER(CVA6_SOC_CLINT, 12500000),   /* 50 MHz / 4: see above */
	.reset = HTIF_RESET,         /* no reset device: every reset type ends the run */
};
