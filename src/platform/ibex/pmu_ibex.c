/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU backend for lowRISC Ibex. Each mhpmcounterN counts one fixed event and
 * its read-only mhpmeventN says which (Ibex manual, "Performance
 * Counters"), so config_matching only *finds* a counter; the only way to
 * stop one is mcountinhibit (priv spec 3.1.12 "Machine Counter-Inhibit
 * CSR"), so a counter is offered only if its bit sticks. Everything is
 * probed at boot: which counters exist, their width, and their event, in
 * either encoding (docs/pmu.md, "Ibex"). CSRs only through csr_probe.h.
 */
#include "arch/csr_probe.h"
#include "platform/ibex/pmu_ibex.h"

/*
 * Ibex event ID (= its counter; names as in ibex_cs_registers.sv) to the SBI
 * general event (SBI spec table 2) it honestly stands for, if any. Every
 * counter is also raw, event_data = its mhpmevent as read at boot.
 */
#define IBEX_NUM_EVENTS 13
static const struct ibex_event {
	uint8_t sbi;            /* enum pmu_hw_event, or PMU_HW_NO_EVENT */
	const char *desc;       /* for the boot banner */
} ibex_events[IBEX_NUM_EVENTS] = {
	/* the LSU waits for data memory: a back-end stall */
	[3]  = { PMU_HW_STALLED_CYCLES_BACKEND, "NumCyclesLSU (STALLED_CYCLES_BACKEND)" },
	/* ID waits for a fetch: a front-end stall */
	[4]  = { PMU_HW_STALLED_CYCLES_FRONTEND, "NumCyclesIF (STALLED_CYCLES_FRONTEND)" },
	/* no data cache: the L1D events would be a lie */
	[5]  = { PMU_HW_NO_EVENT, "NumLoads (raw)" },
	[6]  = { PMU_HW_NO_EVENT, "NumStores (raw)" },
	[7]  = { PMU_HW_NO_EVENT, "NumJumps (raw)" },
	/* conditional branches, the branches proper (jumps are event 7) */
	[8]  = { PMU_HW_BRANCH_INSTRUCTIONS, "NumBranches (BRANCH_INSTRUCTIONS)" },
	/* taken is not mispredicted (Ibex's optional predictor) */
	[9]  = { PMU_HW_NO_EVENT, "NumBranchesTaken (raw)" },
	[10] = { PMU_HW_NO_EVENT, "NumInstrRetC (raw)" },
	[11] = { PMU_HW_NO_EVENT, "NumCyclesMulWait (RTL; manual: WFI) (raw)" },
	[12] = { PMU_HW_NO_EVENT, "NumCyclesDivWait (raw)" },
};

static struct {
	const struct pmu_hw_info *hw;             /* what the probe filled in */
	unsigned long sel[PMU_MAX_HW_COUNTERS];   /* mhpmeventN as read at boot */
	uint8_t event[PMU_MAX_HW_COUNTERS];       /* Ibex event ID counted, 0: unknown */
	unsigned encoding;                        /* IBEX_SEL_* seen */
} ibex;

unsigned ibex_sel_encoding(void) { return ibex.encoding; }

/* Which Ibex event does counter ctr count, given its selector? 0: unknown. */
static unsigned decode_selector(unsigned ctr, unsigned long sel)
{
	if (ctr < 32 && sel == 1UL << ctr) {
		ibex.encoding |= IBEX_SEL_DOC;
		return ctr;
	}
	if (sel == 1UL << (ctr - 3)) {
		ibex.encoding |= IBEX_SEL_RTL;
		return ctr;
	}
	ibex.encoding |= IBEX_SEL_OTHER;
	return 0;
}

static void ibex_probe(struct pmu_hw_info *info)
{
	unsigned long inh = 0;
	bool has_inhibit;

	ibex = (typeof(ibex)){ 0 };
	ibex.hw = info;
	/* all ones: which bits exist, and every counter still while probed */
	has_inhibit = csr_probe_mcountinhibit(~0UL, &inh);
	if (!has_inhibit)
		inh = 0;

	info->width[0] = 64;   /* mcycle and minstret are always 64-bit on Ibex */
	info->width[2] = 64;
	/* num_hpm stays below 29 (ctr reaches 32 first): said where hpm[] is written */
	for (unsigned ctr = 3; ctr < PMU_MAX_HW_COUNTERS &&
	     info->num_hpm < PMU_MAX_HW_COUNTERS - 3; ctr++) {
		uint64_t back = 0;
		unsigned long sel = 0;

		/* absent: it trapped (QEMU), or reads 0 and ignores writes (Ibex) */
		if (!csr_probe_counter(ctr, ~0ULL, &back) || !back)
			continue;
		if (!csr_probe_event(ctr, &sel) || !sel)
			continue;
		unsigned ev = decode_selector(ctr, sel);
		/* past 12 the RTL sets a selector bit but wires no event */
		if (ev >= IBEX_NUM_EVENTS)
			continue;
		ibex.sel[ctr] = sel;
		ibex.event[ctr] = (uint8_t)ev;
		info->width[ctr] = (uint8_t)pmu_bit_width(back);
		info->hpm[info->num_hpm++] = (uint8_t)ctr;
	}
	info->stoppable = (uint32_t)inh & ~(1u << 1);
	info->has_inhibit = has_inhibit;
	info->has_sscofpmf = false;   /* no overflow interrupt, no mode filtering */
	/* cycle and instret run again for payloads that read them directly */
	if (has_inhibit)
		csr_inhibit_clear((1UL << 0) | (1UL << 2));

	switch (ibex.encoding) {
	case IBEX_SEL_NONE:
		info->note = "no event counter counts anything (NumMHPMCounters = 0?)";
		break;
	case IBEX_SEL_DOC:
		info->note = "mhpmeventN reads 1 << N (as the Ibex manual says)";
		break;
	case IBEX_SEL_RTL:
		info->note = "mhpmeventN reads 1 << (N - 3) (as the current Ibex RTL does)";
		break;
	default:
		info->note = "mhpmevent values not in a known Ibex encoding: raw events only";
		break;
	}
}

/* The counters whose fixed event stands for this one, or (raw) whose selector reads event_data. */
static long ibex_map(unsigned long event_idx, uint64_t event_data, struct pmu_hw_map *m)
{
	const struct pmu_hw_info *hw = ibex.hw;

	for (unsigned i = 0; i < hw->num_hpm; i++) {
		unsigned ctr = hw->hpm[i], ev = ibex.event[ctr];
		bool counts;

		switch (PMU_EVENT_TYPE(event_idx)) {
		case PMU_TYPE_HW:
			counts = ev && ev < IBEX_NUM_EVENTS &&
				ibex_events[ev].sbi != PMU_HW_NO_EVENT &&
				ibex_events[ev].sbi == PMU_EVENT_CODE(event_idx);
			break;
		case PMU_TYPE_RAW:
		case PMU_TYPE_RAW_V2:
			counts = event_data == ibex.sel[ctr];
			break;
		default:
			counts = false;   /* no caches, no TLBs */
			break;
		}
		if (counts) {
			m->ctrs |= 1u << ctr;
			m->sel = ibex.sel[ctr];
		}
	}
	return SBI_SUCCESS;
}

/* Nothing to program; the mode-inhibit flags are hints (SBI spec table 8). */
static void ibex_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags)
{
	csr_inhibit_set(1UL << ctr);
	if (cfg_flags & PMU_CFG_CLEAR_VALUE)
		csr_write_counter(ctr, 0);
	if (cfg_flags & PMU_CFG_AUTO_START)
		csr_inhibit_clear(1UL << ctr);
}

static void ibex_release(unsigned ctr, uint64_t sel)
{
	csr_inhibit_set(1UL << ctr);
}

static uint64_t ibex_read(unsigned ctr) { return csr_read_counter(ctr); }

static void ibex_start(unsigned ctr, uint64_t sel, bool load, uint64_t value)
{
	if (load)
		csr_write_counter(ctr, value);
	csr_inhibit_clear(1UL << ctr);
}

static void ibex_stop(unsigned ctr, uint64_t sel) { csr_inhibit_set(1UL << ctr); }

static const char *ibex_describe(unsigned ctr)
{
	unsigned ev = ctr < PMU_MAX_HW_COUNTERS ? ibex.event[ctr] : 0;
	/* One read, so the string checked is the string returned. */
	const char *desc = ev && ev < IBEX_NUM_EVENTS ? ibex_events[ev].desc : 0;

	return desc ? desc : "unknown fixed event (raw: its mhpmevent value)";
}

const struct pmu_backend pmu_ibex = {
	.name = "ibex (fixed events, read-only mhpmevent)",
	.probe = ibex_probe,
	.map = ibex_map,
	.configure = ibex_configure,
	.release = ibex_release,
	.read = ibex_read,
	.start = ibex_start,
	.stop = ibex_stop,
	.overflowed = 0,
	.describe = ibex_describe,
};
