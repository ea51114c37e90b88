/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot banner: one screen that says what this firmware found on this
 * machine, so a board bring-up starts from facts (docs/boot.md, section 5,
 * shows one). It prints what it is handed (banner.h): the board's
 * description (board), what the boot probes found about the machine
 * (machine), and what the PMU backend found (found: which hpm counters
 * exist, their widths, whether they can be stopped). Of the hardware it
 * reads misa only.
 */
#include <stdio.h>
#include "arch/csr.h"
#include "base/console.h"
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"
#include "base/sbi.h"
#include "boot/banner.h"
#include "hart/hart.h"
#include "sbi/sbi_ext.h"
#include "tally_config.h"
#include "trap/counters.h"

/* The board's own lines. Its timebase is also what the payload's device tree says. */
static void print_board(const struct platform *board)
{
	printf("Platform      : %s\n", board->name);
	printf("Timebase      : %lu Hz\n", (unsigned long)board->timer.hz);
	if (!board->reset.reset)
		printf("Power-off     : none (SRST stops the hart)\n");
}

/*
 * The extensions offered here, in sbi_extensions[]'s order (sbi/sbi_ext.c),
 * then the legacy calls (EIDs below 0x10) as EID ranges: "legacy EIDs
 * 0-8". The ranges go straight to the console: boot time is counted.
 */
static void print_extensions(void)
{
	unsigned legacy = 0, n, m;
	char sep = ' ';

	console_puts("Extensions    :");
	for (const struct sbi_ext *e = sbi_extensions; e < sbi_extensions + sbi_extension_count; e++) {
		if (!sbi_ext_offered(e->needs))
			continue;
		if (e->eid < SBI_EXT_BASE) {
			legacy |= 1u << (e->eid & 15);
		} else {
			console_putc(' ');
			console_puts(e->name);
		}
	}
	if (legacy)
		console_puts(", legacy EIDs");
	for (n = 0; n < 16 && legacy >> n; n = m) {   /* up to the last one offered (of 16) */
		if (!((legacy >> n) & 1)) {
			m = n + 1;
			continue;
		}
		for (m = n + 1; m < 16 && ((legacy >> m) & 1); m++)
			;
		console_putc(sep);
		console_putc("0123456789abcdef"[n]);
		if (m - n > 1) {
			console_putc('-');
			console_putc("0123456789abcdef"[m - 1]);
		}
		sep = ',';
	}
	console_putc('\n');
}

/*
 * The ISA string in the canonical order of the unprivileged spec's naming
 * chapter (base, then M A F D Q L C B K J T P V H), not misa's
 * alphabetical bit order: "rv32imc", not "rv32cimu". S and U in misa are
 * privilege modes, not extensions: they get their own line.
 */
static void print_isa(void)
{
	static const char order[] = "iemafdqlcbkjtpvhn";
	unsigned long misa = r_misa();

	printf("ISA           : rv%u", (unsigned)__riscv_xlen);
	for (const char *c = order; *c; c++)
		if ((misa >> (*c - 'a')) & 1)
			console_putc(*c);
	console_putc('\n');
	printf("Modes         : M%s%s\n", (misa >> ('S' - 'A')) & 1 ? " S" : "",
	       (misa >> ('U' - 'A')) & 1 ? " U" : "");
}

/* " cycle time instret hpm3-12" for the counters in mask (bit n). */
static void print_counter_set(unsigned long mask)
{
	static const char *const fixed[] = { "cycle", "time", "instret" };

	if (!mask)
		printf(" none");
	for (unsigned n = 0; n < 3; n++)
		if ((mask >> n) & 1)
			printf(" %s", fixed[n]);
	for (unsigned n = 3, m; n < 32; n = m) {
		if (!((mask >> n) & 1)) {
			m = n + 1;
			continue;
		}
		for (m = n + 1; m < 32 && ((mask >> m) & 1); m++)
			;
		printf(m - n == 1 ? " hpm%u" : " hpm%u-%u", n, m - 1);
	}
}

/*
 * Which counter reads from the mode below go to the hardware and which
 * trap into the firmware (each counted as ILLEGAL_INSN). Only counters
 * that exist are listed: the probe's cycle, instret and hpm counters, and
 * time.
 */
