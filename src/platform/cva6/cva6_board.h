/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every CVA6 board shares: the hart (no time CSR, misaligned
 * accesses trapped, the cva6 PMU backend) and the corev_apu SoC map that
 * the testharness and the FPGA flows (Genesys2) build around it
 * (corev_apu/tb/ariane_soc_pkg.sv):
 *   ROM   0x00010000   the boot ROM; it jumps to DRAM with a1 = its own
 *                      device tree (in ROM: dt_fixup_copy edits a copy)
 *   DRAM  0x80000000
 *   CLINT 0x02000000   msip +0, mtimecmp +0x4000, mtime +0xbff8
 *   PLIC  0x0c000000   (S-mode's business, not Tally's)
 *   UART  0x10000000   16550, registers 4 bytes apart, clocked by the
 *                      50 MHz core clock: divisor 50e6 / (16 * 115200) = 27
 * A board adds its name, its mtime rate and how it powers off.
 */
#ifndef TALLY_CVA6_BOARD_H
#define TALLY_CVA6_BOARD_H
#include "drivers/clint.h"
#include "platform/common/dt.h"
#include "drivers/uart16550.h"
#include "arch/mprv.h"
#include "base/board.h"
#include "platform/cva6/pmu_cva6.h"
#include "arch/riscv.h"
#include "tally_config.h"

#define CVA6_SOC_CLINT 0x02000000UL
#define CVA6_SOC_UART  0x10000000UL

#define CVA6_SOC_BOARD \
	.ram_base = 0x80000000UL, \
	.ram_size = TALLY_RAM_SIZE, \
	.payload_base = TALLY_PAYLOAD_BASE, \
	.payload_mode = PRV_S, \
	.dt_fixup = dt_fixup_copy,   /* the tree is in the boot ROM: copy, then edit */ \
	.fdt_room = 1024,            /* the /reserved-memory node needs ~200 bytes */ \
	.no_time_csr = true,         /* CVA6 has no time CSR: rdtime is emulated */ \
	/* CVA6's load/store unit raises a misaligned exception for any access \
	 * not aligned to its size: the firmware does it byte by byte. */ \
	.emulate_misaligned = emulate_misaligned, \
	.console = UART16550_CONSOLE(CVA6_SOC_UART, 2, 50000000, 115200), \
	.ipi = CLINT_IPI(CVA6_SOC_CLINT), \
	.pmu = &pmu_cva6, \
	.fw_events = FW_EVENTS_S_PAYLOAD
#endif
