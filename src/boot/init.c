/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot (docs/boot.md): the boot hart probes the core, sets up every CSR a
 * payload relies on, prints the banner and enters the payload as OpenSBI's
 * fw_jump does; the other harts set up their own CSRs and park.
 */
#include <stdio.h>
#include "arch/csr.h"
#include "arch/entry.h"
#include "arch/fence.h"
#include "arch/trap_guard.h"
#include "arch/wfi.h"
#include "base/console.h"
#include "base/machine.h"
#include "base/mem.h"
#include "base/board.h"
#include "base/sbi.h"
#include "base/text_checksum.h"
#include "drivers/clint.h"
#include "boot/banner.h"
#include "boot/init.h"
#include "hart/hart.h"
#include "hart/hsm.h"
#include "hart/ipi.h"
#include "platform/common/dt.h"
#include "sbi/sbi_ext.h"
#include "tally_config.h"
#include "trap/counters.h"

struct features features;

/* What S-mode handles itself (as OpenSBI delegates). Illegal instructions,
 * misaligned and access faults come here first, to be counted (and emulated). */
#define MEDELEG_S ((1UL << CAUSE_MISALIGNED_FETCH) | (1UL << CAUSE_BREAKPOINT) | \
	(1UL << CAUSE_USER_ECALL) | (1UL << CAUSE_FETCH_PAGE_FAULT) | \
	(1UL << CAUSE_LOAD_PAGE_FAULT) | (1UL << CAUSE_STORE_PAGE_FAULT))
/* With H, what only a hypervisor handles: its guests' ecalls, guest-page
 * faults and virtual instructions (priv spec 8.6 "Traps"), as OpenSBI delegates. */
#define MEDELEG_H ((1UL << CAUSE_VS_ECALL) | (1UL << CAUSE_FETCH_GUEST_PAGE_FAULT) | \
	(1UL << CAUSE_LOAD_GUEST_PAGE_FAULT) | (1UL << CAUSE_VIRTUAL_INSN) | \
	(1UL << CAUSE_STORE_GUEST_PAGE_FAULT))
/* The guests' interrupts and SGEI: read-only ones in mideleg with H
 * (priv spec 8.4 "Machine-Level CSRs"). */
#define MIDELEG_H (MIP_VSSIP | MIP_VSTIP | MIP_VSEIP | MIP_SGEIP)
#if TALLY_SMODE_EXTENSIONS
#define has_h() features.has_h
#else
#define has_h() false    /* an M+U image (Ibex) hosts no guests */
#endif

/* The firmware's region (the image and the harts' slots) rounded up to a
 * power of two, as one PMP NAPOT entry covers it. */
static uintptr_t fw_region_size(void)
{
	uintptr_t size = harts_end() - (uintptr_t)_fw_start, napot = 8;

	while (napot < size)
		napot <<= 1;
	return napot;
}

/* Find out, once, what this kind of hart implements. */
static void probe_features(unsigned long hartid, unsigned long *fdt)
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
	 * The counters the mode below reads itself (priv spec 3.1.11 "Machine
	 * Counter-Enable Register"): all but time without a time CSR and what the
	 * board keeps away; the rest trap and trap.c answers them. Probed:
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
		bool stimecmp = !trap_guard_end(&g);
		/* Sstc compares stimecmp with time: no time CSR, no Sstc. */
		features.has_sstc = stimecmp && ok && stce && features.has_time_csr;
#if TALLY_SMODE_EXTENSIONS
		features.sstc_hidden = stimecmp && !features.has_sstc;   /* dt_hide_extensions */
#endif
		/* Without Sstc STCE goes off, or STIP stays stimecmp's (Sstc spec, menvcfg.STCE). */
		if (ok && !features.has_sstc)
			clear_menvcfg_stce();
	}

	/* ASID and VMID widths, for RFENCE (SBI spec 8.4-8.8), from the first
	 * paging mode that sticks: Sv39, Sv48, Sv57 (rv64), Sv32 (rv32). */
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
#if TALLY_SMODE_EXTENSIONS
			features.has_h = true;
			/* CVA6 has no htimedelta: a guest's time is then ours to add. */
			trap_guard_begin(&g);
			(void)r_htimedelta();
			features.has_htimedelta = !trap_guard_end(&g);
