/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension (SBI chapter 11): every error row of config_matching,
 * counter_start and counter_stop (tables 9, 11, 13) not checked by the
 * other PMU files, and that a failed call changes nothing.
 */
#include "conformance.h"

/* Every error row of tables 9, 11 and 13 not covered above. */
void test_pmu_errors(void)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	const unsigned long top = 1UL << (XLEN - 1);
	const unsigned long ev = PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN);
	struct sbiret r;
	unsigned long a, b;

	/* Table 9: config_matching */
	check_eq(cfg_match(fw_base, ALL_FW_MASK, 1UL << 8, ev, 0).error, inval,
		 "cfg: reserved flag bit 8: INVALID_PARAM");
	check_eq(cfg_match(fw_base, ALL_FW_MASK, top, ev, 0).error, inval,
		 "cfg: reserved flag bit XLEN-1: INVALID_PARAM");
	check_eq(cfg_match(num_ctrs - 1, 3, 0, ev, 0).error, inval,
		 "cfg: set running past the last counter: INVALID_PARAM");
	check_eq(cfg_match(top, top, 0, ev, 0).error, inval,
		 "cfg: base + mask wrapping to 0: INVALID_PARAM");
	check_eq(cfg_match(~0UL, 1, 0, ev, 0).error, inval, "cfg: base = ~0: INVALID_PARAM");
	check_eq(cfg_match(0, 2, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0).error, inval,
		 "cfg: set {1}: INVALID_PARAM");
	/* The time slot in a set is skipped, as OpenSBI and KVM do (issue 11). */
	r = cfg_match(0, 7, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0);
	check_eq(r.error, 0, "cfg: set {0,1,2} for cycles: accepted, the time slot skipped");
	check_eq(r.uvalue, 0, "cfg: set {0,1,2} for cycles: counter 0");
	check_eq(sbi_pmu_counter_stop(0, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "cfg: counter 0 released again (stop+RESET of a stopped counter)");
	r = cfg_match(1, 3, PMU_CFG_SKIP_MATCH, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_INSTRUCTIONS), 0);
	check_eq(r.uvalue, 2, "cfg: SKIP_MATCH on {1,2} takes counter 2, not the time slot");
	check_eq(sbi_pmu_counter_stop(2, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "cfg: counter 2 released again");
	check_eq(cfg_match(1, 1, 0, PMU_EVENT_IDX(PMU_TYPE_HW, PMU_HW_CPU_CYCLES), 0).error, inval,
		 "cfg: base 1: INVALID_PARAM");
	/* nothing of this was configured: a failed call changes nothing */
	check_eq(sbi_pmu_counter_stop(fw_base, ALL_FW_MASK, 0).error, inval,
		 "cfg: the failed calls configured nothing");

	/* Table 11: counter_start */
	r = cfg_match(fw_base, 1, 0, ev, 0);
	check_eq(r.uvalue, fw_base, "start: configure counter fw_base");
	check_eq(ctr_start(fw_base, 1, 1UL << 2, 0).error, inval, "start: reserved flag bit 2: INVALID_PARAM");
	check_eq(ctr_start(fw_base, 1, top, 0).error, inval, "start: reserved flag bit XLEN-1: INVALID_PARAM");
	check_eq(ctr_start(fw_base, 3, 0, 0).error, inval, "start: set with an unconfigured counter: INVALID_PARAM");
	check_eq(ctr_start(0, 2, 0, 0).error, inval, "start: set {1}: INVALID_PARAM");
	check_eq(ctr_start(top, top, 0, 0).error, inval, "start: base + mask wrapping: INVALID_PARAM");
	check_eq(ctr_start(~0UL, 1, 0, 0).error, inval, "start: base = ~0: INVALID_PARAM");
	check_eq(ctr_start(num_ctrs, 1, 0, 0).error, inval, "start: counter num_counters: INVALID_PARAM");
	check_eq(ctr_start(fw_base, 1, PMU_START_INIT_SNAPSHOT, 0).error, (unsigned long)SBI_ERR_NO_SHMEM,
		 "start: INIT_SNAPSHOT without shared memory: NO_SHMEM");
	/* None of these started it. */
	check_eq(sbi_pmu_counter_stop(fw_base, 1, 0).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "start: the failed starts left the counter stopped");
	check_eq(ctr_start(fw_base, 1, 0, 0).error, 0, "start: start it");
	check_eq(ctr_start(fw_base, 1, 0, 0).error, (unsigned long)SBI_ERR_ALREADY_STARTED,
		 "start: again: ALREADY_STARTED");

	/* Table 13: counter_stop */
	check_eq(sbi_pmu_counter_stop(fw_base, 1, 1UL << 2).error, inval, "stop: reserved flag bit 2: INVALID_PARAM");
	check_eq(sbi_pmu_counter_stop(fw_base, 3, 0).error, inval, "stop: set with an unconfigured counter: INVALID_PARAM");
	check_eq(sbi_pmu_counter_stop(0, 2, 0).error, inval, "stop: set {1}: INVALID_PARAM");
	check_eq(sbi_pmu_counter_stop(top, top, 0).error, inval, "stop: base + mask wrapping: INVALID_PARAM");
	check_eq(sbi_pmu_counter_stop(~0UL, 1, 0).error, inval, "stop: base = ~0: INVALID_PARAM");
	check_eq(sbi_pmu_counter_stop(fw_base, 1, PMU_STOP_TAKE_SNAPSHOT).error, (unsigned long)SBI_ERR_NO_SHMEM,
		 "stop: TAKE_SNAPSHOT without shared memory: NO_SHMEM");
	/* None of these stopped it: it still counts. */
	a = sbi_pmu_counter_fw_read(fw_base).uvalue;
	caught_illegal_insn();
	check_eq(sbi_pmu_counter_fw_read(fw_base).uvalue, a + 1, "stop: the failed stops left the counter running");

	/* Two counters, one started: start of both is ALREADY_STARTED and starts neither. */
	r = cfg_match(fw_base + 1, 1, 0, ev, 0);
	check_eq(r.uvalue, fw_base + 1, "pair: configure counter fw_base+1 (stopped)");
	a = sbi_pmu_counter_fw_read(fw_base).uvalue;
	b = sbi_pmu_counter_fw_read(fw_base + 1).uvalue;
	check_eq(ctr_start(fw_base, 3, PMU_START_SET_INIT_VALUE, 100).error,
		 (unsigned long)SBI_ERR_ALREADY_STARTED, "pair: start {started, stopped}: ALREADY_STARTED");
	check_eq(sbi_pmu_counter_fw_read(fw_base).uvalue, a, "pair: the started counter kept its value");
	check_eq(sbi_pmu_counter_fw_read(fw_base + 1).uvalue, b, "pair: the stopped counter kept its value");
	caught_illegal_insn();
	check_eq(sbi_pmu_counter_fw_read(fw_base + 1).uvalue, b, "pair: the stopped counter was not started");
	/* Stop of both: ALREADY_STOPPED, and the started one keeps running. */
	check_eq(sbi_pmu_counter_stop(fw_base, 3, 0).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pair: stop {started, stopped}: ALREADY_STOPPED");
	a = sbi_pmu_counter_fw_read(fw_base).uvalue;
	caught_illegal_insn();
	check_eq(sbi_pmu_counter_fw_read(fw_base).uvalue, a + 1, "pair: the started counter still runs");
	check_eq(sbi_pmu_counter_stop(fw_base, 1, PMU_STOP_RESET).error, 0, "pair: release fw_base");
	check_eq(sbi_pmu_counter_stop(fw_base + 1, 1, PMU_STOP_RESET).error, (unsigned long)SBI_ERR_ALREADY_STOPPED,
		 "pair: release fw_base+1");
	check_eq(sbi_pmu_counter_stop(fw_base, 3, 0).error, inval, "pair: both free again");

	/* SKIP_MATCH takes the first counter of the set. */
	r = cfg_match(fw_base + 3, 6, PMU_CFG_SKIP_MATCH, ev, 0);
	check_eq(r.error, 0, "cfg: SKIP_MATCH");
	check_eq(r.uvalue, fw_base + 4, "cfg: SKIP_MATCH takes the first counter of the set");
	sbi_pmu_counter_stop(fw_base + 4, 1, PMU_STOP_RESET);
}
