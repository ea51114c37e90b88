/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CVA6 Genesys2 board (src/platform/cva6/boards/genesys2.c) on the
 * fake device bus: the 16550 with registers 4 bytes apart and a 50 MHz
 * clock (divisor 27 for 115200 baud), the CLINT's mtime/mtimecmp/msip,
 * and the device-tree hook that copies the boot ROM's tree.
 */
#include "harness.h"
#include "fake_mmio.h"
#include "base/board.h"
#include "arch/riscv.h"
#include "arch/mprv.h"
#include "platform/cva6/pmu_cva6.h"

const struct pmu_backend pmu_cva6;
/* dt.c is tested on its own (test_dt_copy.c); here only which hook is set matters. */
void dt_fixup(unsigned long *fdt, uintptr_t b, uintptr_t s) { (void)fdt; (void)b; (void)s; }
void dt_fixup_copy(unsigned long *fdt, uintptr_t b, uintptr_t s) { (void)fdt; (void)b; (void)s; }
bool emulate_misaligned(struct trap_frame *f, unsigned long *c, unsigned long *t)
{
	(void)f; (void)c; (void)t;
	return false;
}

#define UART(r)  (0x10000000UL + 4 * (r))   /* 16550 register r */
#define RBR 0
#define THR 0
#define DLL 0
#define IER 1
#define DLM 1
#define FCR 2
#define LCR 3
#define LSR 5
#define CLINT 0x02000000UL

static void t_description(void)
{
	CHECK_EQ(platform.ram_base, 0x80000000);
	CHECK_EQ(platform.payload_base, 0x80200000);
	CHECK_EQ(platform.payload_mode, PRV_S);
	CHECK(!platform.mtvec_vectored);
	CHECK(platform.no_time_csr);                 /* CVA6: rdtime is emulated */
	CHECK_EQ(platform.timer.hz, 25000000);     /* timebase-frequency in the ROM's tree */
	CHECK(platform.dt_fixup == dt_fixup_copy);   /* the tree is in ROM */
	CHECK(platform.fdt_room >= 256);
	CHECK(platform.ipi.send && platform.ipi.clear);
	CHECK(platform.reset.reset == NULL);         /* no power-off register */
	CHECK(platform.pmu == &pmu_cva6);
	CHECK(platform.emulate_misaligned == emulate_misaligned);   /* CVA6 traps them */
}

/* 50 MHz / (16 * 115200) = 27.1: divisor 27, 8N1, FIFOs on, byte accesses 4 apart. */
static void t_console_init(void)
{
	mmio_reset();
	board_console_init();
	EXPECT(W8(UART(IER), 0), W8(UART(LCR), 0x80), W8(UART(DLL), 27), W8(UART(DLM), 0),
	       W8(UART(LCR), 0x03), W8(UART(FCR), 0x07));
}

static void t_console_io(void)
{
	mmio_reset();
	mmio_preset(UART(LSR), 0x60);                 /* THR empty */
	board_putc('G');
	EXPECT(R8(UART(LSR), 0x60), W8(UART(THR), 'G'));

	mmio_reset();
	mmio_preset(UART(LSR), 0x60);                 /* no data ready */
	CHECK_EQ(board_getc(), -1);
	EXPECT(R8(UART(LSR), 0x60));

	mmio_reset();
	mmio_preset(UART(LSR), 0x61);
	mmio_preset(UART(RBR), 'k');
	CHECK_EQ(board_getc(), 'k');
	EXPECT(R8(UART(LSR), 0x61), R8(UART(RBR), 'k'));
}

/*
 * The board on the 64-bit CVA6 (its default bitstream): mtime and mtimecmp
 * in one 64-bit access each; CVA6's CLINT ignores byte strobes, so split
 * 32-bit stores would corrupt mtimecmp (test_clint.c). The _m32 build is
 * the same board file on a 32-bit core: 32-bit accesses.
 */
static void t_timer(void)
{
	mmio_reset();
#if __riscv_xlen == 64
	mmio_preset(CLINT + 0xbff8, 0x300000010ULL);
	CHECK_EQ(board_timer_value(), 0x300000010ULL);
	EXPECT(R64(CLINT + 0xbff8, 0x300000010ULL));
#else
	mmio_preset(CLINT + 0xbff8, 0x10);
	mmio_preset(CLINT + 0xbffc, 0x3);
	CHECK_EQ(board_timer_value(), 0x300000010ULL);
	EXPECT(R32(CLINT + 0xbffc, 3), R32(CLINT + 0xbff8, 0x10), R32(CLINT + 0xbffc, 3));
#endif

	/* hart 1's mtimecmp is 8 bytes past hart 0's */
	mmio_reset();
	board_timer_set(1, 0x500000001ULL);
#if __riscv_xlen == 64
	EXPECT(W64(CLINT + 0x4008, 0x500000001ULL));
#else
	EXPECT(W32(CLINT + 0x4008, 0xffffffff), W32(CLINT + 0x400c, 5), W32(CLINT + 0x4008, 1));
#endif
}

static void t_ipi(void)
{
	mmio_reset();
	board_ipi_send(2);
	board_ipi_clear(2);
	EXPECT(W32(CLINT + 8, 1), W32(CLINT + 8, 0));   /* msip of hart 2 */
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_description);
	RUN(t_console_init);
	RUN(t_console_io);
	RUN(t_timer);
	RUN(t_ipi);
	return h_done();
}
