/* SPDX-License-Identifier: BSD-2-Clause */
#include "arch/mmio.h"
#include "drivers/ibex_simctrl.h"

void simctrl_putc(const struct board_console *con, char c)
{
	mmio_write8(con->base + SIMCTRL_OUT, (uint8_t)c);   /* no status to poll */
}

void simctrl_reset(uintptr_t base, unsigned long type, unsigned long reason)
{
	(void)type; (void)reason;   /* SRST already printed both */
	mmio_write32(base + SIMCTRL_CTRL, 1);
}
