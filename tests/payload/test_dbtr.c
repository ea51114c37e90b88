/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DBTR (SBI spec, Debug Triggers chapter): every function with good and
 * bad arguments, each error row; a store trigger that fires in S-mode on
 * the watched word and not on the next one, a load and an execute
 * trigger; enable/disable/update/uninstall seen on the hart; and triggers
 * on the shared memory itself, which the firmware then reads and writes
 * in M-mode: a trigger that fired there would end in the firmware's panic.
 */
#include <tally/sbi.h>
#include <tally/riscv.h>
#include "check.h"
#include "ext_test.h"

#define XLEN __riscv_xlen
enum { NUM = 0, SHMEM, READ, INSTALL, UPDATE, UNINSTALL, ENABLE, DISABLE };
#define NO_SHMEM (unsigned long)SBI_ERR_NO_SHMEM
#define BAD_RANGE (unsigned long)SBI_ERR_BAD_RANGE
#define EINVAL (unsigned long)SBI_ERR_INVALID_PARAM
#define EADDR (unsigned long)SBI_ERR_INVALID_ADDRESS

#define T_LOAD  (1UL << 0)
#define T_STORE (1UL << 1)
#define T_EXEC  (1UL << 2)
#define T_U     (1UL << 3)
#define T_S     (1UL << 4)
#define T_M     (1UL << 6)
#define T_CHAIN (1UL << 11)
#define T_ACTION1 (1UL << 12)
#define T_DMODE (1UL << (XLEN - 5))
#define TYPE(t) ((unsigned long)(t) << (XLEN - 4))

#define MAPPED 1UL
#define ST_S   (1UL << 2)
#define HW_IDX 8            /* trig_state's hw_trig_idx */

static unsigned long shm[16][4] __attribute__((aligned(64)));
/*
 * The watched word and the next one, 8 bytes apart on rv32 too: for a
 * trigger of size "any" QEMU 7.2 watches 8 bytes from tdata2, so on rv32
 * the very next word would stop as well.
 */
static volatile uint64_t watched[2];
#define W(i) ((volatile unsigned long *)&watched[i])
static unsigned long type;          /* TYPE(2) or TYPE(6), whichever the hart has */

static struct sbiret dbtr(unsigned long fid, unsigned long a0, unsigned long a1, unsigned long a2)
{
	return ext_call(SBI_EXT_DBTR, fid, a0, a1, a2);
}

/* Did this store/load/call stop with a breakpoint in S-mode? */
static bool stores(volatile unsigned long *p)
{
	ext_catch_begin();
	*p = 1;
	ext_catch_end();
	return ext_trap.n == 1 && ext_trap.cause == CAUSE_BREAKPOINT;
}
static bool loads(volatile unsigned long *p)
{
	ext_catch_begin();
	(void)*p;
	ext_catch_end();
	return ext_trap.n == 1 && ext_trap.cause == CAUSE_BREAKPOINT;
}
static bool runs(void)
{
	ext_catch_begin();
	ext_exec_target();
	ext_catch_end();
	return ext_trap.n == 1 && ext_trap.cause == CAUSE_BREAKPOINT &&
	       ext_trap.epc == (unsigned long)ext_exec_target;
}

static struct sbiret install1(unsigned long t1, const volatile void *addr)
{
	shm[0][0] = ~0UL;
	shm[0][1] = t1;
	shm[0][2] = (unsigned long)addr;
	shm[0][3] = 0;
	return dbtr(INSTALL, 1, 0, 0);
}

