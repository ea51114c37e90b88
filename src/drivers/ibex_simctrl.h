/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SimCtrl, the simulator's control block in Ibex's simple_system
 * (examples/simple_system in the Ibex repository, shared/rtl/sim/simulator_ctrl.sv):
 *   +0x0 a byte written here is appended to ibex_simple_system.log
 *   +0x8 write 1 to end the simulation
 * Output only: there is nothing to read a character from.
 */
#ifndef TALLY_IBEX_SIMCTRL_H
#define TALLY_IBEX_SIMCTRL_H
#include "base/device.h"

#define SIMCTRL_OUT  0x0
#define SIMCTRL_CTRL 0x8

void simctrl_putc(const struct board_console *con, char c);
/* Shutdown and reboot alike end the run: a simulator can only stop. */
void simctrl_reset(uintptr_t base, unsigned long type, unsigned long reason);

#define SIMCTRL_CONSOLE(base_) { .put = simctrl_putc, .base = (base_) }
#define SIMCTRL_RESET(base_) { .reset = simctrl_reset, .base = (base_) }
#endif
