/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: QEMU "virt" with the lowrisc-ibex CPU (qemu-system-riscv32 -M virt
 * -cpu lowrisc-ibex), the stand-in CI runs the Ibex build on. The CPU is
 * QEMU's model of Ibex: RV32IMC, M and U modes only (misa.S = 0), PMP.
 * The board around it is virt's: RAM at 0x80000000, NS16550 UART at
 * 0x10000000, CLINT at 0x02000000 (10 MHz mtime), SiFive test device at
 * 0x100000 to end the run with an exit code.
 *
 * What QEMU does not model: Ibex's hardwired event counters. Its
 * mhpmcounters trap (this CPU has none) and its mhpmevents read 0, so the
 * backend finds no event counter and offers cycle, instret and the
 * firmware counters; the fixed events are covered by tests/host/ibex/ and
 * on a real simple_system build by tests/rtl/. QEMU does have a time CSR;
 * this board hides it (no_time_csr) so rdtime traps as on Ibex.
 */
#include "arch/riscv.h"
#include "drivers/clint.h"
#include "drivers/uart16550.h"
#include "platform.h"
#include "platform/ibex/pmu_ibex.h"
#include "tally_config.h"

#define VIRT_TEST  0x100000UL
#define VIRT_CLINT 0x2000000UL
#define TEST_PASS  0x5555      /* QEMU exits with status 0 */
#define TEST_FAIL  0x3333      /* exit status in the upper half */
#define TEST_RESET 0x7777

static const struct uart16550 uart = { .base = 0x10000000UL, .reg_shift = 0 };

static void qv_console_init(void) { uart16550_init(&uart); }
static void qv_putc(char c) { uart16550_putc(&uart, c); }
static int qv_getc(void) { return uart16550_getc(&uart); }
static uint64_t qv_timer_value(void) { return clint_mtime(VIRT_CLINT); }
static void qv_timer_set(unsigned long hartid, uint64_t when)
{
	clint_set_mtimecmp(VIRT_CLINT, hartid, when);
}

static void qv_reset(unsigned long type, unsigned long reason)
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
	.name = "QEMU virt, lowrisc-ibex CPU (Ibex stand-in)",
	.ram_base = 0x80000000UL,
	.ram_size = TALLY_RAM_SIZE,
	.payload_base = TALLY_PAYLOAD_BASE,
	.payload_mode = PRV_U,
	.mtvec_vectored = true,         /* as on Ibex, so the same path is tested */
	.no_time_csr = true,            /* as on Ibex: rdtime traps, is emulated */
	.console_init = qv_console_init,
	.console_putc = qv_putc,
	.console_getc = qv_getc,
	.timebase_hz = 10000000,
	.timer_value = qv_timer_value,
	.timer_set = qv_timer_set,
	.system_reset = qv_reset,
	.pmu = &pmu_ibex,
	.fw_events = 1u << PMU_FW_ILLEGAL_INSN,
};
