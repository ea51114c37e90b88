/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared by the conformance payload's extension tests (test_fwft.c,
 * test_dbtr.c, test_susp.c, test_sse.c): their own S-mode catch window and a second
 * hart to run code on (ext_test.c, ext_trap.S). Self-contained, so the
 * tests need nothing from test.c but one call each from its main.
 */
#ifndef PAYLOAD_EXT_TEST_H
#define PAYLOAD_EXT_TEST_H
#include <stdbool.h>
#include "sbicall.h"

/* While a catch window is open, every S-mode exception is counted and the
 * instruction that raised it skipped (interrupts are masked in sie). */
struct ext_trap { unsigned long n, cause, tval, epc; };
extern volatile struct ext_trap ext_trap;
void ext_catch_begin(void);   /* stvec -> the window's vector (old one kept) */
void ext_catch_end(void);     /* stvec back */

/* The payload's own ecall wrapper for the extension tests. */
static inline struct sbiret ext_call(unsigned long eid, unsigned long fid, unsigned long a0,
				     unsigned long a1, unsigned long a2)
{
	return sbi_ecall(eid, fid, a0, a1, a2, 0, 0, 0);
}

/*
 * Run fn(hartid) on another hart (HSM hart_start), wait until it has
 * called hart_stop, and return true; false if the hart does not exist
 * or did not stop in time. ext_other_hart(): a hart other than `self`
 * that HSM knows, or ~0UL.
 */
unsigned long ext_other_hart(unsigned long self);
bool ext_run_on(unsigned long hartid, void (*fn)(unsigned long hartid));
/* Start fn(hartid) on `hartid` and return at once (it stops when fn returns). */
bool ext_start_fn(unsigned long hartid, void (*fn)(unsigned long hartid));
/* Start `hartid` spinning in S-mode until ext_release() (it then stops). */
bool ext_start_spinner(unsigned long hartid);
void ext_release(unsigned long hartid);
/* Wait until HSM says `hartid` is in `state`; false on timeout. */
bool ext_wait_state(unsigned long hartid, unsigned long state);

/* Firmware counter for firmware event `code` (SBI 11.11 type 15): started, index returned. */
unsigned long ext_fw_counter(unsigned code);
unsigned long ext_fw_read(unsigned long idx);
void ext_fw_release(unsigned long idx);

/* nop; ret: a target for execute triggers (ext_trap.S) */
void ext_exec_target(void);

/* The tests, one call each from conformance/main.c. ram_end: where the
 * payload's RAM ends, as the device tree says (conformance/ram.c). */
void test_fwft(unsigned long hartid);
void test_dbtr(unsigned long hartid);
void test_susp(unsigned long hartid, unsigned long ram_end);
void test_sse(unsigned long hartid);
#endif
