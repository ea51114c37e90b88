/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Each device of a board: its driver and numbers, filled in by the drivers'
 * initialisers (UART16550_CONSOLE, ...). A function pointer, not a driver
 * number: the linker drops every driver no board names (Ibex's size budget).
 */
#ifndef TALLY_DEVICE_H
#define TALLY_DEVICE_H
#include "tally_config.h"
#include <stdint.h>

struct board_console {
	void (*init)(const struct board_console *con);   /* NULL: nothing to set up */
	void (*put)(const struct board_console *con, char c);
	int (*get)(const struct board_console *con);      /* -1: nothing waiting; NULL: output only */
	uintptr_t base;
	unsigned reg_shift;       /* register n at base + (n << reg_shift) (16550) */
	uint32_t clock_hz;        /* the UART's input clock; 0: keep the divisor as found */
	uint32_t baud;
};

/* mtime and one mtimecmp per hart; hz is also what the device tree is made to say (dt.c). */
struct board_timer {
	uint64_t (*value)(uintptr_t base);
	void (*set)(uintptr_t base, unsigned long hartid, uint64_t when);
	uintptr_t base;
	uint32_t hz;              /* a device tree cell is 32 bits too */
#if TALLY_SMODE_EXTENSIONS   /* only the fast paths read it */
	uintptr_t mtime;          /* mtime's address, read by fast_rdtime.S; 0: none */
#endif
};
/* ", .mtime = a" where the field exists: for the timers' initialisers. */
#if TALLY_SMODE_EXTENSIONS
#define BOARD_TIMER_MTIME(a) , .mtime = (a)
#else
#define BOARD_TIMER_MTIME(a)
#endif

/* send NULL: one hart, no IPIs */
struct board_ipi {
	void (*send)(uintptr_t base, unsigned long hartid);
	void (*clear)(uintptr_t base, unsigned long hartid);
	uintptr_t base;
};

/* The driver asks and returns; the hart then stops (board_reset). NULL: no such device. */
struct board_reset {
	void (*reset)(uintptr_t base, unsigned long type, unsigned long reason);
	uintptr_t base;
};
#endif
