/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Ibex simple_system board (src/platform/ibex/boards/simple_system.c)
 * on the fake device bus: its console is one byte register of the
 * simulator's SimCtrl block, its timer the same Ibex example timer as the
 * demo system's, at 0x00030000.
 */
#include "harness.h"
#include "fake_mmio.h"
#include "base/board.h"
#include "arch/riscv.h"
#include "platform/ibex/pmu_ibex.h"

const struct pmu_backend pmu_ibex;

static void t_description(void)
{
	CHECK_EQ(platform.ram_base, 0x00100000);
	CHECK_EQ(platform.payload_mode, PRV_U);
	CHECK(platform.mtvec_vectored);
	CHECK(platform.no_time_csr);
	CHECK(platform.ipi.send == NULL);
	CHECK_EQ(platform.timer.hz, 50000000);
	CHECK(platform.pmu == &pmu_ibex);
}

static void t_console(void)
{
	mmio_reset();
	board_console_init();
	CHECK_EQ(mmio_n, 0);
	board_putc('x');
	EXPECT(W8(0x00020000, 'x'));          /* one byte store, no status to poll */
	mmio_reset();
	CHECK_EQ(board_getc(), -1);  /* output only: nothing is read */
	CHECK_EQ(mmio_n, 0);
}

static void t_timer(void)
{
	mmio_reset();
	mmio_preset(0x00030000, 7);
	mmio_preset(0x00030004, 2);
	CHECK_EQ(board_timer_value(), 0x200000007ULL);
	EXPECT(R32(0x00030004, 2), R32(0x00030000, 7), R32(0x00030004, 2));
	mmio_reset();
	board_timer_set(0, 0xabcdef0012ULL);
	EXPECT(W32(0x00030008, 0xffffffff), W32(0x0003000c, 0xab), W32(0x00030008, 0xcdef0012));
}

/* SimCtrl's control word: write 1 to end the run, whatever SRST asked for. */
static void t_reset(void)
{
	mmio_reset();
	platform.reset.reset(platform.reset.base, 0, 0);
	platform.reset.reset(platform.reset.base, 1, 1);
	EXPECT(W32(0x00020008, 1), W32(0x00020008, 1));
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_description);
	RUN(t_console);
	RUN(t_timer);
	RUN(t_reset);
	return h_done();
}
