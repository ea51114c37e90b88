/* SPDX-License-Identifier: BSD-2-Clause */
/* panic(): the end of the road for anything the firmware did not expect. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
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

/*
 * mcause in words: the priv spec's table "Machine cause register (mcause)
 * values after trap" (priv spec 3.1.15 "Machine Cause Register"), with its
 * capitalisation dropped; reserved and custom values have no name. Each
 * name is one or two parts of one packed string (cause_parts[i]: the part
 * numbers of cause i, exceptions 0-19 then interrupts 0-13). Not in an M+U
 * image (Ibex): its 16 KiB have no room, its panics print the number.
 */
#if TALLY_SMODE_EXTENSIONS
static const char parts[] =
	"\0instruction\0load\0store/AMO\0address misaligned\0access fault\0page fault\0"
	"illegal instruction\0breakpoint\0environment call from\0U-mode\0S-mode\0M-mode\0"
	"double trap\0software check\0hardware error\0supervisor\0machine\0"
	"software interrupt\0timer interrupt\0external interrupt\0counter-overflow interrupt";
enum { P_NONE, P_INSN, P_LOAD, P_STORE, P_MISALIGNED, P_ACCESS, P_PAGE, P_ILLEGAL, P_BREAK,
       P_ECALL, P_U, P_S, P_M, P_DOUBLE, P_SWCHECK, P_HWERROR, P_SUP, P_MACH, P_SOFT, P_TIMER,
       P_EXT, P_LCOF };
static const uint8_t cause_parts[20 + 14][2] = {
	{ P_INSN, P_MISALIGNED }, { P_INSN, P_ACCESS }, { P_ILLEGAL, 0 }, { P_BREAK, 0 },
	{ P_LOAD, P_MISALIGNED }, { P_LOAD, P_ACCESS }, { P_STORE, P_MISALIGNED },
	{ P_STORE, P_ACCESS }, { P_ECALL, P_U }, { P_ECALL, P_S }, { 0, 0 },
	{ P_ECALL, P_M }, { P_INSN, P_PAGE }, { P_LOAD, P_PAGE }, { 0, 0 },
	{ P_STORE, P_PAGE }, { P_DOUBLE, 0 }, { 0, 0 }, { P_SWCHECK, 0 },
	{ P_HWERROR, 0 },
	/* interrupts */
	{ 0, 0 }, { P_SUP, P_SOFT }, { 0, 0 }, { P_MACH, P_SOFT }, { 0, 0 },
	{ P_SUP, P_TIMER }, { 0, 0 }, { P_MACH, P_TIMER }, { 0, 0 }, { P_SUP, P_EXT },
	{ 0, 0 }, { P_MACH, P_EXT }, { 0, 0 }, { P_LCOF, 0 },
};

static const char *part(unsigned n)
{
	const char *p = parts;

	while (n--)
		p += strlen(p) + 1;
	return p;
}

const char *trap_cause_name(unsigned long mcause)
{
	static char name[48];
	unsigned long code = mcause & ~CAUSE_IRQ_FLAG;
	unsigned i = (mcause & CAUSE_IRQ_FLAG) ? 20 + (unsigned)code : (unsigned)code;

	if (code >= ((mcause & CAUSE_IRQ_FLAG) ? 14 : 20) || !cause_parts[i][0])
		return "reserved or custom cause";
	if (!cause_parts[i][1])
		return part(cause_parts[i][0]);
	sprintf(name, "%s %s", part(cause_parts[i][0]), part(cause_parts[i][1]));
	return name;
}
#endif

void panic(const struct trap_frame *f, const char *why)
{
	unsigned long cause = r_mcause();

	printf("\ntally: PANIC on hart %lu: %s\n", r_mhartid(), why);
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
