/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every Ibex board shares: M and U modes only (the payload runs in
 * U-mode), vectored mtvec, no time CSR. Only illegal instructions come back
 * from the firmware (rdtime, counter reads): Ibex splits misaligned accesses
 * itself, and a U-mode fault has no S-mode to go to. A board adds its name,
 * RAM base and devices. lowRISC's example SoCs put RAM at IBEX_EXAMPLE_RAM and
 * boot at +0x80, the mtvec table below (TALLY_RESET_OFFSET).
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
