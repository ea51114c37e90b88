/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The devices of QEMU's "virt" machine (hw/riscv/virt.c), for every board
 * that runs on it: QEMU virt itself and the stand-ins for Ibex and CVA6.
 * NS16550 UART at 0x10000000 (registers 1 byte apart), CLINT at 0x02000000
 * with a 10 MHz mtime, SiFive test device at 0x100000 to end the run.
 */
#ifndef TALLY_QEMU_VIRT_H
#define TALLY_QEMU_VIRT_H
#include <stdint.h>

#include "drivers/clint.h"
#include "drivers/uart16550.h"

#define QEMU_VIRT_RAM_BASE 0x80000000UL
#define QEMU_VIRT_UART     0x10000000UL
#define QEMU_VIRT_CLINT    0x02000000UL
#define QEMU_VIRT_TEST     0x00100000UL
#define QEMU_VIRT_TIMEBASE 10000000

/*
 * The SiFive test device at base: power off (exit status 0, or 3 for a
 * failure reason) or reset QEMU.
 */
void qemu_virt_reset(uintptr_t base, unsigned long type, unsigned long reason);

/*
 * The struct platform fields every board on QEMU's virt machine shares:
 * where RAM is, and which device answers console, timer and reset (the
 * UART's divisor is QEMU's business: clock 0 leaves it). A board adds its
 * own core-facing fields (payload mode, PMU backend, ...).
 */
#define QEMU_VIRT_DEVICES \
	.ram_base = QEMU_VIRT_RAM_BASE, \
	.console = UART16550_CONSOLE(QEMU_VIRT_UART, 0, 0, 0), \
	.timer = CLINT_TIMER(QEMU_VIRT_CLINT, QEMU_VIRT_TIMEBASE), \
	.reset = { .reset = qemu_virt_reset, .base = QEMU_VIRT_TEST }

/*
 * What an S-mode payload on virt gets besides: QEMU's device tree (near the
 * top of RAM, room after it for the reservation) and IPIs through the CLINT.
 */
#define QEMU_VIRT_S_PAYLOAD \
	.ram_size = TALLY_RAM_SIZE, \
	.payload_base = TALLY_PAYLOAD_BASE, \
	.payload_mode = PRV_S, \
	.dt_fixup = dt_fixup, \
	.fdt_room = 4096, \
	.ipi = CLINT_IPI(QEMU_VIRT_CLINT), \
	.fw_events = FW_EVENTS_S_PAYLOAD

/*
 * QEMU 7.2 does not freeze mcycle/minstret under mcountinhibit: the first
 * read after inhibiting still sees the live count, and from then on a read
 * returns the value last *written* to the counter (target/riscv/csr.c,
 * riscv_pmu_read_ctr). These stop/start a counter like pmu_csr_stop/start
 * and, for counters 0 and 2, read the counter once on stop (that read is
 * the frozen value) and write it back, and write the held value again on
 * start so the stopped interval is not counted. The same holds for an hpm
 * counter whose selector is QEMU's cycles or instructions event (1, 2);
 * other event counters do freeze and skip the extra CSR work. Backends use
 * these only on QEMU boards.
 */
void qemu_pmu_stop(unsigned ctr, uint64_t sel);
void qemu_pmu_start(unsigned ctr, uint64_t sel);
/* configure, with the workaround only where the value it keeps survives.
 * A released counter's value no longer matters: pmu_csr_release as it is. */
void qemu_pmu_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags);

/* The counter operations of a backend on QEMU: the standard CSRs (pmu_csr.h), start/stop as above. */
#define QEMU_PMU_CSR_OPS \
	.read = pmu_csr_read, \
	.write = pmu_csr_write, \
	.start = qemu_pmu_start, \
	.stop = qemu_pmu_stop, \
	.configure = qemu_pmu_configure, \
	.release = pmu_csr_release
#endif
