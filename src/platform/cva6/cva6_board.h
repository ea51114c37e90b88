/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every CVA6 board shares: the hart and the corev_apu SoC map of the
 * testharness and the FPGA flows (corev_apu/tb/ariane_soc_pkg.sv): the boot
 * ROM at 0x10000 jumps to DRAM with a1 = its own tree; the UART is a 16550
 * with registers 4 bytes apart on the 50 MHz core clock. A board adds its
 * name, its mtime rate and how it powers off (docs/boards/cva6.md).
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
	/* CVA6 traps every access not aligned to its size */ \
	.emulate_misaligned = emulate_misaligned, \
	.console = UART16550_CONSOLE(CVA6_SOC_UART, 2, 50000000, 115200), \
	.ipi = CLINT_IPI(CVA6_SOC_CLINT), \
	.pmu = &pmu_cva6, \
	.fw_events = FW_EVENTS_S_PAYLOAD
#endif
