/* SPDX-License-Identifier: BSD-2-Clause */
/* QEMU "virt" machine (hw/riscv/virt.c); its devices: common/qemu_virt.h. */
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
	/* QEMU 7.2 traps only misaligned AMOs and LR/SC, which the hook
	 * refuses: it is here for a QEMU or CPU model that traps the rest. */
	.emulate_misaligned = emulate_misaligned,
	.pmu = &pmu_qemu,
};
