/* SPDX-License-Identifier: BSD-2-Clause */
/* Per-hart and per-boot state shared by the files in src/. */
#ifndef TALLY_HART_H
#define TALLY_HART_H

#include <stdbool.h>
#include <stdint.h>
#include "arch/csr.h"
#include "pmu/pmu.h"
#include "tally_config.h"

/*
 * What entry.S saves: x0..x31 in register order (x0 slot reads 0). It sits
 * at the top of the hart's stack and mscratch points at it, so it is also
 * where per-hart pointers live that the hot path wants without a multiply.
 */
struct trap_frame {
	unsigned long x[32];
	struct pmu_hart *pmu;         /* this hart's PMU state (set by hart_init) */
	unsigned long pad[16 / sizeof(long) - 1];
};
enum { REG_RA = 1, REG_SP = 2, REG_A0 = 10, REG_A1 = 11 };

/* At most this many separate RAM ranges are known (more are left out, closed). */
#define TALLY_MAX_RAM_RANGES 8

/* What the boot hart found out about the harts (all harts are alike). */
struct features {
	bool has_s_mode;        /* misa.S: a supervisor to delegate to */
	bool has_sstc;          /* S-mode programs its own timer (stimecmp) */
	bool has_time_csr;      /* rdtime works in S-mode; else trap.c emulates it */
	/* mcounteren: counters the mode below reads itself (bit n: 0xC00 + n),
	 * as probed (counters.c); trap.c answers the others it can. */
	unsigned long counteren;
	bool has_pmp;
	/* The largest ASID satp (and VMID hgatp) keeps: RFENCE rejects bigger ones. */
	unsigned long asid_max, vmid_max;
	unsigned num_harts;     /* from the device tree, or 1 */
	/*
	 * What lower modes may hand the firmware (mem.c): the RAM ranges of
	 * the device tree's memory nodes (or, without a tree, the board's
	 * ram_base/ram_size), sorted, touching ones merged, minus the
	 * firmware's PMP region [fw_lo, fw_hi).
	 */
	unsigned num_ram;
	struct ram_range { uint64_t lo, hi; } ram[TALLY_MAX_RAM_RANGES];
	uint64_t fw_lo, fw_hi;
};
extern struct features features;

/* The PMU state of every hart; index = mhartid (< TALLY_MAX_HARTS). */
extern struct pmu_hart pmu_harts[TALLY_MAX_HARTS];
/* This hart's PMU state, through mscratch: two instructions on the ecall path. */
static inline struct pmu_hart *this_pmu(void)
{
	return ((const struct trap_frame *)csr_read(mscratch))->pmu;
}

/* Firmware region and memory checks (mem.c) */
extern char _fw_start[], _fw_end[];
bool sbi_mem_ok(uint64_t addr, uint64_t len);
/* Boot: add [base, base + size) to features.ram; false if it wraps or there is no room. */
bool mem_add_ram(uint64_t base, uint64_t size);

/* console.c: the firmware's output (console.h); panic.c: print the registers, stop */
#include "console.h"
__attribute__((noreturn)) void panic(const struct trap_frame *f, const char *why);

/* trap.c */
void trap_handler(struct trap_frame *f);

/* sbi_time.c: the M-mode timer interrupt hands the timer to S-mode */
void sbi_timer_irq(void);

/* init.c */
void tally_boot(unsigned long hartid, unsigned long fdt);
void tally_secondary(unsigned long hartid, unsigned long fdt);
__attribute__((noreturn)) void tally_enter_smode(unsigned long hartid, unsigned long addr,
						  unsigned long arg);
__attribute__((noreturn)) void arch_enter_payload(unsigned long hartid, unsigned long fdt);

#endif
