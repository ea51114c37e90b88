/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * src/cores/sse/sse.c, SSE's state machine on a fake machine of 4 harts (hart 2
 * missing): every error row of the chapter's tables, attributes and
 * their access rules, entry and completion of a handler, priorities and
 * preemption, masking, global events and their preferred hart.
 */
#include "harness.h"
#include "cores/sse/sse.h"

#define NHARTS 4
static struct sse_hart harts[NHARTS];

static void *records[NHARTS];
static struct sse_sys sys;

static bool fake_hart_ok(unsigned long h)
{
	return h < NHARTS && h != 2;
}


/* A fresh machine: hart 0 booted, every hart reset. */
static struct sse_sys *fresh(bool pmu)
{
	for (unsigned long h = 0; h < NHARTS; h++)
		records[h] = &harts[h];
	sys = (struct sse_sys){ .records = records, .offset = 0, .num_harts = NHARTS, .hart_ok = fake_hart_ok,
				.pmu_overflow = pmu };
	sse_init(&sys, 0);
	for (unsigned long h = 0; h < NHARTS; h++)
		sse_hart_reset(&sys, h);
	return &sys;
}

static unsigned long attr(struct sse_sys *s, unsigned long hart, uint32_t id, unsigned a)
{
	unsigned long v = ~0UL;

	CHECK_OK(sse_read_attrs(s, hart, id, a, 1, &v), 0);
	return v;
}

static long wattr(struct sse_sys *s, unsigned long hart, uint32_t id, unsigned a, unsigned long v)
{
	return sse_write_attrs(s, hart, id, a, 1, &v).error;
}

/* Register, enable: an event ready to be injected. */
static void ready(struct sse_sys *s, unsigned long hart, uint32_t id, unsigned long pc)
{
	unsigned long t;

	CHECK_OK(sse_register(s, hart, id, pc, pc + 1), 0);
	CHECK_OK(sse_enable(s, hart, id, &t), 0);
}

static void t_event_ids(void)
{
	struct sse_sys *s = fresh(false);
	unsigned long t, v;
	/* standard IDs Tally cannot raise (PMU overflow: without Sscofpmf), then
	 * reserved and platform-specific ones, which no event has */
	static const struct { uint32_t id; long err; } ids[] = {
		{ 0, SBI_ERR_NOT_SUPPORTED }, { 1, SBI_ERR_NOT_SUPPORTED },
		{ 0x8000, SBI_ERR_NOT_SUPPORTED }, { 0x10000, SBI_ERR_NOT_SUPPORTED },
		{ 0x100000, SBI_ERR_NOT_SUPPORTED }, { 0x108000, SBI_ERR_NOT_SUPPORTED },
		{ 2, SBI_ERR_INVALID_PARAM }, { 0x4000, SBI_ERR_INVALID_PARAM },
		{ 0xc000, SBI_ERR_INVALID_PARAM }, { 0x10001, SBI_ERR_INVALID_PARAM },
		{ 0x1c000, SBI_ERR_INVALID_PARAM }, { 0x108001, SBI_ERR_INVALID_PARAM },
		{ 0xffff0001, SBI_ERR_INVALID_PARAM }, { 0xffff4000, SBI_ERR_INVALID_PARAM },
		{ 0xffff8001, SBI_ERR_INVALID_PARAM }, { 0xffffffff, SBI_ERR_INVALID_PARAM },
	};

	for (unsigned i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		uint32_t id = ids[i].id;
		long want = ids[i].err;
		CHECK_ERR(sse_read_attrs(s, 0, id, 0, 1, &v).error, want);
		CHECK_ERR(sse_write_attrs(s, 0, id, 1, 1, &v).error, want);
		CHECK_ERR(sse_register(s, 0, id, 0x1000, 0).error, want);
		CHECK_ERR(sse_unregister(s, 0, id).error, want);
		CHECK_ERR(sse_enable(s, 0, id, &t).error, want);
		CHECK_ERR(sse_disable(s, 0, id).error, want);
		CHECK_ERR(sse_inject(s, 0, id, 0, &t).error, want);
	}
	/* PMU overflow exists with its interrupt */
	s = fresh(true);
	CHECK_OK(sse_register(s, 0, SSE_EV_LOCAL_PMU_OVERFLOW, 0x1000, 0), 0);
	CHECK(sse_local_registered(s, 0, SSE_LOCAL_PMU_OVERFLOW));
	CHECK(!sse_local_registered(s, 1, SSE_LOCAL_PMU_OVERFLOW));
}

