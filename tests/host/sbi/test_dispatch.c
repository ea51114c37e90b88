/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * src/sbi/sbi_ecall.c against stub extensions: every implemented EID (the
 * legacy v0.1 ones too, a row each) reaches
 * its handler with a0..a5 and fid in order, unknown EIDs get
 * SBI_ERR_NOT_SUPPORTED without reaching any handler, and
 * sbi_ext_probe agrees with the dispatcher; every row of sbi_extensions[]
 * reaches its own decoder; the rows' hooks (src/sbi/sbi_ext.c) run for
 * the extensions offered, on the hart named.
 */
#include <string.h>
#include "harness.h"
#include "base/sbi.h"
#include "sbi/sbi_ext.h"

struct features features = { .has_s_mode = true };

/* hsm.h: whether harts can interrupt each other (HSM, IPI, RFENCE depend on it) */
static bool have_ipi = true;
bool ipi_available(void) { return have_ipi; }

enum { NONE, BASE, PUTCHAR, GETCHAR, TIME, SRST, DBCN, PMU, HSM, IPI, RFENCE, FWFT, DBTR, SUSP, SSE,
       L_SET_TIMER, L_CLEAR_IPI, L_SEND_IPI, L_FENCE_I, L_SFENCE_VMA, L_SFENCE_VMA_ASID, L_SHUTDOWN };
static const char *const names[] = { "none", "base", "putchar", "getchar", "time", "srst",
				     "dbcn", "pmu", "hsm", "ipi", "rfence", "fwft", "dbtr", "susp", "sse",
				     "legacy set_timer", "legacy clear_ipi", "legacy send_ipi",
				     "legacy remote_fence_i", "legacy remote_sfence_vma",
				     "legacy remote_sfence_vma_asid", "legacy shutdown" };

static struct {
	int which;
	unsigned calls;
	unsigned long a[6], fid, eid;
} got;

static struct sbiret record(int which, unsigned long a0, unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4, unsigned long a5,
			    unsigned long fid, unsigned long eid)
{
	got.which = which;
	got.calls++;
	got.a[0] = a0; got.a[1] = a1; got.a[2] = a2;
	got.a[3] = a3; got.a[4] = a4; got.a[5] = a5;
	got.fid = fid;
	got.eid = eid;
	/* a recognisable return value: the handler's number */
	return (struct sbiret){ 100 + which, 200UL + (unsigned long)which };
}

/* Each stub: the handler type of src/base/sbi.h, recording what arrived. */
#define STUB(name, which)                                                              \
	struct sbiret name(unsigned long a0, unsigned long a1, unsigned long a2,       \
			   unsigned long a3, unsigned long a4, unsigned long a5,       \
			   unsigned long fid)                                          \
	{ return record(which, a0, a1, a2, a3, a4, a5, fid, 0); }
STUB(sbi_base_ecall, BASE)
STUB(sbi_time_ecall, TIME)
STUB(sbi_srst_ecall, SRST)
STUB(sbi_dbcn_ecall, DBCN)
STUB(sbi_pmu_ecall, PMU)
STUB(sbi_legacy_putchar, PUTCHAR)
STUB(sbi_legacy_getchar, GETCHAR)
STUB(sbi_legacy_set_timer, L_SET_TIMER)
STUB(sbi_legacy_clear_ipi, L_CLEAR_IPI)
STUB(sbi_legacy_send_ipi, L_SEND_IPI)
STUB(sbi_legacy_remote_fence_i, L_FENCE_I)
STUB(sbi_legacy_remote_sfence_vma, L_SFENCE_VMA)
STUB(sbi_legacy_remote_sfence_vma_asid, L_SFENCE_VMA_ASID)
STUB(sbi_legacy_shutdown, L_SHUTDOWN)
STUB(sbi_hsm_ecall, HSM)
STUB(sbi_ipi_ecall, IPI)
STUB(sbi_rfence_ecall, RFENCE)
STUB(sbi_fwft_ecall, FWFT)
STUB(sbi_dbtr_ecall, DBTR)
STUB(sbi_susp_ecall, SUSP)
STUB(sbi_sse_ecall, SSE)

