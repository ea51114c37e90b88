/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the files of the S-mode conformance payload share (main.c says how
 * a run goes and lists the build-time knobs). One file per SBI extension,
 * plus the PMP check, the RAM read from the device tree and the core's
 * errata; this header holds the trap catching, the SBI call helpers and
 * the PMU layout they all use.
 */
#ifndef CONFORMANCE_H
#define CONFORMANCE_H
#include <stdbool.h>
#include <stdint.h>
#include <tally/sbi.h>
#include <tally/riscv.h>
#include "sbicall.h"
#include "check.h"

#ifndef HPM_WIDTH
#define HPM_WIDTH 64
#endif
#ifndef FW_BASE
#define FW_BASE 0x80000000UL          /* the firmware, closed by PMP */
#endif
#define XLEN __riscv_xlen
#define NUM_FW_COUNTERS 16            /* what Tally provides */

#define EXT_IPI  0x735049UL
#define EXT_HSM  0x48534DUL
#define EXT_RFNC 0x52464E43UL
#define EXT_SUSP 0x53555350UL
#define EXT_CPPC 0x43505043UL
#define EXT_UNKNOWN 0x7e57c0deUL

#define SIE_STIE (1UL << 5)
#define SIP_STIP (1UL << 5)

/* ---- trap.c: the payload's S-mode traps -------------------------------- */

/*
 * Exceptions are expected only inside a catch window (catch_begin ..
 * catch_end); the handler records what it saw and skips the faulting
 * instruction. The timer interrupt is always welcome: it is recorded and
 * masked. An exception outside a window fails the run at once.
 */
extern volatile unsigned long n_traps, n_timer_irqs, n_lcof_irqs;
extern volatile unsigned long last_cause, last_tval, last_epc, timer_cause, timer_at;
void catch_begin(void);
void catch_end(void);

/* Things that trap into the firmware, which counts them and passes them on. */
void illegal_insn(void);
void caught_illegal_insn(void);   /* one illegal_insn(), its trap caught */
void store_to(unsigned long addr);
unsigned long load_from(unsigned long addr);
void misaligned_amo(void *p);
void spin(unsigned long n);
unsigned long r_sip(void);

/* strap.S */
extern char s_trap_vector[];
void regs_around_ecall(unsigned long dump[32], unsigned long pattern,
		       unsigned long eid, unsigned long fid);
void regs_around_fault(unsigned long dump[32], unsigned long pattern,
		       unsigned long eid, unsigned long fid);

/* ---- SBI call helpers ------------------------------------------------- */
/* These put junk in rv64's unused high register; the rest is the kit's. */
#if XLEN == 32
#define LO(v) ((unsigned long)(v))
#define HI(v) ((unsigned long)((uint64_t)(v) >> 32))
#else
/* rv64 has no high register: put junk there, the firmware must ignore it */
#define LO(v) ((unsigned long)(v))
#define HI(v) 0xbadUL
#endif

static inline struct sbiret pmu(unsigned long fid, unsigned long a0, unsigned long a1,
				unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5)
{
	return sbi_ecall(SBI_EXT_PMU, fid, a0, a1, a2, a3, a4, a5);
}
static inline struct sbiret cfg_match(unsigned long base, unsigned long mask, unsigned long flags,
				      unsigned long ev, uint64_t data)
{
	return pmu(PMU_FID_CONFIG_MATCHING, base, mask, flags, ev, LO(data), HI(data));
}
static inline struct sbiret ctr_start(unsigned long base, unsigned long mask, unsigned long flags,
				      uint64_t init)
{
	return pmu(PMU_FID_COUNTER_START, base, mask, flags, LO(init), HI(init), 0);
}
static inline struct sbiret set_shmem(unsigned long lo, unsigned long hi, unsigned long flags)
{
	return pmu(PMU_FID_SNAPSHOT_SET_SHMEM, lo, hi, flags, 0, 0, 0);
}
static inline struct sbiret ev_info(unsigned long lo, unsigned long hi, unsigned long n,
				    unsigned long flags)
{
	return pmu(PMU_FID_EVENT_GET_INFO, lo, hi, n, flags, 0, 0);
}
static inline struct sbiret set_timer(uint64_t when)
{
	return sbi_ecall(SBI_EXT_TIME, 0, LO(when), HI(when), 0, 0, 0, 0);
}
static inline struct sbiret dbcn(unsigned long fid, unsigned long n, unsigned long lo, unsigned long hi)
{
	return sbi_ecall(SBI_EXT_DBCN, fid, n, lo, hi, 0, 0, 0);
}

/* ---- ram.c: where RAM ends, from the device tree ----------------------- */

/*
 * The end of the RAM range the payload runs in, as the device tree the
 * firmware handed over says (QEMU virt -m 128M: 0x88000000; the CVA6
 * testharness: 1 GiB, 0xc0000000). ram_end64 is the same as a 64-bit
 * address (rv32 with more than 2 GiB of RAM: it does not fit ram_end).
 */
extern unsigned long ram_end;
extern uint64_t ram_end64;
void ram_from_device_tree(unsigned long fdt);
void test_dt_isa(unsigned long fdt);      /* ram.c */
void test_big_ram(unsigned long hartid);

/* ---- errata.c: what this core is known to do wrong --------------------- */

/*
 * A core erratum is a fact a check expects on that core instead of the
 * spec's answer: the check still runs, asserts exactly what the core
 * does, and names the erratum in its line. erratum() says whether the
 * core under test (its mvendorid/marchid, from SBI Base) has it.
 */
enum erratum {
	ERRATUM_CVA6_PMP_FAULT_LOAD_TVAL0, /* PMP fault: load fault (5), stval 0 */
	ERRATUM_CVA6_HPMCOUNTER3H,        /* rv32: hpmcounter3h != mhpmcounter3h */
	ERRATUM_QEMU_IBEX_STOPPED_READS_0, /* Ibex stand-in: a stopped counter reads 0 */
	NUM_ERRATA
};
void errata_identify_core(void);
bool erratum(enum erratum e);
const char *erratum_name(enum erratum e);

/* ---- pmu_counters.c: what the PMU looks like --------------------------- */

/* Found out by pmu_layout(): counters in all, first firmware counter, hpm counters. */
extern unsigned long num_ctrs, fw_base, nhpm;
#define ALL_FW_MASK ((1UL << NUM_FW_COUNTERS) - 1)
/* Hardware mask of every counter but time (bit 1 is never valid in a set). */
static inline unsigned long hw_mask(void) { return ((1UL << fw_base) - 1) & ~2UL; }

/* Shared-memory buffers (pmu_snapshot.c, pmu_event_info.c): in the payload's RAM. */
extern uint64_t snap[512];
struct ev_entry { uint32_t event_idx, output; uint64_t event_data; };
extern struct ev_entry evs[16];
extern uint32_t amo_word[2];

/* ---- the checks, one function per group, in the order main.c runs them */
void test_base(void);            /* base.c */
void test_regs(void);            /* base.c */
void test_dbcn(void);            /* dbcn.c */
void test_srst(void);            /* srst.c */
void test_u32_args(void);        /* srst.c */
void test_time(void);            /* time.c */
void test_pmp(void);             /* pmp.c */
void pmu_layout(void);           /* pmu_counters.c */
void test_pmu_cycles_instret(void);
void test_pmu_hpm(void);
void test_pmu_fw(void);          /* pmu_fw.c */
void test_pmu_errors(void);      /* pmu_errors.c */
void test_pmu_snapshot(void);    /* pmu_snapshot.c */
void test_pmu_sscofpmf(void);
void test_pmu_event_info(void);  /* pmu_event_info.c */
#endif
