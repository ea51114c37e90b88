/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU backend for lowRISC Ibex (RV32IMC, M and U modes).
 *
 * Ibex's counters are not programmable. Each mhpmcounterN counts one fixed
 * event, and its mhpmeventN is a read-only CSR that only says which
 * (Ibex manual, "Performance Counters"). So this backend never writes a
 * selector: config_matching can only *find* the counter whose fixed event
 * matches the request. What the core can do is:
 *   - stop and run each counter through mcountinhibit (priv spec 3.1.12 "Machine Counter-Inhibit CSR");
 *     a counter is offered only if its mcountinhibit bit sticks, because
 *     Ibex has no other way to stop it and "stopped" must be true;
 *   - read and write the counter; the event counters are
 *     MHPMCounterWidth bits wide (40 by default) and wrap there.
 *
 * Everything is probed at boot, nothing is assumed from a parameter:
 *   - which mhpmcounters exist: write all-ones and read back. Counters past
 *     NumMHPMCounters read 0 and ignore writes (no trap), so "reads back 0"
 *     means absent; a core that traps instead (QEMU) is caught by the guard;
 *   - each one's width: the bits that stuck;
 *   - each one's event: mhpmeventN. The manual gives 1 << N; the RTL
 *     (ibex_cs_registers.sv, gen_mhpmevent) gives 1 << (N - 3). Both are
 *     accepted, because in both counter N counts event N; a counter whose
 *     selector reads 0 counts nothing and is not offered.
 *
 * CSR access goes through src/arch/csr_probe.h, plain functions, so the
 * host tests (tests/host/ibex/) link this file against a fake CSR file.
 */
#include "arch/csr_probe.h"
#include "platform/ibex/pmu_ibex.h"

/*
 * The one table: Ibex event ID (= the counter that counts it; manual
 * tables "Event Selector" and mhpmcounter association; names and
 * meanings as in the RTL, ibex_cs_registers.sv) and the SBI general event
 * (SBI spec table 2) it honestly stands for, or 0 where none fits. Every
 * counter is also reachable as a raw event (types 2 and 3) whose
 * event_data is the counter's mhpmevent value as read at boot.
 * Events 0 (NumCycles) and 2 (NumInstrRet) are mcycle and minstret: the
 * PMU core maps CPU_CYCLES and INSTRUCTIONS to them on every core.
 */
#define IBEX_NUM_EVENTS 13
static const struct ibex_event {
	uint8_t sbi;            /* enum pmu_hw_event, or PMU_HW_NO_EVENT */
	const char *desc;       /* for the boot banner */
} ibex_events[IBEX_NUM_EVENTS] = {
	/* Cycles the load/store unit waits for data memory: the back end of
	 * the pipeline is stalled, which is what STALLED_CYCLES_BACKEND means
	 * (Linux: "stalled-cycles-backend"). */
	[3]  = { PMU_HW_STALLED_CYCLES_BACKEND, "NumCyclesLSU (STALLED_CYCLES_BACKEND)" },
	/* Cycles the ID stage waits for an instruction fetch: a front-end
	 * stall, STALLED_CYCLES_FRONTEND. */
	[4]  = { PMU_HW_STALLED_CYCLES_FRONTEND, "NumCyclesIF (STALLED_CYCLES_FRONTEND)" },
	/* Loads and stores. Ibex has no data cache, so the L1D cache events
	 * (table 3: an *access to L1D*) would be a lie; raw only. */
	[5]  = { PMU_HW_NO_EVENT, "NumLoads (raw)" },
	[6]  = { PMU_HW_NO_EVENT, "NumStores (raw)" },
	/* Unconditional jumps: not "branch instructions" in the sense of
	 * table 2 as Tally reads it (below); raw only. */
	[7]  = { PMU_HW_NO_EVENT, "NumJumps (raw)" },
	/* Conditional branches: BRANCH_INSTRUCTIONS. Jumps are counted apart
	 * (event 7) and the SBI event does not say whether it includes them;
	 * conditional branches are the branches proper. */
	[8]  = { PMU_HW_BRANCH_INSTRUCTIONS, "NumBranches (BRANCH_INSTRUCTIONS)" },
	/* Taken branches are not BRANCH_MISSES: a taken branch may have been
	 * predicted right (Ibex's optional predictor) and a not-taken one
	 * wrong. Raw only. */
	[9]  = { PMU_HW_NO_EVENT, "NumBranchesTaken (raw)" },
	[10] = { PMU_HW_NO_EVENT, "NumInstrRetC (raw)" },
	/* The RTL counts multiply wait cycles here; the manual says WFI
	 * cycles. Either way no general event fits; raw only. */
	[11] = { PMU_HW_NO_EVENT, "NumCyclesMulWait (RTL; manual: WFI) (raw)" },
	[12] = { PMU_HW_NO_EVENT, "NumCyclesDivWait (raw)" },
};