/* The list's hooks: which ran, on which hart. */
static unsigned hooks_run, hooks_hart;
#define HOOK(name, bit) \
	void name(unsigned long h) { hooks_run |= 1u << (bit); hooks_hart = (unsigned)h; }
HOOK(fwft_probe, 0)
HOOK(sse_probe, 1)
HOOK(fwft_hart_reset, 2)
HOOK(dbtr_hart_reset, 3)
HOOK(sse_hart_start, 4)

static const struct { unsigned long eid; int which; } implemented[] = {
	{ SBI_EXT_BASE, BASE }, { SBI_EXT_TIME, TIME }, { SBI_EXT_SRST, SRST },
	{ SBI_EXT_DBCN, DBCN }, { SBI_EXT_PMU, PMU },
	{ SBI_EXT_LEGACY_PUTCHAR, PUTCHAR }, { SBI_EXT_LEGACY_GETCHAR, GETCHAR },
	/* legacy SBI v0.1: one row per EID (0x00-0x08) */
	{ SBI_EXT_LEGACY_SET_TIMER, L_SET_TIMER }, { SBI_EXT_LEGACY_CLEAR_IPI, L_CLEAR_IPI },
	{ SBI_EXT_LEGACY_SEND_IPI, L_SEND_IPI }, { SBI_EXT_LEGACY_REMOTE_FENCE_I, L_FENCE_I },
	{ SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, L_SFENCE_VMA },
	{ SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, L_SFENCE_VMA_ASID },
	{ SBI_EXT_LEGACY_SHUTDOWN, L_SHUTDOWN },
	{ SBI_EXT_HSM, HSM }, { SBI_EXT_IPI, IPI }, { SBI_EXT_RFENCE, RFENCE },
	/* the second way of their slots (FWFT: SRST's, SUSP: Base's, SSE: TIME's) */
	{ SBI_EXT_FWFT, FWFT }, { SBI_EXT_DBTR, DBTR }, { SBI_EXT_SUSP, SUSP }, { SBI_EXT_SSE, SSE },
};
#define N_IMPL (sizeof(implemented) / sizeof(implemented[0]))

/* Extensions Tally does not implement (yet), and odd values. */
static const unsigned long unknown[] = {
	0x09, 0x0a, 0x0f, 0x11,   /* the legacy range ends at 0x08 (OpenSBI's too) */
	0x735048, 0x52464E42, 0x48534E /* one off IPI, RFNC, HSM */,
	0x43505043 /* CPPC */, 0x4E41434C /* NACL */, 0x535441 /* STA */,
	0x4D505859 /* MPXY */,
	0x504D54 /* "PMT", one off */, 0x504D56, 0x54494D44, 0x53525355, 0x4442434F,
	/* same low five or seven bits as an implemented EID (the dispatcher's slot) */
	SBI_EXT_LEGACY_SET_TIMER + SBI_SLOTS, SBI_EXT_LEGACY_REMOTE_FENCE_I + SBI_SLOTS,
	SBI_EXT_LEGACY_SHUTDOWN + SBI_SLOTS, SBI_EXT_TIME + SBI_SLOTS, SBI_EXT_SSE - SBI_SLOTS,
	SBI_EXT_BASE + 0x20, SBI_EXT_TIME ^ 0x100, SBI_EXT_DBCN + 0x20, SBI_EXT_SRST - 0x20,
	SBI_EXT_LEGACY_PUTCHAR + 0x20, SBI_EXT_LEGACY_GETCHAR + 0x40, SBI_EXT_PMU + 0x20,
	SBI_EXT_HSM + 0x20, SBI_EXT_IPI - 0x20, SBI_EXT_RFENCE + 0x40, SBI_EXT_FWFT + 0x20, SBI_EXT_DBTR - 0x40,
	SBI_EXT_SUSP + 0x20, SBI_EXT_SSE + 0x20,
	0x08000000 /* experimental */, 0x08FFFFFF, 0x09000000 /* vendor */, 0x09FFFFFF,
	0x0A000000 /* firmware */, 0x0AFFFFFF, 0x7fffffff, 0x80000000UL, ~0UL, ~0UL - 0x10,
	/* on rv64, an EID that truncated to 32 bits would be PMU */
	(unsigned long)(sizeof(long) > 4 ? 0x100000000ULL + SBI_EXT_PMU : 0x504D57),
};
#define N_UNKNOWN (sizeof(unknown) / sizeof(unknown[0]))

