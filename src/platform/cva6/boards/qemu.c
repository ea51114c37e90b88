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
#include "drivers/clint.h"
#include "drivers/uart16550.h"
#include "misaligned.h"
#include "platform.h"
#include "platform/cva6/pmu_cva6.h"
#include "arch/riscv.h"
#include "tally_config.h"

#define VIRT_TEST  0x100000UL
#define VIRT_CLINT 0x2000000UL
#define TEST_PASS  0x5555      /* QEMU exits with status 0 */
#define TEST_FAIL  0x3333      /* exit status in the upper half */
#define TEST_RESET 0x7777

/*
 * The cva6 backend with one QEMU 7.2 quirk handled: mcycle/minstret do not
 * freeze under mcountinhibit (target/riscv/csr.c, riscv_pmu_read_ctr; the
 * qemu-virt backend explains it). Reading the counter once after stopping
 * and writing it back makes later reads return the frozen value. The real
 * core freezes by itself, so the testharness board uses pmu_cva6 as is.
 */
static void q_pmu_stop(unsigned ctr)
{
	pmu_csr_stop(ctr);
	pmu_csr_write(ctr, pmu_csr_read(ctr));
}

static void q_pmu_start(unsigned ctr, uint64_t sel)
{
	pmu_csr_write(ctr, pmu_csr_read(ctr));
	pmu_csr_start(ctr, sel);
}

static const struct pmu_backend pmu_cva6_on_qemu = {
	.name = "cva6 (5-bit mhpmevent, events 1-22), on QEMU",
	.probe = pmu_cva6_probe,
	.match = pmu_cva6_match,
	.program = pmu_csr_program,
	.clear = pmu_csr_clear,
	.read = pmu_csr_read,
	.write = pmu_csr_write,
	.start = q_pmu_start,
	.stop = q_pmu_stop,
	.describe = pmu_cva6_describe,
};

static const struct uart16550 uart = { .base = 0x10000000UL, .reg_shift = 0 };

static void q_console_init(void) { uart16550_init(&uart); }
static void q_putc(char c) { uart16550_putc(&uart, c); }
static int q_getc(void) { return uart16550_getc(&uart); }
static uint64_t q_timer_value(void) { return clint_mtime(VIRT_CLINT); }
static void q_timer_set(unsigned long hartid, uint64_t when)
{
	clint_set_mtimecmp(VIRT_CLINT, hartid, when);
}

static void q_ipi_send(unsigned long hartid) { clint_send_ipi(VIRT_CLINT, hartid); }
static void q_ipi_clear(unsigned long hartid) { clint_clear_ipi(VIRT_CLINT, hartid); }

static void q_reset(unsigned long type, unsigned long reason)
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
	.name = "CVA6 on QEMU virt (stand-in board)",
	.ram_base = 0x80000000UL,
	.ram_size = TALLY_RAM_SIZE,
	.payload_base = TALLY_PAYLOAD_BASE,
	.payload_mode = PRV_S,
	.dt_fixup = dt_fixup,
	.fdt_room = 4096,
	.ipi_send = q_ipi_send,
	.ipi_clear = q_ipi_clear,
	.no_time_csr = true,      /* behave like CVA6: rdtime traps and is emulated */
	.emulate_misaligned = emulate_misaligned,   /* as on the testharness */
	.console_init = q_console_init,
	.console_putc = q_putc,
	.console_getc = q_getc,
	.timebase_hz = 10000000,
	.timer_value = q_timer_value,
	.timer_set = q_timer_set,
	.system_reset = q_reset,
	.pmu = &pmu_cva6_on_qemu,
	.fw_events = (1u << PMU_FW_MISALIGNED_LOAD) | (1u << PMU_FW_MISALIGNED_STORE) |
		     (1u << PMU_FW_ACCESS_LOAD) | (1u << PMU_FW_ACCESS_STORE) |
		     (1u << PMU_FW_ILLEGAL_INSN) | (1u << PMU_FW_SET_TIMER),
};
