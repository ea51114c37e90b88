/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE's state machine, attributes and priorities, on plain structs (sse.h).
 *
 * The states ("Software Event States", figure "SBI SSE State Machine"):
 *
 *   UNUSED --register--> REGISTERED --enable--> ENABLED --signalled--> RUNNING
 *   UNUSED <-unregister- REGISTERED <-disable-- ENABLED <--complete--- RUNNING
 *                        REGISTERED <------complete, one-shot-------- RUNNING
 *
 * A local event has a state per hart; a global one, one state, and it runs on
 * its PREFERRED_HART: no hart ever looks at another's events.
 */
#include "cores/sse/sse.h"

static struct sse_hart *hart_events(const struct sse_sys *s, unsigned long hart)
{
	return (struct sse_hart *)((char *)s->records[hart] + s->offset);
}

/* The same for a hart that may have no record: NULL then. The caller uses
 * the pointer it checked, not a second load of the table. */
static struct sse_hart *record_events(const struct sse_sys *s, unsigned long hart)
{
	char *rec = s->records[hart];

	return rec ? (struct sse_hart *)(rec + s->offset) : 0;
}

/* The event an event_id names on this hart, or NULL and *err (table "SSE Event
 * ID Space"): standard ones Tally cannot raise are NOT_SUPPORTED, every other
 * ID INVALID_PARAM. The pointer is the answer, so a caller uses it only
 * where it checked it. */
static struct sse_event *find(struct sse_sys *s, unsigned long hart, uint32_t id, long *err)
{
	*err = SBI_SUCCESS;
	switch (id) {
	case SSE_EV_LOCAL_SOFTWARE:
		return &hart_events(s, hart)->local[SSE_LOCAL_SOFTWARE];
	case SSE_EV_GLOBAL_SOFTWARE:
		return &s->global[SSE_GLOBAL_SOFTWARE];
	case SSE_EV_LOCAL_PMU_OVERFLOW:
		if (s->pmu_overflow)
			return &hart_events(s, hart)->local[SSE_LOCAL_PMU_OVERFLOW];
		*err = SBI_ERR_NOT_SUPPORTED;
		return 0;
	case SSE_EV_LOCAL_HIGH_PRIO_RAS:
	case SSE_EV_LOCAL_DOUBLE_TRAP:
	case SSE_EV_GLOBAL_HIGH_PRIO_RAS:
	case SSE_EV_LOCAL_LOW_PRIO_RAS:
	case SSE_EV_GLOBAL_LOW_PRIO_RAS:
		*err = SBI_ERR_NOT_SUPPORTED;
		return 0;
	default:
		*err = SBI_ERR_INVALID_PARAM;
		return 0;
	}
}

static bool is_global(const struct sse_event *e)
{
	return e->id & SSE_EV_GLOBAL;
}

static void event_init(struct sse_event *e, uint32_t id, unsigned long hart)
{
	*e = (struct sse_event){ .id = id, .hart = hart };
}

void sse_init(struct sse_sys *s, unsigned long boot_hart)
{
	/* PREFERRED_HART's reset value is ours to pick: the boot hart. */
	event_init(&s->global[SSE_GLOBAL_SOFTWARE], SSE_EV_GLOBAL_SOFTWARE, boot_hart);
}

/* A reset hart abandons its handlers: a global event it was running goes back
 * to ENABLED (nothing completed it), its local events start over. */
void sse_hart_reset(struct sse_sys *s, unsigned long hart)
{
	struct sse_hart *h = hart_events(s, hart);

	for (unsigned i = 0; i < SSE_NUM_GLOBAL; i++)
		if (s->global[i].state == SSE_RUNNING && s->global[i].running_on == hart)
			s->global[i].state = SSE_ENABLED;
	event_init(&h->local[SSE_LOCAL_SOFTWARE], SSE_EV_LOCAL_SOFTWARE, hart);
	event_init(&h->local[SSE_LOCAL_PMU_OVERFLOW], SSE_EV_LOCAL_PMU_OVERFLOW, hart);
	h->unmasked = false;
	h->depth = 0;
}

/* STATUS: state, pending, and "injection allowed", which every event here allows. */
static unsigned long status(const struct sse_event *e)
{
	return e->state | (e->pending ? SSE_STATUS_PENDING : 0) | SSE_STATUS_INJECT;
}