static void print_counter_reads(const struct features *machine, const struct pmu_hw_info *found)
{
	unsigned long exists = 1UL << 1, native, emulated = 0;

	for (unsigned n = 0; n < 32; n++) {
		if (n < PMU_MAX_HW_COUNTERS && found->width[n])
			exists |= 1UL << n;
		if (counters_emulated(n, machine->counteren, machine->has_s_mode, found))
			emulated |= 1UL << n;
	}
	native = machine->counteren & exists;
	printf("Counter reads : native");
	print_counter_set(native);
	printf("; emulated");
	print_counter_set(emulated & exists);
	printf("\n");
}

/*
 * The spaces after a range "first-last" of logical counters in the table's
 * 6-character index column. Logical indices have at most two digits.
 */
_Static_assert(PMU_MAX_HW_COUNTERS + PMU_NUM_FW_COUNTERS <= 100, "two-digit counter indices");
static int range_pad(unsigned first, unsigned last)
{
	return 3 - (first > 9) - (last > 9);
}

/*
 * One line of the counter table: logical counters first..last, which are
 * the consecutive counters ctr.. (CSRs 0xc00 + ctr..), width bits each.
 * A range "3-18" fills the same 6-character column as "3".
 */
static void print_counter_line(unsigned first, unsigned last, unsigned ctr, unsigned width,
			       const char *what)
{
	if (first == last)
		printf("  %-6u 0x%03x        %-6u %s\n", first, CSR_CYCLE + ctr, width, what);
	else
		printf("  %u-%u%*s 0x%03x-0x%03x  %-6u %s\n", first, last, range_pad(first, last), "",
		       CSR_CYCLE + ctr, CSR_CYCLE + ctr + (last - first), width, what);
}

/*
 * The PMU's counters as S-mode will see them (counter_get_info, SBI spec
 * 11.6): logical index, CSR, width, what it counts. A run of hpm counters
 * that look alike is one line (QEMU has 16 such).
 */
static void print_counters(const struct pmu_backend *backend, const struct pmu_hw_info *found,
			   uint32_t fw_events)
{
	/* Table 6's firmware events: the first six by name, then pairs of
	 * _SENT and _RECEIVED, named by their stem when both are counted. */
	static const char *const fw_single[PMU_FW_IPI_SENT] = {
		"MISALIGNED_LOAD", "MISALIGNED_STORE", "ACCESS_LOAD", "ACCESS_STORE",
		"ILLEGAL_INSN", "SET_TIMER",
	};
#if TALLY_SMP   /* IPIs and fences: only where harts reach each other */
	static const char *const fw_pair[(PMU_FW_EVENT_MAX - PMU_FW_IPI_SENT) / 2] = {
		"IPI", "FENCE_I", "SFENCE_VMA", "SFENCE_VMA_ASID",
		"HFENCE_GVMA", "HFENCE_GVMA_VMID", "HFENCE_VVMA", "HFENCE_VVMA_ASID",
	};
#endif
	unsigned nhw = 3 + found->num_hpm;

	printf("PMU backend   : %s; mcountinhibit %s, Sscofpmf %s\n", backend->name,
	       found->has_inhibit ? "yes" : "NO (fixed counters are not offered: they cannot be stopped)",
	       TALLY_SMODE_EXTENSIONS && found->has_sscofpmf ?
	       "yes (overflow interrupts, mode filtering)" : "no");   /* Sscofpmf needs an S-mode */
	if (found->note)
		printf("PMU note      : %s\n", found->note);
	printf("PMU counters  : %u logical: cycle, instret, %u hpm, %u firmware; index 1 is time\n",
	       nhw + PMU_NUM_FW_COUNTERS, nhw - 3, PMU_NUM_FW_COUNTERS);
	printf("  idx    csr          width  counts\n");
	/* Logical 0 and 2 are cycle and instret; 1, time, is not a PMU counter. */
	print_counter_line(0, 0, 0, found->width[0], "CPU_CYCLES");
	print_counter_line(2, 2, 2, found->width[2], "INSTRUCTIONS");
	/* Then the hpm counters the backend found, a run of look-alikes per line. */
	for (unsigned i = 3, j; i < nhw; i = j) {
		unsigned ctr = found->hpm[i - 3], width = found->width[ctr];
		const char *what = backend->describe ? backend->describe(ctr) : "raw events";

		for (j = i + 1; j < nhw; j++) {
			unsigned next = found->hpm[j - 3];
			if (found->width[next] != width || next != ctr + (j - i) ||
			    (backend->describe && backend->describe(next) != what))
				break;
		}
		print_counter_line(i, j - 1, ctr, width, what);
	}
	/* Every event the firmware counts; the fence pairs on a line of their
	 * own, short (each character costs boot about 60 instructions). */
	printf("  %u-%u%*s firmware     64     events:", nhw, nhw + PMU_NUM_FW_COUNTERS - 1,
	       range_pad(nhw, nhw + PMU_NUM_FW_COUNTERS - 1), "");
	for (unsigned e = 0; e < PMU_FW_IPI_SENT; e++)
		if ((fw_events >> e) & 1)
			printf(" %s", fw_single[e]);
#if TALLY_SMP
	if (fw_events >> PMU_FW_IPI_SENT)
		printf("\n         _SENT and _RECEIVED of:");
	for (unsigned e = PMU_FW_IPI_SENT; e < PMU_FW_EVENT_MAX; e += 2) {
		const char *stem = fw_pair[(e - PMU_FW_IPI_SENT) / 2];

		switch ((fw_events >> e) & 3) {
		case 3: printf(" %s", stem); break;
		case 1: printf(" %s_SENT", stem); break;
		case 2: printf(" %s_RECEIVED", stem); break;
		}
	}
#endif
	printf("\n");
}