static void d_every_eid_reaches_its_handler(void)
{
	for (unsigned i = 0; i < N_IMPL; i++) {
		unsigned long eid = implemented[i].eid;
		int w = implemented[i].which;
		struct sbiret r;

		memset(&got, 0, sizeof(got));
		r = sbi_ecall(0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77 + i, eid);
		printf("  eid %#lx -> %s\n", eid, names[got.which]);
		CHECK_EQ(got.calls, 1);
		CHECK_EQ(got.which, w);
		CHECK_EQ(got.a[0], 0x11);
		CHECK_EQ(got.a[1], 0x22);
		CHECK_EQ(got.a[2], 0x33);
		CHECK_EQ(got.a[3], 0x44);
		CHECK_EQ(got.a[4], 0x55);
		CHECK_EQ(got.a[5], 0x66);
		CHECK_EQ(got.fid, 0x77 + i);
		/* the handler's sbiret comes back untouched */
		CHECK_EQ(r.error, 100 + w);
		CHECK_EQ(r.value, 200 + w);
	}
}

/* sbi_extensions[] is the list: each row reaches its own decoder through the slot table. */
static void d_every_row_reachable(void)
{
	CHECK_EQ(sbi_extension_count, N_IMPL);
	for (unsigned i = 0; i < sbi_extension_count; i++) {
		const struct sbi_ext *e = &sbi_extensions[i];
		int direct;

		memset(&got, 0, sizeof(got));
		(void)e->decoder(0, 0, 0, 0, 0, 0, 0);
		direct = got.which;
		memset(&got, 0, sizeof(got));
		(void)sbi_ecall(0, 0, 0, 0, 0, 0, 0, e->eid);
		printf("  row %u %s: eid %#lx -> %s\n", i, e->name, e->eid, names[got.which]);
		CHECK_EQ(got.calls, 1);
		CHECK_EQ(got.which, direct);
		CHECK_EQ(sbi_ext_probe(e->eid), 1);
	}
}

static void d_all_ones_arguments(void)
{
	/* full-width values pass through unchanged (no truncation anywhere) */
	memset(&got, 0, sizeof(got));
	(void)sbi_ecall(~0UL, ~0UL - 1, ~0UL - 2, ~0UL - 3, ~0UL - 4, ~0UL - 5, ~0UL - 6, SBI_EXT_PMU);
	CHECK_EQ(got.which, PMU);
	for (unsigned k = 0; k < 6; k++)
		CHECK_EQ(got.a[k], ~0UL - k);
	CHECK_EQ(got.fid, ~0UL - 6);
}

static void d_unknown_eids_not_supported(void)
{
	for (unsigned i = 0; i < N_UNKNOWN; i++) {
		struct sbiret r;

		memset(&got, 0, sizeof(got));
		r = sbi_ecall(1, 2, 3, 4, 5, 6, 0, unknown[i]);
		CHECK_ERR(r.error, SBI_ERR_NOT_SUPPORTED);
		/* value is unspecified on an error: the caller's own a1 comes back */
		CHECK_EQ(r.value, 2);
		CHECK_EQ(got.calls, 0);
	}
}

static void d_probe_agrees_with_dispatcher(void)
{
	for (unsigned i = 0; i < N_IMPL + N_UNKNOWN; i++) {
		unsigned long eid = i < N_IMPL ? implemented[i].eid : unknown[i - N_IMPL];
		struct sbiret r;
		long probe;

		memset(&got, 0, sizeof(got));
		r = sbi_ecall(0, 0, 0, 0, 0, 0, 0, eid);
		probe = sbi_ext_probe(eid);
		printf("  eid %#lx: probe %ld, handler %s\n", eid, probe, names[got.which]);
		CHECK(probe == 0 || probe == 1);
		CHECK_EQ(probe, got.calls);
		if (!probe)
			CHECK_ERR(r.error, SBI_ERR_NOT_SUPPORTED);
	}
	/* and around every implemented EID */
	for (unsigned i = 0; i < N_IMPL; i++) {
		for (long d = -2; d <= 2; d++) {
			unsigned long eid = implemented[i].eid + (unsigned long)d;
			memset(&got, 0, sizeof(got));
			(void)sbi_ecall(0, 0, 0, 0, 0, 0, 0, eid);
			CHECK_EQ(sbi_ext_probe(eid), got.calls);
		}
	}
}

