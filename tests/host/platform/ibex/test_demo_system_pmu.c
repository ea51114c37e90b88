/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Ibex demo system's counters through the PMU core: the shipped
 * configuration (10 event counters of 40 bits, selectors in the RTL's
 * encoding) on the fake CSR file set up as Ibex (tests/host/fake/fake_csr.c).
 *
 * On this board a U-mode payload cannot read any counter itself
 * (mcounteren reads 0, no user-level counter CSRs): it sees values only
 * through trap.c's emulation, which reads the M-mode counter the PMU
 * found (pmu_hw()->width[n] != 0), and through snapshots. So this checks
 * that the probe finds every counter with its width (what the emulation
 * relies on), and that one stop with TAKE_SNAPSHOT hands back every
 * counter the payload configured: cycle, instret, all ten event counters
 * (one of them wrapped at 40 bits) and a firmware counter.
 */
#include <string.h>
#include "harness.h"
#include "fake_csr.h"
#include "platform/ibex/pmu_ibex.h"
#include "cores/pmu/pmu.h"

/* What the backend's probe finds: features.pmu in the firmware. */
static struct pmu_hw_info probed;

static struct pmu_hart h;
uintptr_t sbi_mem_window(uint64_t a, uint64_t l, uint64_t *end) { *end = a + l; return (uintptr_t)a; }
static uint64_t shmem[PMU_SHMEM_SIZE / 8] __attribute__((aligned(PMU_SHMEM_SIZE)));

static void t_probe_what_emulation_reads(void)
{
	fake_reset_ibex(10, 40, FAKE_ENC_RTL);
	pmu_init(&pmu_ibex, &probed, 1u << PMU_FW_ILLEGAL_INSN);
	pmu_hart_init(&h);
	const struct pmu_hw_info *hw = pmu_hw();

	CHECK_EQ(pmu_num_hw_counters(), 13);
	CHECK_EQ(hw->width[0], 64);
	CHECK_EQ(hw->width[2], 64);
	for (unsigned n = 3; n <= 12; n++)
		CHECK_EQ(hw->width[n], 40);
	/* hpmcounter13..31: not found, so trap.c does not answer for them */
	for (unsigned n = 13; n < PMU_MAX_HW_COUNTERS; n++)
		CHECK_EQ(hw->width[n], 0);
	CHECK(hw->has_inhibit);
}

static void t_snapshot_has_every_configured_counter(void)
{
	unsigned nhw, nall, fw;
	unsigned long all;
	struct sbiret r;

	fake_reset_ibex(10, 40, FAKE_ENC_RTL);
	pmu_init(&pmu_ibex, &probed, 1u << PMU_FW_ILLEGAL_INSN);
	pmu_hart_init(&h);
	nhw = pmu_num_hw_counters();
	nall = nhw + PMU_NUM_FW_COUNTERS;
	CHECK(nall <= 8 * sizeof(unsigned long));

	/* cycle, instret, then every event counter by its raw selector */
	CHECK_OK(pmu_config_matching(0, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
				     PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0, &h), 0);
	CHECK_OK(pmu_config_matching(2, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
				     PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0, &h), 2);
	for (unsigned i = 3; i < nhw; i++) {
		unsigned ctr = (unsigned)(pmu_counter_get_info(i).value & 0xfff) - 0xc00;
		CHECK_OK(pmu_config_matching(i, 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
					     PMU_EVENT_IDX(PMU_TYPE_RAW, 0), 1UL << (ctr - 3), &h), i);
	}
	r = pmu_config_matching(nhw, (1UL << PMU_NUM_FW_COUNTERS) - 1,
				PMU_CFG_AUTO_START, PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 0, &h);
	CHECK_ERR(r.error, SBI_SUCCESS);
	fw = (unsigned)r.value;

	/* Counter 7 restarted near the top of its 40 bits: it wraps. */
	CHECK_ERR(pmu_counter_stop(7, 1, 0, &h).error, SBI_SUCCESS);
	CHECK_ERR(pmu_counter_start(7, 1, PMU_START_SET_INIT_VALUE, (1ULL << 40) - 3, &h).error,
		  SBI_SUCCESS);

	/* Run: each counter counts something different; three emulated reads. */
	for (unsigned n = 0; n <= 12; n++)
		fake_tick(n, 1000 + 17 * n);
	for (int i = 0; i < 3; i++)
		pmu_fw_event(&h, PMU_FW_ILLEGAL_INSN);

	memset(shmem, 0xa5, sizeof(shmem));
	CHECK_ERR(pmu_snapshot_set_shmem((unsigned long)(uintptr_t)shmem, 0, 0, &h).error,
		  SBI_SUCCESS);
	/* cycle, instret, the event counters and the one firmware counter */
	all = 1UL << 0 | 1UL << 2 | ((1UL << (nhw - 3)) - 1) << 3 | 1UL << fw;
	CHECK_ERR(pmu_counter_stop(0, all, PMU_STOP_TAKE_SNAPSHOT, &h).error, SBI_SUCCESS);

	CHECK_EQ(shmem[0], 0);                                  /* no overflow bits without Sscofpmf */
	CHECK_EQ(shmem[1 + 0], 1000);                           /* cycle */
	CHECK_EQ(shmem[1 + 2], 1000 + 34);                      /* instret */
	for (unsigned i = 3; i < nhw; i++) {
		unsigned ctr = (unsigned)(pmu_counter_get_info(i).value & 0xfff) - 0xc00;
		uint64_t want = ctr == 7 ? 1000 + 17 * 7 - 3 : 1000 + 17 * ctr;
		CHECK_EQ(shmem[1 + i], want);
	}
	CHECK_EQ(shmem[1 + fw], 3);
	CHECK_EQ(shmem[1 + 1], 0xa5a5a5a5a5a5a5a5ULL);          /* time: not written */
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_probe_what_emulation_reads);
	RUN(t_snapshot_has_every_configured_counter);
	return h_done();
}
