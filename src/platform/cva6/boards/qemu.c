/* SPDX-License-Identifier: BSD-2-Clause */
/* CVA6's stand-in: the cva6 backend on QEMU virt (-cpu rv64,pmu-num=6), time CSR
 * hidden. What it cannot show: docs/boards/cva6.md, "Testing in CI". */
#include "arch/mprv.h"
#include "base/board.h"
#include "platform/common/qemu_virt.h"
#include "platform/cva6/pmu_cva6.h"
#include "platform/qemu-virt/pmu_qemu.h"
#include "arch/riscv.h"
#include "tally_config.h"

/* The cva6 backend, with start/stop/configure from pmu_qemu.h (QEMU's counter freeze). */
static const struct pmu_backend pmu_cva6_on_qemu = {
	.name = "cva6 (5-bit mhpmevent, events 1-22), on QEMU",
	.probe = pmu_cva6_probe,
	.map = pmu_cva6_map,
	.configure = qemu_pmu_configure,
	.release = pmu_csr_release,
	.read = pmu_csr_read,
	.start = qemu_pmu_start,
	.stop = qemu_pmu_stop,
	.overflowed = 0,              /* no overflow flag without Sscofpmf */
	.describe = pmu_cva6_describe,
};

const struct platform platform = {
	.name = "CVA6 on QEMU virt (stand-in board)",
	QEMU_VIRT_DEVICES,
	QEMU_VIRT_S_PAYLOAD,
	.no_time_csr = true,      /* behave like CVA6: rdtime traps and is emulated */
	.emulate_misaligned = emulate_misaligned,   /* as on the testharness */
	.pmu = &pmu_cva6_on_qemu,
};
