/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * QEMU "virt" machine (hw/riscv/virt.c): RAM at 0x80000000, NS16550 UART
 * at 0x10000000 (registers 1 byte apart), CLINT at 0x02000000 with a
 * 10 MHz mtime, and the SiFive test device at 0x100000 for power-off.
 */
#include "arch/mprv.h"
#include "base/board.h"
#include "platform/common/qemu_virt.h"
#include "platform/qemu-virt/pmu_qemu.h"
#include "arch/riscv.h"
#include "tally_config.h"

const struct platform platform = {
	.name = "QEMU virt",
	QEMU_VIRT_DEVICES,
	QEMU_VIRT_S_PAYLOAD,
	/* QEMU 7.2 does ordinary misaligned loads/stores itself and traps only
	 * misaligned AMOs and LR/SC, which the hook refuses; it is here for a
	 * QEMU (or CPU model) that traps them, which the SBI promises to hide. */
	.emulate_misaligned = emulate_misaligned,
	.pmu = &pmu_qemu,
};