static void t_state_machine(void)
{
	struct sse_sys *s = fresh(false);
	uint32_t id = SSE_EV_LOCAL_SOFTWARE;
	unsigned long t = ~0UL;

	CHECK_EQ(attr(s, 1, id, SSE_ATTR_STATUS), SSE_UNUSED | SSE_STATUS_INJECT);
	CHECK_ERR(sse_unregister(s, 1, id).error, SBI_ERR_INVALID_STATE);
	CHECK_ERR(sse_enable(s, 1, id, &t).error, SBI_ERR_INVALID_STATE);
	CHECK_ERR(sse_disable(s, 1, id).error, SBI_ERR_INVALID_STATE);
	CHECK_ERR(sse_register(s, 1, id, 0x1001, 0).error, SBI_ERR_INVALID_PARAM);
	CHECK_OK(sse_register(s, 1, id, 0x1002, 7), 0);
	CHECK_EQ(attr(s, 1, id, SSE_ATTR_STATUS) & 3, SSE_REGISTERED);
	CHECK_EQ(attr(s, 1, id, SSE_ATTR_ENTRY_PC), 0x1002);
	CHECK_EQ(attr(s, 1, id, SSE_ATTR_ENTRY_ARG), 7);
	/* local: hart 0's copy is still unused */
	CHECK_EQ(attr(s, 0, id, SSE_ATTR_STATUS) & 3, SSE_UNUSED);
	CHECK_ERR(sse_register(s, 1, id, 0x1002, 7).error, SBI_ERR_INVALID_STATE);
	/* a misaligned entry is INVALID_PARAM even when the state is wrong too */
	CHECK_ERR(sse_register(s, 1, id, 0x1003, 7).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(sse_disable(s, 1, id).error, SBI_ERR_INVALID_STATE);
	CHECK_OK(sse_enable(s, 1, id, &t), 0);
	CHECK_EQ(t, 1);
	CHECK_EQ(attr(s, 1, id, SSE_ATTR_STATUS) & 3, SSE_ENABLED);
	CHECK_ERR(sse_enable(s, 1, id, &t).error, SBI_ERR_INVALID_STATE);
	CHECK_ERR(sse_unregister(s, 1, id).error, SBI_ERR_INVALID_STATE);
	CHECK_ERR(sse_register(s, 1, id, 0x1002, 7).error, SBI_ERR_INVALID_STATE);
	CHECK_OK(sse_disable(s, 1, id), 0);
	CHECK_OK(sse_unregister(s, 1, id), 0);
	CHECK_EQ(attr(s, 1, id, SSE_ATTR_STATUS), SSE_UNUSED | SSE_STATUS_INJECT);
}

static void t_attr_ranges(void)
{
	struct sse_sys *s = fresh(false);
	uint32_t id = SSE_EV_LOCAL_SOFTWARE;
	unsigned long v[SSE_NUM_ATTRS];

	CHECK_ERR(sse_read_attrs(s, 0, id, 0, 0, v).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(sse_write_attrs(s, 0, id, 1, 0, v).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(sse_read_attrs(s, 0, id, SSE_NUM_ATTRS, 1, v).error, SBI_ERR_BAD_RANGE);
	CHECK_ERR(sse_read_attrs(s, 0, id, 9, 2, v).error, SBI_ERR_BAD_RANGE);
	CHECK_ERR(sse_read_attrs(s, 0, id, 1, 0xffffffff, v).error, SBI_ERR_BAD_RANGE);
	CHECK_ERR(sse_read_attrs(s, 0, id, 0xffffffff, 2, v).error, SBI_ERR_BAD_RANGE);
	CHECK_ERR(sse_write_attrs(s, 0, id, SSE_NUM_ATTRS, 1, v).error, SBI_ERR_BAD_RANGE);
	/* every attribute at once; reset values are 0 but for STATUS's
	 * inject bit and PREFERRED_HART (the calling hart, for a local event) */
	CHECK_OK(sse_read_attrs(s, 3, id, 0, SSE_NUM_ATTRS, v), 0);
	for (unsigned a = 0; a < SSE_NUM_ATTRS; a++)
		CHECK_EQ(v[a], a == SSE_ATTR_STATUS ? SSE_STATUS_INJECT :
			       a == SSE_ATTR_PREFERRED_HART ? 3 : 0);
	/* out[i] is attribute base + i */
	CHECK_OK(sse_register(s, 3, id, 0x2000, 0x55), 0);
	CHECK_OK(sse_read_attrs(s, 3, id, SSE_ATTR_ENTRY_PC, 2, v), 0);
	CHECK_EQ(v[0], 0x2000);
	CHECK_EQ(v[1], 0x55);
}

static void t_attr_writes(void)
{
	struct sse_sys *s = fresh(false);
	uint32_t id = SSE_EV_LOCAL_SOFTWARE, g = SSE_EV_GLOBAL_SOFTWARE;
	unsigned long v[4] = { 5, SSE_CONFIG_ONESHOT, 1, 0 };

	/* read-only */
	CHECK_ERR(wattr(s, 0, id, SSE_ATTR_STATUS, 0), SBI_ERR_DENIED);
	CHECK_ERR(wattr(s, 0, id, SSE_ATTR_ENTRY_PC, 0), SBI_ERR_DENIED);
	CHECK_ERR(wattr(s, 0, id, SSE_ATTR_ENTRY_ARG, 0), SBI_ERR_DENIED);
	CHECK_ERR(wattr(s, 0, id, SSE_ATTR_PREFERRED_HART, 0), SBI_ERR_DENIED);   /* local */
	/* values */
	CHECK_ERR(wattr(s, 0, id, SSE_ATTR_CONFIG, ~SSE_CONFIG_ONESHOT), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(wattr(s, 0, id, SSE_ATTR_CONFIG, 2), SBI_ERR_INVALID_PARAM);
	if (sizeof(long) == 8)
		CHECK_ERR(wattr(s, 0, id, SSE_ATTR_PRIORITY, (unsigned long)((uint64_t)1 << 32)),
			  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(wattr(s, 0, g, SSE_ATTR_PREFERRED_HART, 2), SBI_ERR_INVALID_PARAM);  /* no hart 2 */
	CHECK_ERR(wattr(s, 0, g, SSE_ATTR_PREFERRED_HART, NHARTS), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(wattr(s, 0, g, SSE_ATTR_PREFERRED_HART, 0xffffffff), SBI_ERR_INVALID_PARAM);
	/* interrupted state: RUNNING only */
	for (unsigned a = SSE_ATTR_INTERRUPTED_SEPC; a <= SSE_ATTR_INTERRUPTED_A7; a++)
		CHECK_ERR(wattr(s, 0, id, a, 1), SBI_ERR_INVALID_STATE);
	/* all or nothing, first error in ID order: PRIORITY..PREFERRED_HART
	 * fails on PREFERRED_HART (local: DENIED) and writes nothing */
	CHECK_ERR(sse_write_attrs(s, 0, id, SSE_ATTR_PRIORITY, 3, v).error, SBI_ERR_DENIED);
	CHECK_EQ(attr(s, 0, id, SSE_ATTR_PRIORITY), 0);
	CHECK_OK(sse_write_attrs(s, 0, id, SSE_ATTR_PRIORITY, 2, v), 0);
	CHECK_EQ(attr(s, 0, id, SSE_ATTR_PRIORITY), 5);
	CHECK_EQ(attr(s, 0, id, SSE_ATTR_CONFIG), SSE_CONFIG_ONESHOT);
	/* the global event: its preferred hart, for every hart to see */
	CHECK_EQ(attr(s, 3, g, SSE_ATTR_PREFERRED_HART), 0);
	CHECK_OK(sse_write_attrs(s, 0, g, SSE_ATTR_PRIORITY, 3, v), 0);
	CHECK_EQ(attr(s, 3, g, SSE_ATTR_PREFERRED_HART), 1);
	/* writable in UNUSED and REGISTERED, not ENABLED */
	ready(s, 0, id, 0x1000);
	CHECK_ERR(wattr(s, 0, id, SSE_ATTR_PRIORITY, 1), SBI_ERR_INVALID_STATE);
	CHECK_ERR(wattr(s, 0, id, SSE_ATTR_CONFIG, 0), SBI_ERR_INVALID_STATE);
	/* DENIED comes before INVALID_STATE */
	CHECK_ERR(wattr(s, 0, id, SSE_ATTR_ENTRY_PC, 0), SBI_ERR_DENIED);
	ready(s, 1, g, 0x1000);
	CHECK_ERR(wattr(s, 0, g, SSE_ATTR_PREFERRED_HART, 0), SBI_ERR_INVALID_STATE);
}

/* The regs of S-mode running at pc with SIE set, SPP = U, SPIE = 1. */
static struct sse_regs s_regs(unsigned long pc)
{
	return (struct sse_regs){ .pc = pc, .mode = SSE_PRV_S, .a6 = 0x66, .a7 = 0x77,
				  .sepc = 0x5e9c, .sstatus = SSE_SSTATUS_SIE | SSE_SSTATUS_SPIE };
}

/* Everything complete gives back: as it was before the event. */
static void check_regs(const struct sse_regs *got, const struct sse_regs *want)
{
	CHECK_EQ(got->pc, want->pc);
	CHECK_EQ(got->mode, want->mode);
	CHECK_EQ(got->a6, want->a6);
	CHECK_EQ(got->a7, want->a7);
	CHECK_EQ(got->sepc, want->sepc);
	CHECK_EQ(got->sstatus, want->sstatus);
	CHECK_EQ(got->virt, want->virt);
	CHECK_EQ(got->hstatus, want->hstatus);
}

static void t_enter_complete(void)
{
	struct sse_sys *s = fresh(false);
	uint32_t id = SSE_EV_LOCAL_SOFTWARE;
	struct sse_regs r = s_regs(0x8000), before = r;
	struct sse_event *e;
	unsigned long t, v[4];

	ready(s, 1, id, 0x1000);
	CHECK(!sse_complete(s, 1, &r));            /* nothing running: nothing happens */
	CHECK_EQ(r.pc, 0x8000);
	CHECK_OK(sse_inject(s, 0, id, 1, &t), 0);  /* from hart 0, for hart 1 */
	CHECK_EQ(t, 1);
	CHECK_EQ(attr(s, 1, id, SSE_ATTR_STATUS), SSE_ENABLED | SSE_STATUS_PENDING | SSE_STATUS_INJECT);
	CHECK(sse_next(s, 0) == 0);
	CHECK(sse_next(s, 1) == 0);                /* masked */
	CHECK_OK(sse_hart_unmask(s, 1), 0);
	e = sse_next(s, 1);
	CHECK(e == &harts[1].local[SSE_LOCAL_SOFTWARE]);
	sse_enter(s, 1, e, &r);
	CHECK_EQ(r.pc, 0x1000);
	CHECK_EQ(r.mode, SSE_PRV_S);
	CHECK_EQ(r.a6, 1);                         /* hart ID */
	CHECK_EQ(r.a7, 0x1001);                    /* ENTRY_ARG */
	CHECK_EQ(r.sepc, 0x8000);                  /* interrupted pc */
	CHECK_EQ(r.sstatus, SSE_SSTATUS_SPP | SSE_SSTATUS_SPIE);   /* SIE 0, SPIE = SIE, SPP = S */
	CHECK_EQ(attr(s, 1, id, SSE_ATTR_STATUS), SSE_RUNNING | SSE_STATUS_INJECT);
	CHECK_OK(sse_read_attrs(s, 1, id, SSE_ATTR_INTERRUPTED_SEPC, 4, v), 0);
	CHECK_EQ(v[0], 0x5e9c);
	CHECK_EQ(v[1], SSE_FLAG_SPIE);             /* SPP was U, SPIE 1 */
	CHECK_EQ(v[2], 0x66);
	CHECK_EQ(v[3], 0x77);
	CHECK(sse_next(s, 1) == 0);                /* it runs: not again until complete */
	/* RUNNING: only the hart running it writes the interrupted state */
	CHECK_ERR(wattr(s, 1, id, SSE_ATTR_INTERRUPTED_FLAGS, SSE_FLAGS_DEFINED + 1),
		  SBI_ERR_INVALID_PARAM);
	CHECK_OK(sse_write_attrs(s, 1, id, SSE_ATTR_INTERRUPTED_FLAGS, 1, &v[1]), 0);
	CHECK_ERR(sse_disable(s, 1, id).error, SBI_ERR_INVALID_STATE);
	CHECK_ERR(sse_unregister(s, 1, id).error, SBI_ERR_INVALID_STATE);
	/* signalled again while it runs: pending, taken after complete */
	CHECK_OK(sse_inject(s, 1, id, 1, &t), 0);
	CHECK(sse_next(s, 1) == 0);
	CHECK(sse_complete(s, 1, &r));
	check_regs(&r, &before);
	CHECK_EQ(attr(s, 1, id, SSE_ATTR_STATUS), SSE_ENABLED | SSE_STATUS_PENDING | SSE_STATUS_INJECT);
	CHECK(sse_next(s, 1) == e);
}

/* A handler rewrites its interrupted state: complete resumes there. */
static void t_complete_elsewhere(void)
{
	struct sse_sys *s = fresh(false);
	uint32_t id = SSE_EV_LOCAL_SOFTWARE;
	struct sse_regs r = { .pc = 0x8000, .mode = SSE_PRV_U, .sstatus = SSE_SSTATUS_SPP };
	unsigned long t, v[4] = { 0x4444, SSE_FLAG_SPIE, 6, 7 };

	ready(s, 0, id, 0x1000);
	CHECK_OK(sse_hart_unmask(s, 0), 0);
	CHECK_OK(sse_inject(s, 0, id, 0, &t), 0);
	sse_enter(s, 0, sse_next(s, 0), &r);
	CHECK_EQ(r.sstatus, 0);                    /* SPP = U, SPIE = SIE = 0 */
	CHECK_EQ(r.sepc, 0x8000);
	CHECK_OK(sse_write_attrs(s, 0, id, SSE_ATTR_INTERRUPTED_SEPC, 4, v), 0);
	r.sepc = 0x9000;                           /* resume at 0x9000 in U-mode */
	CHECK(sse_complete(s, 0, &r));
	CHECK_EQ(r.pc, 0x9000);
	CHECK_EQ(r.mode, SSE_PRV_U);
	CHECK_EQ(r.sepc, 0x4444);
	CHECK_EQ(r.sstatus, SSE_SSTATUS_SPIE);
	CHECK_EQ(r.a6, 6);
	CHECK_EQ(r.a7, 7);
}

/*
 * A guest in VS-mode interrupted (SBI SSE "Software Event Injection" with
 * H): the flags keep the host's SPV and SPVP, the handler runs in HS-mode
 * with SPV = 1 and SPVP = the guest's mode; complete returns to the guest.
 */
static void t_enter_guest(void)
{
	struct sse_sys *s = fresh(false);
	uint32_t id = SSE_EV_LOCAL_SOFTWARE;
	struct sse_regs r = s_regs(0x8000), before;
	unsigned long t, v[2];

	r.virt = 1;
	r.hstatus = SSE_HSTATUS_SPVP;             /* the host's, from an earlier trap */
	before = r;
	ready(s, 0, id, 0x1000);
	CHECK_OK(sse_hart_unmask(s, 0), 0);
	CHECK_OK(sse_inject(s, 0, id, 0, &t), 0);
	sse_enter(s, 0, sse_next(s, 0), &r);
	CHECK_EQ(r.virt, 0);                       /* the handler runs in HS-mode */
	CHECK_EQ(r.mode, SSE_PRV_S);
	CHECK_EQ(r.hstatus, SSE_HSTATUS_SPV | SSE_HSTATUS_SPVP);   /* VS: SPP = 1 = SPVP */
	CHECK_OK(sse_read_attrs(s, 0, id, SSE_ATTR_INTERRUPTED_SEPC, 2, v), 0);
	CHECK_EQ(v[1], SSE_FLAG_SPIE | SSE_FLAG_SPVP);
	CHECK(sse_complete(s, 0, &r));
	check_regs(&r, &before);

	/* VU-mode: SPP = 0, so SPVP = 0; the flags give SPV back as it was. */
	r = s_regs(0x8000);
	r.mode = SSE_PRV_U;
	r.virt = 1;
	r.hstatus = SSE_HSTATUS_SPV;
	before = r;
	CHECK_OK(sse_inject(s, 0, id, 0, &t), 0);
	sse_enter(s, 0, sse_next(s, 0), &r);
	CHECK_EQ(r.hstatus, SSE_HSTATUS_SPV);
	CHECK_OK(sse_read_attrs(s, 0, id, SSE_ATTR_INTERRUPTED_FLAGS, 1, v), 0);
	CHECK_EQ(v[0], SSE_FLAG_SPIE | SSE_FLAG_SPV);
	CHECK(sse_complete(s, 0, &r));
	check_regs(&r, &before);

	/* The host interrupted: SPV goes to 0 for the handler, and back. */
	r = s_regs(0x8000);
	r.hstatus = SSE_HSTATUS_SPV | SSE_HSTATUS_SPVP;
	before = r;
	CHECK_OK(sse_inject(s, 0, id, 0, &t), 0);
	sse_enter(s, 0, sse_next(s, 0), &r);
	CHECK_EQ(r.hstatus, SSE_HSTATUS_SPVP);
	CHECK(sse_complete(s, 0, &r));
	check_regs(&r, &before);
}

static void t_oneshot(void)
{
	struct sse_sys *s = fresh(false);
	uint32_t id = SSE_EV_LOCAL_SOFTWARE;
	struct sse_regs r = s_regs(0x8000);
	unsigned long t;

	CHECK_OK(sse_register(s, 0, id, 0x1000, 0), 0);
	CHECK_EQ(wattr(s, 0, id, SSE_ATTR_CONFIG, SSE_CONFIG_ONESHOT), 0);
	CHECK_OK(sse_enable(s, 0, id, &t), 0);
	CHECK_OK(sse_hart_unmask(s, 0), 0);
	CHECK_OK(sse_inject(s, 0, id, 0, &t), 0);
	sse_enter(s, 0, sse_next(s, 0), &r);
	CHECK(sse_complete(s, 0, &r));
	CHECK_EQ(attr(s, 0, id, SSE_ATTR_STATUS) & 3, SSE_REGISTERED);
	/* injected while REGISTERED: pending, not run; unregister drops it */
	CHECK_OK(sse_inject(s, 0, id, 0, &t), 0);
	CHECK(sse_next(s, 0) == 0);
	CHECK_OK(sse_unregister(s, 0, id), 0);
	CHECK_EQ(attr(s, 0, id, SSE_ATTR_STATUS), SSE_UNUSED | SSE_STATUS_INJECT);
}

static void t_mask(void)
{
	struct sse_sys *s = fresh(false);
	unsigned long t;

	CHECK_ERR(sse_hart_mask(s, 0).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_OK(sse_hart_unmask(s, 0), 0);
	CHECK_ERR(sse_hart_unmask(s, 0).error, SBI_ERR_ALREADY_STARTED);
	ready(s, 0, SSE_EV_LOCAL_SOFTWARE, 0x1000);
	CHECK_OK(sse_hart_mask(s, 0), 0);
	CHECK_OK(sse_inject(s, 0, SSE_EV_LOCAL_SOFTWARE, 0, &t), 0);
	CHECK(sse_next(s, 0) == 0);
	CHECK_OK(sse_hart_unmask(s, 0), 0);
	CHECK(sse_next(s, 0) == &harts[0].local[SSE_LOCAL_SOFTWARE]);
	/* hart reset: masked, local events unused */
	sse_hart_reset(s, 0);
	CHECK_ERR(sse_hart_mask(s, 0).error, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(attr(s, 0, SSE_EV_LOCAL_SOFTWARE, SSE_ATTR_STATUS) & 3, SSE_UNUSED);
	/* inject names an existing hart for a local event; ignores it for a global one */
	CHECK_ERR(sse_inject(s, 0, SSE_EV_LOCAL_SOFTWARE, 2, &t).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(sse_inject(s, 0, SSE_EV_LOCAL_SOFTWARE, NHARTS, &t).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(sse_inject(s, 0, SSE_EV_LOCAL_SOFTWARE, ~0UL, &t).error, SBI_ERR_INVALID_PARAM);
	CHECK_OK(sse_inject(s, 0, SSE_EV_GLOBAL_SOFTWARE, ~0UL, &t), 0);
	CHECK_EQ(t, 0);
}

/*
 * The guard (issue 23): an event whose state says ENABLED but which never
 * got a handler from register (as a broken reset could leave it) is never
 * a candidate, so S-mode is never entered at an ENTRY_PC it did not give;
 * after unregister, a forced state does not bring the old handler back.
 */
static void t_no_handler_no_entry(void)
{
	struct sse_sys *s = fresh(false);
	struct sse_event *e = &harts[1].local[SSE_LOCAL_SOFTWARE];
	unsigned long t;

	CHECK_OK(sse_hart_unmask(s, 1), 0);
	e->state = SSE_ENABLED;          /* never registered */
	CHECK_OK(sse_inject(s, 0, SSE_EV_LOCAL_SOFTWARE, 1, &t), 0);
	CHECK(sse_next(s, 1) == 0);
	e->state = SSE_UNUSED;
	ready(s, 1, SSE_EV_LOCAL_SOFTWARE, 0x1000);
	CHECK(sse_next(s, 1) == e);      /* registered and enabled: it may run */
	CHECK_OK(sse_disable(s, 1, SSE_EV_LOCAL_SOFTWARE), 0);
	CHECK_OK(sse_unregister(s, 1, SSE_EV_LOCAL_SOFTWARE), 0);
	e->state = SSE_ENABLED;
	e->pending = true;
	CHECK(sse_next(s, 1) == 0);
}

/* The global event runs on its preferred hart only. */
static void t_global(void)
{
	struct sse_sys *s = fresh(false);
	uint32_t g = SSE_EV_GLOBAL_SOFTWARE;
	struct sse_regs r = s_regs(0x8000);
	unsigned long t = ~0UL;

	CHECK_OK(sse_register(s, 0, g, 0x3000, 0), 0);
	CHECK_EQ(attr(s, 3, g, SSE_ATTR_STATUS) & 3, SSE_REGISTERED);   /* one state for all */
	CHECK_ERR(sse_register(s, 3, g, 0x3000, 0).error, SBI_ERR_INVALID_STATE);
	CHECK_EQ(wattr(s, 0, g, SSE_ATTR_PREFERRED_HART, 3), 0);
	CHECK_OK(sse_enable(s, 1, g, &t), 0);
	CHECK_EQ(t, 3);
	for (unsigned long h = 0; h < NHARTS; h++)
		if (h != 2)
			sse_hart_unmask(s, h);
	CHECK_OK(sse_inject(s, 0, g, 1, &t), 0);   /* hart_id ignored */
	CHECK_EQ(t, 3);
	CHECK(sse_next(s, 0) == 0);
	CHECK(sse_next(s, 1) == 0);
	CHECK(sse_next(s, 3) == &s->global[SSE_GLOBAL_SOFTWARE]);
	sse_enter(s, 3, sse_next(s, 3), &r);
	CHECK_EQ(r.a6, 3);
	/* only hart 3 may touch its interrupted state, or complete it */
	CHECK_ERR(wattr(s, 0, g, SSE_ATTR_INTERRUPTED_A6, 1), SBI_ERR_INVALID_STATE);
	CHECK_EQ(wattr(s, 3, g, SSE_ATTR_INTERRUPTED_A6, 0x66), 0);
	CHECK(!sse_complete(s, 0, &r));
	CHECK(sse_complete(s, 3, &r));
	CHECK_EQ(attr(s, 0, g, SSE_ATTR_STATUS) & 3, SSE_ENABLED);
	/* hart 3 stops inside the handler and is started again: the event
	 * is not left RUNNING forever */
	CHECK_OK(sse_inject(s, 0, g, 0, &t), 0);
	sse_enter(s, 3, sse_next(s, 3), &r);
	sse_hart_reset(s, 1);
	CHECK_EQ(attr(s, 0, g, SSE_ATTR_STATUS) & 3, SSE_RUNNING);   /* another hart's reset: no */
	sse_hart_reset(s, 3);
	CHECK_EQ(attr(s, 0, g, SSE_ATTR_STATUS) & 3, SSE_ENABLED);
	CHECK(!sse_complete(s, 3, &r));
}

/* Two pending events: lower PRIORITY first, then lower event_id. */
static void t_priority_order(void)
{
	struct sse_sys *s = fresh(true);
	uint32_t lo = SSE_EV_LOCAL_SOFTWARE, pmu = SSE_EV_LOCAL_PMU_OVERFLOW,
		 g = SSE_EV_GLOBAL_SOFTWARE;
	struct sse_regs r = s_regs(0x8000);
	unsigned long t;

	/* equal priorities: the lower ID (PMU overflow 0x10000) first */
	ready(s, 0, lo, 0x1000);
	ready(s, 0, pmu, 0x2000);
	CHECK_OK(sse_hart_unmask(s, 0), 0);
	CHECK_OK(sse_inject(s, 0, lo, 0, &t), 0);
	sse_signal_local(s, 0, SSE_LOCAL_PMU_OVERFLOW);
	CHECK(sse_next(s, 0)->id == pmu);
	/* the priority value outweighs the ID */
	s = fresh(true);
	CHECK_EQ(wattr(s, 0, pmu, SSE_ATTR_PRIORITY, 2), 0);
	CHECK_EQ(wattr(s, 0, g, SSE_ATTR_PRIORITY, 1), 0);
	ready(s, 0, lo, 0x1000);
	ready(s, 0, pmu, 0x2000);
	ready(s, 0, g, 0x3000);
	CHECK_OK(sse_hart_unmask(s, 0), 0);
	CHECK_OK(sse_inject(s, 0, lo, 0, &t), 0);
	CHECK_OK(sse_inject(s, 0, g, 0, &t), 0);
	sse_signal_local(s, 0, SSE_LOCAL_PMU_OVERFLOW);
	CHECK(sse_next(s, 0)->id == lo);           /* 0 < 1 < 2 */
	sse_enter(s, 0, sse_next(s, 0), &r);
	CHECK(sse_next(s, 0) == 0);                /* the others wait for the higher one */
	CHECK(sse_complete(s, 0, &r));
	CHECK(sse_next(s, 0)->id == g);
	sse_enter(s, 0, sse_next(s, 0), &r);
	CHECK(sse_complete(s, 0, &r));
	CHECK(sse_next(s, 0)->id == pmu);
	sse_enter(s, 0, sse_next(s, 0), &r);
	CHECK(sse_complete(s, 0, &r));
	CHECK(sse_next(s, 0) == 0);
	CHECK_EQ(r.pc, 0x8000);
}

/* Both software events ready on unmasked hart 0; `first` injected and
 * entered (its handler's regs in *r). */
static void software_running(struct sse_sys *s, uint32_t first, struct sse_regs *r)
{
	unsigned long t;

	ready(s, 0, SSE_EV_LOCAL_SOFTWARE, 0x1000);
	ready(s, 0, SSE_EV_GLOBAL_SOFTWARE, 0x3000);
	CHECK_OK(sse_hart_unmask(s, 0), 0);
	CHECK_OK(sse_inject(s, 0, first, 0, &t), 0);
	sse_enter(s, 0, sse_next(s, 0), r);
}

/* At priority 0 both: `running` runs, `then` is injected: what may run now? */
static struct sse_event *running_then(uint32_t running, uint32_t then)
{
	struct sse_sys *s = fresh(false);
	struct sse_regs r = s_regs(0x8000);
	unsigned long t;

	software_running(s, running, &r);
	CHECK_OK(sse_inject(s, 0, then, 0, &t), 0);
	return sse_next(s, 0);
}

/* A higher-priority event preempts a running handler; complete unwinds in order. */
static void t_preemption(void)
{
	struct sse_sys *s = fresh(false);
	uint32_t lo = SSE_EV_LOCAL_SOFTWARE, g = SSE_EV_GLOBAL_SOFTWARE;
	struct sse_regs r = s_regs(0x8000), orig = r, in_lo;
	unsigned long t;

	CHECK_EQ(wattr(s, 0, lo, SSE_ATTR_PRIORITY, 10), 0);
	CHECK_EQ(wattr(s, 0, g, SSE_ATTR_PRIORITY, 5), 0);
	software_running(s, lo, &r);
	/* the low handler runs; it calls inject (a6/a7 = FID/EID) for the higher one */
	r.pc = 0x1010;
	r.a6 = SSE_FID_INJECT;
	r.a7 = SBI_EXT_SSE;
	in_lo = r;
	CHECK_OK(sse_inject(s, 0, g, 0, &t), 0);
	CHECK(sse_next(s, 0)->id == g);
	sse_enter(s, 0, sse_next(s, 0), &r);
	CHECK_EQ(r.pc, 0x3000);
	CHECK_EQ(attr(s, 0, g, SSE_ATTR_INTERRUPTED_A6), SSE_FID_INJECT);
	CHECK_EQ(attr(s, 0, g, SSE_ATTR_INTERRUPTED_A7), SBI_EXT_SSE);
	CHECK_EQ(attr(s, 0, lo, SSE_ATTR_STATUS) & 3, SSE_RUNNING);
	/* inside the high handler, the low event injected again waits */
	CHECK_OK(sse_inject(s, 0, lo, 0, &t), 0);
	CHECK(sse_next(s, 0) == 0);
	CHECK(sse_complete(s, 0, &r));             /* the high one: back in the low handler */
	check_regs(&r, &in_lo);
	CHECK_EQ(attr(s, 0, g, SSE_ATTR_STATUS) & 3, SSE_ENABLED);
	CHECK(sse_next(s, 0) == 0);                /* the low one is still running */
	CHECK(sse_complete(s, 0, &r));
	check_regs(&r, &orig);
	CHECK(sse_next(s, 0)->id == lo);           /* and now its second signal */
	/* equal priorities: the lower ID is the higher priority, and preempts
	 * (local software 0xffff0000 over global software 0xffff8000) ... */
	CHECK(running_then(g, lo) == &harts[0].local[SSE_LOCAL_SOFTWARE]);
	/* ... but not the other way round */
	CHECK(running_then(lo, g) == 0);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_event_ids);
	RUN(t_state_machine);
	RUN(t_attr_ranges);
	RUN(t_attr_writes);
	RUN(t_enter_complete);
	RUN(t_complete_elsewhere);
	RUN(t_enter_guest);
	RUN(t_oneshot);
	RUN(t_mask);
	RUN(t_no_handler_no_entry);
	RUN(t_global);
	RUN(t_priority_order);
	RUN(t_preemption);
	return h_done();
}