static struct {
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
	/* All ones: which bits exist (bit 1 is hardwired 0 on Ibex), and every
	 * counter holds still while it is probed. */
	has_inhibit = csr_probe_mcountinhibit(~0UL, &inh);
	if (!has_inhibit)
		inh = 0;

	info->width[0] = 64;   /* mcycle and minstret are always 64-bit on Ibex */
	info->width[2] = 64;
	for (unsigned ctr = 3; ctr < PMU_MAX_HW_COUNTERS; ctr++) {
		uint64_t back = 0;
		unsigned long sel = 0;

		/* Absent: the write trapped, or nothing stuck (reads 0, ignores writes). */
		if (!csr_probe_counter(ctr, ~0ULL, &back) || !back)
			continue;
		/* A selector of 0 (or one that traps) means the counter counts nothing. */
		if (!csr_probe_event(ctr, &sel) || !sel)
			continue;
		unsigned ev = decode_selector(ctr, sel);
		/* Past event 12 the RTL still sets a selector bit (MHPMCounterNum
		 * up to 29) but wires the counter to no event: not offered. */
		if (ev >= IBEX_NUM_EVENTS)
			continue;
		ibex.sel[ctr] = sel;
		ibex.event[ctr] = (uint8_t)ev;
		info->width[ctr] = (uint8_t)pmu_bit_width(back);
		info->hpm[info->num_hpm++] = (uint8_t)ctr;
	}
	/* Only mcountinhibit stops a counter on Ibex: offer what it can stop. */
	info->stoppable = (uint32_t)inh & ~(1u << 1);
	info->has_inhibit = has_inhibit;
	info->has_sscofpmf = false;   /* no overflow interrupt, no mode filtering */
	/* cycle and instret run again for payloads that read them directly;
	 * the PMU core stops the event counters in pmu_hart_init(). */
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

/*
 * Which counters count the event: the ones whose fixed event stands for
 * this general event, or (raw) whose selector reads event_data. Asked at
 * boot for general events, and for raw events on each config_matching:
 * at most a dozen counters to look at.
 */
static long ibex_map(unsigned long event_idx, uint64_t event_data, struct pmu_event_map *m)
{
	const struct pmu_hw_info *hw = pmu_hw();

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
			/* The caller names the event by what the counter's selector reads. */
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

/*
 * config_matching's hardware work. The selector is hardwired, so there is
 * nothing to program, and the mode-inhibit flags are hints a core without
 * Sscofpmf may ignore (SBI spec table 8): stop, zero, start as asked.
 */
static void ibex_configure(unsigned ctr, uint64_t sel, unsigned long cfg_flags)
{
	csr_inhibit_set(1UL << ctr);
	if (cfg_flags & PMU_CFG_CLEAR_VALUE)
		csr_write_counter(ctr, 0);
	if (cfg_flags & PMU_CFG_AUTO_START)
		csr_inhibit_clear(1UL << ctr);
}

/* Back to the free pool: stopped; a hardwired selector has nothing to clear. */
static void ibex_release(unsigned ctr, uint64_t sel)
{
	csr_inhibit_set(1UL << ctr);
}

static uint64_t ibex_read(unsigned ctr) { return csr_read_counter(ctr); }

/* A value wider than the counter is cut to its width by the hardware. */
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

	if (!ev || ev >= IBEX_NUM_EVENTS || !ibex_events[ev].desc)
		return "unknown fixed event (raw: its mhpmevent value)";
	return ibex_events[ev].desc;
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