static void errors(unsigned long n)
{
	unsigned long lo = (unsigned long)shm;

	/* set_shmem: flags, alignment, memory */
	check_eq(dbtr(SHMEM, lo, 0, 1).error, EINVAL, "dbtr: set_shmem flags 1 INVALID_PARAM");
	check_eq(dbtr(SHMEM, lo + 1, 0, 0).error, EINVAL, "dbtr: set_shmem misaligned INVALID_PARAM");
	check_eq(dbtr(SHMEM, lo + 4, 0, 0).error, XLEN == 64 ? EINVAL : 0,
		 "dbtr: set_shmem 4 bytes in: %s", XLEN == 64 ? "misaligned on rv64" : "aligned on rv32");
	check_eq(dbtr(SHMEM, 0x80000000UL, 0, 0).error, EADDR, "dbtr: set_shmem on the firmware INVALID_ADDRESS");
	check_eq(dbtr(SHMEM, 0x1000, 0, 0).error, EADDR, "dbtr: set_shmem below RAM INVALID_ADDRESS");
	check_eq(dbtr(SHMEM, lo, 1, 0).error, EADDR, "dbtr: set_shmem hi = 1 INVALID_ADDRESS");
	check_eq(dbtr(SHMEM, ~0UL & ~7UL, 0, 0).error, EADDR, "dbtr: set_shmem wrapping INVALID_ADDRESS");
	check_eq(dbtr(SHMEM, ~0UL, ~0UL, 1).error, EINVAL, "dbtr: disable with flags INVALID_PARAM");
	check_eq(dbtr(SHMEM, ~0UL, ~0UL, 0).error, 0, "dbtr: set_shmem(-1, -1) disables");
	/* no shared memory */
	check_eq(dbtr(READ, 0, 1, 0).error, NO_SHMEM, "dbtr: read without shmem NO_SHMEM");
	struct sbiret r = dbtr(INSTALL, 1, 0, 0);
	check_eq(r.error, NO_SHMEM, "dbtr: install without shmem NO_SHMEM");
	check_eq(r.uvalue, 0, "dbtr: install without shmem: value 0");
	check_eq(dbtr(UPDATE, 1, 0, 0).error, NO_SHMEM, "dbtr: update without shmem NO_SHMEM");
	check_eq(dbtr(SHMEM, lo, 0, 0).error, 0, "dbtr: set_shmem");
	/* ranges */
	check_eq(dbtr(READ, n, 1, 0).error, BAD_RANGE, "dbtr: read base = trig_max BAD_RANGE");
	check_eq(dbtr(READ, 0, n + 1, 0).error, BAD_RANGE, "dbtr: read past trig_max BAD_RANGE");
	check_eq(dbtr(READ, n - 1, ~0UL, 0).error, BAD_RANGE, "dbtr: read count ~0 BAD_RANGE");
	check_eq(dbtr(READ, 0, n, 0).error, 0, "dbtr: read all trig_max triggers");
	check_eq(shm[n - 1][0], 0, "dbtr: the last trigger reads as not mapped");
	check_eq(dbtr(INSTALL, n + 1, 0, 0).error, BAD_RANGE, "dbtr: install trig_max + 1 BAD_RANGE");
	check_eq(dbtr(UPDATE, n + 1, 0, 0).error, BAD_RANGE, "dbtr: update trig_max + 1 BAD_RANGE");
	/* tdata1 S-mode may not have */
	static const struct { unsigned long bits; const char *what; } bad[] = {
		{ T_M, "m = 1" }, { T_DMODE, "dmode = 1" }, { T_ACTION1, "action = 1 (debug mode)" },
		{ T_CHAIN, "chain = 1 on the last entry" },
	};
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		r = install1(type | T_STORE | T_S | bad[i].bits, W(0));
		check_eq(r.error, EINVAL, "dbtr: install %s INVALID_PARAM", bad[i].what);
		check_eq(r.uvalue, 0, "dbtr: install %s: failing index 0", bad[i].what);
	}
	check_eq(dbtr(NUM, type | T_M, 0, 0).uvalue, 0, "dbtr: num_triggers(m = 1) is 0");
	/* the second of two entries bad: index 1, nothing installed */
	if (n >= 2) {
		shm[0][1] = type | T_STORE | T_S; shm[0][2] = (unsigned long)W(0);
		shm[1][1] = type | T_STORE | T_S | T_M; shm[1][2] = (unsigned long)W(0);
		r = dbtr(INSTALL, 2, 0, 0);
		check_eq(r.error, EINVAL, "dbtr: install [good, m = 1] INVALID_PARAM");
		check_eq(r.uvalue, 1, "dbtr: ... failing index 1");
		check_eq(dbtr(READ, 0, n, 0).error, 0, "dbtr: read after the failed install");
		unsigned long mapped = 0;
		for (unsigned long i = 0; i < n; i++)
			mapped |= shm[i][0] & MAPPED;
		check_eq(mapped, 0, "dbtr: a failed install installs nothing");
	}
	/* a type no trigger takes */
	r = install1(TYPE(3) | T_S, W(0));
	check_eq(r.error, (unsigned long)SBI_ERR_FAILED, "dbtr: install type 3 (icount): FAILED, no trigger takes it");
	/* sets naming triggers that are not installed (OpenSBI's reading: only
	 * uninstall needs them installed) or not there */
	check_eq(dbtr(UNINSTALL, 0, 1, 0).error, EINVAL, "dbtr: uninstall a free trigger INVALID_PARAM");
	check_eq(dbtr(ENABLE, 0, 1, 0).error, 0, "dbtr: enable a free trigger succeeds");
	check_eq(dbtr(DISABLE, 0, 1, 0).error, 0, "dbtr: disable a free trigger succeeds");
	check_eq(dbtr(UNINSTALL, n, 1, 0).error, EINVAL, "dbtr: uninstall trig_max INVALID_PARAM");
	check_eq(dbtr(ENABLE, n, 1, 0).error, EINVAL, "dbtr: enable trig_max INVALID_PARAM");
	check_eq(dbtr(DISABLE, 0, 1UL << n, 0).error, EINVAL, "dbtr: disable (0, bit trig_max) INVALID_PARAM");
	check_eq(dbtr(ENABLE, ~0UL, 1, 0).error, EINVAL, "dbtr: enable base ~0 INVALID_PARAM");
	check_eq(dbtr(UNINSTALL, 0, 0, 0).error, 0, "dbtr: an empty set succeeds");
	shm[0][0] = n; shm[0][1] = type | T_STORE | T_S;
	r = dbtr(UPDATE, 1, 0, 0);
	check_eq(r.error, EINVAL, "dbtr: update trig_idx = trig_max INVALID_PARAM");
	shm[0][0] = 0;
	r = dbtr(UPDATE, 1, 0, 0);
	check_eq(r.error, (unsigned long)SBI_ERR_FAILED, "dbtr: update a trigger not installed FAILED");
	check_eq(r.uvalue, 0, "dbtr: ... failing index 0");
}

