/* SPDX-License-Identifier: BSD-2-Clause */
/* SimCtrl of Ibex's simple_system (shared/rtl/sim/simulator_ctrl.sv): a byte
 * at +0x0 goes to the log, 1 at +0x8 ends the simulation. Output only. */
#ifndef TALLY_IBEX_SIMCTRL_H
#define TALLY_IBEX_SIMCTRL_H
#include "base/device.h"

#define SIMCTRL_OUT  0x0
#define SIMCTRL_CTRL 0x8

void simctrl_putc(const struct board_console *con, char c);
void simctrl_reset(uintptr_t base, unsigned long type, unsigned long reason);

#define SIMCTRL_CONSOLE(base_) { .put = simctrl_putc, .base = (base_) }
#define SIMCTRL_RESET(base_) { .reset = simctrl_reset, .base = (base_) }
#endif
