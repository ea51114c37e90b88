/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Ibex demo system board (src/platform/ibex/boards/demo_system.c),
 * compiled unchanged on the host against the fake device bus: which
 * registers its console and timer touch, how wide, in which order.
 */
#include "harness.h"
#include "fake_mmio.h"
#include "base/board.h"
#include "arch/riscv.h"
#include "platform/ibex/pmu_ibex.h"

const struct pmu_backend pmu_ibex;   /* only its address is used */

#define UART_RX     0x80001000UL
#define UART_TX     0x80001004UL
#define UART_STATUS 0x80001008UL
#define MTIME_LO    0x80002000UL
#define MTIME_HI    0x80002004UL
#define MTIMECMP_LO 0x80002008UL
#define MTIMECMP_HI 0x8000200cUL

static void t_description(void)
{
	CHECK_EQ(platform.ram_base, 0x00100000);
	CHECK_EQ(platform.ram_size, 0x20000);         /* 128 KiB of BRAM */
	CHECK_EQ(platform.payload_base, 0x00108000);
	CHECK(platform.payload_base + 0x1000 <= platform.ram_base + platform.ram_size);
	CHECK_EQ(platform.payload_mode, PRV_U);
	CHECK(platform.mtvec_vectored);
	CHECK(platform.no_time_csr);
	CHECK(platform.ipi.send == NULL);            /* no msip: one hart */
	CHECK(platform.reset.reset == NULL);         /* no power-off register */
	CHECK(platform.dt_fixup == NULL);
	CHECK_EQ(platform.timer.hz, 50000000);
	CHECK(platform.console.init == NULL);        /* fixed baud rate */
	CHECK(platform.pmu == &pmu_ibex);
	CHECK_EQ(platform.fw_events, 1u << PMU_FW_ILLEGAL_INSN);
}

/* Fixed baud rate: setting up the console touches no register. */
static void t_console_init_touches_nothing(void)
{
	mmio_reset();
	board_console_init();
	CHECK_EQ(mmio_n, 0);
}

static void t_putc(void)
{
	mmio_reset();
	board_putc('A');
	EXPECT(R32(UART_STATUS, 0), W32(UART_TX, 'A'));
}

/* TX FIFO full for the first three status reads: no byte is written until it drains. */
static unsigned full_reads;
static uint32_t tx_full_three_times(uintptr_t addr, uint32_t v)
{
	if (addr == UART_STATUS && full_reads < 3) {
		full_reads++;
		return v | 2;
	}
	return v;
}

static void t_putc_waits_while_tx_full(void)
{
	mmio_reset();
	full_reads = 0;
	mmio_on_read = tx_full_three_times;
	board_putc('\n');
	EXPECT(R32(UART_STATUS, 2), R32(UART_STATUS, 2), R32(UART_STATUS, 2),
	       R32(UART_STATUS, 0), W32(UART_TX, '\n'));
}

static void t_getc(void)
{
	/* RX empty (status bit 0): -1, and RX data is not read (it would pop). */
	mmio_reset();
	mmio_preset(UART_STATUS, 1);
	CHECK_EQ(board_getc(), -1);
	EXPECT(R32(UART_STATUS, 1));

	mmio_reset();
	mmio_preset(UART_STATUS, 0);
	mmio_preset(UART_RX, 0x1234567a);    /* only the low byte is data */
	CHECK_EQ(board_getc(), 'z');
	EXPECT(R32(UART_STATUS, 0), R32(UART_RX, 0x1234567a));
}

static void t_timer_value(void)
{
	mmio_reset();
	mmio_preset(MTIME_LO, 5);
	mmio_preset(MTIME_HI, 1);
	CHECK_EQ(board_timer_value(), 0x100000005ULL);
	EXPECT(R32(MTIME_HI, 1), R32(MTIME_LO, 5), R32(MTIME_HI, 1));
}

/* The low half wraps between the two reads of the high half: read again. */
static unsigned hi_reads;
static uint32_t wrap(uintptr_t addr, uint32_t v)
{
	if (addr == MTIME_HI)
		return hi_reads++ == 0 ? 0 : 1;
	if (addr == MTIME_LO)
		return hi_reads == 1 ? 0xffffffff : 3;
	return v;
}

static void t_timer_value_wrap(void)
{
	mmio_reset();
	hi_reads = 0;
	mmio_on_read = wrap;
	CHECK_EQ(board_timer_value(), 0x100000003ULL);
	EXPECT(R32(MTIME_HI, 0), R32(MTIME_LO, 0xffffffff), R32(MTIME_HI, 1),
	       R32(MTIME_HI, 1), R32(MTIME_LO, 3), R32(MTIME_HI, 1));
}

/* Low half all-ones first (no early match), then high, then low. */
static void t_timer_set(void)
{
	mmio_reset();
	board_timer_set(0, 0x123456789ULL);
	EXPECT(W32(MTIMECMP_LO, 0xffffffff), W32(MTIMECMP_HI, 1), W32(MTIMECMP_LO, 0x23456789));
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_description);
	RUN(t_console_init_touches_nothing);
	RUN(t_putc);
	RUN(t_putc_waits_while_tx_full);
	RUN(t_getc);
	RUN(t_timer_value);
	RUN(t_timer_value_wrap);
	RUN(t_timer_set);
	return h_done();
}