/* read/write_attrs' checks before memory is looked at (tables "... Read/Write Errors"):
 * the event, or NULL and *err. */
static struct sse_event *attrs_event(struct sse_sys *s, unsigned long hart, uint32_t id,
				     uint32_t base, uint32_t count, long *err)
{
	struct sse_event *e = find(s, hart, id, err);

	if (!e)
		return 0;
	if (count == 0)
		*err = SBI_ERR_INVALID_PARAM;
	else if (base >= SSE_NUM_ATTRS || count > SSE_NUM_ATTRS - base)
		*err = SBI_ERR_BAD_RANGE;      /* an attribute ID in the range is reserved */
	return *err ? 0 : e;
}

struct sbiret sse_attrs_check(struct sse_sys *s, unsigned long hart, uint32_t id,
			      uint32_t base, uint32_t count)
{
	long err;

	attrs_event(s, hart, id, base, count, &err);
	return err ? sbi_err(err) : sbi_ok(0);
}

static unsigned long attr_value(const struct sse_event *e, unsigned attr)
{
	switch (attr) {
	case SSE_ATTR_STATUS:            return status(e);
	case SSE_ATTR_PRIORITY:          return e->priority;
	case SSE_ATTR_CONFIG:            return e->config;
	case SSE_ATTR_PREFERRED_HART:    return e->hart;
	case SSE_ATTR_ENTRY_PC:          return e->entry_pc;
	case SSE_ATTR_ENTRY_ARG:         return e->entry_arg;
	case SSE_ATTR_INTERRUPTED_SEPC:  return e->sepc;
	case SSE_ATTR_INTERRUPTED_FLAGS: return e->flags;
	case SSE_ATTR_INTERRUPTED_A6:    return e->a6;
	default:                         return e->a7;
	}
}

/* out[i] is attribute base + i: attr_count values, as OpenSBI and kvm-unit-tests read it. */
struct sbiret sse_read_attrs(struct sse_sys *s, unsigned long hart, uint32_t id,
			     uint32_t base, uint32_t count, unsigned long *out)
{
	long err;
	struct sse_event *e = attrs_event(s, hart, id, base, count, &err);

	if (!e)
		return sbi_err(err);
	/* count <= SSE_NUM_ATTRS - base, checked above; bounded again where out is indexed */
	for (uint32_t i = 0; i < count && i < SSE_NUM_ATTRS; i++)
		out[i] = attr_value(e, base + i);
	return sbi_ok(0);
}

/* One write against table "SSE Event Attributes": DENIED, INVALID_STATE, INVALID_PARAM. */
static long attr_write_error(struct sse_sys *s, unsigned long hart, const struct sse_event *e,
			     unsigned attr, unsigned long v)
{
	bool settled = e->state <= SSE_REGISTERED;   /* UNUSED or REGISTERED */

	switch (attr) {
	case SSE_ATTR_PRIORITY:
		if (!settled)
			return SBI_ERR_INVALID_STATE;
		/* "only lower 32-bits of the value are used": more is not a priority */
		return (uint64_t)v >> 32 ? SBI_ERR_INVALID_PARAM : SBI_SUCCESS;
	case SSE_ATTR_CONFIG:
		if (!settled)
			return SBI_ERR_INVALID_STATE;
		return v & ~SSE_CONFIG_ONESHOT ? SBI_ERR_INVALID_PARAM : SBI_SUCCESS;
	case SSE_ATTR_PREFERRED_HART:
		if (!is_global(e))
			return SBI_ERR_DENIED;           /* RO for local events */
		if (!settled)
			return SBI_ERR_INVALID_STATE;
		/* an ID with a record (tested here, where it may index them), and there */
		return v < s->num_harts && s->hart_ok(v) ? SBI_SUCCESS : SBI_ERR_INVALID_PARAM;
	case SSE_ATTR_INTERRUPTED_SEPC:
	case SSE_ATTR_INTERRUPTED_FLAGS:
	case SSE_ATTR_INTERRUPTED_A6:
	case SSE_ATTR_INTERRUPTED_A7:
		/* RUNNING only, and for a global event only on the hart running it */
		if (e->state != SSE_RUNNING || e->running_on != hart)
			return SBI_ERR_INVALID_STATE;
		if (attr == SSE_ATTR_INTERRUPTED_FLAGS && (v & ~SSE_FLAGS_DEFINED))
			return SBI_ERR_INVALID_PARAM;
		return SBI_SUCCESS;
	default:                                 /* STATUS, ENTRY_PC, ENTRY_ARG */
		return SBI_ERR_DENIED;
	}
}

