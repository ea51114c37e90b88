/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CVA6 testharness (corev_apu/tb/ariane_testharness.sv) and the
 * Genesys2-style FPGA SoCs built around the same address map
 * (corev_apu/tb/ariane_soc_pkg.sv):
 *   DRAM  0x80000000   the core starts here (fw_payload: firmware + payload)
 *   CLINT 0x02000000   msip +0, mtimecmp +0x4000, mtime +0xbff8
 *   PLIC  0x0c000000   (not used by Tally itself)
 *   UART  0x10000000   16550, registers 4 bytes apart
 * The Verilator testharness stops when the program writes (code << 1) | 1
 * to the symbol `tohost` (the HTIF convention); SRST shutdown does that.
 * The clock numbers are the ones OpenSBI's fpga/ariane platform uses.
 */
#include "drivers/clint.h"
#include "drivers/uart16550.h"
#include "misaligned.h"
#include "platform.h"
#include "platform/cva6/pmu_cva6.h"
#include "arch/riscv.h"
#include "tally_config.h"

#define CVA6_CLINT 0x02000000UL

/*
 * The HTIF mailbox. The simulator finds tohost by name in the ELF; the
 * linker script keeps the .htif section even though no code reads it.
 */
volatile uint64_t tohost __attribute__((section(".htif"), used, aligned(8)));
volatile uint64_t fromhost __attribute__((section(".htif"), used, aligned(8)));

static const struct uart16550 uart = {
	.base = 0x10000000UL, .reg_shift = 2, .clock_hz = 50000000, .baud = 115200,
};

static void th_console_init(void) { uart16550_init(&uart); }
static void th_putc(char c) { uart16550_putc(&uart, c); }
static int th_getc(void) { return uart16550_getc(&uart); }
static uint64_t th_timer_value(void) { return clint_mtime(CVA6_CLINT); }
static void th_timer_set(unsigned long hartid, uint64_t when)
{
	clint_set_mtimecmp(CVA6_CLINT, hartid, when);
}

static void th_ipi_send(unsigned long hartid) { clint_send_ipi(CVA6_CLINT, hartid); }
static void th_ipi_clear(unsigned long hartid) { clint_clear_ipi(CVA6_CLINT, hartid); }

/* There is no reset device: every reset type ends the simulation. */
static void th_reset(unsigned long type, unsigned long reason)
{
	uint64_t code = (type == 0 && reason == 0) ? 0 : 1;

	tohost = code << 1 | 1;   /* exit code 0 = pass, anything else = fail */
	for (;;)
		;
}

const struct platform platform = {
	.name = "CVA6 testharness",
	.ram_base = 0x80000000UL,
	.ram_size = TALLY_RAM_SIZE,
	.payload_base = TALLY_PAYLOAD_BASE,
	.payload_mode = PRV_S,
	.ipi_send = th_ipi_send,
	.ipi_clear = th_ipi_clear,
	.no_time_csr = true,      /* CVA6 has no time CSR: rdtime is emulated */
	/* CVA6's load/store unit raises a misaligned exception for any access
	 * not aligned to its size: the firmware does it byte by byte. */
	.emulate_misaligned = emulate_misaligned,
	.console_init = th_console_init,
	.console_putc = th_putc,
	.console_getc = th_getc,
	.timebase_hz = 1000000,
	.timer_value = th_timer_value,
	.timer_set = th_timer_set,
	.system_reset = th_reset,
	.pmu = &pmu_cva6,
	.fw_events = FW_EVENTS_S_PAYLOAD,
};
