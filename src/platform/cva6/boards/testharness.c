/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CVA6 testharness (corev_apu/tb/ariane_testharness.sv, built with
 * Verilator as Variane_testharness) and its address map
 * (corev_apu/tb/ariane_soc_pkg.sv):
 *   ROM   0x00010000   the core starts here; the boot ROM
 *                      (corev_apu/bootrom) jumps to DRAM with a0 = mhartid
 *                      and a1 = the device tree built into the ROM
 *   DRAM  0x80000000   fw_payload: firmware + payload, preloaded
 *   CLINT 0x02000000   msip +0, mtimecmp +0x4000, mtime +0xbff8
 *   PLIC  0x0c000000   (not used by Tally itself)
 *   UART  0x10000000   16550, registers 4 bytes apart
 * The Verilator testharness stops when the program writes (code << 1) | 1
 * to the symbol `tohost` (HTIF, drivers/htif.c); SRST shutdown does that.
 *
 * The timebase. mtime counts rising edges of the harness's rtc_i input
 * (clint.sv), and the Verilator driver (corev_apu/tb/ariane_tb.cpp) flips
 * rtc_i every second clock cycle: one tick per 4 core cycles. The ROM's
 * tree says 50 MHz for the core, so mtime runs at 12.5 MHz. The same tree
 * says timebase-frequency = 32768, which is right only for the UVM bench
 * (ariane_tb.sv drives rtc_i from a 30.517 us period), where a tick is
 * ~1526 cycles: an OS believing it on Verilator would see time run 381
 * times too fast. Tally goes by the hardware: 12.5 MHz, and dt_fixup
 * writes that into the copy of the tree the payload gets, so the banner,
 * the tree and mtime agree.
 *
 * The tree is in ROM, so it is copied to RAM past the firmware first
 * (dt_fixup_copy, as on Genesys2) and gets the /reserved-memory node there.
 */
#include "drivers/clint.h"
#include "drivers/htif.h"
#include "drivers/uart16550.h"
#include "misaligned.h"
#include "platform.h"
#include "platform/cva6/pmu_cva6.h"
#include "arch/riscv.h"
#include "tally_config.h"

#define CVA6_CLINT 0x02000000UL

const struct platform platform = {
	.name = "CVA6 testharness",
	.ram_base = 0x80000000UL,
	.ram_size = TALLY_RAM_SIZE,
	.payload_base = TALLY_PAYLOAD_BASE,
	.payload_mode = PRV_S,
	.dt_fixup = dt_fixup_copy,   /* the tree is in the boot ROM: copy, then edit */
	.fdt_room = 1024,            /* the /reserved-memory node needs ~200 bytes */
	.no_time_csr = true,         /* CVA6 has no time CSR: rdtime is emulated */
	/* CVA6's load/store unit raises a misaligned exception for any access
	 * not aligned to its size: the firmware does it byte by byte. */
	.emulate_misaligned = emulate_misaligned,
	.console = UART16550_CONSOLE(0x10000000UL, 2, 50000000, 115200),
	.timer = CLINT_TIMER(CVA6_CLINT, 12500000),   /* 50 MHz / 4: see above */
	.ipi = CLINT_IPI(CVA6_CLINT),
	.reset = HTIF_RESET,         /* no reset device: every reset type ends the run */
	.pmu = &pmu_cva6,
	.fw_events = FW_EVENTS_S_PAYLOAD,
};
