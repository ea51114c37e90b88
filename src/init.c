/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot: the boot hart probes what the core has, sets up every CSR a
 * payload relies on, prints the banner and drops into the payload the way
 * OpenSBI's fw_jump does (a0 = hartid, a1 = device tree). The other harts
 * set up the same CSRs for themselves and park.
 */
#include <stdio.h>
#include "counters.h"
#include "hsm.h"
#include "hart.h"
#include "platform.h"
#include "sbi.h"
#include "text_checksum.h"

struct features features;
extern volatile int boot_done;
extern char trap_entry[], trap_vector_table[];

/* What S-mode handles itself (as OpenSBI delegates): page faults,
 * breakpoints, U-mode ecalls, misaligned fetches. Illegal instructions,
 * misaligned and access faults come here first to be counted as firmware
 * events (and emulated where the firmware can), then go on to S-mode. */
#define MEDELEG_S ((1UL << CAUSE_MISALIGNED_FETCH) | (1UL << CAUSE_BREAKPOINT) | \
	(1UL << CAUSE_USER_ECALL) | (1UL << CAUSE_FETCH_PAGE_FAULT) | \
	(1UL << CAUSE_LOAD_PAGE_FAULT) | (1UL << CAUSE_STORE_PAGE_FAULT))

/* The firmware's region rounded up to a power of two, as one PMP NAPOT entry covers it. */
static uintptr_t fw_region_size(void)
{
	uintptr_t size = (uintptr_t)_fw_end - (uintptr_t)_fw_start, napot = 8;

	while (napot < size)
		napot <<= 1;
	return napot;
}

/* Find out, once, what this kind of hart implements. */
static void probe_features(unsigned long *fdt)
{
	struct trap_guard g;
	unsigned long v = 0;
	bool ok;

	features.has_s_mode = (r_misa() >> ('S' - 'A')) & 1;

	/* The time CSR: CVA6 has none, so reading it traps even in M-mode. */
	trap_guard_begin(&g);
	(void)r_time();
	features.has_time_csr = !trap_guard_end(&g) && !platform.no_time_csr;

	/*
	 * Which counters the mode below may read itself: all it can, except
	 * time without a time CSR (TM clear: rdtime traps, trap.c answers it,
	 * priv spec 3.1.11 "Machine Counter-Enable Register") and whatever the
	 * board keeps away. Probed, because
	 * cores that look alike differ here (counters.c).
	 */
	v = features.has_time_csr ? ~0UL : ~(1UL << 1);
	if (platform.no_user_counters)
		v &= 1UL << 1;
	features.counteren = counters_probe_native(v);

	/* Sstc: does menvcfg.STCE stick? (menvcfg itself may not exist.) */
	if (features.has_s_mode) {
		bool stce = false;

		trap_guard_begin(&g);
		set_menvcfg_stce();
		stce = r_menvcfg_stce();
		ok = !trap_guard_end(&g);
		/* QEMU 7.2 lets STCE stick without Sstc: stimecmp must exist too. */
		trap_guard_begin(&g);
		(void)r_stimecmp();
		/* Sstc compares stimecmp with time: no time CSR, no Sstc. */
		features.has_sstc = !trap_guard_end(&g) && ok && stce && features.has_time_csr;
		/* Not using Sstc: STCE off again, or STIP stays stimecmp's and
		 * the CLINT path could not raise it (Sstc spec, menvcfg.STCE). */
		if (ok && !features.has_sstc)
			clear_menvcfg_stce();
	}

	/*
	 * ASID and VMID widths, for RFENCE's INVALID_PARAM on ids the hart
	 * cannot hold (SBI spec 8.4-8.8). The first paging mode that sticks
	 * tells: Sv39 then Sv48, Sv57 (rv64), Sv32 (rv32); hgatp's Sv39x4/Sv32x4.
	 */
	if (features.has_s_mode) {
		static const unsigned long modes[] = { __riscv_xlen == 32 ? 1 : 8, 9, 10 };

		for (unsigned i = 0; i < (__riscv_xlen == 32 ? 1 : 3) && !features.asid_max; i++) {
			trap_guard_begin(&g);
			v = probe_satp_asid(modes[i]);
			if (!trap_guard_end(&g))
				features.asid_max = v;
		}
		if ((r_misa() >> ('H' - 'A')) & 1) {
			trap_guard_begin(&g);
			v = probe_hgatp_vmid(modes[0]);
			if (!trap_guard_end(&g))
				features.vmid_max = v;
		}
	}

	/* PMP: is pmpaddr0 there and writable? */
	v = 0;
	trap_guard_begin(&g);
	w_pmpaddr0(~0UL);
	v = csr_read(pmpaddr0);
	w_pmpaddr0(0);
	ok = !trap_guard_end(&g);
	features.has_pmp = ok && v;

	/* RAM as the board declares it; the device tree, if any, replaces it (dt.c). */
	mem_add_ram(platform.ram_base, platform.ram_size);
	features.fw_lo = (uintptr_t)_fw_start;
	features.fw_hi = (uintptr_t)_fw_start + fw_region_size();

	/* The device tree, where the board has one, says how many harts there are. */
	if (platform.dt_fixup)
		features.num_harts = platform.dt_fixup(fdt, (uintptr_t)_fw_start, fw_region_size());
	if (!features.num_harts)
		features.num_harts = 1;
}