static void d_no_ipi_no_hart_extensions(void)
{
	/* A single-hart board (no IPI): HSM, IPI and RFENCE are not offered.
	 * The dispatcher still jumps to their handlers (no call on its path),
	 * which answer NOT_SUPPORTED themselves (checked on QEMU and Ibex). */
	const unsigned long eids[] = { SBI_EXT_HSM, SBI_EXT_IPI, SBI_EXT_RFENCE,
				       SBI_EXT_LEGACY_SEND_IPI, SBI_EXT_LEGACY_REMOTE_FENCE_I,
				       SBI_EXT_LEGACY_REMOTE_SFENCE_VMA,
				       SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID };

	have_ipi = false;
	for (unsigned i = 0; i < sizeof(eids) / sizeof(eids[0]); i++) {
		CHECK_EQ(sbi_ext_probe(eids[i]), 0);
	}
	/* the legacy calls that need no other hart stay */
	CHECK_EQ(sbi_ext_probe(SBI_EXT_LEGACY_SET_TIMER), 1);
	CHECK_EQ(sbi_ext_probe(SBI_EXT_LEGACY_CLEAR_IPI), 1);
	CHECK_EQ(sbi_ext_probe(SBI_EXT_LEGACY_SHUTDOWN), 1);
	have_ipi = true;
	CHECK_EQ(sbi_ext_probe(SBI_EXT_HSM), 1);
	CHECK_EQ(sbi_ext_probe(SBI_EXT_LEGACY_SEND_IPI), 1);
}

static void d_no_s_mode_time_not_offered(void)
{
	/* Without S-mode (Ibex) probe says TIME is absent; the dispatcher still
	 * routes it, and sbi_time_ecall answers NOT_SUPPORTED itself. */
	features.has_s_mode = false;
	CHECK_EQ(sbi_ext_probe(SBI_EXT_TIME), 0);
	memset(&got, 0, sizeof(got));
	(void)sbi_ecall(0, 0, 0, 0, 0, 0, 0, SBI_EXT_TIME);
	CHECK_EQ(got.which, TIME);
	CHECK_EQ(sbi_ext_probe(SBI_EXT_PMU), 1);
	CHECK_EQ(sbi_ext_probe(SBI_EXT_BASE), 1);
	/* ... nor the legacy calls for S-mode; the console and shutdown stay */
	for (unsigned long eid = 0; eid <= SBI_EXT_LEGACY_SHUTDOWN; eid++)
		CHECK_EQ(sbi_ext_probe(eid), eid == SBI_EXT_LEGACY_PUTCHAR ||
			 eid == SBI_EXT_LEGACY_GETCHAR || eid == SBI_EXT_LEGACY_SHUTDOWN);
	features.has_s_mode = true;
	CHECK_EQ(sbi_ext_probe(SBI_EXT_TIME), 1);
}

static void d_hooks_follow_the_list(void)
{
	hooks_run = 0;
	sbi_ext_boot(3);
	CHECK_EQ(hooks_run, 0x3);          /* FWFT and SSE probe at boot */
	CHECK_EQ(hooks_hart, 3);
	hooks_run = 0;
	sbi_ext_hart_reset(5);
	CHECK_EQ(hooks_run, 0x1c);         /* FWFT, DBTR and SSE reset */
	CHECK_EQ(hooks_hart, 5);
	/* not offered (no S-mode): their hooks do not run */
	features.has_s_mode = false;
	hooks_run = 0;
	sbi_ext_boot(0);
	sbi_ext_hart_reset(0);
	CHECK_EQ(hooks_run, 0);
	features.has_s_mode = true;
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(d_every_eid_reaches_its_handler);
	RUN(d_every_row_reachable);
	RUN(d_all_ones_arguments);
	RUN(d_unknown_eids_not_supported);
	RUN(d_probe_agrees_with_dispatcher);
	RUN(d_no_s_mode_time_not_offered);
	RUN(d_no_ipi_no_hart_extensions);
	RUN(d_hooks_follow_the_list);
	return h_done();
}
