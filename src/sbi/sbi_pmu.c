/* SPDX-License-Identifier: BSD-2-Clause */
/* PMU extension, EID 0x504D55: registers in, struct sbiret out; the logic is
 * src/cores/pmu/. */
#include "hart/hart.h"
#include "sbi/sbi_ext.h"

/* The hart's state (this_pmu(): mscratch, then a load) only where a function needs it. */
struct sbiret sbi_pmu_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4, unsigned long a5,
			    unsigned long fid)
{
	switch (fid) {
	case PMU_FID_NUM_COUNTERS:
		return pmu_num_counters();
	case PMU_FID_COUNTER_GET_INFO:
		return pmu_counter_get_info(a0);
	case PMU_FID_CONFIG_MATCHING:
		return pmu_config_matching(a0, a1, a2, a3, sbi_arg64(a4, a5), this_pmu());
	case PMU_FID_COUNTER_START:
		return pmu_counter_start(a0, a1, a2, sbi_arg64(a3, a4), this_pmu());
	case PMU_FID_COUNTER_STOP:
		return pmu_counter_stop(a0, a1, a2, this_pmu());
	case PMU_FID_FW_READ:
		return pmu_fw_read(a0, this_pmu());
	case PMU_FID_FW_READ_HI:
		return pmu_fw_read_hi(a0, this_pmu());
	case PMU_FID_SNAPSHOT_SET_SHMEM:
		return pmu_snapshot_set_shmem(a0, a1, a2, this_pmu());
	case PMU_FID_EVENT_GET_INFO:
		return pmu_event_get_info(a0, a1, a2, a3, this_pmu());
	default:
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
}
