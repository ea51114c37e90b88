/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every board does with its description (base/board.h), written once:
 * a board file only says which devices it has and where. The calls on the
 * ecall path (putc, getc, the timer, IPIs) are the inline ones in
 * base/board.h; these run once at boot or once at the end.
 */
#include "arch/wfi.h"
#include "base/board.h"

void board_console_init(void)
{
	if (platform.console.init)
		platform.console.init(&platform.console);
}

void board_reset(unsigned long type, unsigned long reason)
{
	if (platform.reset.reset)
		platform.reset.reset(platform.reset.base, type, reason);
	/*
	 * A power-off device takes effect a little later (a simulator finishes
	 * its cycle), and a board without one has nothing else to offer: the
	 * hart stops here either way, and the reset button restarts the board.
	 * Jumping back to the reset vector instead would run the firmware
	 * again on top of its own used .data and .bss.
	 */
	for (;;)
		wfi();
}
