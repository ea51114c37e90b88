/* SPDX-License-Identifier: BSD-2-Clause */
/* What every board does with its description, once at boot or at the end (base/board.h
 * inlines the rest). In base: the console and panic call it, and base calls nothing above. */
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
	/* Power-off takes effect later, or never: stop here. Jumping to reset
	 * would rerun the firmware on its own used .data and .bss. */
	for (;;)
		wfi();
}
