/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every Ibex board shares, whatever SoC is around the hart: M and U
 * modes only, so the payload runs in U-mode; mtvec.MODE hardwired to
 * vectored; no time CSR (rdtime traps and is emulated); the ibex PMU
 * backend. Only illegal instructions reach the firmware and come back
 * (rdtime and the counter reads it emulates): Ibex splits misaligned
 * accesses in hardware, and a U-mode access fault has no S-mode to go to
 * (panic). A board adds its name, RAM base and devices.
 *
 * lowRISC's example SoCs (simple_system, the demo system) put RAM at
 * IBEX_EXAMPLE_RAM; the core boots at +0x80, with the vectored mtvec table
 * below it (TALLY_RESET_OFFSET).
 */
#ifndef TALLY_IBEX_BOARD_H
#define TALLY_IBEX_BOARD_H
#include "arch/riscv.h"
#include "base/board.h"
#include "platform/ibex/pmu_ibex.h"
#include "tally_config.h"

#define IBEX_EXAMPLE_RAM 0x00100000UL

#define IBEX_HART \
	.ram_size = TALLY_RAM_SIZE, \
	.payload_base = TALLY_PAYLOAD_BASE, \
	.payload_mode = PRV_U, \
	.mtvec_vectored = true, \
	.no_time_csr = true, \
	.pmu = &pmu_ibex, \
	.fw_events = 1u << PMU_FW_ILLEGAL_INSN
#endif
