// SPDX-License-Identifier: BSD-2-Clause
/* trap_cause_name(): mcause in the spec's words, for panic messages. */
#include <stdint.h>
#include <stddef.h>
#include "arch/riscv.h"
#include "base/panic.h"

/*
 * mcause in words: the priv spec's table "Machine cause register (mcause)
 * values after trap" (priv spec 3.1.15 "Machine Cause Register") with the
 * hypervisor's (priv spec 8.6 "Traps"), capitalisation dropped;
 * reserved and custom values have no name (NULL). Whole names, not parts
 * joined in a buffer: what is returned is a string constant, valid as
 * long as the caller needs it. An M+U image (Ibex) does not call it, so
 * --gc-sections drops it: its 16 KiB have no room.
 */
#define NUM_EXC 24
#define NUM_IRQ 14
static const char *const exc_names[NUM_EXC] = {
	"instruction address misaligned", "instruction access fault", "illegal instruction",
	"breakpoint", "load address misaligned", "load access fault",
	"store/AMO address misaligned", "store/AMO access fault", "environment call from U-mode",
	"environment call from S-mode", "environment call from VS-mode",
	"environment call from M-mode", "instruction page fault", "load page fault", NULL,
	"store/AMO page fault", "double trap", NULL, "software check", "hardware error",
	"instruction guest-page fault", "load guest-page fault", "virtual instruction",
	"store/AMO guest-page fault",
};
static const char *const irq_names[NUM_IRQ] = {
	NULL, "supervisor software interrupt", "virtual supervisor software interrupt",
	"machine software interrupt", NULL, "supervisor timer interrupt",
	"virtual supervisor timer interrupt", "machine timer interrupt", NULL,
	"supervisor external interrupt", "virtual supervisor external interrupt",
	"machine external interrupt", "supervisor guest external interrupt",
	"counter-overflow interrupt",
};

const char *trap_cause_name(unsigned long mcause)
{
	unsigned long code = mcause & ~CAUSE_IRQ_FLAG;
	const char *name = NULL;

	/* Each table's index is checked against that table's own bound. */
	if (!(mcause & CAUSE_IRQ_FLAG) && code < NUM_EXC)
		name = exc_names[code];
	else if ((mcause & CAUSE_IRQ_FLAG) && code < NUM_IRQ)
		name = irq_names[code];
	return name ? name : "reserved or custom cause";
}
