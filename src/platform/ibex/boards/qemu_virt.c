/* SPDX-License-Identifier: BSD-2-Clause */
/* Board: QEMU virt with the lowrisc-ibex CPU, the Ibex stand-in; with
 * TALLY_HIDE_USER_COUNTERS counter reads trap as on the demo system.
 * What it cannot show: docs/boards/ibex.md, "The QEMU stand-in". */
#include "platform/common/qemu_virt.h"
#include "platform/ibex/ibex_board.h"

const struct platform platform = {
#ifdef TALLY_HIDE_USER_COUNTERS
	.name = "QEMU virt, lowrisc-ibex CPU (Ibex stand-in, counter reads trap)",
	.no_user_counters = true,
#else
	.name = "QEMU virt, lowrisc-ibex CPU (Ibex stand-in)",
#endif
	QEMU_VIRT_DEVICES,
	IBEX_HART,       /* mtvec vectored and rdtime trapping as on Ibex, so the same paths run */
};
