/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension (SBI chapter 11), the firmware counters: each firmware
 * event Tally counts, counted exactly (illegal instructions, PMP faults,
 * set_timer calls, misaligned accesses), fw_read and fw_read_hi and their
 * error rows, a 64-bit initial value.
 */
#include "conformance.h"

/* config_matching a firmware event on any free firmware counter */
static struct sbiret cfg_fw(unsigned code, unsigned long flags)
{
	return cfg_match(fw_base, ALL_FW_MASK, flags, PMU_EVENT_IDX(PMU_TYPE_FW, code), 0);
}

void test_pmu_fw(void)
{
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	const unsigned long go = PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START;
	struct sbiret r;
	const bool store_as_load = erratum(ERRATUM_CVA6_PMP_FAULT_LOAD_TVAL0);
	unsigned long ill, idx;

	/* ILLEGAL_INSN counts exactly the illegal instructions of the payload. */
	r = cfg_fw(PMU_FW_ILLEGAL_INSN, go);
	check_eq(r.error, 0, "pmu fw: config_matching(ILLEGAL_INSN)");
	check_that(r.uvalue >= fw_base && r.uvalue < num_ctrs, r.uvalue, "a firmware counter",
		   "pmu fw: ... lands on a firmware counter");
	ill = r.uvalue;
	check_eq(sbi_pmu_counter_fw_read(ill).uvalue, 0, "pmu fw: starts at 0 (CLEAR_VALUE)");
	catch_begin();
	illegal_insn();
	illegal_insn();
	illegal_insn();
	catch_end();
	check_eq(n_traps, 3, "pmu fw: 3 illegal instructions reach S-mode");
	check_eq(last_cause, CAUSE_ILLEGAL_INSN, "pmu fw: ... as illegal instruction traps");
	r = sbi_pmu_counter_fw_read(ill);
	check_eq(r.error, 0, "pmu fw: fw_read error");
	check_eq(r.uvalue, 3, "pmu fw: ILLEGAL_INSN counted 3");
	check_eq(sbi_pmu_counter_fw_read_hi(ill).uvalue, 0, "pmu fw: fw_read_hi = 0");
	check_eq(sbi_pmu_counter_stop(ill, 1, 0).error, 0, "pmu fw: stop");
	catch_begin();
	illegal_insn();
	illegal_insn();
	catch_end();
	check_eq(sbi_pmu_counter_fw_read(ill).uvalue, 3, "pmu fw: a stopped counter does not count");
	check_eq(ctr_start(ill, 1, 0, 0).error, 0, "pmu fw: restart without a value");
	caught_illegal_insn();
	check_eq(sbi_pmu_counter_fw_read(ill).uvalue, 4, "pmu fw: restarted counter goes on from 3");

	/* ACCESS_STORE / ACCESS_LOAD count PMP faults. */
	r = cfg_fw(PMU_FW_ACCESS_STORE, go);
	check_eq(r.error, 0, "pmu fw: config_matching(ACCESS_STORE)");
	idx = r.uvalue;
	catch_begin();
	store_to(FW_BASE);
	store_to(FW_BASE + 8);
	load_from(FW_BASE);      /* a load fault is not a store fault */
	catch_end();
	/* The firmware counts the fault the core reported: where the core
	 * reports a store fault as a load fault, that is a load fault. */
	if (store_as_load)
		check_eq(sbi_pmu_counter_fw_read(idx).uvalue, 0, "pmu fw: ACCESS_STORE counts no fault the core "
			 "reported as a load fault (erratum: %s)", erratum_name(ERRATUM_CVA6_PMP_FAULT_LOAD_TVAL0));
	else
		check_eq(sbi_pmu_counter_fw_read(idx).uvalue, 2, "pmu fw: ACCESS_STORE counts the 2 PMP store faults");
	check_eq(sbi_pmu_counter_stop(idx, 1, PMU_STOP_RESET).error, 0, "pmu fw: release ACCESS_STORE");
	r = cfg_fw(PMU_FW_ACCESS_LOAD, go);
	check_eq(r.error, 0, "pmu fw: config_matching(ACCESS_LOAD)");
	idx = r.uvalue;
	catch_begin();
	load_from(FW_BASE);
	if (store_as_load)
		store_to(FW_BASE);
	catch_end();
	if (store_as_load)
		check_eq(sbi_pmu_counter_fw_read(idx).uvalue, 2, "pmu fw: ACCESS_LOAD counts the PMP load fault and the "
			 "store the core reported as one (erratum: %s)",
			 erratum_name(ERRATUM_CVA6_PMP_FAULT_LOAD_TVAL0));
	else
		check_eq(sbi_pmu_counter_fw_read(idx).uvalue, 1, "pmu fw: ACCESS_LOAD counts the PMP load fault");
	check_eq(sbi_pmu_counter_stop(idx, 1, PMU_STOP_RESET).error, 0, "pmu fw: release ACCESS_LOAD");

	/* SET_TIMER counts set_timer calls. */
	r = cfg_fw(PMU_FW_SET_TIMER, go);
	check_eq(r.error, 0, "pmu fw: config_matching(SET_TIMER)");
	idx = r.uvalue;
	set_timer(~0ULL);
	set_timer(~0ULL);
	check_eq(sbi_pmu_counter_fw_read(idx).uvalue, 2, "pmu fw: SET_TIMER counts 2 calls");
	check_eq(sbi_pmu_counter_stop(idx, 1, PMU_STOP_RESET).error, 0, "pmu fw: release SET_TIMER");

	/*
	 * A misaligned AMO traps; the priv spec calls that a store/AMO
	 * misaligned fault (6), but single-threaded QEMU 7.2 does the load half
	 * first and reports a load misaligned fault (4). Either way the
	 * firmware must count the event of the cause it saw, and only that one,
	 * and pass the trap on to S-mode unchanged.
	 */
	r = cfg_fw(PMU_FW_MISALIGNED_STORE, go);
	check_eq(r.error, 0, "pmu fw: config_matching(MISALIGNED_STORE)");
	idx = r.uvalue;
	r = cfg_fw(PMU_FW_MISALIGNED_LOAD, go);
	check_eq(r.error, 0, "pmu fw: config_matching(MISALIGNED_LOAD)");
	catch_begin();
	misaligned_amo((char *)amo_word + 1);
	catch_end();
	check_eq(n_traps, 1, "pmu fw: misaligned AMO reaches S-mode");
	check_that(last_cause == CAUSE_MISALIGNED_STORE || last_cause == CAUSE_MISALIGNED_LOAD,
		   last_cause, "4 or 6", "pmu fw: ... as a misaligned fault");
	check_eq(last_tval, (unsigned long)amo_word + 1, "pmu fw: ... stval is the address");
	check_eq(sbi_pmu_counter_fw_read(idx).uvalue, last_cause == CAUSE_MISALIGNED_STORE,
		 "pmu fw: MISALIGNED_STORE counted a cause-%lu trap correctly", last_cause);
	check_eq(sbi_pmu_counter_fw_read(r.uvalue).uvalue, last_cause == CAUSE_MISALIGNED_LOAD,
		 "pmu fw: MISALIGNED_LOAD counted a cause-%lu trap correctly", last_cause);
	check_eq(sbi_pmu_counter_stop(idx, 1, PMU_STOP_RESET).error, 0, "pmu fw: release MISALIGNED_STORE");
	check_eq(sbi_pmu_counter_stop(r.uvalue, 1, PMU_STOP_RESET).error, 0, "pmu fw: release MISALIGNED_LOAD");

	/* A firmware event the platform cannot produce; events a firmware counter cannot count. */
	/* IPI_SENT exists where IPIs do: config_matching and event_get_info agree. */
	evs[0] = (struct ev_entry){ PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_IPI_SENT), 0xdeadbeef, 0 };
	check_eq(ev_info((unsigned long)evs, 0, 1, 0).error, 0, "pmu fw: event_get_info(IPI_SENT)");
	r = cfg_fw(PMU_FW_IPI_SENT, 0);
	check_eq(r.error, evs[0].output ? 0 : (unsigned long)SBI_ERR_NOT_SUPPORTED,
		 "pmu fw: config_matching(IPI_SENT) agrees with event_get_info (%u)", (unsigned)evs[0].output);
	if (!r.error)
		sbi_pmu_counter_stop(r.uvalue, 1, PMU_STOP_RESET);
	check_eq(cfg_fw(PMU_FW_EVENT_MAX, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED,
		 "pmu fw: reserved firmware event %d: NOT_SUPPORTED", PMU_FW_EVENT_MAX);
	check_eq(cfg_fw(200, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED,
		 "pmu fw: reserved firmware event 200: NOT_SUPPORTED");
	check_eq(cfg_match(fw_base, ALL_FW_MASK, 0, PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 1).error,
		 inval, "pmu fw: firmware event with event_data != 0: INVALID_PARAM");
	check_eq(cfg_match(0, hw_mask(), 0, PMU_EVENT_IDX(PMU_TYPE_FW, PMU_FW_ILLEGAL_INSN), 0).error,
		 (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu fw: firmware event on hardware counters: NOT_SUPPORTED");

	/* fw_read / fw_read_hi error rows (tables 14, 15). */
	check_eq(sbi_pmu_counter_fw_read(0).error, inval, "pmu fw: fw_read(hardware counter 0): INVALID_PARAM");
	check_eq(sbi_pmu_counter_fw_read_hi(0).error, inval, "pmu fw: fw_read_hi(hardware counter 0): INVALID_PARAM");
	check_eq(sbi_pmu_counter_fw_read(2).error, inval, "pmu fw: fw_read(hardware counter 2): INVALID_PARAM");
	idx = ill == fw_base ? fw_base + 1 : fw_base;   /* a free firmware counter */
	check_eq(sbi_pmu_counter_fw_read(idx).error, inval, "pmu fw: fw_read(free firmware counter): INVALID_PARAM");
	check_eq(sbi_pmu_counter_fw_read_hi(idx).error, inval, "pmu fw: fw_read_hi(free firmware counter): INVALID_PARAM");
	check_eq(sbi_pmu_counter_fw_read(num_ctrs).error, inval, "pmu fw: fw_read(num_counters): INVALID_PARAM");
	check_eq(sbi_pmu_counter_fw_read_hi(num_ctrs).error, inval, "pmu fw: fw_read_hi(num_counters): INVALID_PARAM");
	check_eq(sbi_pmu_counter_fw_read(~0UL).error, inval, "pmu fw: fw_read(~0): INVALID_PARAM");

	/* SET_INIT_VALUE with a 64-bit value: rv32 passes it in a3 (lo) and a4 (hi). */
	check_eq(sbi_pmu_counter_stop(ill, 1, 0).error, 0, "pmu fw: stop ILLEGAL_INSN");
	check_eq(ctr_start(ill, 1, PMU_START_SET_INIT_VALUE, 0x100000005ULL).error, 0,
		 "pmu fw: start with SET_INIT_VALUE 0x100000005");
	check_eq(sbi_pmu_counter_fw_read(ill).uvalue, (unsigned long)0x100000005ULL, "pmu fw: fw_read gives the low XLEN bits");
	check_eq(sbi_pmu_counter_fw_read_hi(ill).uvalue, XLEN == 32 ? 1 : 0, "pmu fw: fw_read_hi gives %d", XLEN == 32 ? 1 : 0);
	caught_illegal_insn();
	check_eq(sbi_pmu_counter_fw_read(ill).uvalue, (unsigned long)0x100000006ULL, "pmu fw: counts on from the initial value");
	check_eq(sbi_pmu_counter_stop(ill, 1, PMU_STOP_RESET).error, 0, "pmu fw: stop+RESET a started counter");
	check_eq(sbi_pmu_counter_fw_read(ill).error, inval, "pmu fw: fw_read after RESET: INVALID_PARAM");
}
