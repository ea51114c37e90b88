/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CVA6 backend's probe on the configurations the FPGA flows ship,
 * against the fake CSR file (tests/host/fake/fake_csr.c) set up as CVA6
 * and to trap where those cores trap. cv32a6_ima_sv32_fpga has no
 * performance counters, no PMP, and on some CVA6 versions mcountinhibit
 * and mhpmeventN accesses trap too. Whatever the mix, boot must not take a
 * trap outside the trap guard (on the board that is a panic before the
 * banner), and the probe must report what is there. PMP is probed by
 * init.c, also under the guard; it is not a PMU CSR and is not modelled
 * here.
 */
#include "harness.h"
#include "fake_csr.h"
#include "platform/cva6/pmu_cva6.h"
#include "cores/pmu/pmu.h"

/* What the backend's probe finds: features.pmu in the firmware. */
static struct pmu_hw_info probed;

static struct pmu_hart hart;
uintptr_t sbi_mem_window(uint64_t a, uint64_t l, uint64_t *end) { *end = a + l; return (uintptr_t)a; }

#define EV_HW(e) PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_##e)

static const struct pmu_hw_info *boot(void)
{
	pmu_init(&pmu_cva6, &probed, 1u << PMU_FW_ILLEGAL_INSN);
	pmu_hart_init(&hart);
	return pmu_hw();
}

/*
 * Use what was offered: configure cycles and a firmware counter, start,
 * stop, release. Nothing here may trap unguarded either.
 */
static void exercise(void)
{
	unsigned nhw = pmu_num_hw_counters();
	struct sbiret r = pmu_config_matching(0, 1, PMU_CFG_AUTO_START, EV_HW(CPU_CYCLES), 0, &hart);

	if (!r.error) {
		CHECK_EQ(r.value, 0);
		CHECK_ERR(pmu_counter_stop(0, 1, PMU_STOP_RESET, &hart).error, SBI_SUCCESS);
	}
	r = pmu_config_matching(nhw, 1UL << PMU_NUM_FW_COUNTERS >> 1 | 1, PMU_CFG_AUTO_START,
				PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 0, &hart);
	CHECK_ERR(r.error, SBI_SUCCESS);
	pmu_fw_event(&hart, PMU_FW_ILLEGAL_INSN);
	CHECK_ERR(pmu_counter_stop(r.value, 1, 0, &hart).error, SBI_SUCCESS);
	CHECK_OK(pmu_fw_read(r.value, &hart), 1);
	CHECK_ERR(pmu_counter_stop(r.value, 1, PMU_STOP_RESET, &hart).error, SBI_ERR_ALREADY_STOPPED);
	/* Neither cycle nor instret counts a CVA6 event, and there is no other. */
	CHECK_ERR(pmu_config_matching(0, 5, 0, EV_HW(BRANCH_INSTRUCTIONS), 0, &hart).error,
		  SBI_ERR_NOT_SUPPORTED);
}

/* Every mix of: counters read 0 / trap; mcountinhibit there / traps; mhpmevent read 0 / trap. */
static void t_fpga32_every_mix(void)
{
	for (unsigned mix = 0; mix < 8; mix++) {
		fake_reset_cva6();
		fake.num = 0;
		fake.absent_traps = mix & 1 ? FAKE_CVA6_HPM : 0;
		fake.inhibit_traps = (mix >> 1) & 1;
		fake.event_traps = (mix >> 2) & 1;
		printf("  mix: counters %s, mcountinhibit %s, mhpmevent %s\n",
		       fake.absent_traps ? "trap" : "read 0", fake.inhibit_traps ? "traps" : "there",
		       fake.event_traps ? "trap" : "read 0");
		const struct pmu_hw_info *hw = boot();

		CHECK_EQ(hw->num_hpm, 0);
		CHECK_EQ(hw->has_inhibit, !fake.inhibit_traps);
		CHECK(!hw->has_sscofpmf);
		CHECK(hw->note == NULL);
		/* cycle and instret can only be offered if they can be stopped. */
		CHECK_EQ((hw->stoppable >> 0) & 1, !fake.inhibit_traps);
		CHECK_OK(pmu_num_counters(), 3 + PMU_NUM_FW_COUNTERS);
		exercise();
		CHECK_EQ(fake.unguarded_traps, 0);
	}
}

/*
 * A CVA6 from before mcountinhibit existed, with its six counters: the
 * selector is then the only on/off switch, and cycle/instret (which
 * cannot be stopped) are not handed out.
 */
static void t_counters_without_mcountinhibit(void)
{
	fake_reset_cva6();
	fake.inhibit_traps = true;
	const struct pmu_hw_info *hw = boot();

	CHECK_EQ(hw->num_hpm, 6);
	CHECK(!hw->has_inhibit);
	CHECK_EQ(hw->stoppable & 5, 0);
	CHECK_ERR(pmu_config_matching(0, 1, 0, EV_HW(CPU_CYCLES), 0, &hart).error,
		  SBI_ERR_NOT_SUPPORTED);
	struct sbiret r = pmu_config_matching(3, 0x3f, PMU_CFG_AUTO_START,
					      EV_HW(BRANCH_INSTRUCTIONS), 0, &hart);
	CHECK_ERR(r.error, SBI_SUCCESS);
	unsigned ctr = (unsigned)(pmu_counter_get_info(r.value).value & 0xfff) - 0xc00;
	CHECK_EQ(fake.evt[ctr], 9);             /* started: the selector is written */
	fake_event(9, 4);
	CHECK_ERR(pmu_counter_stop(r.value, 1, 0, &hart).error, SBI_SUCCESS);
	CHECK_EQ(fake.evt[ctr], 0);             /* stopped: selector 0 counts nothing */
	fake_event(9, 4);
	CHECK_EQ(fake.ctr[ctr], 4);
	CHECK_EQ(fake.unguarded_traps, 0);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_fpga32_every_mix);
	RUN(t_counters_without_mcountinhibit);
	return h_done();
}
