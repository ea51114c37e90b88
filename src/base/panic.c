/* SPDX-License-Identifier: BSD-2-Clause */
/* panic(): the end of the road for anything the firmware did not expect. */
#include <stdint.h>
#include <stdio.h>
#include "arch/csr.h"
#include "arch/frame.h"
#include "arch/riscv.h"
#include "base/panic.h"
#include "base/board.h"
#include "tally_config.h"

/* x1..x31 in four bytes each: smaller than a table of pointers (Ibex's size budget). */
static const char reg_names[31][4] = {
	"ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0",
	"s1", "a0", "a1", "a2", "a3", "a4", "a5", "a6",
	"a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8",
	"s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

void panic(const struct trap_frame *f, const char *why)
{
	printf("\ntally: PANIC on hart %lu: %s\n", r_mhartid(), why);
	panic_after(f);
}

void panic_after(const struct trap_frame *f)
{
	unsigned long cause = r_mcause();

#if TALLY_SMODE_EXTENSIONS
	printf("  mcause 0x%lx (%s)  mepc 0x%lx  mtval 0x%lx  mstatus 0x%lx\n",
	       cause, trap_cause_name(cause), r_mepc(), r_mtval(), r_mstatus());
#else
	printf("  mcause 0x%lx  mepc 0x%lx  mtval 0x%lx  mstatus 0x%lx\n",
	       cause, r_mepc(), r_mtval(), r_mstatus());
#endif
	if (f)
		for (int i = 1; i < 32; i++)
			printf("  %-4s 0x%0*lx%s", reg_names[i - 1], (int)(2 * sizeof(long)),
			       f->x[i], (i % 4 == 3) ? "\n" : "");
	printf("\ntally: halted\n");
	/* the machine, not just this hart: a test run ends at once, failed */
	board_reset(SRST_SHUTDOWN, SRST_REASON_FAILURE);
}
