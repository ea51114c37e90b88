/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CVA6 testharness board (src/platform/cva6/boards/testharness.c) on
 * the fake device bus: the same UART and CLINT as Genesys2 (checked access
 * by access in test_board_genesys2.c), the boot ROM's tree copied out of
 * ROM, the 12.5 MHz timebase of the Verilator harness, and the HTIF exit.
 */
#include "harness.h"
#include "fake_mmio.h"
#include "base/board.h"
#include "arch/riscv.h"
#include "drivers/htif.h"
#include "arch/mprv.h"
#include "platform/cva6/pmu_cva6.h"

const struct pmu_backend pmu_cva6;
void dt_fixup_copy(unsigned long *fdt, uintptr_t b, uintptr_t s) { (void)fdt; (void)b; (void)s; }
bool emulate_misaligned(struct trap_frame *f, unsigned long *c, unsigned long *t)
{
	(void)f; (void)c; (void)t;
	return false;
}

#define UART(r) (0x10000000UL + 4 * (r))

static void t_description(void)
{
	CHECK_EQ(platform.ram_base, 0x80000000);
	CHECK_EQ(platform.payload_base, 0x80200000);
	CHECK_EQ(platform.payload_mode, PRV_S);
	CHECK(platform.no_time_csr);
	CHECK(platform.emulate_misaligned == emulate_misaligned);
	CHECK(platform.dt_fixup == dt_fixup_copy);    /* the boot ROM's tree, in ROM */
	CHECK(platform.fdt_room >= 256);
	/* rtc_i flips every second cycle (ariane_tb.cpp): 50 MHz / 4 */
	CHECK_EQ(platform.timer.hz, 12500000);
	CHECK_EQ(platform.timer.base, 0x02000000);
	CHECK(platform.ipi.send && platform.ipi.base == 0x02000000);
	CHECK(platform.reset.reset == htif_reset);
	CHECK(platform.pmu == &pmu_cva6);
	CHECK_EQ(platform.console.reg_shift, 2);
	CHECK_EQ(platform.console.clock_hz / (16 * platform.console.baud), 27);
}

static void t_console(void)
{
	mmio_reset();
	mmio_preset(UART(5), 0x20);                   /* THR empty */
	board_putc('t');
	EXPECT(R8(UART(5), 0x20), W8(UART(0), 't'));
}

/* tohost = (code << 1) | 1: 0 for a clean shutdown, 1 for anything else. */
static void t_exit(void)
{
	tohost = 0;
	platform.reset.reset(platform.reset.base, SRST_SHUTDOWN, SRST_REASON_NONE);
	CHECK_EQ(tohost, 1);
	platform.reset.reset(platform.reset.base, SRST_SHUTDOWN, SRST_REASON_FAILURE);
	CHECK_EQ(tohost, 3);
	platform.reset.reset(platform.reset.base, SRST_COLD_REBOOT, SRST_REASON_NONE);
	CHECK_EQ(tohost, 3);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_description);
	RUN(t_console);
	RUN(t_exit);
	return h_done();
}