/* Which core the hart is, from SBI Base's mvendorid and marchid (4.5, 4.6). */
enum core { CORE_OTHER, CORE_QEMU, CORE_CVA6 };
static enum core core(void)
{
	unsigned long v = ext_call(SBI_EXT_BASE, BASE_FID_GET_MVENDORID, 0, 0, 0).uvalue;
	unsigned long a = ext_call(SBI_EXT_BASE, BASE_FID_GET_MARCHID, 0, 0, 0).uvalue;

	if (v == 0 && (a & ~0xffUL) == 0x70200UL)      /* QEMU 7.2.x's own marchid */
		return CORE_QEMU;
	if (v == 0x602 && a == 3)                       /* OpenHW Group, CVA6 */
		return CORE_CVA6;
	return CORE_OTHER;
}

/*
 * A hart with no trigger: trig_max is 0, so every range is past it, and
 * set_shmem still takes memory (0 bytes are needed, any aligned address
 * in RAM will do).
 */
static void no_triggers(void)
{
	unsigned long lo = (unsigned long)shm;

	check_eq(dbtr(NUM, TYPE(2) | T_STORE | T_S, 0, 0).uvalue, 0, "dbtr: no triggers: num_triggers(mcontrol) 0");
	check_eq(dbtr(NUM, TYPE(6) | T_STORE | T_S, 0, 0).uvalue, 0, "dbtr: no triggers: num_triggers(mcontrol6) 0");
	check_eq(dbtr(SHMEM, lo + 1, 0, 0).error, EINVAL, "dbtr: no triggers: set_shmem misaligned INVALID_PARAM");
	check_eq(dbtr(READ, 0, 1, 0).error, NO_SHMEM, "dbtr: no triggers: read without shmem NO_SHMEM");
	check_eq(dbtr(SHMEM, lo, 0, 0).error, 0, "dbtr: no triggers: set_shmem");
	check_eq(dbtr(READ, 0, 1, 0).error, BAD_RANGE, "dbtr: no triggers: read 1 BAD_RANGE");
	shm[0][1] = TYPE(2) | T_STORE | T_S;
	check_eq(dbtr(INSTALL, 1, 0, 0).error, BAD_RANGE, "dbtr: no triggers: install 1 BAD_RANGE");
	shm[0][0] = 0;
	check_eq(dbtr(UPDATE, 1, 0, 0).error, BAD_RANGE, "dbtr: no triggers: update 1 BAD_RANGE");
	check_eq(dbtr(UNINSTALL, 0, 1, 0).error, EINVAL, "dbtr: no triggers: uninstall 0 INVALID_PARAM");
	check_eq(dbtr(ENABLE, 0, 1, 0).error, EINVAL, "dbtr: no triggers: enable 0 INVALID_PARAM");
	check_eq(dbtr(DISABLE, 0, 1, 0).error, EINVAL, "dbtr: no triggers: disable 0 INVALID_PARAM");
	check_eq(dbtr(UNINSTALL, 0, 0, 0).error, 0, "dbtr: no triggers: an empty set succeeds");
	check_eq(dbtr(SHMEM, ~0UL, ~0UL, 0).error, 0, "dbtr: no triggers: set_shmem(-1, -1) disables");
}

