/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a board says about each device Tally drives: which driver, and the
 * numbers that driver needs (where the registers are, how fast it runs).
 * A board file fills these in with the initialisers the drivers' headers
 * offer (UART16550_CONSOLE, CLINT_TIMER, ...), so a board is data; the
 * code that uses them is written once, in src/platform/common/board.c and
 * the inline calls in platform.h.
 *
 * Why a function pointer next to the numbers, and not a driver number the
 * common code switches on? Two reasons. The linker drops every driver no
 * board of this build names (--gc-sections), which the 16 KiB Ibex image
 * needs; and the call on the ecall path stays one indirect call straight
 * into the driver, as fast as the hand-written per-board wrappers it
 * replaces (bench: "time set_timer", "dbcn write_byte").
 */
#ifndef TALLY_DRIVERS_DEVICE_H
#define TALLY_DRIVERS_DEVICE_H
#include <stdint.h>

/* The console: firmware messages, the legacy putchar/getchar and DBCN. */
struct board_console {
	void (*init)(const struct board_console *con);   /* NULL: nothing to set up */
	void (*put)(const struct board_console *con, char c);
	int (*get)(const struct board_console *con);      /* -1: nothing waiting; NULL: output only */
	uintptr_t base;
	unsigned reg_shift;       /* register n at base + (n << reg_shift) (16550) */
	uint32_t clock_hz;        /* the UART's input clock; 0: keep the divisor as found */
	uint32_t baud;
};

/*
 * The machine timer: mtime and one mtimecmp per hart (priv spec 3.2.1
 * "Machine Timer Registers"),
 * ticking hz times a second. hz is what the banner prints, and what a
 * device tree copied out of a boot ROM is made to say (timebase-frequency,
 * dt_fixup_copy in dt.c).
 */
struct board_timer {
	uint64_t (*value)(uintptr_t base);
	void (*set)(uintptr_t base, unsigned long hartid, uint64_t when);
	uintptr_t base;
	uint32_t hz;              /* a device tree cell is 32 bits too */
	/* mtime's address (64 bits, low word first), where entry.S reads it
	 * for an emulated rdtime; 0: the timer has none, rdtime goes to C. */
	uintptr_t mtime;
};

/* Machine software interrupts between harts (CLINT msip). send NULL: one hart, no IPIs. */
struct board_ipi {
	void (*send)(uintptr_t base, unsigned long hartid);
	void (*clear)(uintptr_t base, unsigned long hartid);
	uintptr_t base;
};

/*
 * Power-off and reset (SBI SRST, panic). The driver asks the device and
 * returns; whatever happens next, the hart that asked stops there
 * (board_reset). reset NULL: the board has no such device, and stopping
 * is all there is (press the reset button).
 */
struct board_reset {
	void (*reset)(uintptr_t base, unsigned long type, unsigned long reason);
	uintptr_t base;
};
#endif
