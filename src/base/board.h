/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The board description: a core's PMU backend plus a board (memory map,
 * console, timer, how to power off, where the payload goes and in which
 * mode). Each preset links exactly one `platform` object, const data in
 * src/platform/<core>/boards/<board>.c (or platform.c); nothing else in
 * Tally asks which board it is on. What is done with the description is
 * written once: the inline calls below and src/platform/common/board.c.
 */
#ifndef TALLY_BOARD_H
#define TALLY_BOARD_H

#include <stdbool.h>
#include <stdint.h>
#include "base/device.h"
#include "base/sbi_spec.h"

struct trap_frame;    /* hart/hart.h */
struct pmu_backend;   /* platform/pmu_backend.h */

struct platform {
	const char *name;
	uintptr_t ram_base;
	uintptr_t ram_size;
	uintptr_t payload_base;
	unsigned payload_mode;        /* PRV_S, or PRV_U on M+U-only cores */
	bool mtvec_vectored;          /* core only supports vectored mtvec */
	/*
	 * The device tree the payload receives. Boards that have one set
	 * dt_fixup = dt_fixup (platform/common/dt.h): it returns the number of harts in the tree
	 * and adds a /reserved-memory node for the firmware, growing the tree
	 * by at most fdt_room bytes where the loader left it (QEMU virt puts it
	 * near the top of RAM with nothing after it). A tree in ROM cannot be
	 * edited where it is: such a board sets dt_fixup = dt_fixup_copy, which
	 * first copies it into RAM just past the firmware's region and makes
	 * *fdt (what the payload gets in a1) point at the copy.
	 * NULL: no device tree, and no FDT code is linked in.
	 */
	unsigned (*dt_fixup)(unsigned long *fdt, uintptr_t fw_base, uintptr_t fw_size);
	uint32_t fdt_room;

	/*
	 * The hart has no time CSR (CVA6), or a board standing in for such a
	 * hart wants it hidden: mcounteren.TM stays clear, so rdtime traps on
	 * every core alike and trap.c answers it from board_timer_value().
	 */
	bool no_time_csr;
	/*
	 * Keep cycle, instret and the hpm counters away from the mode below
	 * too (their mcounteren bits clear), as the Ibex demo system's core
	 * has them: every read traps and trap.c answers it. For stand-in
	 * boards that test that path on a core that could read them itself.
	 */
	bool no_user_counters;
	/*
	 * The core raises address-misaligned exceptions for ordinary loads and
	 * stores (CVA6) instead of doing them: set emulate_misaligned =
	 * emulate_misaligned (arch/mprv.h) and trap.c hands every cause 4/6
	 * trap to it before anything reaches S-mode. NULL where the hardware
	 * splits misaligned accesses itself (Ibex): the emulation is not linked.
	 */
	bool (*emulate_misaligned)(struct trap_frame *f, unsigned long *cause,
				   unsigned long *tval);

	/* The devices, each a driver and its numbers (base/device.h). */
	struct board_console console;
	struct board_timer timer;
	struct board_ipi ipi;         /* .send NULL: one hart */
	struct board_reset reset;     /* .reset NULL: no power-off, the hart stops */
	/*
	 * SBI SUSP suspend to RAM (sbi_susp.c), called on the one running
	 * hart, every other hart STOPPED: put the system to sleep with RAM
	 * kept, and return once a wake-up event has woken it; the firmware
	 * then enters S-mode at resume_addr. NULL (QEMU virt, every board
	 * today): the hart waits in WFI for an interrupt S-mode enabled.
	 */
	void (*system_suspend)(unsigned long hartid);

	const struct pmu_backend *pmu;
	uint32_t fw_events;           /* firmware events this board can produce */
};

/*
 * The firmware events every board with an S-mode payload can produce: the
 * traps that reach the firmware before S-mode (misaligned, access faults,
 * illegal instructions) and set_timer. IPI and fence events are added at
 * boot where harts can reach each other (init.c).
 */
#define FW_EVENTS_S_PAYLOAD ((1u << PMU_FW_MISALIGNED_LOAD) | (1u << PMU_FW_MISALIGNED_STORE) | \
	(1u << PMU_FW_ACCESS_LOAD) | (1u << PMU_FW_ACCESS_STORE) | \
	(1u << PMU_FW_ILLEGAL_INSN) | (1u << PMU_FW_SET_TIMER))

extern const struct platform platform;

/*
 * The board's devices as the rest of Tally calls them. Each is one
 * indirect call straight into the driver with the board's numbers: the
 * same cost as a per-board wrapper, without anyone writing one.
 */
static inline void board_putc(char c) { platform.console.put(&platform.console, c); }
static inline int board_getc(void)
{
	return platform.console.get ? platform.console.get(&platform.console) : -1;
}
static inline uint64_t board_timer_value(void) { return platform.timer.value(platform.timer.base); }
static inline void board_timer_set(unsigned long hartid, uint64_t when)
{
	platform.timer.set(platform.timer.base, hartid, when);
}
static inline void board_ipi_send(unsigned long hartid) { platform.ipi.send(platform.ipi.base, hartid); }
static inline void board_ipi_clear(unsigned long hartid) { platform.ipi.clear(platform.ipi.base, hartid); }

/* src/platform/common/board.c */
void board_console_init(void);
/* The board's power-off or reset, then this hart stops for good (SRST, panic). */
__attribute__((noreturn)) void board_reset(unsigned long type, unsigned long reason);

#endif
