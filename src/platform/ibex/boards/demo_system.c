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
 * docs/boards/ibex.md. In the Ibex version the demo system vendors,
 * mcounteren reads 0 and the user-level counter CSRs (cycle, instret,
 * hpmcounterN) do not exist, so every such read from U-mode is an illegal
 * instruction; trap.c answers it from the M-mode counter and counts it as
 * ILLEGAL_INSN. That is found at boot (counters.c), not assumed here: a
 * demo system built on a newer Ibex, whose mcounteren works, reads its
 * counters natively, and the banner's "Counter reads" line says which.
 */
#include "drivers/demo_uart.h"
#include "drivers/ibex_timer.h"
#include "platform/ibex/ibex_board.h"

const struct platform platform = {
	.name = "Ibex demo system (Arty A7)",
	IBEX_HART,
	.ram_base = IBEX_EXAMPLE_RAM,
	.console = DEMO_UART_CONSOLE(0x80001000UL),   /* fixed 115200 baud */
	.timer = IBEX_TIMER(0x80002000UL, 50000000),  /* counts the 50 MHz system clock */
	/* .ipi: one hart. .reset: none; the board's reset button restarts it. */
};