void test_dbtr(unsigned long hartid)
{
	struct sbiret r;
	unsigned long n, idx;

	(void)hartid;
	r = SBI1(SBI_EXT_BASE, BASE_FID_PROBE_EXT, SBI_EXT_DBTR);
	if (!check_eq(r.uvalue, 1, "dbtr: probe_extension(DBTR) = 1"))
		return;
	check_eq(SBI0(SBI_EXT_DBTR, 8).error, (unsigned long)SBI_ERR_NOT_SUPPORTED, "dbtr: unknown FID 8");
	r = dbtr(NUM, 0, 0, 0);
	n = r.uvalue;
	check_eq(r.error, 0, "dbtr: num_triggers(0)");
	printf("# dbtr: %lu triggers, %lu mcontrol, %lu mcontrol6\n", n,
	       dbtr(NUM, TYPE(2), 0, 0).uvalue, dbtr(NUM, TYPE(6), 0, 0).uvalue);
	type = dbtr(NUM, TYPE(6), 0, 0).uvalue ? TYPE(6) : TYPE(2);
	switch (core()) {
	case CORE_QEMU:
		check_that(n > 0 && n <= 8, n, "1..8 (QEMU 7.2 has Sdtrig)", "dbtr: the hart has triggers");
		break;
	case CORE_CVA6:
		check_eq(n, 0, "dbtr: no triggers (CVA6 at 6cb20010 has no Sdtrig trigger; run on its RTL)");
		break;
	default:
		printf("# dbtr: core unknown here, its %lu triggers taken as found\n", n);
	}
	if (n == 0 || n > 8) {
		no_triggers();
		return;
	}
	check_eq(dbtr(NUM, TYPE(3) | T_S, 0, 0).uvalue, 0, "dbtr: num_triggers(type 3) is 0");
	errors(n);

	/* A store trigger in S-mode: the watched word, not the next one, not a load. */
	r = install1(type | T_STORE | T_S, W(0));
	check_eq(r.error, 0, "dbtr: install a store trigger");
	idx = shm[0][0];
	check_that(idx < n, idx, "< trig_max", "dbtr: install wrote trig_idx back");
	check_that(stores(W(0)), ext_trap.cause, "a breakpoint", "dbtr: a store to the watched word stops");
	check_eq(ext_trap.tval == (unsigned long)W(0) || ext_trap.tval == 0 ||
		 ext_trap.tval == ext_trap.epc, 1, "dbtr: stval is the address, the pc or 0");
	check_that(!stores(W(1)), ext_trap.n, "no trap", "dbtr: a store to the next word does not");
	check_that(!loads(W(0)), ext_trap.n, "no trap", "dbtr: a load of the watched word does not");
	check_eq(dbtr(READ, idx, 1, 0).error, 0, "dbtr: read the trigger");
	/* hw_trig_idx = trig_idx, have_hw_trig clear (OpenSBI's; kvm-unit-tests
	 * wants exactly mapped | s for trigger 0) */
	check_eq(shm[0][0], MAPPED | ST_S | idx << HW_IDX, "dbtr: trig_state = mapped, s, hw_trig_idx");
	check_eq(shm[0][1], type | T_STORE | T_S, "dbtr: trig_tdata1 as installed");
	check_eq(shm[0][2], (unsigned long)W(0), "dbtr: trig_tdata2 as installed");

	/* disable / enable */
	check_eq(dbtr(DISABLE, idx, 1, 0).error, 0, "dbtr: disable");
	check_that(!stores(W(0)), ext_trap.n, "no trap", "dbtr: disabled: the store does not stop");
	dbtr(READ, idx, 1, 0);
	check_eq(shm[0][0], MAPPED | ST_S | idx << HW_IDX, "dbtr: disabled: trig_state keeps s");
	check_eq(shm[0][1], type | T_STORE, "dbtr: disabled: tdata1 without s");
	check_eq(dbtr(ENABLE, idx, 1, 0).error, 0, "dbtr: enable");
	check_that(stores(W(0)), ext_trap.n, "a breakpoint", "dbtr: enabled again: the store stops");

	/* update: watch the next word instead */
	shm[0][0] = idx; shm[0][1] = type | T_STORE | T_S; shm[0][2] = (unsigned long)W(1); shm[0][3] = 0;
	check_eq(dbtr(UPDATE, 1, 0, 0).error, 0, "dbtr: update to the next word");
	check_that(stores(W(1)), ext_trap.n, "a breakpoint", "dbtr: updated: the next word stops");
	check_that(!stores(W(0)), ext_trap.n, "no trap", "dbtr: updated: the first word does not");
	shm[0][0] = idx; shm[0][1] = (type == TYPE(6) ? TYPE(2) : TYPE(6)) | T_STORE | T_S;
	check_eq(dbtr(UPDATE, 1, 0, 0).error, EINVAL, "dbtr: update to another type INVALID_PARAM");
	shm[0][0] = idx; shm[0][1] = type | T_STORE | T_S | T_M;
	check_eq(dbtr(UPDATE, 1, 0, 0).error, EINVAL, "dbtr: update with m = 1 INVALID_PARAM");
	shm[0][0] = idx; shm[0][1] = type | T_STORE | T_S | T_CHAIN;
	check_eq(dbtr(UPDATE, 1, 0, 0).error, EINVAL, "dbtr: update that changes chain INVALID_PARAM");
	check_that(stores(W(1)), ext_trap.n, "a breakpoint", "dbtr: failed updates left it alone");

	/* uninstall */
	check_eq(dbtr(UNINSTALL, idx, 1, 0).error, 0, "dbtr: uninstall");
	check_that(!stores(W(1)), ext_trap.n, "no trap", "dbtr: uninstalled: no stop");
	check_eq(dbtr(UNINSTALL, idx, 1, 0).error, EINVAL, "dbtr: uninstall twice INVALID_PARAM");
	/* kvm-unit-tests' "uninstall enable": SUCCESS, and the trigger stays off */
	check_eq(dbtr(ENABLE, idx, 1, 0).error, 0, "dbtr: enable after uninstall succeeds");
	check_that(!stores(W(1)), ext_trap.n, "no trap", "dbtr: ... and it stays uninstalled");
	check_eq(dbtr(READ, idx, 1, 0).error, 0, "dbtr: read it");
	check_eq(shm[0][0] | shm[0][1] | shm[0][2] | shm[0][3], 0, "dbtr: ... all four words 0");

	/* load and execute triggers */
	r = install1(type | T_LOAD | T_S, W(0));
	check_eq(r.error, 0, "dbtr: install a load trigger");
	check_that(loads(W(0)), ext_trap.n, "a breakpoint", "dbtr: the load stops");
	check_that(!stores(W(0)), ext_trap.n, "no trap", "dbtr: a store does not");
	dbtr(UNINSTALL, shm[0][0], 1, 0);
	r = install1(type | T_EXEC | T_S, (void *)ext_exec_target);
	check_eq(r.error, 0, "dbtr: install an execute trigger");
	check_that(runs(), ext_trap.epc, "a breakpoint at the function", "dbtr: the call stops at it");
	dbtr(UNINSTALL, shm[0][0], 1, 0);
	/* U-mode only: S-mode's store does not stop */
	r = install1(type | T_STORE | T_U, W(0));
	check_eq(r.error, 0, "dbtr: install a U-mode store trigger");
	check_that(!stores(W(0)), ext_trap.n, "no trap", "dbtr: u only: S-mode's store does not stop");
	dbtr(UNINSTALL, shm[0][0], 1, 0);

	/* Never in M-mode: a trigger on the shared memory's last entry, which
	 * the firmware writes when it reads all triggers out. */
	volatile unsigned long *last = &shm[n - 1][0];
	r = install1(type | T_STORE | T_LOAD | T_S, last);
	check_eq(r.error, 0, "dbtr: install a load/store trigger on the shared memory");
	idx = shm[0][0];
	check_that(loads(last), ext_trap.n, "a breakpoint", "dbtr: S-mode's load of the shared memory stops");
	check_eq(dbtr(READ, 0, n, 0).error, 0, "dbtr: the firmware writes the shared memory: no M-mode stop");
	check_eq(dbtr(UNINSTALL, idx, 1, 0).error, 0, "dbtr: uninstall it");

	/* All triggers at once: each gets its own index. */
	for (unsigned long i = 0; i < n; i++) {
		shm[i][1] = type | T_STORE | T_S;
		shm[i][2] = (unsigned long)W(i & 1);
		shm[i][3] = 0;
	}
	check_eq(dbtr(INSTALL, n, 0, 0).error, 0, "dbtr: install trig_max triggers at once");
	r = install1(type | T_STORE | T_S, W(0));
	check_eq(r.error, (unsigned long)SBI_ERR_FAILED, "dbtr: one more: FAILED (none free)");
	check_eq(dbtr(UNINSTALL, 0, (n >= XLEN ? ~0UL : (1UL << n) - 1), 0).error, 0, "dbtr: uninstall them all");
	check_that(!stores(W(0)), ext_trap.n, "no trap", "dbtr: all uninstalled: no stop");
	dbtr(SHMEM, ~0UL, ~0UL, 0);
}
