/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The three boards on QEMU's virt machine, each compiled unchanged against
 * the fake device bus (one executable per board, BOARD_* says which):
 *   BOARD_QEMU_VIRT  src/platform/qemu-virt/platform.c
 *   BOARD_IBEX_QEMU  src/platform/ibex/boards/qemu_virt.c (M+U stand-in)
 *   BOARD_CVA6_QEMU  src/platform/cva6/boards/qemu.c (no time CSR stand-in)
 * They share QEMU_VIRT_DEVICES (platform/common/qemu_virt.h); what each
 * adds for its core is checked against what that core needs.
 */
#include "harness.h"
#include "fake_mmio.h"
#include "base/board.h"
#include "arch/riscv.h"
#include "arch/mprv.h"
#include "platform/common/qemu_virt.h"
#include "platform/cva6/pmu_cva6.h"
#include "platform/ibex/pmu_ibex.h"
#include "platform/qemu-virt/pmu_qemu.h"

/* What the board files link against, as stand-ins: only addresses matter. */
const struct pmu_backend pmu_qemu, pmu_ibex;
void dt_fixup(unsigned long *fdt, uintptr_t b, uintptr_t s) { (void)fdt; (void)b; (void)s; }
void dt_fixup_copy(unsigned long *fdt, uintptr_t b, uintptr_t s) { (void)fdt; (void)b; (void)s; }
bool emulate_misaligned(struct trap_frame *f, unsigned long *c, unsigned long *t)
{
	(void)f; (void)c; (void)t;
	return false;
}
void pmu_cva6_probe(struct pmu_hw_info *info) { (void)info; }
long pmu_cva6_map(unsigned long idx, uint64_t data, struct pmu_hw_map *m)
{
	(void)idx; (void)data; (void)m;
	return 0;
}
const char *pmu_cva6_describe(unsigned ctr) { (void)ctr; return 0; }
void qemu_pmu_start(unsigned ctr, uint64_t sel, bool load, uint64_t v)
{
	(void)ctr; (void)sel; (void)load; (void)v;
}
void qemu_pmu_stop(unsigned ctr, uint64_t sel) { (void)ctr; (void)sel; }
void qemu_pmu_configure(unsigned ctr, uint64_t sel, unsigned long f) { (void)ctr; (void)sel; (void)f; }
void pmu_csr_release(unsigned ctr, uint64_t sel) { (void)ctr; (void)sel; }
uint64_t pmu_csr_read(unsigned ctr) { (void)ctr; return 0; }

#define UART(r) (0x10000000UL + (r))   /* 16550 registers 1 byte apart */
#define LSR 5
#define CLINT 0x02000000UL
#define TEST 0x00100000UL

static void t_devices(void)
{
	CHECK_EQ(platform.ram_base, 0x80000000);
	CHECK_EQ(platform.timer.hz, 10000000);       /* virt's mtime: 10 MHz */
	CHECK_EQ(platform.timer.base, CLINT);
	CHECK_EQ(platform.console.base, UART(0));
	CHECK_EQ(platform.console.reg_shift, 0);
	CHECK(platform.reset.reset == sifive_test_reset);
}

static void t_description(void)
{
#if defined(BOARD_IBEX_QEMU)
	CHECK_EQ(platform.payload_mode, PRV_U);      /* lowrisc-ibex: M and U only */
	CHECK(platform.mtvec_vectored);
	CHECK(platform.no_time_csr);
	CHECK(platform.ipi.send == NULL);            /* one hart */
	CHECK(platform.dt_fixup == NULL);            /* a U-mode payload gets no tree */
	CHECK(platform.emulate_misaligned == NULL);  /* Ibex splits them in hardware */
	CHECK(platform.pmu == &pmu_ibex);
	CHECK_EQ(platform.fw_events, 1u << PMU_FW_ILLEGAL_INSN);
#else
	CHECK_EQ(platform.payload_mode, PRV_S);
	CHECK(!platform.mtvec_vectored);
	CHECK(platform.dt_fixup == dt_fixup);        /* QEMU's tree is in RAM */
	CHECK(platform.fdt_room >= 256);
	CHECK(platform.ipi.send == clint_send_ipi && platform.ipi.clear == clint_clear_ipi);
	CHECK_EQ(platform.ipi.base, CLINT);
	CHECK(platform.emulate_misaligned == emulate_misaligned);
	CHECK_EQ(platform.fw_events, FW_EVENTS_S_PAYLOAD);
#endif
#if defined(BOARD_CVA6_QEMU)
	CHECK(platform.no_time_csr);                 /* behaves like CVA6 */
	CHECK(platform.pmu->start == qemu_pmu_start && platform.pmu->stop == qemu_pmu_stop);
	CHECK(platform.pmu->map == pmu_cva6_map);
#elif defined(BOARD_QEMU_VIRT)
	CHECK(!platform.no_time_csr);
	CHECK(platform.pmu == &pmu_qemu);
#endif
}

/* QEMU's UART needs no divisor: setting up the console touches nothing. */
static void t_console(void)
{
	mmio_reset();
	board_console_init();
	CHECK_EQ(mmio_n, 0);
	mmio_preset(UART(LSR), 0x60);
	board_putc('q');
	EXPECT(R8(UART(LSR), 0x60), W8(UART(0), 'q'));
	mmio_reset();
	mmio_preset(UART(LSR), 0x61);
	mmio_preset(UART(0), 'r');
	CHECK_EQ(board_getc(), 'r');
}

/*
 * The timer: mtime read whole, and hart 3's mtimecmp (0x4000 + 8 * 3) ends
 * up holding the deadline. Only the end state is checked here, not the
 * order of the stores (test_board_genesys2 checks that for the CLINT).
 */
static void t_timer(void)
{
	mmio_reset();
#if __riscv_xlen == 64
	/* rv64: one 64-bit access each (CVA6's CLINT ignores byte strobes) */
	mmio_preset(CLINT + 0xbff8, 0x189abcdefULL);
	CHECK_EQ(board_timer_value(), 0x189abcdefULL);
	mmio_reset();
	board_timer_set(3, 0x700000123ULL);
	CHECK_EQ(mmio_value(CLINT + 0x4018), 0x700000123ULL);
#else
	mmio_preset(CLINT + 0xbff8, 0x89abcdef);
	mmio_preset(CLINT + 0xbffc, 0x1);
	CHECK_EQ(board_timer_value(), 0x189abcdefULL);
	mmio_reset();
	board_timer_set(3, 0x700000123ULL);
	CHECK_EQ(mmio_value(CLINT + 0x4018), 0x123);
	CHECK_EQ(mmio_value(CLINT + 0x401c), 7);
#endif
}

/* The SiFive test device: pass, fail (exit status 3, never 1: see drivers/sifive_test.c) and reset codes. */
static void t_reset(void)
{
	mmio_reset();
	platform.reset.reset(platform.reset.base, SRST_SHUTDOWN, SRST_REASON_NONE);
	platform.reset.reset(platform.reset.base, SRST_SHUTDOWN, SRST_REASON_FAILURE);
	platform.reset.reset(platform.reset.base, SRST_COLD_REBOOT, SRST_REASON_NONE);
	platform.reset.reset(platform.reset.base, SRST_WARM_REBOOT, SRST_REASON_FAILURE);
	EXPECT(W32(TEST, 0x5555), W32(TEST, 0x33333), W32(TEST, 0x7777), W32(TEST, 0x7777));
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_devices);
	RUN(t_description);
	RUN(t_console);
	RUN(t_timer);
	RUN(t_reset);
	return h_done();
}
