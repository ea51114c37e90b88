/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: CVA6 on the Digilent Genesys2, the openhwgroup FPGA flow
 * (corev_apu/fpga in openhwgroup/cva6; default bitstream
 * cv64a6_imafdc_sv39). Same address map as the testharness (testharness.c):
 *   DRAM  0x80000000   1 GiB DDR3; the boot ROM copies the SD card's first
 *                      GPT partition here (tally.bin: firmware + payload)
 *   CLINT 0x02000000   msip +0, mtimecmp +0x4000, mtime +0xbff8; mtime
 *                      runs at 25 MHz (the tree's timebase-frequency)
 *   PLIC  0x0c000000   (S-mode's business, not Tally's)
 *   UART  0x10000000   16550, registers 4 bytes apart, clocked by the
 *                      50 MHz core clock: divisor 50e6 / (16 * 115200) = 27
 *
 * The boot ROM jumps to 0x80000000 with a1 = the device tree built into
 * the ROM and a0 not set (entry.S reads mhartid instead). That tree is in
 * ROM, so it cannot be edited where it is: dt_fixup_copy (dt.c) copies it
 * to RAM just past the firmware's PMP region, adds Tally's
 * /reserved-memory node to the copy, and the payload gets the copy's
 * address in a1. It carries no riscv,pmu node; nothing else is changed.
 *
 * What only the board shows: the event counts (the cva6 backend is the
 * same as on the testharness), the UART at the real clock, the SD boot.
 */
#include "drivers/clint.h"
#include "drivers/uart16550.h"
#include "misaligned.h"
#include "platform.h"
#include "platform/cva6/pmu_cva6.h"
#include "arch/riscv.h"
#include "tally_config.h"

#define G2_CLINT 0x02000000UL

static const struct uart16550 uart = {
	.base = 0x10000000UL, .reg_shift = 2, .clock_hz = 50000000, .baud = 115200,
};

static void g2_console_init(void) { uart16550_init(&uart); }
static void g2_putc(char c) { uart16550_putc(&uart, c); }
static int g2_getc(void) { return uart16550_getc(&uart); }
static uint64_t g2_timer_value(void) { return clint_mtime(G2_CLINT); }
static void g2_timer_set(unsigned long hartid, uint64_t when)
{
	clint_set_mtimecmp(G2_CLINT, hartid, when);
}

static void g2_ipi_send(unsigned long hartid) { clint_send_ipi(G2_CLINT, hartid); }
static void g2_ipi_clear(unsigned long hartid) { clint_clear_ipi(G2_CLINT, hartid); }

/*
 * The SoC has no reset or power-off register. Every reset type stops here
 * (SRST has already printed which); the board's CPU_RESET button restarts
 * it from the boot ROM, which loads the SD card again.
 */
static void g2_reset(unsigned long type, unsigned long reason)
{
	(void)type; (void)reason;
	for (;;)
		;
}

const struct platform platform = {
	.name = "CVA6 on Genesys2 (openhwgroup FPGA flow)",
	.ram_base = 0x80000000UL,
	.ram_size = TALLY_RAM_SIZE,
	.payload_base = TALLY_PAYLOAD_BASE,
	.payload_mode = PRV_S,
	.dt_fixup = dt_fixup_copy,   /* the tree is in the boot ROM: copy, then edit */
	.fdt_room = 1024,            /* the /reserved-memory node needs ~200 bytes */
	.ipi_send = g2_ipi_send,
	.ipi_clear = g2_ipi_clear,
	.no_time_csr = true,         /* CVA6 has no time CSR: rdtime is emulated */
	/* CVA6's load/store unit raises a misaligned exception for any access
	 * not aligned to its size: the firmware does it byte by byte. */
	.emulate_misaligned = emulate_misaligned,
	.console_init = g2_console_init,
	.console_putc = g2_putc,
	.console_getc = g2_getc,
	.timebase_hz = 25000000,
	.timer_value = g2_timer_value,
	.timer_set = g2_timer_set,
	.system_reset = g2_reset,
	.pmu = &pmu_cva6,
	.fw_events = FW_EVENTS_S_PAYLOAD,
};
