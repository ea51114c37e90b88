/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: CVA6 on the Digilent Genesys2, the openhwgroup FPGA flow
 * (corev_apu/fpga in openhwgroup/cva6; default bitstream
 * cv64a6_imafdc_sv39). Same address map as the testharness (testharness.c):
 *   DRAM  0x80000000   1 GiB DDR3; the boot ROM copies the SD card's first
 *                      GPT partition here (tally.bin: firmware + payload)
 *   CLINT 0x02000000   msip +0, mtimecmp +0x4000, mtime +0xbff8; mtime
 *                      runs at 25 MHz (the tree's timebase-frequency)
 *   PLIC  0x0c000000   (S-mode's business, not Tally's)
 *   UART  0x10000000   16550, registers 4 bytes apart, clocked by the
 *                      50 MHz core clock: divisor 50e6 / (16 * 115200) = 27
 *
 * The boot ROM jumps to 0x80000000 with a1 = the device tree built into
 * the ROM and a0 not set (entry.S reads mhartid instead). That tree is in
 * ROM, so it cannot be edited where it is: dt_fixup_copy (dt.c) copies it
 * to RAM just past the firmware's PMP region, adds Tally's
 * /reserved-memory node to the copy, and the payload gets the copy's
 * address in a1. It carries no riscv,pmu node; nothing else is changed.
 *
 * The SoC has no reset or power-off register: every reset type stops the
 * hart (board_reset); the board's CPU_RESET button restarts it from the
 * boot ROM, which loads the SD card again.
 *
 * What only the board shows: the event counts (the cva6 backend is the
 * same as on the testharness), the UART at the real clock, the SD boot.
 */
#include "drivers/clint.h"
#include "drivers/uart16550.h"
#include "misaligned.h"
#include "platform.h"
#include "platform/cva6/pmu_cva6.h"
#include "arch/riscv.h"
#include "tally_config.h"

#define G2_CLINT 0x02000000UL

const struct platform platform = {
	.name = "CVA6 on Genesys2 (openhwgroup FPGA flow)",
	.ram_base = 0x80000000UL,
	.ram_size = TALLY_RAM_SIZE,
	.payload_base = TALLY_PAYLOAD_BASE,
	.payload_mode = PRV_S,
	.dt_fixup = dt_fixup_copy,   /* the tree is in the boot ROM: copy, then edit */
	.fdt_room = 1024,            /* the /reserved-memory node needs ~200 bytes */
	.no_time_csr = true,         /* CVA6 has no time CSR: rdtime is emulated */
	/* CVA6's load/store unit raises a misaligned exception for any access
	 * not aligned to its size: the firmware does it byte by byte. */
	.emulate_misaligned = emulate_misaligned,
	.console = UART16550_CONSOLE(0x10000000UL, 2, 50000000, 115200),
	.timer = CLINT_TIMER(G2_CLINT, 25000000),
	.ipi = CLINT_IPI(G2_CLINT),
	/* .reset: none */
	.pmu = &pmu_cva6,
	.fw_events = FW_EVENTS_S_PAYLOAD,
};