/* All or nothing: each value checked as it goes into a copy of the event,
 * which replaces the event only once every value passed; the first error wins. */
struct sbiret sse_write_attrs(struct sse_sys *s, unsigned long hart, uint32_t id,
			      uint32_t base, uint32_t count, const unsigned long *in)
{
	long err;
	struct sse_event *e = attrs_event(s, hart, id, base, count, &err);
	struct sse_event n;

	if (!e)
		return sbi_err(err);
	n = *e;
	/* As in sse_read_attrs, the bound where in is indexed; and PREFERRED_HART's
	 * value passed attr_write_error(), so it is below num_harts, as a record index must be. */
	for (uint32_t i = 0; i < count && i < SSE_NUM_ATTRS; i++) {
		unsigned long v = in[i];
		err = attr_write_error(s, hart, e, base + i, v);
		if (err)
			return sbi_err(err);
		switch (base + i) {
		case SSE_ATTR_PRIORITY:          n.priority = (uint32_t)v; break;
		case SSE_ATTR_CONFIG:            n.config = v; break;
		case SSE_ATTR_PREFERRED_HART:    n.hart = v < s->num_harts ? v : n.hart; break;
		case SSE_ATTR_INTERRUPTED_SEPC:  n.sepc = v; break;
		case SSE_ATTR_INTERRUPTED_FLAGS: n.flags = v; break;
		case SSE_ATTR_INTERRUPTED_A6:    n.a6 = v; break;
		case SSE_ATTR_INTERRUPTED_A7:    n.a7 = v; break;
		}
	}
	*e = n;
	return sbi_ok(0);
}

/* register, unregister, enable, disable: one state to another, or INVALID_STATE. */
static struct sbiret move(struct sse_sys *s, unsigned long hart, uint32_t id,
			  enum sse_state from, enum sse_state to, struct sse_event **ep)
{
	long err;
	struct sse_event *e = find(s, hart, id, &err);

	if (!e)
		return sbi_err(err);
	if (e->state != from)
		return sbi_err(SBI_ERR_INVALID_STATE);
	e->state = (uint8_t)to;
	if (ep)
		*ep = e;
	return sbi_ok(0);
}

struct sbiret sse_register(struct sse_sys *s, unsigned long hart, uint32_t id,
			   unsigned long entry_pc, unsigned long entry_arg)
{
	long err;
	struct sse_event *e = find(s, hart, id, &err);

	if (!e)
		return sbi_err(err);
	/* A call that could never succeed says so before INVALID_STATE. */
	if (entry_pc & 1)
		return sbi_err(SBI_ERR_INVALID_PARAM);   /* "MUST be 2-bytes aligned" */
	if (e->state != SSE_UNUSED)
		return sbi_err(SBI_ERR_INVALID_STATE);
	e->state = SSE_REGISTERED;
	e->handler = true;
	e->entry_pc = entry_pc;
	e->entry_arg = entry_arg;
	return sbi_ok(0);
}

/* A signal to an event nobody handles any more is dropped with the handler. */
struct sbiret sse_unregister(struct sse_sys *s, unsigned long hart, uint32_t id)
{
	struct sse_event *e = 0;
	struct sbiret r = move(s, hart, id, SSE_REGISTERED, SSE_UNUSED, &e);

	if (e) {
		e->pending = false;
		e->handler = false;
	}
	return r;
}

/* The hart an event runs on: its own for a local one, the preferred one for a global. */
static unsigned long target_of(const struct sse_event *e, unsigned long hart)
{
	return is_global(e) ? e->hart : hart;
}

struct sbiret sse_enable(struct sse_sys *s, unsigned long hart, uint32_t id,
			 unsigned long *target)
{
	struct sse_event *e = 0;
	struct sbiret r = move(s, hart, id, SSE_REGISTERED, SSE_ENABLED, &e);

	if (e)
		*target = target_of(e, hart);   /* pending already: it may run now */
	return r;
}

