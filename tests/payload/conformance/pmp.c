/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's memory is closed to S-mode by PMP: a store or load
 * there faults into the payload, and the firmware survives it.
 */
#include "conformance.h"

void test_pmp(void)
{
	catch_begin();
	store_to(FW_BASE);
	catch_end();
	check_eq(n_traps, 1, "pmp: store into the firmware traps");
	if (erratum(ERRATUM_CVA6_PMP_FAULT_LOAD_TVAL0)) {
		check_eq(last_cause, CAUSE_LOAD_ACCESS, "pmp: ... as a load access fault (erratum: %s)",
			 erratum_name(ERRATUM_CVA6_PMP_FAULT_LOAD_TVAL0));
		check_eq(last_tval, 0, "pmp: ... stval 0 (erratum: %s)",
			 erratum_name(ERRATUM_CVA6_PMP_FAULT_LOAD_TVAL0));
	} else {
		check_eq(last_cause, CAUSE_STORE_ACCESS, "pmp: ... as a store access fault");
		check_eq(last_tval, FW_BASE, "pmp: ... stval is the address");
	}
	check_eq(SBI0(SBI_EXT_BASE, BASE_FID_GET_SPEC_VERSION).uvalue, 0x03000000,
		 "pmp: the firmware survives (an ecall still works)");

	catch_begin();
	load_from(FW_BASE + 0x40);
	catch_end();
	check_eq(n_traps, 1, "pmp: load from the firmware traps");
	check_eq(last_cause, CAUSE_LOAD_ACCESS, "pmp: ... as a load access fault");
	if (erratum(ERRATUM_CVA6_PMP_FAULT_LOAD_TVAL0))
		check_eq(last_tval, 0, "pmp: ... stval 0 (erratum: %s)",
			 erratum_name(ERRATUM_CVA6_PMP_FAULT_LOAD_TVAL0));
	else
		check_eq(last_tval, FW_BASE + 0x40, "pmp: ... stval is the address");
	check_eq(SBI0(SBI_EXT_BASE, BASE_FID_GET_IMPL_ID).uvalue, 0x7A11,
		 "pmp: the firmware survives the load fault");

	/* The payload's own RAM and the RAM above it are S-mode's. */
	catch_begin();
	store_to((unsigned long)&amo_word[0]);
	load_from(ram_end - 4);
	catch_end();
	check_eq(n_traps, 0, "pmp: S-mode RAM is open");
}
