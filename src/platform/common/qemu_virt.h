/* SPDX-License-Identifier: BSD-2-Clause */
/* The devices of QEMU's "virt" machine (hw/riscv/virt.c), for every board that
 * runs on it: QEMU virt itself and the Ibex and CVA6 stand-ins. */
#ifndef TALLY_QEMU_VIRT_H
#define TALLY_QEMU_VIRT_H
#include <stdint.h>

#include "drivers/clint.h"
#include "platform/common/dt.h"
#include "drivers/sifive_test.h"
#include "drivers/uart16550.h"

#define QEMU_VIRT_RAM_BASE 0x80000000UL
#define QEMU_VIRT_UART     0x10000000UL
#define QEMU_VIRT_CLINT    0x02000000UL
#define QEMU_VIRT_TEST     0x00100000UL
#define QEMU_VIRT_TIMEBASE 10000000

/* Where the payload kit links payloads on virt: 0x80200000 rv64, 0x80400000 rv32. */
#define QEMU_VIRT_KIT_BASE_OTHER_XLEN (__riscv_xlen == 64 ? 0x80400000UL : 0x80200000UL)

/* The struct platform fields every board on virt shares (UART clock 0: QEMU's divisor). */
#define QEMU_VIRT_DEVICES \
	.ram_base = QEMU_VIRT_RAM_BASE, \
	.payload_base_other = QEMU_VIRT_KIT_BASE_OTHER_XLEN, \
	.console = UART16550_CONSOLE(QEMU_VIRT_UART, 0, 0, 0), \
	.timer = CLINT_TIMER(QEMU_VIRT_CLINT, QEMU_VIRT_TIMEBASE), \
	.reset = SIFIVE_TEST_RESET(QEMU_VIRT_TEST)

/* What an S-mode payload on virt gets besides: QEMU's tree edited in place, IPIs. */
#define QEMU_VIRT_S_PAYLOAD \
	.ram_size = TALLY_RAM_SIZE, \
	.payload_base = TALLY_PAYLOAD_BASE, \
	.payload_mode = PRV_S, \
	.dt_fixup = dt_fixup, \
	.fdt_room = 4096, \
	.ipi = CLINT_IPI(QEMU_VIRT_CLINT), \
	.fw_events = FW_EVENTS_S_PAYLOAD

#endif