void banner_print(unsigned long hartid, unsigned long fdt, const struct platform *board,
		  const struct features *machine, const struct pmu_hw_info *found,
		  uint32_t fw_events)
{
	printf("\nTally %s - RISC-V SBI %lu.%lu firmware (M-mode)\n", TALLY_VERSION_STR,
	       SBI_SPEC_VERSION >> 24, SBI_SPEC_VERSION & 0xffffff);
	print_board(board);
	print_isa();
#if TALLY_MAX_HARTS > 1
	printf("Harts         : %u (boot hart %lu, IDs up to %u), %lu bytes each "
	       "(record %lu + stack %u)\n", machine->num_harts, hartid, TALLY_MAX_HARTS - 1,
	       (unsigned long)HART_SLOT_SIZE, (unsigned long)HART_RECORD_SIZE, TALLY_STACK_SIZE);
#else
	printf("Harts         : %u (boot hart %lu, at most %u)\n", machine->num_harts,
	       hartid, TALLY_MAX_HARTS);
#endif
	print_extensions();
#if TALLY_SMODE_EXTENSIONS
	printf("Timer         : %s\n", machine->has_sstc ? "Sstc (S-mode programs stimecmp)"
		: machine->has_s_mode ? "board timer, interrupt passed to S-mode"
		: "TIME not offered: no S-mode to take a timer interrupt (M+U hart)");
#else   /* an M+U image runs only on a hart without S-mode (init.c) */
	printf("Timer         : TIME not offered: no S-mode to take a timer interrupt (M+U hart)\n");
#endif
	if (!machine->has_time_csr)
		printf("Time CSR      : none - rdtime is emulated from the board timer\n");
	print_counter_reads(machine, found);
	if (machine->has_pmp)
		/* what the NAPOT entry covers (init.c), not just the image */
		printf("PMP           : firmware [0x%lx, 0x%lx) closed to lower modes\n",
		       (unsigned long)machine->fw_lo, (unsigned long)machine->fw_hi);
	else
		printf("PMP           : NONE - the payload can overwrite the firmware\n");
	print_counters(board->pmu, found, fw_events);
	printf("Payload       : 0x%lx in %s-mode, a0 = hartid, a1 = 0x%lx\n\n",
	       (unsigned long)board->payload_base,
	       board->payload_mode == PRV_S ? "S" : "U", fdt);
}
