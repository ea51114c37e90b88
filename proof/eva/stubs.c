/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Everything the proof assumes, once each (docs/proof.md). What the
 * hardware or a lower mode owns is any value; what assembly does is the
 * least C needs to stand in for it.
 */
#include <limits.h>
#include "__fc_builtin.h"
#include "arch/entry.h"
#include "proof_hw.h"
#include "base/machine.h"
#include "base/mem.h"
#include "platform/common/dt.h"
#include "hart/hart.h"

unsigned long proof_any(void)
{
	return (unsigned long)Frama_C_long_long_interval(LLONG_MIN, LLONG_MAX);
}

/*@ requires n > 0; */
unsigned long proof_below(unsigned long n)
{
	return Frama_C_size_t_interval(0, n - 1);
}

bool proof_any_bool(void)
{
	return Frama_C_interval(0, 1);
}

/*
 * CSRs. Assumed: a CSR read gives any value, and a write changes no
 * memory, except mscratch, which entry.S and start.S keep pointing at the
 * hart's trap frame: it reads as the harness last set it. And mhartid,
 * which the hardware fixes for each hart: the ID of the hart the harness
 * runs, below TALLY_MAX_HARTS, since start.S parks every hart above.
 */
unsigned long proof_mscratch, proof_mhartid;

static bool is_mscratch(const char *csr)
{
	return csr[0] == 'm' && csr[1] == 's' && csr[2] == 'c' && csr[3] == 'r';
}

static bool is_mhartid(const char *csr)
{
	return csr[0] == 'm' && csr[1] == 'h' && csr[2] == 'a' && csr[3] == 'r';
}

unsigned long proof_csr_read(const char *csr)
{
	if (is_mhartid(csr))
		return proof_mhartid;
	return is_mscratch(csr) ? proof_mscratch : proof_any();
}

void proof_csr_write(const char *csr, unsigned long v)
{
	if (is_mscratch(csr))
		proof_mscratch = v;
}

void proof_csr_set(const char *csr, unsigned long v)
{
	(void)csr, (void)v;
}

void proof_csr_clear(const char *csr, unsigned long v)
{
	(void)csr, (void)v;
}

/*
 * csr_bank.S: a counter or selector by number, through a jump table of
 * 32 entries. Assumed: any value read; the number must be in the table,
 * which each precondition checks (an index past it would jump anywhere).
 */
/*@ requires idx < 32; */
uint64_t csr_read_counter(unsigned idx) { (void)idx; return proof_any(); }
/*@ requires idx < 32; */
void csr_write_counter(unsigned idx, uint64_t val) { (void)idx, (void)val; }
/*@ requires idx < 32; */
unsigned long csr_read_event(unsigned idx) { (void)idx; return proof_any(); }
/*@ requires idx < 32; */
void csr_write_event(unsigned idx, unsigned long val) { (void)idx, (void)val; }
#if __riscv_xlen == 32
/* mhpmeventNh (Sscofpmf on rv32): the same bank, the upper halves. */
/*@ requires idx < 32; */
unsigned long csr_read_eventh(unsigned idx) { (void)idx; return proof_any(); }
/*@ requires idx < 32; */
void csr_write_eventh(unsigned idx, unsigned long val) { (void)idx, (void)val; }
#endif

/* entry.S, start.S, trap_guard.S: addresses only, never read by C. */
char trap_entry[4], trap_vector_table[4], trap_guard_vector[4];
volatile int boot_done;

/*
 * The linker script's bounds of the image: one region (the proof's image
 * is 256 KiB at a place of the analyser's choosing).
 */
char _fw_start[0x40000];
char _fw_end[1];

/* The harts' slots (hart/hart.c, linker/tally.ld): room for PROOF_HARTS. */
struct hart_slot _harts_start[PROOF_HARTS];

/*
 * The tree's harts: IDs 0, 1, ... in order, as many as any count up to
 * PROOF_HARTS. Naming them in order gives each hart the same slot on
 * every path (hart.c's place()), so that EVA keeps each hart's record
 * apart from the others'.
 */
int dt_for_each_hart(unsigned long fdt, void (*fn)(void *ctx, uint64_t hartid), void *ctx)
{
	unsigned n = (unsigned)proof_below(PROOF_HARTS + 1);

	(void)fdt;
	/*@ loop unroll PROOF_HARTS; */
	for (unsigned i = 0; i < PROOF_HARTS && i < n; i++)
		fn(ctx, i);
	return (int)n;
}

/* The room after the image (hart.c): any count of slots it can give,
 * whether or not every hart of the tree fits. */
unsigned slots_room(uintptr_t limit)
{
	(void)limit;
	return (unsigned)proof_below(TALLY_MAX_HARTS);
}

/*
 * The board's device tree (dt.c over lib/fdt.c: tested on trees dtc
 * makes, not proved). Assumed: it names any number of harts and any RAM
 * ranges that start at or above 0x1000 and end at least a page below the
 * top of the address space; the firmware's reservation goes in or not.
 *
 * That is true of every supported board (QEMU virt's and CVA6's RAM from
 * 0x80000000, Ibex's from 0x100000, none near the top): it is what lets
 * sbi_mem_window's answer, which is 0 or an address in RAM, bound the
 * address a caller keeps. The analyser does not relate a sum to its terms,
 * so the bound is given as each range starting below 2^63 and being
 * smaller than 2^63 - 4 KiB. It does not relate a slot of features.ram to
 * num_ram either: the slots past num_ram, never read, hold such a range
 * too, not the 0 of bss.
 */
void dt_fixup(unsigned long *fdtp, uintptr_t fw_base, uintptr_t fw_size)
{
	(void)fdtp, (void)fw_base, (void)fw_size;
	/*@ loop unroll TALLY_MAX_RAM_RANGES; */
	for (unsigned i = 0; i < TALLY_MAX_RAM_RANGES; i++)
		features.ram[i] = (struct ram_range){ 0x1000, 0x2000 };
	features.num_ram = 0;
	/*@ loop unroll TALLY_MAX_RAM_RANGES + 1; */
	for (unsigned i = 0; i <= TALLY_MAX_RAM_RANGES; i++)
		if (proof_any_bool())
			mem_add_ram(Frama_C_unsigned_long_long_interval(0x1000, 1ULL << 63),
				    Frama_C_unsigned_long_long_interval(1, (1ULL << 63) - 0x1000));
}

/* The payload's tree loses the ISA extensions S-mode is not given: it is
 * the payload's memory, none of the firmware's C state changes. */
void dt_hide_extensions(unsigned long fdt, bool sstc, bool sscofpmf, bool h)
{
	(void)fdt, (void)sstc, (void)sscofpmf, (void)h;
}

void dt_fixup_copy(unsigned long *fdtp, uintptr_t fw_base, uintptr_t fw_size)
{
	dt_fixup(fdtp, fw_base, fw_size);
}

/*
 * entry.S's mret into the payload. Assumed: it returns to the harness,
 * which then lets the payload trap with any registers (harness.c).
 */
void arch_enter_payload(unsigned long hartid, unsigned long fdt)
{
	(void)hartid, (void)fdt;
}
