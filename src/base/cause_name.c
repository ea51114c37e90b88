// SPDX-License-Identifier: BSD-2-Clause
/* trap_cause_name(): mcause in the spec's words, for panic messages. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "arch/riscv.h"
#include "base/panic.h"

/*
 * mcause in words: the priv spec's table "Machine cause register (mcause)
 * values after trap" (priv spec 3.1.15 "Machine Cause Register") with the
 * hypervisor's (priv spec 8.6 "Traps"), capitalisation dropped;
 * reserved and custom values have no name. Each name is one or two parts
 * of one packed string (cause_parts[i]: the part numbers of cause i,
 * exceptions 0-23 then interrupts 0-13). An M+U image (Ibex) does not
 * call it, so --gc-sections drops it: its 16 KiB have no room.
 */
static const char parts[] =
	"\0instruction\0load\0store/AMO\0address misaligned\0access fault\0page fault\0"
	"illegal instruction\0breakpoint\0environment call from\0U-mode\0S-mode\0M-mode\0"
	"double trap\0software check\0hardware error\0supervisor\0machine\0"
	"software interrupt\0timer interrupt\0external interrupt\0counter-overflow interrupt\0"
	"VS-mode\0guest-page fault\0virtual instruction\0virtual supervisor\0"
	"supervisor guest external interrupt";
enum { P_NONE, P_INSN, P_LOAD, P_STORE, P_MISALIGNED, P_ACCESS, P_PAGE, P_ILLEGAL, P_BREAK,
       P_ECALL, P_U, P_S, P_M, P_DOUBLE, P_SWCHECK, P_HWERROR, P_SUP, P_MACH, P_SOFT, P_TIMER,
       P_EXT, P_LCOF, P_VS, P_GPAGE, P_VIRT_INSN, P_VSUP, P_SGEI };
#define NUM_EXC 24
#define NUM_IRQ 14
static const uint8_t cause_parts[NUM_EXC + NUM_IRQ][2] = {
	{ P_INSN, P_MISALIGNED }, { P_INSN, P_ACCESS }, { P_ILLEGAL, 0 }, { P_BREAK, 0 },
	{ P_LOAD, P_MISALIGNED }, { P_LOAD, P_ACCESS }, { P_STORE, P_MISALIGNED },
	{ P_STORE, P_ACCESS }, { P_ECALL, P_U }, { P_ECALL, P_S }, { P_ECALL, P_VS },
	{ P_ECALL, P_M }, { P_INSN, P_PAGE }, { P_LOAD, P_PAGE }, { 0, 0 },
	{ P_STORE, P_PAGE }, { P_DOUBLE, 0 }, { 0, 0 }, { P_SWCHECK, 0 },
	{ P_HWERROR, 0 }, { P_INSN, P_GPAGE }, { P_LOAD, P_GPAGE }, { P_VIRT_INSN, 0 },
	{ P_STORE, P_GPAGE },
	/* interrupts */
	{ 0, 0 }, { P_SUP, P_SOFT }, { P_VSUP, P_SOFT }, { P_MACH, P_SOFT }, { 0, 0 },
	{ P_SUP, P_TIMER }, { P_VSUP, P_TIMER }, { P_MACH, P_TIMER }, { 0, 0 }, { P_SUP, P_EXT },
	{ P_VSUP, P_EXT }, { P_MACH, P_EXT }, { P_SGEI, 0 }, { P_LCOF, 0 },
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
	unsigned i = (mcause & CAUSE_IRQ_FLAG) ? NUM_EXC + (unsigned)code : (unsigned)code;

	if (code >= ((mcause & CAUSE_IRQ_FLAG) ? NUM_IRQ : NUM_EXC) || !cause_parts[i][0])
		return "reserved or custom cause";
	if (!cause_parts[i][1])
		return part(cause_parts[i][0]);
	sprintf(name, "%s %s", part(cause_parts[i][0]), part(cause_parts[i][1]));
	return name;
}
