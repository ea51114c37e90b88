/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: lowRISC's Ibex demo system (github.com/lowRISC/ibex-demo-system),
 * the SoC people put on a Digilent Arty A7 (and on the Sonata board). Same
 * core and backend as the simple_system (../pmu_ibex.c); only the board
 * around it differs:
 *
 *   RAM    0x00100000, 128 KiB of BRAM for code and data. The core boots at
 *          0x00100080; its mtvec is vectored only, base 256-byte aligned,
 *          so Tally's vector table sits at 0x00100000 below the entry.
 *   GPIO   0x80000000 (LEDs, switches: not used by Tally)
 *   UART   0x80001000, not a 16550 (drivers/demo_uart.c): 115200 baud
 *          fixed in the hardware, nothing to set up.
 *   Timer  0x80002000, the Ibex example timer (drivers/ibex_timer.c),
 *          counting every cycle of the 50 MHz system clock. Its interrupt
 *          stays raised until mtimecmp is written. Tally never enables
 *          MTIE on this board (no S-mode to pass a timer to), so a raised
 *          line is harmless.
 *   No software interrupt (one hart, so no IPI), no PLIC.
 *
 * The shipped core configuration: 10 event counters 40 bits wide, and
 * NO PMP. pmpcfg/pmpaddr accesses trap; init.c probes them under the trap
 * guard and finds none. Without PMP nothing stops the U-mode payload from
 * overwriting the firmware: the banner says so, and so does
 * docs/flashing.md. In the Ibex version the demo system vendors,
 * mcounteren reads 0 and the user-level counter CSRs (cycle, instret,
 * hpmcounterN) do not exist, so every such read from U-mode is an illegal
 * instruction; trap.c answers it from the M-mode counter and counts it as
 * ILLEGAL_INSN. That is found at boot (counters.c), not assumed here: a
 * demo system built on a newer Ibex, whose mcounteren works, reads its
 * counters natively, and the banner's "Counter reads" line says which.
 */
#include "arch/riscv.h"
#include "drivers/demo_uart.h"
#include "drivers/ibex_timer.h"
#include "platform.h"
#include "platform/ibex/pmu_ibex.h"
#include "tally_config.h"

#define DEMO_UART  0x80001000UL
#define DEMO_TIMER 0x80002000UL

static void ds_console_init(void) { }   /* fixed baud rate: nothing to program */
static void ds_putc(char c) { demo_uart_putc(DEMO_UART, c); }
static int ds_getc(void) { return demo_uart_getc(DEMO_UART); }

static uint64_t ds_timer_value(void) { return ibex_timer_value(DEMO_TIMER); }
static void ds_timer_set(unsigned long hartid, uint64_t when)
{
	(void)hartid;   /* one hart */
	ibex_timer_set(DEMO_TIMER, when);
}

/*
 * The demo system has no reset or power-off register. Shutdown and
 * reboot both stop here (SRST has already printed which one was asked
 * for); the board's reset button restarts it. Jumping back to 0x00100080
 * instead would run the firmware again on top of its own used .data.
 */
static void ds_reset(unsigned long type, unsigned long reason)
{
	(void)type; (void)reason;
	for (;;)
		;
}

const struct platform platform = {
	.name = "Ibex demo system (Arty A7)",
	.ram_base = 0x00100000UL,
	.ram_size = TALLY_RAM_SIZE,
	.payload_base = TALLY_PAYLOAD_BASE,
	.payload_mode = PRV_U,          /* M+U only: the payload runs in U-mode */
	.mtvec_vectored = true,         /* mtvec.MODE is hardwired to vectored */
	.no_time_csr = true,            /* Ibex has no time CSR: rdtime is emulated */
	.console_init = ds_console_init,
	.console_putc = ds_putc,
	.console_getc = ds_getc,
	.timebase_hz = 50000000,        /* the timer counts the 50 MHz system clock */
	.timer_value = ds_timer_value,
	.timer_set = ds_timer_set,
	.system_reset = ds_reset,
	.pmu = &pmu_ibex,
	/* Illegal instructions are the only traps that come back: the
	 * emulated rdtime/rdcycle/rdinstret/rdhpmcounter reads. */
	.fw_events = 1u << PMU_FW_ILLEGAL_INSN,
};