#endif
		}
	}

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

	/* The tree, where the board has one, gets the firmware's region reserved. */
	if (platform.dt_fixup)
		platform.dt_fixup(fdt, (uintptr_t)_fw_start, fw_region_size());
}

/* As many harts' slots as the tree has enabled harts and one NAPOT region
 * from the image's start holds below the payload (or RAM's end, if below). */
static void lay_out_harts(unsigned long hartid, unsigned long fdt)
{
	uintptr_t start = (uintptr_t)_fw_start, limit = platform.payload_base;

	if (limit <= start)
		limit = platform.ram_base + platform.ram_size;
	/* A NAPOT region is aligned to its size: at most start's alignment. */
	if (start && (start & -start) < limit - start)
		limit = start + (start & -start);
	features.num_harts = hart_layout(hartid, platform.dt_fixup ? fdt : 0, limit);
}

/* Close the firmware's region to lower modes, open the rest (priv spec 3.7
 * "Physical Memory Protection"): entry 0 wins; neither locked, so M-mode is free. */
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
	/* mscratch's frame points at this hart's record: this_hart(), this_pmu(). */
	struct hart *h = hart_attach(hartid);

	/* The real trap vector; Ibex has only the vectored mode. */
	w_mtvec(platform.mtvec_vectored ? (uintptr_t)trap_vector_table | 1
					: (uintptr_t)trap_entry);
	if (features.has_s_mode) {
		w_medeleg(MEDELEG_S | (has_h() ? MEDELEG_H : 0));
		/* S-mode's own interrupts, and counter overflow where it exists. */
		w_mideleg(MIP_SSIP | MIP_STIP | MIP_SEIP |
			  (features.pmu.has_sscofpmf ? MIP_LCOFIP : 0) |
			  (has_h() ? MIDELEG_H : 0));
		/* U-mode may read counters too; S-mode can narrow this itself. */
		w_scounteren(~0UL);
		if (features.has_sstc)
			set_menvcfg_stce();      /* S-mode owns stimecmp */
	}
	sbi_ext_hart_reset(hartid);              /* FWFT, DBTR, SSE: reset values */
	w_mcounteren(features.counteren);
	if (features.has_pmp)
		pmp_setup();
	pmu_hart_init(&h->pmu);
	/* The fast paths (arch/fast_*.S): the events they count, an rdtime the firmware
	 * answers (time not native: counters.c) read straight from the board's
	 * mtime, misaligned accesses where the board emulates them. */
#if TALLY_SMODE_EXTENSIONS   /* the frame's words exist with an S-mode (frame.h) */
	struct trap_frame *f = this_frame();
	f->fw_count = h->pmu.fw_count;
	/* bit 1: time. With H only the host's reads: a guest's adds htimedelta in C (trap/hyp.c). */
	unsigned long mtime = (features.counteren >> 1) & 1 ? 0 : platform.timer.mtime;
	f->mtime = has_h() ? 0 : mtime;
	f->mtime_host = has_h() ? mtime : 0;
	f->misaligned = platform.emulate_misaligned != 0;
	/* set_timer's mtimecmp, where timer_set() would store there (no Sstc, a CLINT) */
	f->timecmp = features.has_s_mode && !features.has_sstc &&
		     platform.timer.set == clint_set_mtimecmp ?
		     platform.timer.base + CLINT_MTIMECMP + 8 * hartid : 0;
#endif
	/* Other harts reach this one through its machine software interrupt. */
	if (ipi_available())
		set_mie(MIP_MSIP);
}

static bool empty_word(uint32_t w)
{
	return w == 0 || w == ~0u;
}

/*
 * No payload where the firmware would jump: nothing loaded there reads
 * as zeros (QEMU's RAM) or all ones (erased flash, a floating bus), never
 * an instruction (both are illegal instruction encodings). Say so, with
 * the two usual reasons (linked elsewhere, built for the other XLEN), and
 * stop with the failure status rather than fault in a loop.
 */
