/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * src/cores/dbtr/dbtr.c against a fake trigger module: chains get contiguous
 * triggers around installed ones, a trigger that drops bits makes the
 * install NOT_SUPPORTED and leaves nothing behind, M-mode and debug-mode
 * triggers never reach the hardware, enable/disable move the mode bits
 * (of installed triggers; a free one is left alone, OpenSBI's reading).
 */
#include <string.h>
#include "harness.h"
#include "base/mem.h"
#include "cores/dbtr/dbtr.h"

#define XLEN (sizeof(long) * 8)
#define TYPE(t) ((unsigned long)(t) << (XLEN - 4))
#define S (1UL << 4)
#define U (1UL << 3)
#define M (1UL << 6)
#define LOAD (1UL << 0)
#define STORE (1UL << 1)
#define CHAIN (1UL << 11)
#define MATCH4 (4UL << 7)

static unsigned long hw[DBTR_MAX_TRIGGERS][3];
static unsigned long drop;          /* bits the fake hardware does not keep */
static unsigned writes;

static unsigned long fake_program(unsigned i, unsigned long t1, unsigned long t2, unsigned long t3)
{
	writes++;
	hw[i][0] = t1 & ~drop;
	hw[i][1] = t2;
	hw[i][2] = t3;
	return hw[i][0];
}

static unsigned long shm[DBTR_MAX_TRIGGERS][4];
static struct dbtr_hart h;

/* The memory check is the firmware's (src/base/mem.c): here every buffer passes. */
uintptr_t sbi_mem_window(uint64_t a, uint64_t l, uint64_t *end) { *end = a + l; return (uintptr_t)a; }

static void setup(unsigned n)
{
	memset(&h, 0, sizeof(h));
	memset(hw, 0, sizeof(hw));
	memset(shm, 0, sizeof(shm));
	drop = 0;
	h.num = n;
	for (unsigned i = 0; i < n; i++)
		h.types[i] = DBTR_HAS_MCONTROL | DBTR_HAS_MCONTROL6;
	h.shmem = &shm[0][0];
}

static void entry(unsigned i, unsigned long t1, unsigned long t2)
{
	shm[i][0] = 0xdead;
	shm[i][1] = t1;
	shm[i][2] = t2;
	shm[i][3] = 0;
}

static void t_never_m_mode(void)
{
	setup(4);
	writes = 0;
	entry(0, TYPE(6) | STORE | S | M, 0x1000);
	CHECK_ERR(dbtr_install(&h, 1, fake_program).error, SBI_ERR_INVALID_PARAM);
	entry(0, TYPE(2) | STORE | S | TDATA1_DMODE, 0x1000);
	CHECK_ERR(dbtr_install(&h, 1, fake_program).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(writes, 0);
	CHECK_EQ(dbtr_num_triggers(&h, TYPE(6) | M).value, 0);
	CHECK_EQ(dbtr_num_triggers(&h, TYPE(6) | S).value, 4);
	CHECK_EQ(dbtr_num_triggers(&h, 0).value, 4);
}

static void t_chains_are_contiguous(void)
{
	setup(4);
	/* trigger 1 taken: a chain of two must go to 2..3 */
	entry(0, TYPE(6) | STORE | S, 0x1000);
	entry(1, TYPE(6) | STORE | S, 0x1008);
	CHECK_OK(dbtr_install(&h, 2, fake_program), 0);
	CHECK_OK(dbtr_uninstall(&h, 0, 1, fake_program), 0);
	entry(0, TYPE(6) | STORE | S | CHAIN, 0x2000);
	entry(1, TYPE(6) | STORE | S, 0x2008);
	CHECK_OK(dbtr_install(&h, 2, fake_program), 0);
	CHECK_EQ(shm[0][0], 2);
	CHECK_EQ(shm[1][0], 3);
	CHECK_EQ(hw[2][1], 0x2000);
	/* trigger 0 free, no room for another chain of two: FAILED at index 0, nothing changes */
	entry(0, TYPE(6) | STORE | S | CHAIN, 0x3000);
	entry(1, TYPE(6) | STORE | S, 0x3008);
	struct sbiret r = dbtr_install(&h, 2, fake_program);
	CHECK_ERR(r.error, SBI_ERR_FAILED);
	CHECK_EQ(r.value, 0);
	CHECK_EQ(hw[0][0], 0);
}

static void t_dropped_bits_not_supported(void)
{
	setup(2);
	drop = CHAIN | (0xfUL << 7);    /* like QEMU 7.2's mcontrol: no chain, no match */
	entry(0, TYPE(2) | STORE | S, 0x1000);
	entry(1, TYPE(2) | STORE | S | MATCH4, 0x1000);
	struct sbiret r = dbtr_install(&h, 2, fake_program);
	CHECK_ERR(r.error, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(r.value, 1);
	CHECK_EQ(hw[0][0], 0);            /* all or nothing */
	CHECK_EQ(hw[1][0], 0);
	CHECK_ERR(dbtr_read(&h, 0, 2).error, SBI_SUCCESS);
	CHECK_EQ(shm[0][0], 0);
}

static void t_enable_disable_read(void)
{
	setup(2);
	entry(0, TYPE(6) | STORE | S | U, 0x1000);
	CHECK_OK(dbtr_install(&h, 1, fake_program), 0);
	CHECK_OK(dbtr_enable(&h, 0, 1, false, fake_program), 0);
	CHECK_EQ(hw[0][0], TYPE(6) | STORE);
	CHECK_OK(dbtr_read(&h, 0, 1), 0);
	CHECK_EQ(shm[0][0], DBTR_STATE_MAPPED | DBTR_STATE_S | DBTR_STATE_U);   /* hw index 0 */
	CHECK_EQ(shm[0][1], TYPE(6) | STORE);
	CHECK_OK(dbtr_enable(&h, 0, 1, true, fake_program), 0);
	CHECK_EQ(hw[0][0], TYPE(6) | STORE | S | U);
	/* ranges: the last trigger can be read, one past it cannot */
	CHECK_OK(dbtr_read(&h, 1, 1), 0);
	CHECK_ERR(dbtr_read(&h, 1, 2).error, SBI_ERR_BAD_RANGE);
	CHECK_ERR(dbtr_read(&h, 2, 0).error, SBI_ERR_BAD_RANGE);
	/* sets: enable/disable take a free trigger and leave it as it is,
	 * uninstall does not; an index at trig_max is refused by all three */
	writes = 0;
	CHECK_OK(dbtr_enable(&h, 0, 3, true, fake_program), 0);
	CHECK_OK(dbtr_enable(&h, 1, 1, false, fake_program), 0);
	CHECK_EQ(writes, 1);                 /* trigger 0 only */
	CHECK_EQ(hw[1][0], 0);
	CHECK_OK(dbtr_read(&h, 1, 1), 0);
	CHECK_EQ(shm[0][0], 0);
	CHECK_ERR(dbtr_uninstall(&h, 1, 1, fake_program).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(dbtr_enable(&h, 0, 4, true, fake_program).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(dbtr_enable(&h, 2, 1, false, fake_program).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(dbtr_uninstall(&h, 0, 4, fake_program).error, SBI_ERR_INVALID_PARAM);
	/* trig_state of trigger 1: hw_trig_idx 1, have_hw_trig clear */
	entry(0, TYPE(2) | LOAD | S, 0x2000);
	CHECK_OK(dbtr_install(&h, 1, fake_program), 0);
	CHECK_EQ(shm[0][0], 1);
	CHECK_OK(dbtr_read(&h, 1, 1), 0);
	CHECK_EQ(shm[0][0], 1UL << DBTR_STATE_HW_IDX_SHIFT | DBTR_STATE_MAPPED | DBTR_STATE_S);
	dbtr_reset(&h, fake_program);
	CHECK_EQ(hw[0][0], 0);
	CHECK(h.shmem == NULL);
	CHECK_ERR(dbtr_read(&h, 0, 1).error, SBI_ERR_NO_SHMEM);
}

/* A hart without triggers (CVA6 as built): every range is past trig_max = 0. */
static void t_no_triggers(void)
{
	setup(0);
	writes = 0;
	CHECK_OK(dbtr_num_triggers(&h, 0), 0);
	CHECK_OK(dbtr_num_triggers(&h, TYPE(2) | STORE | S), 0);
	CHECK_OK(dbtr_read(&h, 0, 0), 0);             /* nothing to read, nothing read */
	CHECK_ERR(dbtr_read(&h, 0, 1).error, SBI_ERR_BAD_RANGE);
	entry(0, TYPE(2) | STORE | S, 0x1000);
	CHECK_ERR(dbtr_install(&h, 1, fake_program).error, SBI_ERR_BAD_RANGE);
	CHECK_ERR(dbtr_update(&h, 1, fake_program).error, SBI_ERR_BAD_RANGE);
	CHECK_ERR(dbtr_uninstall(&h, 0, 1, fake_program).error, SBI_ERR_INVALID_PARAM);
	CHECK_ERR(dbtr_enable(&h, 0, 1, true, fake_program).error, SBI_ERR_INVALID_PARAM);
	CHECK_OK(dbtr_uninstall(&h, 0, 0, fake_program), 0);
	CHECK_EQ(writes, 0);
}

int main(int argc, char **argv)
{
	h_init(argc, argv);
	RUN(t_never_m_mode);
	RUN(t_chains_are_contiguous);
	RUN(t_dropped_bits_not_supported);
	RUN(t_enable_disable_read);
	RUN(t_no_triggers);
	return h_done();
}