struct sbiret sse_disable(struct sse_sys *s, unsigned long hart, uint32_t id)
{
	return move(s, hart, id, SSE_ENABLED, SSE_REGISTERED, 0);
}

/* inject: signalled as by its source, pending until it may run (sse_next);
 * hart_id names the hart of a local event, and is ignored for a global one. */
struct sbiret sse_inject(struct sse_sys *s, unsigned long hart, uint32_t id,
			 unsigned long hart_id, unsigned long *target)
{
	long err;
	struct sse_event *e = find(s, hart, id, &err);
	struct sse_hart *h;

	if (!e)
		return sbi_err(err);
	if (is_global(e)) {
		e->pending = true;
		*target = e->hart;
		return sbi_ok(0);
	}
	/* tested here, where hart_id then indexes the records */
	h = hart_id < s->num_harts && s->hart_ok(hart_id) ? record_events(s, hart_id) : 0;
	if (!h)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* That hart's copy of the event, by a constant index: each call then
	 * writes one field of a record, not any byte of several. */
	if (id == SSE_EV_LOCAL_SOFTWARE)
		h->local[SSE_LOCAL_SOFTWARE].pending = true;
	else
		h->local[SSE_LOCAL_PMU_OVERFLOW].pending = true;
	*target = hart_id;
	return sbi_ok(0);
}

void sse_signal_local(struct sse_sys *s, unsigned long hart, unsigned idx)
{
	hart_events(s, hart)->local[idx].pending = true;
}

bool sse_local_registered(const struct sse_sys *s, unsigned long hart, unsigned idx)
{
	return hart_events(s, hart)->local[idx].state != SSE_UNUSED;
}

struct sbiret sse_hart_unmask(struct sse_sys *s, unsigned long hart)
{
	struct sse_hart *h = hart_events(s, hart);

	if (h->unmasked)
		return sbi_err(SBI_ERR_ALREADY_STARTED);
	h->unmasked = true;
	return sbi_ok(0);
}

struct sbiret sse_hart_mask(struct sse_sys *s, unsigned long hart)
{
	struct sse_hart *h = hart_events(s, hart);

	if (!h->unmasked)
		return sbi_err(SBI_ERR_ALREADY_STOPPED);
	h->unmasked = false;
	return sbi_ok(0);
}

/* "Software Event Priority": lower priority value first, then lower event_id. */
static bool before(const struct sse_event *a, const struct sse_event *b)
{
	return a->priority < b->priority || (a->priority == b->priority && a->id < b->id);
}

/* ENABLED, pending, and with a registered handler: implied by the states, and
 * checked anyway, so S-mode is never sent to an ENTRY_PC it did not give. */
static void consider(struct sse_event **best, struct sse_event *e)
{
	if (e->state == SSE_ENABLED && e->pending && e->handler && (!*best || before(e, *best)))
		*best = e;
}

/* The best ready event, if it preempts the innermost running handler ("A higher
 * priority software event ... always preempts"): that one is the highest running. */
struct sse_event *sse_next(struct sse_sys *s, unsigned long hart)
{
	struct sse_hart *h = record_events(s, hart);   /* a target may have none */
	struct sse_event *best = 0;

	if (!h || !h->unmasked)
		return 0;
	for (unsigned i = 0; i < SSE_NUM_LOCAL; i++)
		consider(&best, &h->local[i]);
	for (unsigned i = 0; i < SSE_NUM_GLOBAL; i++)
		if (s->global[i].hart == hart)
			consider(&best, &s->global[i]);
	unsigned d = h->depth;
	const struct sse_event *cur = d && d <= SSE_MAX_NEST ? h->running[d - 1] : 0;
	if (best && d && (!cur || !before(best, cur)))
		return 0;
	return d < SSE_MAX_NEST ? best : 0;   /* no room: cannot be, an event runs once */
}

/*
 * "Software Event Injection": the interrupted state into INTERRUPTED_*, then
 * the handler in S-mode with a6 = hart ID, a7 = ENTRY_ARG, sepc = the
 * interrupted pc, SPP its mode, SPIE = SIE, SIE = 0; with H, SPV the
 * interrupted virtualization (SPVP its mode) and the handler in HS-mode.
 * INTERRUPTED_FLAGS[5:4] are 0: no Zicfilp or Ssdbltrp state is offered.
 */
