/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * QEMU "virt" machine (hw/riscv/virt.c): RAM at 0x80000000, NS16550 UART
 * at 0x10000000 (registers 1 byte apart), CLINT at 0x02000000 with a
 * 10 MHz mtime, and the SiFive test device at 0x100000 for power-off.
 */
#include "drivers/clint.h"
#include "drivers/uart16550.h"
#include "misaligned.h"
#include "platform.h"
#include "arch/riscv.h"
#include "tally_config.h"

#define VIRT_TEST  0x100000UL
#define VIRT_CLINT 0x2000000UL
#define TEST_PASS  0x5555      /* QEMU exits with status 0 */
#define TEST_FAIL  0x3333      /* exit status in the upper half */
#define TEST_RESET 0x7777

extern const struct pmu_backend pmu_qemu;

static const struct uart16550 uart = { .base = 0x10000000UL, .reg_shift = 0 };

static void virt_console_init(void) { uart16550_init(&uart); }
static void virt_putc(char c) { uart16550_putc(&uart, c); }
static int virt_getc(void) { return uart16550_getc(&uart); }
static uint64_t virt_timer_value(void) { return clint_mtime(VIRT_CLINT); }
static void virt_timer_set(unsigned long hartid, uint64_t when)
{
	clint_set_mtimecmp(VIRT_CLINT, hartid, when);
}

static void virt_ipi_send(unsigned long hartid) { clint_send_ipi(VIRT_CLINT, hartid); }
static void virt_ipi_clear(unsigned long hartid) { clint_clear_ipi(VIRT_CLINT, hartid); }

static void virt_reset(unsigned long type, unsigned long reason)
{
	volatile uint32_t *test = (volatile uint32_t *)VIRT_TEST;

	if (type != 0)
		*test = TEST_RESET;
	else if (reason != 0)
		*test = TEST_FAIL | (1u << 16);
	else
		*test = TEST_PASS;
	for (;;)
		;
}

const struct platform platform = {
	.name = "QEMU virt",
	.ram_base = 0x80000000UL,
	.ram_size = TALLY_RAM_SIZE,
	.payload_base = TALLY_PAYLOAD_BASE,
	.payload_mode = PRV_S,
	.dt_fixup = dt_fixup,
	.fdt_room = 4096,
	.ipi_send = virt_ipi_send,
	.ipi_clear = virt_ipi_clear,
	/* QEMU 7.2 does ordinary misaligned loads/stores itself and traps only
	 * misaligned AMOs and LR/SC, which the hook refuses; it is here for a
	 * QEMU (or CPU model) that traps them, which the SBI promises to hide. */
	.emulate_misaligned = emulate_misaligned,
	.console_init = virt_console_init,
	.console_putc = virt_putc,
	.console_getc = virt_getc,
	.timebase_hz = 10000000,
	.timer_value = virt_timer_value,
	.timer_set = virt_timer_set,
	.system_reset = virt_reset,
	.pmu = &pmu_qemu,
	.fw_events = (1u << PMU_FW_MISALIGNED_LOAD) | (1u << PMU_FW_MISALIGNED_STORE) |
		     (1u << PMU_FW_ACCESS_LOAD) | (1u << PMU_FW_ACCESS_STORE) |
		     (1u << PMU_FW_ILLEGAL_INSN) | (1u << PMU_FW_SET_TIMER),
};
