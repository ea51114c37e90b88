/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot: the boot hart probes what the core has, sets up every CSR a
 * payload relies on, prints the banner and drops into the payload the way
 * OpenSBI's fw_jump does (a0 = hartid, a1 = device tree). The other harts
 * set up the same CSRs for themselves and park.
 */
#include "arch/csr.h"
#include "arch/entry.h"
#include "arch/fence.h"
#include "arch/trap_guard.h"
#include "arch/wfi.h"
#include "boot/banner.h"
#include "base/console.h"
#include "trap/counters.h"
#include "base/machine.h"
#include "hart/hart.h"
#include "hart/hsm.h"
#include "boot/init.h"
#include "base/mem.h"
#include "base/platform.h"
#include "base/sbi.h"
#include "sbi/smode_ext.h"
#include "tally_config.h"
#include "base/text_checksum.h"

struct features features;
/* Each hart's PMU state, set up by hart_init; after that, reached through this_pmu(). */
static struct pmu_hart pmu_harts[TALLY_MAX_HARTS];

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

	/* FWFT features, debug triggers: what S-mode may be offered (smode_ext.c). */
	smode_ext_probe();

	/* PMP: is pmpaddr0 there and writable? */
	v = 0;
	trap_guard_begin(&g);
	w_pmpaddr0(~0UL);
	v = r_pmpaddr0();
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
	struct trap_frame *f = this_frame();

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
		smode_ext_hart_reset(hartid);    /* FWFT, DBTR: reset values */
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
	f->pmu = &pmu_harts[hartid];
	/* entry.S's fast paths: the events they count, an rdtime the firmware
	 * answers (time not native: counters.c) read straight from the board's
	 * mtime, misaligned accesses where the board emulates them. */
	f->fw_count = f->pmu->fw_count;
	f->mtime = (features.counteren >> 1) & 1 ? 0 : platform.timer.mtime;   /* bit 1: time */
#if TALLY_SMODE_EXTENSIONS   /* entry.S has the misaligned path only for an S-mode */
	f->misaligned = platform.emulate_misaligned != 0;
#endif
	/* Other harts reach this one through its machine software interrupt. */
	if (ipi_available())
		set_mie(MIP_MSIP);
}

/*
 * Leave M-mode: mret to addr in the payload's mode with a0 = hartid and
 * a1 = arg, interrupts off, translation off: S-mode, or U-mode on an M+U
 * core (Ibex). The boot hart enters the payload this way (a1 = device
 * tree), and so do harts started or resumed through HSM.
 */
void enter_payload(unsigned long hartid, unsigned long addr, unsigned long arg)
{
	unsigned long ms = r_mstatus();

	ms &= ~(MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MPRV | MSTATUS_SIE | MSTATUS_SPIE);
	ms |= (unsigned long)platform.payload_mode << MSTATUS_MPP_SHIFT;
	w_mstatus(ms);                   /* mret lands in the payload's mode, interrupts off */
	w_mepc(addr);
	if (features.has_s_mode)
		w_satp(0);               /* start with translation off */
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
	banner_print(hartid, fdt, &platform, &features, pmu_hw(), fw_events);
	enter_payload(hartid, platform.payload_base, fdt);
}

void tally_secondary(unsigned long hartid, unsigned long fdt)
{
	hart_init(hartid);
	if (!ipi_available())
		for (;;)
			wfi();           /* nothing could ever wake it */
	hsm_hart_arrived(hartid, false);
	hsm_park(hartid);                /* until hart_start (SBI HSM) */
}