static void check_payload(uintptr_t base, uintptr_t other)
{
	uint32_t first = *(volatile const uint32_t *)base;
	unsigned xlen = __riscv_xlen;

	if (!empty_word(first))
		return;
	printf("tally: no payload at 0x%lx (first word 0x%08x)\n"
	       "tally: link the payload there (the kit's BASE) for rv%u %s-mode, and load it\n",
	       (unsigned long)base, (unsigned)first, xlen,
	       platform.payload_mode == PRV_S ? "S" : "U");
#if TALLY_SMODE_EXTENSIONS   /* M+U cores (Ibex) are rv32 only */
	if (other && !empty_word(*(volatile const uint32_t *)other))
		printf("tally: code at 0x%lx, where rv%u payloads link: build it for rv%u\n",
		       (unsigned long)other, 96 - xlen, xlen);
#else
	(void)other;
#endif
	board_reset(SRST_SHUTDOWN, SRST_REASON_FAILURE);
}

void tally_boot(unsigned long hartid, unsigned long fdt)
{
	console_init();
	lay_out_harts(hartid, fdt);      /* first: the records and stacks of the others */
	text_checksum_boot(SLOTS_END(0), hart_count(), HART_SLOT_SIZE);            /* checksum builds: the image as loaded */
	probe_features(hartid, &fdt);            /* the board may move the tree (dt_fixup_copy) */
#if !TALLY_SMODE_EXTENSIONS
	/* An M+U image delegates nothing and offers no S-mode extension, so on
	 * a hart with S-mode its payload would not get what it is built for. */
	if (features.has_s_mode) {
		printf("tally: an M+U image on a hart with S-mode: boot an S-mode image\n");
		board_reset(SRST_SHUTDOWN, SRST_REASON_FAILURE);
	}
#endif
	/* The board's firmware events, IPIs and fences where harts reach each
	 * other (the hypervisor fences only with H). */
	uint32_t fw_events = platform.fw_events;
	if (ipi_available())
		fw_events |= ((1u << (PMU_FW_SFENCE_VMA_ASID_RECEIVED + 1)) - 1) &
			     ~((1u << PMU_FW_IPI_SENT) - 1);
	if (ipi_available() && ((r_misa() >> ('H' - 'A')) & 1))
		fw_events |= ((1u << (PMU_FW_HFENCE_VVMA_ASID_RECEIVED + 1)) - 1) &
			     ~((1u << PMU_FW_HFENCE_GVMA_SENT) - 1);
	pmu_init(platform.pmu, &features.pmu, fw_events);
#if TALLY_SMODE_EXTENSIONS
	/* What the harts have and S-mode is not given, once the CSR and PMU
	 * probes know it: the tree must not name it. Nothing hidden, no walk. */
	if (platform.dt_fixup) {
		bool sscofpmf = false;

		if (!features.pmu.has_sscofpmf) {
			struct trap_guard g;

			trap_guard_begin(&g);
			(void)r_scountovf();
			sscofpmf = !trap_guard_end(&g);
		}
		dt_hide_extensions(fdt, features.sstc_hidden, sscofpmf,
				   ((r_misa() >> ('H' - 'A')) & 1) && !features.has_h);
	}
#endif
	/* What the extensions probe once (FWFT's features, SSE's PMU overflow
	 * event): sbi_extensions[]'s boot hooks, after the CSR and PMU probes. */
	sbi_ext_boot(hartid);
	hart_init(hartid);
	hsm_hart_arrived(hartid, true);
	fence_rw();
	boot_done = 1;                   /* release the other harts ... */
	/* ... asleep in start.S's WFI; then let them check in, so HSM knows
	 * them before the payload asks. */
#if TALLY_SMP
	if (ipi_available()) {
		for (unsigned i = 1; i < hart_count(); i++)
			ipi_ring(hart_at(i)->id);
		hsm_wait_for_harts(hartid, features.num_harts);
	}
#endif
	banner_print(hartid, fdt, &platform, &features, &features.pmu, fw_events);
	check_payload(platform.payload_base, platform.payload_base_other);
	enter_payload(hartid, platform.payload_base, fdt);
}

void tally_secondary(unsigned long hartid, unsigned long fdt)
{
	hart_init(hartid);
	if (!ipi_available())
		for (;;)
			wfi();           /* nothing could ever wake it */
	hsm_hart_arrived(hartid, false);
	hsm_park(hartid, sbi_ext_hart_reset);   /* until hart_start (SBI HSM) */
}
