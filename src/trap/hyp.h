/* SPDX-License-Identifier: BSD-2-Clause */
/* hyp.c: the traps of a hart with the H extension that need more than trap.c's path. */
#ifndef TALLY_TRAP_HYP_H
#define TALLY_TRAP_HYP_H

#include <stdbool.h>
#include <stdint.h>

struct trap_frame;

/* The trap came from a guest (mstatus.MPV): read before any guarded access,
 * which rewrites MPV on rv32 (it lives in mstatush there). */
bool hyp_from_guest(void);

/* A guest's trap the firmware does not answer. True: delivered to VS-mode,
 * which hedeleg names. False: hstatus, htval and htinst are set as a trap
 * into HS-mode sets them and MPV is clear; the caller enters S-mode. */
bool hyp_redirect(unsigned long cause, unsigned long tval, unsigned long prev);

/* On an H hart, what a trap into HS-mode from V=0 writes in hstatus. */
void hyp_host_trap(void);

/* The time a guest reads: ours plus htimedelta. */
uint64_t hyp_guest_time(uint64_t now);

/* May the guest read counter n itself (hcounteren, and scounteren for
 * VU-mode)? If not, its read is a virtual-instruction trap. */
bool hyp_counter_allowed(unsigned n, unsigned long prev);

/* HS-mode's csrr/csrw of htimedelta on a core without the CSR: true if
 * insn was one and is done. */
bool hyp_emulate_htimedelta(struct trap_frame *f, uint32_t insn);

#endif
