/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: Ibex simple_system (examples/simple_system in the Ibex repo), the
 * Verilator model most Ibex users run first. Everything this board is
 * lives in this file; another Ibex board (an FPGA demo system) is another
 * file next to it, with the same backend (../pmu_ibex.c).
 *
 *   RAM      0x00100000, 1 MiB; the core boots at 0x00100080 and its
 *            (vectored-only) mtvec starts at 0x00100000
 *   SimCtrl  0x00020000: a byte written here is printed to
 *            ibex_simple_system.log; 0x00020008: write 1 to end the run
 *   Timer    0x00030000: mtime (lo, hi), then mtimecmp (lo, hi); it drives
 *            the machine timer interrupt
 * PMP is a synthesis option (off in the default build): init.c probes it.
 */
#include "arch/mmio.h"
#include "arch/riscv.h"
#include "drivers/ibex_timer.h"
#include "platform.h"
#include "platform/ibex/pmu_ibex.h"
#include "tally_config.h"

#define SIM_CTRL_OUT  0x00020000UL
#define SIM_CTRL_CTRL 0x00020008UL
#define TIMER_BASE    0x00030000UL

static void ss_console_init(void) { }
static void ss_putc(char c) { mmio_write8(SIM_CTRL_OUT, (uint8_t)c); }
static int ss_getc(void) { return -1; }   /* output only */

static uint64_t ss_timer_value(void) { return ibex_timer_value(TIMER_BASE); }
static void ss_timer_set(unsigned long hartid, uint64_t when)
{
	(void)hartid;   /* one hart */
	ibex_timer_set(TIMER_BASE, when);
}

/* The simulator can only stop; shutdown and reboot both end the run. */
static void ss_reset(unsigned long type, unsigned long reason)
{
	(void)type; (void)reason;    /* SRST already printed both */
	mmio_write32(SIM_CTRL_CTRL, 1);
	for (;;)
		;
}

const struct platform platform = {
	.name = "Ibex simple_system",
	.ram_base = 0x00100000UL,
	.ram_size = TALLY_RAM_SIZE,
	.payload_base = TALLY_PAYLOAD_BASE,
	.payload_mode = PRV_U,          /* M+U only: the payload runs in U-mode */
	.mtvec_vectored = true,         /* mtvec.MODE is hardwired to vectored */
	.no_time_csr = true,            /* Ibex has no time CSR: rdtime is emulated */
	.console_init = ss_console_init,
	.console_putc = ss_putc,
	.console_getc = ss_getc,
	/* mtime counts core clock cycles; a Verilator model has no real clock
	 * rate, so this is nominal (the 50 MHz of Ibex's FPGA demo system). */
	.timebase_hz = 50000000,
	.timer_value = ss_timer_value,
	.timer_set = ss_timer_set,
	.system_reset = ss_reset,
	.pmu = &pmu_ibex,
	/* Only illegal instructions reach the firmware and come back: rdtime
	 * and counter reads it emulates. Ibex splits misaligned accesses in
	 * hardware, and a U-mode access fault has no S-mode to go to (panic). */
	.fw_events = 1u << PMU_FW_ILLEGAL_INSN,
};
