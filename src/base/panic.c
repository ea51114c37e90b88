/* SPDX-License-Identifier: BSD-2-Clause */
/* panic(): the end of the road for anything the firmware did not expect. */
#include <stdio.h>
#include "arch/csr.h"
#include "arch/frame.h"
#include "arch/riscv.h"
#include "base/panic.h"
#include "base/board.h"

/* x1..x31 in four bytes each: smaller than a table of pointers (Ibex's size budget). */
static const char reg_names[31][4] = {
	"ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0",
	"s1", "a0", "a1", "a2", "a3", "a4", "a5", "a6",
	"a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8",
	"s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

/*
 * mcause in words: the priv spec's table "Machine cause register (mcause)
 * values after trap" (priv spec 3.1.15 "Machine Cause Register"), with its
 * capitalisation dropped. Reserved and custom values have no name.
 */
static const char *const exception_names[] = {
	[0] = "instruction address misaligned", [1] = "instruction access fault",
	[2] = "illegal instruction", [3] = "breakpoint",
	[4] = "load address misaligned", [5] = "load access fault",
	[6] = "store/AMO address misaligned", [7] = "store/AMO access fault",
	[8] = "environment call from U-mode", [9] = "environment call from S-mode",
	[11] = "environment call from M-mode", [12] = "instruction page fault",
	[13] = "load page fault", [15] = "store/AMO page fault", [16] = "double trap",
	[18] = "software check", [19] = "hardware error",
};
static const char *const interrupt_names[] = {
	[1] = "supervisor software interrupt", [3] = "machine software interrupt",
	[5] = "supervisor timer interrupt", [7] = "machine timer interrupt",
	[9] = "supervisor external interrupt", [11] = "machine external interrupt",
	[13] = "counter-overflow interrupt",
};

const char *trap_cause_name(unsigned long mcause)
{
	unsigned long code = mcause & ~CAUSE_IRQ_FLAG;
	const char *name = 0;

	if (mcause & CAUSE_IRQ_FLAG) {
		if (code < sizeof(interrupt_names) / sizeof(interrupt_names[0]))
			name = interrupt_names[code];
	} else if (code < sizeof(exception_names) / sizeof(exception_names[0])) {
		name = exception_names[code];
	}
	return name ? name : "reserved or custom cause";
}

void panic(const struct trap_frame *f, const char *why)
{
	unsigned long cause = r_mcause();

	printf("\ntally: PANIC on hart %lu: %s\n", r_mhartid(), why);
	printf("  mcause 0x%lx (%s)  mepc 0x%lx  mtval 0x%lx  mstatus 0x%lx\n",
	       cause, trap_cause_name(cause), r_mepc(), r_mtval(), r_mstatus());
	if (f)
		for (int i = 1; i < 32; i++)
			printf("  %-4s 0x%0*lx%s", reg_names[i - 1], (int)(2 * sizeof(long)),
			       f->x[i], (i % 4 == 3) ? "\n" : "");
	printf("\ntally: halted\n");
	/* the machine, not just this hart: a test run ends at once, failed */
	board_reset(SRST_SHUTDOWN, SRST_REASON_FAILURE);
}
