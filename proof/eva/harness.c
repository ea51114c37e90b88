/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The proof's machine (docs/proof.md): the boot hart boots as start.S
 * starts it, then, for ever, any hart does any of what a lower mode can
 * make M-mode do, with any registers: an ecall, any other trap or
 * interrupt, the SSE doorbell on the way out; and any other hart comes
 * out of reset. Frama-C's EVA explores every order of these.
 */
#include "proof_hw.h"
#include "arch/frame.h"
#include "boot/init.h"
#include "hart/hart.h"
#include "hart/sse_hart.h"
#include "sbi/sbi_ext.h"
#include "tally_config.h"
#include "trap/trap.h"

/* Hart h has a record: tested on the table itself, so that EVA keeps
 * the entry non-null for the calls that read it again. */
#if TALLY_MAX_HARTS > 1
#define HAS_RECORD(h) (hart_table[h] != 0)
#else
#define HAS_RECORD(h) 1
#endif

/* Every register a lower mode left: any value. */
static void lower_mode_registers(struct trap_frame *f)
{
	for (unsigned r = 1; r < 32; r++)
		f->x[r] = proof_any();
}

/* Hart h, in its payload, makes M-mode do one thing. */
static void one_trap(unsigned long h)
{
	struct trap_frame *f = hart_frame(hart_of(h));

	proof_mscratch = (unsigned long)f;
	proof_mhartid = h;
	lower_mode_registers(f);
	switch (proof_below(3)) {
	case 0: {                  /* an ecall: entry.S's C twin */
		unsigned long *a = &f->x[REG_A0];
		struct sbiret r = sbi_ecall(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);

		a[0] = (unsigned long)r.error;
		a[1] = r.value;
		break;
	}
	case 1:                    /* any other trap or interrupt: mcause is any value */
		trap_handler(f);
		break;
	default:                   /* entry.S's leave: the doorbell */
#if TALLY_SMODE_EXTENSIONS
		if (f->sse_pending)
			sse_deliver(f);
#endif
		break;
	}
}

int main(void)
{
	unsigned long boot = proof_below(PROOF_HARTS);   /* start.S parks the rest */
	unsigned long fdt = proof_any();

	/* Each boot hart's case stays apart to the end: the other harts' slots
	 * follow it (hart.c's place()), so merged cases would mix their records. */
	/*@ split boot; */
	/* start.S: the boot hart's frame tops the first slot's stack. */
	proof_mscratch = (unsigned long)&_harts_start[0].frame;
	proof_mhartid = boot;
	tally_boot(boot, fdt);
	/* The others the tree named come out of reset while the boot hart waits. */
	/*@ loop unroll PROOF_HARTS; */
	for (unsigned long h = 0; h < PROOF_HARTS; h++)
		if (h != boot && HAS_RECORD(h)) {
			proof_mscratch = (unsigned long)hart_frame(hart_of(h));
			proof_mhartid = h;
			tally_secondary(h, fdt);
		}
	for (;;) {
		unsigned long h = proof_below(PROOF_HARTS);

		/*@ split h; */
		if (HAS_RECORD(h))
			one_trap(h);
		/*@ merge h; */
	}
}
