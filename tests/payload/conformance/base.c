/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Base extension (SBI chapter 4): the spec and implementation versions,
 * probe_extension for what Tally has and has not, an unknown FID of every
 * extension; and what any ecall may change (a0 and a1, nothing else).
 */
#include "conformance.h"

void test_base(void)
{
#ifdef UMODE
	/* An M+U hart offers no TIME: there is no S-mode to take STIP; nor
	 * the legacy calls for S-mode (set_timer, IPIs, fences). */
	static const unsigned long present[] = {
		SBI_EXT_BASE, SBI_EXT_SRST, SBI_EXT_PMU, SBI_EXT_DBCN,
		SBI_EXT_LEGACY_PUTCHAR, SBI_EXT_LEGACY_GETCHAR, SBI_EXT_LEGACY_SHUTDOWN,
	};
	static const unsigned long absent[] = {
		SBI_EXT_TIME, EXT_SUSP, EXT_CPPC, EXT_UNKNOWN, 0x00, 0x03, 0x04, 0x05, 0x06, 0x07, 0x09,
	};
#else
	/* Legacy SBI v0.1 (EIDs 0x00-0x08), all of it: tests/payload/legacy/ calls them. */
	static const unsigned long present[] = {
		SBI_EXT_BASE, SBI_EXT_TIME, SBI_EXT_SRST, SBI_EXT_PMU, SBI_EXT_DBCN,
		0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
	};
	/* Extensions Tally does not implement (0x09: past the legacy range). */
	static const unsigned long absent[] = { EXT_CPPC, EXT_UNKNOWN, 0x09 };
#endif
	/* Multi-hart extensions: present where the board can send IPIs. */
	static const unsigned long optional[] = { EXT_HSM, EXT_IPI, EXT_RFNC };
	struct sbiret r;

	r = SBI0(SBI_EXT_BASE, BASE_FID_GET_SPEC_VERSION);
	check_eq(r.error, 0, "base: get_spec_version error");
	check_eq(r.uvalue, 0x03000000, "base: spec version is 3.0");
	r = SBI0(SBI_EXT_BASE, BASE_FID_GET_IMPL_ID);
	check_eq(r.error, 0, "base: get_impl_id error");
	check_eq(r.uvalue, 0x7A11, "base: impl id is Tally's");
	r = SBI0(SBI_EXT_BASE, BASE_FID_GET_IMPL_VERSION);
	check_eq(r.error, 0, "base: get_impl_version error");
	check_eq(r.uvalue, 1, "base: impl version 0.1");
	for (unsigned i = 0; i < sizeof(present) / sizeof(present[0]); i++) {
		r = SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, present[i]);
		check_eq(r.error, 0, "base: probe_extension(0x%lx) error", present[i]);
		check_eq(r.uvalue, 1, "base: probe_extension(0x%lx) = 1", present[i]);
	}
	for (unsigned i = 0; i < sizeof(absent) / sizeof(absent[0]); i++) {
		r = SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, absent[i]);
		check_eq(r.error, 0, "base: probe_extension(0x%lx) error", absent[i]);
		check_eq(r.uvalue, 0, "base: probe_extension(0x%lx) = 0 (absent)", absent[i]);
		check_eq(SBI0(absent[i], 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED,
			 "ext 0x%lx absent: a call is NOT_SUPPORTED", absent[i]);
	}
	/* An optional extension is either there (an unknown FID is then
	 * NOT_SUPPORTED by the extension itself) or absent altogether. */
	for (unsigned i = 0; i < sizeof(optional) / sizeof(optional[0]); i++) {
		r = SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, optional[i]);
		check_that(!r.error && r.uvalue <= 1, r.uvalue, "0 or 1",
			   "base: probe_extension(0x%lx) answers 0 or 1", optional[i]);
		printf("# extension 0x%lx %s\n", optional[i], r.uvalue ? "present" : "absent");
		check_eq(SBI0(optional[i], 0x7fff).error, (unsigned long)SBI_ERR_NOT_SUPPORTED,
			 "ext 0x%lx: unknown FID 0x7fff", optional[i]);
		if (!r.uvalue)
			check_eq(SBI0(optional[i], 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED,
				 "ext 0x%lx absent: FID 0 is NOT_SUPPORTED", optional[i]);
	}
	for (unsigned long fid = BASE_FID_GET_MVENDORID; fid <= BASE_FID_GET_MIMPID; fid++)
		check_eq(SBI0(SBI_EXT_BASE, fid).error, 0, "base: fid %lu (m*id) succeeds", fid);

	/* Unknown extensions and unknown functions of every extension. */
	check_eq(SBI0(EXT_UNKNOWN, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "unknown EID 0x%lx", EXT_UNKNOWN);
	check_eq(SBI0(EXT_CPPC, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "unimplemented EID CPPC");
	check_eq(SBI0(0x09, 0).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "EID 0x09, past the legacy range");
	check_eq(SBI0(SBI_EXT_BASE, 7).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "base: unknown FID 7");
	check_eq(SBI0(SBI_EXT_BASE, ~0UL).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "base: unknown FID ~0");
	check_eq(SBI0(SBI_EXT_TIME, 1).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "time: unknown FID 1");
	check_eq(SBI0(SBI_EXT_DBCN, 3).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "dbcn: unknown FID 3");
	check_eq(SBI0(SBI_EXT_SRST, 1).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "srst: unknown FID 1");
	check_eq(SBI0(SBI_EXT_PMU, 9).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "pmu: unknown FID 9");
}

/*
 * Compare a register dump from strap.S with what was loaded: pattern + n
 * everywhere, a6/a7 = fid/eid, and a0/a1 = 0x5a/0xa5 unless they carry a
 * result (skip_a01). Returns the number of registers that differ.
 */
static unsigned dump_diff(const unsigned long dump[32], unsigned long pattern,
			  unsigned long eid, unsigned long fid, bool skip_a01,
			  unsigned *first, unsigned long *got, unsigned long *want)
{
	unsigned bad = 0;

	for (unsigned n = 1; n < 32; n++) {
		unsigned long expect = n == 16 ? fid : n == 17 ? eid :
			n == 10 ? 0x5a : n == 11 ? 0xa5 : pattern + n;
		if (n == 2 || (skip_a01 && (n == 10 || n == 11)))
			continue;    /* sp: checked by the function returning at all */
		if (dump[n] != expect && !bad++) {
			*first = n;
			*got = dump[n];
			*want = expect;
		}
	}
	return bad;
}

/* An ecall changes a0 and a1 and nothing else, whatever path it takes. */
void test_regs(void)
{
	static const struct { unsigned long eid, fid; const char *what; } calls[] = {
		{ SBI_EXT_BASE, BASE_FID_PROBE_EXT, "base probe_extension" },
		{ SBI_EXT_PMU, PMU_FID_NUM_COUNTERS, "pmu num_counters" },
		{ SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, "pmu get_info (error)" },
		{ SBI_EXT_PMU, PMU_FID_FW_READ, "pmu fw_read (error)" },
		{ SBI_EXT_TIME, 7, "time unknown FID" },
		{ EXT_UNKNOWN, 0, "unknown EID" },
	};
#if XLEN == 64
	const unsigned long pattern = 0x5eed123400001200UL;   /* high half matters too */
#else
	const unsigned long pattern = 0x5eed1200UL;
#endif
	unsigned long dump[32], got = 0, want = 0;
	unsigned bad, first = 0;

	for (unsigned c = 0; c < sizeof(calls) / sizeof(calls[0]); c++) {
		regs_around_ecall(dump, pattern, calls[c].eid, calls[c].fid);
		bad = dump_diff(dump, pattern, calls[c].eid, calls[c].fid, true, &first, &got, &want);
		if (bad)
			check_eq(got, want, "ecall (%s) preserves registers: x%u (and %u more) changed",
				 calls[c].what, first, bad - 1);
		else
			check_eq(0, 0, "ecall (%s) preserves all registers but a0/a1", calls[c].what);
	}
	check_eq(dump[10], (unsigned long)SBI_ERR_NOT_SUPPORTED, "ecall (unknown EID): a0 = NOT_SUPPORTED");
#ifndef UMODE   /* an M+U hart has no S-mode to redirect a trap to */

	/* A trap the firmware redirects to S-mode changes no register at all
	 * (the payload's own handler saves and restores what it is given). */
	catch_begin();
	regs_around_fault(dump, pattern, 0, 0);
	catch_end();
	check_eq(n_traps, 1, "illegal instruction redirected to S-mode once");
	bad = dump_diff(dump, pattern, 0, 0, false, &first, &got, &want);
	if (bad)
		check_eq(got, want, "redirected trap preserves registers: x%u (and %u more) changed",
			 first, bad - 1);
	else
		check_eq(0, 0, "redirected trap preserves every register");
#endif
}
