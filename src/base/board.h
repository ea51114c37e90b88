/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The board description: memory map, devices, payload mode, PMU backend.
 * Each preset links exactly one `platform`, const data in
 * src/platform/<core>/boards/ (or platform.c); nothing else asks which board
 * it is on. What is done with it: the inlines below and base/board.c.
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
	uintptr_t payload_base_other; /* where the kit links the other XLEN's payloads, or 0 */
	unsigned payload_mode;        /* PRV_S, or PRV_U on M+U-only cores */
	bool mtvec_vectored;          /* core only supports vectored mtvec */
	/*
	 * The payload's device tree (platform/common/dt.h): dt_fixup edits it
	 * where it is, dt_fixup_copy first copies a tree in ROM to RAM; either
	 * may grow it by fdt_room bytes.
	 * NULL: no device tree, and no FDT code linked in.
	 */
	void (*dt_fixup)(unsigned long *fdt, uintptr_t fw_base, uintptr_t fw_size);
	uint32_t fdt_room;

	/* No time CSR (CVA6) or hidden by a stand-in: rdtime traps, trap.c answers it. */
	bool no_time_csr;
	/* Counter reads trap too (mcounteren clear), as on the Ibex demo system. */
	bool no_user_counters;
	/* Cores that trap misaligned loads and stores (CVA6): emulate_misaligned
	 * (arch/mprv.h); NULL where the hardware splits them (not linked). */
	bool (*emulate_misaligned)(struct trap_frame *f, unsigned long *cause,
				   unsigned long *tval);

	/* The devices, each a driver and its numbers (base/device.h). */
	struct board_console console;
	struct board_timer timer;
	struct board_ipi ipi;         /* .send NULL: one hart */
	struct board_reset reset;     /* .reset NULL: no power-off, the hart stops */
	/* SUSP's suspend to RAM (hart/susp.c), every other hart STOPPED: sleep with
	 * RAM kept, return once woken. NULL: WFI for an interrupt S-mode enabled. */
	void (*system_suspend)(unsigned long hartid);

	const struct pmu_backend *pmu;
	uint32_t fw_events;           /* firmware events this board can produce */
};

/* The firmware events of every board with an S-mode payload; IPI and fence
 * events are added at boot where harts can reach each other (init.c). */
#define FW_EVENTS_S_PAYLOAD ((1u << PMU_FW_MISALIGNED_LOAD) | (1u << PMU_FW_MISALIGNED_STORE) | \
	(1u << PMU_FW_ACCESS_LOAD) | (1u << PMU_FW_ACCESS_STORE) | \
	(1u << PMU_FW_ILLEGAL_INSN) | (1u << PMU_FW_SET_TIMER))

extern const struct platform platform;

/* The board's devices: one indirect call into the driver with the board's numbers. */
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

/* src/base/board.c */
void board_console_init(void);
/* The board's power-off or reset, then this hart stops for good (SRST, panic). */
__attribute__((noreturn)) void board_reset(unsigned long type, unsigned long reason);

#endif
