/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * src/base/cause_name.c: every mcause the privileged spec names (3.1.15's
 * table and the hypervisor's causes) comes out in the spec's words, and
 * every other value, exception or interrupt, as "reserved or custom cause".
 * The expected words are written out here from the spec, not built from
 * the firmware's parts, so a part in the wrong slot fails.
 */
#include <stdio.h>
#include <string.h>
#include "arch/riscv.h"
#include "base/panic.h"
#include "harness.h"

#define IRQ CAUSE_IRQ_FLAG
#define RESERVED "reserved or custom cause"

static const struct { unsigned long mcause; const char *name; } spec[] = {
	{ 0, "instruction address misaligned" }, { 1, "instruction access fault" },
	{ 2, "illegal instruction" }, { 3, "breakpoint" },
	{ 4, "load address misaligned" }, { 5, "load access fault" },
	{ 6, "store/AMO address misaligned" }, { 7, "store/AMO access fault" },
	{ 8, "environment call from U-mode" }, { 9, "environment call from S-mode" },
	{ 10, "environment call from VS-mode" }, { 11, "environment call from M-mode" },
	{ 12, "instruction page fault" }, { 13, "load page fault" },
	{ 15, "store/AMO page fault" }, { 16, "double trap" },
	{ 18, "software check" }, { 19, "hardware error" },
	{ 20, "instruction guest-page fault" }, { 21, "load guest-page fault" },
	{ 22, "virtual instruction" }, { 23, "store/AMO guest-page fault" },
	{ IRQ | 1, "supervisor software interrupt" }, { IRQ | 2, "virtual supervisor software interrupt" },
	{ IRQ | 3, "machine software interrupt" }, { IRQ | 5, "supervisor timer interrupt" },
	{ IRQ | 6, "virtual supervisor timer interrupt" }, { IRQ | 7, "machine timer interrupt" },
	{ IRQ | 9, "supervisor external interrupt" }, { IRQ | 10, "virtual supervisor external interrupt" },
	{ IRQ | 11, "machine external interrupt" }, { IRQ | 12, "supervisor guest external interrupt" },
	{ IRQ | 13, "counter-overflow interrupt" },
};

static const char *want(unsigned long mcause)
{
	for (unsigned i = 0; i < sizeof(spec) / sizeof(spec[0]); i++)
		if (spec[i].mcause == mcause)
			return spec[i].name;
	return RESERVED;
}

static void check_name(unsigned long mcause)
{
	const char *got = trap_cause_name(mcause), *w = want(mcause);
	char d[160];

	snprintf(d, sizeof(d), "mcause %#lx: got \"%s\", want \"%s\"", mcause, got, w);
	h_check(strcmp(got, w) == 0, __FILE__, __LINE__, "trap_cause_name", d);
}

/* Exceptions and interrupts 0..63: the named ones and every gap between. */
static void t_every_code(void)
{
	for (unsigned long code = 0; code < 64; code++) {
		check_name(code);
		check_name(IRQ | code);
	}
}

/* Values no table reaches: custom ranges and the top of the register. */
static void t_far_values_reserved(void)
{
	const unsigned long far[] = { 24, 31, 32, 47, 48, 63, 255, 0x10000, ~IRQ, IRQ | 16, IRQ | 0xffff, ~0UL };

	for (unsigned i = 0; i < sizeof(far) / sizeof(far[0]); i++)
		check_name(far[i]);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_every_code);
	RUN(t_far_values_reserved);
	return h_done();
}