/*
 * Close the firmware's region to lower modes and open everything else
 * (priv spec 3.7 "Physical Memory Protection"). Entry 0 wins over entry 1 where they overlap. Neither
 * is locked, so M-mode itself is not restricted.
 */
static void pmp_setup(void)
{
	uintptr_t base = (uintptr_t)_fw_start, napot = fw_region_size();
	/* NAPOT encoding: base | (size/2 - 1), in units of 4 bytes. */
	w_pmpaddr0((base | (napot / 2 - 1)) >> 2);
	w_pmpaddr1(~0UL);     /* NAPOT with all ones: the whole address space */
	w_pmpcfg0(PMP_A_NAPOT | ((unsigned long)(PMP_A_NAPOT | PMP_R | PMP_W | PMP_X) << 8));
}

/* Every hart runs this for itself: the CSRs are per hart. */
static void hart_init(unsigned long hartid)
{
	/* The real trap vector; Ibex has only the vectored mode. */
	w_mtvec(platform.mtvec_vectored ? (uintptr_t)trap_vector_table | 1
					: (uintptr_t)trap_entry);
	if (features.has_s_mode) {
		w_medeleg(MEDELEG_S);
		/* S-mode's own interrupts, and counter overflow where it exists. */
		w_mideleg(MIP_SSIP | MIP_STIP | MIP_SEIP |
			  (pmu_hw()->has_sscofpmf ? MIP_LCOFIP : 0));
		/* U-mode may read counters too; S-mode can narrow this itself. */
		w_scounteren(~0UL);
		if (features.has_sstc)
			set_menvcfg_stce();      /* S-mode owns stimecmp */
	}
	/*
	 * The mode below M reads the counters the boot probe found readable
	 * (features.counteren); reads of the others trap as illegal
	 * instructions and trap.c answers those it can (priv spec 3.1.11
	 * "Machine Counter-Enable Register").
	 */
	w_mcounteren(features.counteren);
	if (features.has_pmp)
		pmp_setup();
	pmu_hart_init(&pmu_harts[hartid]);
	/* mscratch points at this hart's trap frame; this_pmu() reads it there. */
	((struct trap_frame *)csr_read(mscratch))->pmu = &pmu_harts[hartid];
	/* Other harts reach this one through its machine software interrupt. */
	if (ipi_available())
		set_mie(MIP_MSIP);
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
	char isa[40], *p = isa;

	p += sprintf(p, "rv%u", (unsigned)__riscv_xlen);
	for (const char *c = order; *c; c++)
		if ((misa >> (*c - 'a')) & 1)
			*p++ = *c;
	*p = 0;
	printf("ISA           : %s\n", isa);
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
static void print_counter_reads(void)
{
	const struct pmu_hw_info *hw = pmu_hw();
	unsigned long found = 1UL << 1, native, emulated = 0;

	for (unsigned n = 0; n < 32; n++) {
		if (n < PMU_MAX_HW_COUNTERS && hw->width[n])
			found |= 1UL << n;
		if (counters_emulated(n, features.counteren, features.has_s_mode, hw))
			emulated |= 1UL << n;
	}
	native = features.counteren & found;
	printf("Counter reads : native");
	print_counter_set(native);
	printf("; emulated");
	print_counter_set(emulated & found);
	printf("\n");
}

static void print_counters(void)
{
	const struct pmu_hw_info *hw = pmu_hw();
	const struct pmu_backend *be = platform.pmu;
	unsigned nhw = pmu_num_hw_counters();

	printf("PMU backend   : %s; mcountinhibit %s, Sscofpmf %s\n", be->name,
	       hw->has_inhibit ? "yes" : "NO (fixed counters are not offered: they cannot be stopped)",
	       hw->has_sscofpmf ? "yes (overflow interrupts, mode filtering)" : "no");
	if (hw->note)
		printf("PMU note      : %s\n", hw->note);
	/* Logical indices: 0 cycle, 1 time (never a PMU counter), 2 instret,
	 * then the hpm counters the probe found, then the firmware counters. */
	printf("PMU counters  : %u logical: cycle, instret, %u hpm, %u firmware; index 1 is time\n",
	       nhw + PMU_NUM_FW_COUNTERS, nhw - 3, PMU_NUM_FW_COUNTERS);
	printf("  idx    csr          width  counts\n");
	/* One line per run of counters that look alike (QEMU has 16 such). */
	for (unsigned i = 0, j; i < nhw; i = j) {
		unsigned long info = pmu_counter_get_info(i).value;
		unsigned ctr = (info & 0xfff) - 0xc00;
		const char *what = ctr == 0 ? "CPU_CYCLES" : ctr == 1 ? 0 :
			ctr == 2 ? "INSTRUCTIONS" : be->describe ? be->describe(ctr) : "raw events";

		for (j = i + 1; j < nhw && i >= 3; j++) {
			unsigned long next = pmu_counter_get_info(j).value;
			if ((next >> 12) != (info >> 12) || (next & 0xfff) != (info & 0xfff) + (j - i) ||
			    (be->describe && be->describe((next & 0xfff) - 0xc00) != what))
				break;
		}
		if (i == 1)
			continue;   /* time: not a PMU counter */
		/* A range "3-18" fills the same 6-character column as "3". */
		char idx[12];
		if (j - i == 1) {
			sprintf(idx, "%u", i);
			printf("  %-6s 0x%03lx        %-6lu %s\n", idx, info & 0xfff,
			       ((info >> 12) & 63) + 1, what);
		} else {
			sprintf(idx, "%u-%u", i, j - 1);
			printf("  %-6s 0x%03lx-0x%03lx  %-6lu %s\n", idx, info & 0xfff,
			       (info & 0xfff) + (j - 1 - i), ((info >> 12) & 63) + 1, what);
		}
	}
	char fw[12];
	sprintf(fw, "%u-%u", nhw, nhw + PMU_NUM_FW_COUNTERS - 1);
	printf("  %-6s firmware     64     events:", fw);
	static const char *const fw_names[] = {
		"MISALIGNED_LOAD", "MISALIGNED_STORE", "ACCESS_LOAD", "ACCESS_STORE",
		"ILLEGAL_INSN", "SET_TIMER", "IPI_SENT", "IPI_RECEIVED",
	};
	for (unsigned e = 0; e < sizeof(fw_names) / sizeof(fw_names[0]); e++)
		if (pmu_fw_event_supported(e))
			printf(" %s", fw_names[e]);
	printf("\n");
}

static void banner(unsigned long hartid, unsigned long fdt)
{
	printf("\nTally %s - RISC-V SBI %lu.%lu firmware (M-mode)\n", TALLY_VERSION_STR,
	       SBI_SPEC_VERSION >> 24, SBI_SPEC_VERSION & 0xffffff);
	board_banner();                  /* Platform, Timebase (platform/common/board.c) */
	print_isa();
	printf("Harts         : %u (boot hart %lu, at most %u)\n", features.num_harts,
	       hartid, TALLY_MAX_HARTS);
	printf("Extensions    : Base%s DBCN SRST PMU%s, legacy putchar/getchar\n",
	       features.has_s_mode ? " TIME" : "", ipi_available() ? " HSM IPI RFENCE" : "");
	printf("Timer         : %s\n", features.has_sstc ? "Sstc (S-mode programs stimecmp)"
		: features.has_s_mode ? "board timer, interrupt passed to S-mode"
		: "TIME not offered: no S-mode to take a timer interrupt (M+U hart)");
	if (!features.has_time_csr)
		printf("Time CSR      : none - rdtime is emulated from the board timer\n");
	print_counter_reads();
	if (features.has_pmp)
		printf("PMP           : firmware [0x%lx, 0x%lx) closed to lower modes\n",
		       (unsigned long)_fw_start, (unsigned long)_fw_end);
	else
		printf("PMP           : NONE - the payload can overwrite the firmware\n");
	print_counters();
	printf("Payload       : 0x%lx in %s-mode, a0 = hartid, a1 = 0x%lx\n\n",
	       (unsigned long)platform.payload_base,
	       platform.payload_mode == PRV_S ? "S" : "U", fdt);
}


/*
 * Leave M-mode: mret to addr in the payload's mode with a0 = hartid and
 * a1 = arg, interrupts off, translation off. The first hart enters the
 * payload this way (a1 = device tree), harts started through HSM too.
 */
void tally_enter_smode(unsigned long hartid, unsigned long addr, unsigned long arg)
{
	unsigned long ms = r_mstatus();

	ms &= ~(MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MPRV | MSTATUS_SIE | MSTATUS_SPIE);
	ms |= (unsigned long)platform.payload_mode << MSTATUS_MPP_SHIFT;
	w_mstatus(ms);                   /* mret lands in the payload's mode, interrupts off */
	w_mepc(addr);
	if (features.has_s_mode)
		csr_write(satp, 0);      /* start with translation off */
	arch_enter_payload(hartid, arg);
}

void tally_boot(unsigned long hartid, unsigned long fdt)
{
	console_init();
	text_checksum_boot();            /* checksum builds: the image as loaded */
	probe_features(&fdt);            /* the board may move the tree (dt_fixup_copy) */
	/*
	 * Firmware events that can happen here: the board's traps and timer,
	 * plus IPIs and remote fences where harts can reach each other (the
	 * hypervisor fences only with the H extension).
	 */
	uint32_t fw_events = platform.fw_events;
	if (ipi_available())
		fw_events |= ((1u << (PMU_FW_SFENCE_VMA_ASID_RECEIVED + 1)) - 1) &
			     ~((1u << PMU_FW_IPI_SENT) - 1);
	if (ipi_available() && ((r_misa() >> ('H' - 'A')) & 1))
		fw_events |= ((1u << (PMU_FW_HFENCE_VVMA_ASID_RECEIVED + 1)) - 1) &
			     ~((1u << PMU_FW_HFENCE_GVMA_SENT) - 1);
	pmu_init(platform.pmu, sbi_mem_ok, fw_events);
	hart_init(hartid);
	hsm_hart_arrived(hartid, true);
	fence_rw();
	boot_done = 1;                   /* release the other harts */
	/* Let them check in, so HSM knows them before the payload asks. */
	if (ipi_available())
		hsm_wait_for_harts(features.num_harts < TALLY_MAX_HARTS ?
				   features.num_harts : TALLY_MAX_HARTS);
	banner(hartid, fdt);
	tally_enter_smode(hartid, platform.payload_base, fdt);
}

void tally_secondary(unsigned long hartid, unsigned long fdt)
{
	(void)fdt;
	hart_init(hartid);
	if (!ipi_available())
		for (;;)
			wfi();           /* nothing could ever wake it */
	hsm_hart_arrived(hartid, false);
	hsm_park(hartid);                /* until hart_start (SBI HSM) */
}
