/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Board: QEMU "virt" with the lowrisc-ibex CPU (qemu-system-riscv32 -M virt
 * -cpu lowrisc-ibex), the stand-in CI runs the Ibex build on. The CPU is
 * QEMU's model of Ibex: RV32IMC, M and U modes only (misa.S = 0), PMP.
 * The board around it is virt's: RAM at 0x80000000, NS16550 UART at
 * 0x10000000, CLINT at 0x02000000 (10 MHz mtime), SiFive test device at
 * 0x100000 to end the run with an exit code.
 *
 * What QEMU does not model: Ibex's hardwired event counters. Its
 * mhpmcounters trap (this CPU has none) and its mhpmevents read 0, so the
 * backend finds no event counter and offers cycle, instret and the
 * firmware counters; the fixed events are covered by tests/host/ibex/ and
 * on a real simple_system build by tests/rtl/. QEMU does have a time CSR;
 * this board hides it (no_time_csr) so rdtime traps as on Ibex.
 *
 * QEMU's mcounteren works, like the current Ibex RTL's: U-mode reads cycle
 * and instret natively (the boot probe finds that). Built with
 * TALLY_HIDE_USER_COUNTERS (the tally-emul image, platform.cmake) the
 * board keeps them away as an Ibex whose mcounteren reads 0 does (the demo
 * system's), so the emulated reads run for real.
 */
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
