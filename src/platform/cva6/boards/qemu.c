/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CVA6's stand-in on QEMU: the cva6 PMU backend on QEMU's virt machine, so
 * CI can run the backend's logic end to end. Run it with a CPU that has
 * exactly CVA6's six hpm counters: -cpu rv64,pmu-num=6 (or rv32,...).
 *
 * What differs from the testharness board is only the board: the virt
 * UART has registers 1 byte apart, and power-off is the SiFive test device
 * at 0x100000. The time CSR is hidden (mcounteren.TM clear), so rdtime
 * traps as it does on CVA6 and the emulation in trap.c runs here too.
 *
 * What QEMU cannot show: it does not count CVA6's events. Its hpm
 * counters only count the few events of target/riscv/pmu.c, selected by
 * SBI event_idx values, so a counter programmed with a CVA6 selector (1..22)
 * stays where it was. The event map, the selector masking, the probe and
 * start/stop are exercised; the counts themselves need the RTL (tests/rtl).
 */
#include "arch/mprv.h"
#include "base/board.h"
#include "platform/common/qemu_virt.h"
#include "platform/cva6/pmu_cva6.h"
#include "platform/qemu-virt/pmu_qemu.h"
#include "arch/riscv.h"
#include "tally_config.h"

/*
 * The cva6 backend with QEMU 7.2's counter-freeze quirk handled: start,
 * stop and configure are the QEMU backend's (platform/qemu-virt/pmu_qemu.h).
 */
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