void sse_enter(struct sse_sys *s, unsigned long hart, struct sse_event *e, struct sse_regs *r)
{
	struct sse_hart *h = hart_events(s, hart);
	unsigned d = h->depth;

	if (d >= SSE_MAX_NEST)
		return;                   /* sse_next offered nothing then */
	e->state = SSE_RUNNING;
	e->pending = false;       /* "cleared when the software event is moved to RUNNING" */
	e->running_on = hart;
	h->running[d] = e;
	h->depth = (uint8_t)(d + 1);
	e->flags = (r->sstatus & SSE_SSTATUS_SPP ? SSE_FLAG_SPP : 0) |
		   (r->sstatus & SSE_SSTATUS_SPIE ? SSE_FLAG_SPIE : 0) |
		   (r->hstatus & SSE_HSTATUS_SPV ? SSE_FLAG_SPV : 0) |
		   (r->hstatus & SSE_HSTATUS_SPVP ? SSE_FLAG_SPVP : 0);
	e->sepc = r->sepc;
	e->a6 = r->a6;
	e->a7 = r->a7;

	r->a6 = hart;
	r->a7 = e->entry_arg;
	r->sepc = r->pc;
	r->sstatus &= ~(SSE_SSTATUS_SPP | SSE_SSTATUS_SPIE);
	if (r->mode == SSE_PRV_S)
		r->sstatus |= SSE_SSTATUS_SPP;
	if (r->sstatus & SSE_SSTATUS_SIE)
		r->sstatus |= SSE_SSTATUS_SPIE;
	r->sstatus &= ~SSE_SSTATUS_SIE;
	if (r->virt) {
		r->hstatus |= SSE_HSTATUS_SPV;
		r->hstatus &= ~SSE_HSTATUS_SPVP;
		if (r->sstatus & SSE_SSTATUS_SPP)
			r->hstatus |= SSE_HSTATUS_SPVP;
	} else {
		r->hstatus &= ~SSE_HSTATUS_SPV;
	}
	r->virt = 0;
	r->mode = SSE_PRV_S;
	r->pc = e->entry_pc;
}

/* "Software Event Completion": ENABLED (REGISTERED if one-shot), and the
 * interrupted state back from the attributes the handler may have rewritten. */
bool sse_complete(struct sse_sys *s, unsigned long hart, struct sse_regs *r)
{
	struct sse_hart *h = hart_events(s, hart);
	unsigned d = h->depth;
	struct sse_event *e;

	if (!d || d > SSE_MAX_NEST)
		return false;        /* nothing running: complete does nothing */
	e = h->running[d - 1];
	if (!e)
		return false;        /* cannot be: set with depth (sse_enter) */
	h->depth = (uint8_t)(d - 1);
	e->state = e->config & SSE_CONFIG_ONESHOT ? SSE_REGISTERED : SSE_ENABLED;

	r->pc = r->sepc;
	r->mode = r->sstatus & SSE_SSTATUS_SPP ? SSE_PRV_S : SSE_PRV_U;
	r->virt = (r->hstatus & SSE_HSTATUS_SPV) != 0;
	r->hstatus &= ~(SSE_HSTATUS_SPV | SSE_HSTATUS_SPVP);
	if (e->flags & SSE_FLAG_SPV)
		r->hstatus |= SSE_HSTATUS_SPV;
	if (e->flags & SSE_FLAG_SPVP)
		r->hstatus |= SSE_HSTATUS_SPVP;
	r->sstatus &= ~SSE_SSTATUS_SIE;
	if (r->sstatus & SSE_SSTATUS_SPIE)
		r->sstatus |= SSE_SSTATUS_SIE;
	r->sstatus &= ~(SSE_SSTATUS_SPIE | SSE_SSTATUS_SPP);
	if (e->flags & SSE_FLAG_SPIE)
		r->sstatus |= SSE_SSTATUS_SPIE;
	if (e->flags & SSE_FLAG_SPP)
		r->sstatus |= SSE_SSTATUS_SPP;
	r->a7 = e->a7;
	r->a6 = e->a6;
	r->sepc = e->sepc;
	return true;
}
