/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tally payload kit: the one header a payload includes.
 *
 *   #include <tally/sbi.h>
 *
 * Every SBI call Tally offers as a typed C function (SBI 3.0: Base, TIME,
 * IPI, RFENCE, HSM, SRST, PMU, DBCN, SUSP, FWFT, DBTR, SSE, and the legacy
 * v0.1 calls), the PMU's flags and event encodings named, error names, and
 * the kit's small runtime (printf over the debug console, exit, harts).
 * The numbers are in sbi_spec.h beside this file: a byte-equal copy of the
 * firmware's own src/base/sbi_spec.h (the test kit-spec-copies keeps the
 * two equal), so the kit copied out of the checkout builds alone.
 * docs/payloads.md says how to build and run.
 *
 * Conventions:
 *  - every call returns struct sbiret { error, value } as the spec does
 *    (error is SBI_SUCCESS or a negative SBI_ERR_*); sbi_err_name() names it;
 *  - an argument the spec types uint64_t is uint64_t here on rv32 and rv64
 *    alike: on rv32 the function splits it into the two registers the spec
 *    names (set_timer, config_matching's event_data, start's initial_value);
 *  - a physical address is passed as a pointer (the kit's payloads run
 *    with satp = 0, or in U-mode without translation, so virtual =
 *    physical); the spec's _hi half is 0;
 *  - PMU flags are named for the call they belong to: PMU_CFG_* for
 *    config_matching, PMU_START_* for start, PMU_STOP_* for stop. The same
 *    bit means different things in each (bit 0 is SKIP_MATCH, SET_INIT_VALUE
 *    and RESET), so never pass one call's flag to another.
 */
#ifndef TALLY_KIT_SBI_H
#define TALLY_KIT_SBI_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "sbi_spec.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SBI_XLEN ((unsigned)(sizeof(unsigned long) * 8))

/* ---- the call ------------------------------------------------------------ */

/* value and uvalue are one register, signed and unsigned (SBI 3.0, 3.1) */
struct sbiret {
	long error;
	union {
		long value;
		unsigned long uvalue;
	};
};

/*
 * One ecall: a7 = eid, a6 = fid, a0..a5 the arguments; a0/a1 come back.
 * Called sbi_ecall; its debug name is another, so that gdb holding both the
 * payload's and Tally's symbols (scripts/debug.sh) breaks in one sbi_ecall,
 * the firmware's.
 */
#define sbi_ecall tally_sbi_ecall
static inline struct sbiret tally_sbi_ecall(unsigned long eid, unsigned long fid,
					    unsigned long arg0, unsigned long arg1,
					    unsigned long arg2, unsigned long arg3,
					    unsigned long arg4, unsigned long arg5)
{
	register unsigned long a0 __asm__("a0") = arg0;
	register unsigned long a1 __asm__("a1") = arg1;
	register unsigned long a2 __asm__("a2") = arg2;
	register unsigned long a3 __asm__("a3") = arg3;
	register unsigned long a4 __asm__("a4") = arg4;
	register unsigned long a5 __asm__("a5") = arg5;
	register unsigned long a6 __asm__("a6") = fid;
	register unsigned long a7 __asm__("a7") = eid;

	__asm__ volatile("ecall"
			 : "+r"(a0), "+r"(a1)
			 : "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a6), "r"(a7)
			 : "memory");
	return (struct sbiret){ .error = (long)a0, .value = (long)a1 };
}

/* The low and high register of a 64-bit argument (rv32: two registers). */
#define SBI_LO(v) ((unsigned long)(uint64_t)(v))
#if __riscv_xlen == 32
#define SBI_HI(v) ((unsigned long)((uint64_t)(v) >> 32))
#else
#define SBI_HI(v) 0UL
#endif
#define SBI_PTR(p) ((unsigned long)(uintptr_t)(p))

/* An error's name ("SBI_ERR_NOT_SUPPORTED"), or "SBI_ERR_?" for another value. */
static inline const char *sbi_err_name(long error)
{
	switch (error) {
	case SBI_SUCCESS: return "SBI_SUCCESS";
	case SBI_ERR_FAILED: return "SBI_ERR_FAILED";
	case SBI_ERR_NOT_SUPPORTED: return "SBI_ERR_NOT_SUPPORTED";
	case SBI_ERR_INVALID_PARAM: return "SBI_ERR_INVALID_PARAM";
	case SBI_ERR_DENIED: return "SBI_ERR_DENIED";
	case SBI_ERR_INVALID_ADDRESS: return "SBI_ERR_INVALID_ADDRESS";
	case SBI_ERR_ALREADY_AVAILABLE: return "SBI_ERR_ALREADY_AVAILABLE";
	case SBI_ERR_ALREADY_STARTED: return "SBI_ERR_ALREADY_STARTED";
	case SBI_ERR_ALREADY_STOPPED: return "SBI_ERR_ALREADY_STOPPED";
	case SBI_ERR_NO_SHMEM: return "SBI_ERR_NO_SHMEM";
	case SBI_ERR_INVALID_STATE: return "SBI_ERR_INVALID_STATE";
	case SBI_ERR_BAD_RANGE: return "SBI_ERR_BAD_RANGE";
	case SBI_ERR_TIMEOUT: return "SBI_ERR_TIMEOUT";
	case SBI_ERR_IO: return "SBI_ERR_IO";
	case SBI_ERR_DENIED_LOCKED: return "SBI_ERR_DENIED_LOCKED";
	default: return "SBI_ERR_?";
	}
}

/* ---- Base (chapter 4) ---------------------------------------------------- */

/* get_impl_id's answers: the spec's table (4.9), and Tally's own */
#define SBI_IMPL_ID_BBL     0
#define SBI_IMPL_ID_OPENSBI 1
#define SBI_IMPL_ID_RUSTSBI 4
#ifndef SBI_IMPL_ID_TALLY
#define SBI_IMPL_ID_TALLY   0x7A11
#endif
static inline const char *sbi_impl_name(long impl_id)
{
	switch (impl_id) {
	case SBI_IMPL_ID_BBL: return "BBL";
	case SBI_IMPL_ID_OPENSBI: return "OpenSBI";
	case 2: return "Xvisor";
	case 3: return "KVM";
	case SBI_IMPL_ID_RUSTSBI: return "RustSBI";
	case 5: return "Diosix";
	case 6: return "Coffer";
	case 7: return "Xen";
	case 8: return "PolarFire HSS";
	case 9: return "coreboot";
	case 10: return "oreboot";
	case 11: return "bhyve";
	case SBI_IMPL_ID_TALLY: return "Tally";
	default: return "unknown";
	}
}

static inline struct sbiret sbi_get_spec_version(void)
{ return sbi_ecall(SBI_EXT_BASE, BASE_FID_GET_SPEC_VERSION, 0, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_get_impl_id(void)
{ return sbi_ecall(SBI_EXT_BASE, BASE_FID_GET_IMPL_ID, 0, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_get_impl_version(void)
{ return sbi_ecall(SBI_EXT_BASE, BASE_FID_GET_IMPL_VERSION, 0, 0, 0, 0, 0, 0); }
/* value: 0 if the extension is absent, else an extension-specific nonzero value */
static inline struct sbiret sbi_probe_extension(long extension_id)
{ return sbi_ecall(SBI_EXT_BASE, BASE_FID_PROBE_EXT, (unsigned long)extension_id, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_get_mvendorid(void)
{ return sbi_ecall(SBI_EXT_BASE, BASE_FID_GET_MVENDORID, 0, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_get_marchid(void)
{ return sbi_ecall(SBI_EXT_BASE, BASE_FID_GET_MARCHID, 0, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_get_mimpid(void)
{ return sbi_ecall(SBI_EXT_BASE, BASE_FID_GET_MIMPID, 0, 0, 0, 0, 0, 0); }

/* 1 if the extension is there (probe_extension answered nonzero), else 0. */
static inline int sbi_has_extension(long extension_id)
{
	struct sbiret r = sbi_probe_extension(extension_id);
	return !r.error && r.value != 0;
}

/* spec version: major in bits [30:24], minor in [23:0] */
#define SBI_SPEC_MAJOR(v) (((unsigned long)(v) >> 24) & 0x7f)
#define SBI_SPEC_MINOR(v) ((unsigned long)(v) & 0xffffff)

/* ---- Legacy extensions (chapter 5, SBI v0.1) ------------------------------
 * The EID is the function; the answer comes back in a0 only (here: the
 * return value). Tally implements all nine where the hart has S-mode; on
 * an M+U hart (Ibex) console putchar, getchar and shutdown only, the others
 * answer SBI_ERR_NOT_SUPPORTED (docs/extensions.md). A hart_mask is a
 * pointer to one unsigned long (NULL: every hart); one the firmware cannot
 * read answers SBI_ERR_INVALID_ADDRESS. New code should use TIME, IPI,
 * RFENCE, SRST, DBCN.
 */
static inline long sbi_legacy_set_timer(uint64_t stime_value)
{ return sbi_ecall(SBI_EXT_LEGACY_SET_TIMER, 0, SBI_LO(stime_value), SBI_HI(stime_value), 0, 0, 0, 0).error; }
static inline long sbi_legacy_console_putchar(int ch)
{ return sbi_ecall(SBI_EXT_LEGACY_PUTCHAR, 0, (unsigned char)ch, 0, 0, 0, 0, 0).error; }
/* the byte read, or -1 when none is waiting */
static inline long sbi_legacy_console_getchar(void)
{ return sbi_ecall(SBI_EXT_LEGACY_GETCHAR, 0, 0, 0, 0, 0, 0, 0).error; }
static inline long sbi_legacy_clear_ipi(void)
{ return sbi_ecall(SBI_EXT_LEGACY_CLEAR_IPI, 0, 0, 0, 0, 0, 0, 0).error; }
/* hart_mask: the address of a bit vector of harts (NULL: every hart) */
static inline long sbi_legacy_send_ipi(const unsigned long *hart_mask)
{ return sbi_ecall(SBI_EXT_LEGACY_SEND_IPI, 0, SBI_PTR(hart_mask), 0, 0, 0, 0, 0).error; }
static inline long sbi_legacy_remote_fence_i(const unsigned long *hart_mask)
{ return sbi_ecall(SBI_EXT_LEGACY_REMOTE_FENCE_I, 0, SBI_PTR(hart_mask), 0, 0, 0, 0, 0).error; }
static inline long sbi_legacy_remote_sfence_vma(const unsigned long *hart_mask,
						unsigned long start, unsigned long size)
{ return sbi_ecall(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, 0, SBI_PTR(hart_mask), start, size, 0, 0, 0).error; }
static inline long sbi_legacy_remote_sfence_vma_asid(const unsigned long *hart_mask,
						     unsigned long start, unsigned long size,
						     unsigned long asid)
{ return sbi_ecall(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, 0, SBI_PTR(hart_mask), start, size, asid, 0, 0).error; }
/* does not return where the firmware implements it */
static inline long sbi_legacy_shutdown(void)
{ return sbi_ecall(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0, 0, 0, 0, 0).error; }

/* ---- TIME (chapter 6) ---------------------------------------------------- */

/* The next timer event at stime_value (absolute, in timebase ticks); ~0 for none. */
static inline struct sbiret sbi_set_timer(uint64_t stime_value)
{ return sbi_ecall(SBI_EXT_TIME, TIME_FID_SET_TIMER, SBI_LO(stime_value), SBI_HI(stime_value), 0, 0, 0, 0); }

/* ---- IPI (chapter 7), RFENCE (chapter 8) -----------------------------------
 * Harts are named by hart_mask (bit i = hart hart_mask_base + i);
 * hart_mask_base = -1 (SBI_HART_MASK_ALL) means every hart.
 */
#define SBI_HART_MASK_ALL (-1L)

static inline struct sbiret sbi_send_ipi(unsigned long hart_mask, long hart_mask_base)
{ return sbi_ecall(SBI_EXT_IPI, IPI_FID_SEND_IPI, hart_mask, (unsigned long)hart_mask_base, 0, 0, 0, 0); }

static inline struct sbiret sbi_remote_fence_i(unsigned long hart_mask, long hart_mask_base)
{ return sbi_ecall(SBI_EXT_RFENCE, RFENCE_FID_REMOTE_FENCE_I, hart_mask, (unsigned long)hart_mask_base, 0, 0, 0, 0); }
static inline struct sbiret sbi_remote_sfence_vma(unsigned long hart_mask, long hart_mask_base,
						  unsigned long start_addr, unsigned long size)
{ return sbi_ecall(SBI_EXT_RFENCE, RFENCE_FID_REMOTE_SFENCE_VMA, hart_mask, (unsigned long)hart_mask_base, start_addr, size, 0, 0); }
static inline struct sbiret sbi_remote_sfence_vma_asid(unsigned long hart_mask, long hart_mask_base,
						       unsigned long start_addr, unsigned long size,
						       unsigned long asid)
{ return sbi_ecall(SBI_EXT_RFENCE, RFENCE_FID_REMOTE_SFENCE_VMA_ASID, hart_mask, (unsigned long)hart_mask_base, start_addr, size, asid, 0); }
static inline struct sbiret sbi_remote_hfence_gvma_vmid(unsigned long hart_mask, long hart_mask_base,
							unsigned long start_addr, unsigned long size,
							unsigned long vmid)
{ return sbi_ecall(SBI_EXT_RFENCE, RFENCE_FID_REMOTE_HFENCE_GVMA_VMID, hart_mask, (unsigned long)hart_mask_base, start_addr, size, vmid, 0); }
static inline struct sbiret sbi_remote_hfence_gvma(unsigned long hart_mask, long hart_mask_base,
						   unsigned long start_addr, unsigned long size)
{ return sbi_ecall(SBI_EXT_RFENCE, RFENCE_FID_REMOTE_HFENCE_GVMA, hart_mask, (unsigned long)hart_mask_base, start_addr, size, 0, 0); }
static inline struct sbiret sbi_remote_hfence_vvma_asid(unsigned long hart_mask, long hart_mask_base,
							unsigned long start_addr, unsigned long size,
							unsigned long asid)
{ return sbi_ecall(SBI_EXT_RFENCE, RFENCE_FID_REMOTE_HFENCE_VVMA_ASID, hart_mask, (unsigned long)hart_mask_base, start_addr, size, asid, 0); }
static inline struct sbiret sbi_remote_hfence_vvma(unsigned long hart_mask, long hart_mask_base,
						   unsigned long start_addr, unsigned long size)
{ return sbi_ecall(SBI_EXT_RFENCE, RFENCE_FID_REMOTE_HFENCE_VVMA, hart_mask, (unsigned long)hart_mask_base, start_addr, size, 0, 0); }

/* ---- HSM (chapter 9) -------------------------------------------------------
 * The started hart enters start_addr in S-mode with a0 = its hartid,
 * a1 = opaque, satp = 0 and interrupts off. get_status's value is an
 * enum hsm_state (HSM_STARTED, HSM_STOPPED, ...).
 */
static inline struct sbiret sbi_hart_start(unsigned long hartid, void (*start_addr)(void),
					   unsigned long opaque)
{ return sbi_ecall(SBI_EXT_HSM, HSM_FID_HART_START, hartid, SBI_PTR(start_addr), opaque, 0, 0, 0); }
static inline struct sbiret sbi_hart_stop(void)
{ return sbi_ecall(SBI_EXT_HSM, HSM_FID_HART_STOP, 0, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_hart_get_status(unsigned long hartid)
{ return sbi_ecall(SBI_EXT_HSM, HSM_FID_HART_GET_STATUS, hartid, 0, 0, 0, 0, 0); }
/* suspend_type: HSM_SUSPEND_RETENTIVE (resume_addr and opaque unused)
 * or HSM_SUSPEND_NON_RETENTIVE (resumes at resume_addr, a1 = opaque) */
static inline struct sbiret sbi_hart_suspend(uint32_t suspend_type, void (*resume_addr)(void),
					     unsigned long opaque)
{ return sbi_ecall(SBI_EXT_HSM, HSM_FID_HART_SUSPEND, suspend_type, SBI_PTR(resume_addr), opaque, 0, 0, 0); }

/* ---- SRST (chapter 10) ----------------------------------------------------
 * reset_type: SRST_SHUTDOWN, SRST_COLD_REBOOT, SRST_WARM_REBOOT;
 * reset_reason: SRST_REASON_NONE, SRST_REASON_FAILURE. On QEMU virt Tally
 * ends the run with status 0 for a shutdown with reason NONE, 3 otherwise.
 * Returns only on an error.
 */
static inline struct sbiret sbi_system_reset(uint32_t reset_type, uint32_t reset_reason)
{ return sbi_ecall(SBI_EXT_SRST, SRST_FID_SYSTEM_RESET, reset_type, reset_reason, 0, 0, 0, 0); }

/* ---- PMU (chapter 11) ---------------------------------------------------- */

/* event_idx builders (11.1). Pass event_data to config_matching as the spec says:
 * 0 for hardware, cache and firmware events; the raw event's value for
 * a raw event (48 bits, or 64 for RAW_V2); a platform firmware event's data. */
static inline unsigned long sbi_pmu_hw_event(enum pmu_hw_event code)
{ return PMU_EVENT_IDX(PMU_TYPE_HW, code); }
/* cache_id: PMU_CACHE_L1D, _L1I, _LL, _DTLB, _ITLB, _BPU, _NODE;
 * op: PMU_CACHE_OP_READ, _WRITE, _PREFETCH; result: PMU_CACHE_RESULT_ACCESS, _MISS */
static inline unsigned long sbi_pmu_cache_event(unsigned cache_id, unsigned op, unsigned result)
{ return PMU_CACHE_EVENT(cache_id, op, result); }
static inline unsigned long sbi_pmu_raw_event(void)
{ return PMU_EVENT_IDX(PMU_TYPE_RAW, 0); }
static inline unsigned long sbi_pmu_raw_v2_event(void)
{ return PMU_EVENT_IDX(PMU_TYPE_RAW_V2, 0); }
static inline unsigned long sbi_pmu_fw_event(enum pmu_fw_event code)
{ return PMU_EVENT_IDX(PMU_TYPE_FW, code); }

/* counter_info (counter_get_info's value): what the counter is */
static inline int sbi_pmu_info_is_fw(unsigned long info)
{ return (info & PMU_INFO_TYPE_FW) != 0; }
static inline unsigned sbi_pmu_info_csr(unsigned long info)   /* hardware counters: e.g. 0xc00 cycle */
{ return (unsigned)(info & 0xfff); }
static inline unsigned sbi_pmu_info_width(unsigned long info) /* hardware counters: bits */
{ return (unsigned)((info >> PMU_INFO_WIDTH_SHIFT) & 0x3f) + 1; }

/* value: the number of counters, hardware and firmware */
static inline struct sbiret sbi_pmu_num_counters(void)
{ return sbi_ecall(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS, 0, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_pmu_counter_get_info(unsigned long counter_idx)
{ return sbi_ecall(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, counter_idx, 0, 0, 0, 0, 0); }

/*
 * Find a counter among counter_idx_base + the bits of counter_idx_mask
 * that can count event_idx, and configure it; value: its index.
 * cfg_flags, config_matching's own (table 8):
 *   PMU_CFG_SKIP_MATCH   take the counter given (one bit) as it is
 *   PMU_CFG_CLEAR_VALUE  set the counter to 0 before it counts
 *   PMU_CFG_AUTO_START   start it now (else: sbi_pmu_counter_start)
 *   PMU_CFG_SET_UINH, _SINH, _MINH, _VUINH, _VSINH  do not count in that mode
 * On rv32 event_data goes in a4 (low) and a5 (high).
 * The mask names counters base + bit: ~0 is not "any counter" but the XLEN
 * counters from base on, and a bit past the last counter makes the call
 * SBI_ERR_INVALID_PARAM (rv64 with 35 counters: base 0, mask ~0 fails;
 * rv32: the same call names counters 0..31 and passes). sbi_pmu_mask_all()
 * is the mask of every counter a base reaches; sbi_pmu_config_matching_any()
 * goes through all counters one mask word at a time.
 */
static inline struct sbiret sbi_pmu_counter_config_matching(unsigned long counter_idx_base,
							    unsigned long counter_idx_mask,
							    unsigned long cfg_flags,
							    unsigned long event_idx,
							    uint64_t event_data)
{
	return sbi_ecall(SBI_EXT_PMU, PMU_FID_CONFIG_MATCHING, counter_idx_base, counter_idx_mask,
			 cfg_flags, event_idx, SBI_LO(event_data), SBI_HI(event_data));
}

/* The mask of every counter from base up to num_counters (the value of
 * sbi_pmu_num_counters()), at most XLEN of them: right on rv32 and rv64. */
static inline unsigned long sbi_pmu_mask_all(unsigned long base, unsigned long num_counters)
{
	if (base >= num_counters)
		return 0;
	return num_counters - base >= SBI_XLEN ? ~0UL : (1UL << (num_counters - base)) - 1;
}

/*
 * Start the counters named by base + mask. start_flags (table 10):
 *   PMU_START_SET_INIT_VALUE  set each to initial_value first (else they
 *                             go on from where they are)
 *   PMU_START_INIT_SNAPSHOT   take the initial values from the snapshot memory
 * On rv32 initial_value goes in a3 (low) and a4 (high).
 */
static inline struct sbiret sbi_pmu_counter_start(unsigned long counter_idx_base,
						  unsigned long counter_idx_mask,
						  unsigned long start_flags, uint64_t initial_value)
{
	return sbi_ecall(SBI_EXT_PMU, PMU_FID_COUNTER_START, counter_idx_base, counter_idx_mask,
			 start_flags, SBI_LO(initial_value), SBI_HI(initial_value), 0);
}

/*
 * Stop the counters named by base + mask. stop_flags (table 12):
 *   PMU_STOP_RESET          also release them (config_matching again to reuse)
 *   PMU_STOP_TAKE_SNAPSHOT  write their values to the snapshot memory
 */
static inline struct sbiret sbi_pmu_counter_stop(unsigned long counter_idx_base,
						 unsigned long counter_idx_mask,
						 unsigned long stop_flags)
{ return sbi_ecall(SBI_EXT_PMU, PMU_FID_COUNTER_STOP, counter_idx_base, counter_idx_mask, stop_flags, 0, 0, 0); }

/* A firmware counter's value: its low XLEN bits; fw_read_hi: bits 63:32 on rv32 (0 on rv64). */
static inline struct sbiret sbi_pmu_counter_fw_read(unsigned long counter_idx)
{ return sbi_ecall(SBI_EXT_PMU, PMU_FID_FW_READ, counter_idx, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_pmu_counter_fw_read_hi(unsigned long counter_idx)
{ return sbi_ecall(SBI_EXT_PMU, PMU_FID_FW_READ_HI, counter_idx, 0, 0, 0, 0, 0); }

/* All 64 bits of a firmware counter, on rv32 too (high half read around the low). */
static inline struct sbiret sbi_pmu_counter_fw_read64(unsigned long counter_idx, uint64_t *value)
{
	struct sbiret lo = sbi_pmu_counter_fw_read(counter_idx);
#if __riscv_xlen == 32
	struct sbiret hi, hi2;

	if (lo.error)
		return lo;
	do {
		hi = sbi_pmu_counter_fw_read_hi(counter_idx);
		if (hi.error)
			return hi;
		lo = sbi_pmu_counter_fw_read(counter_idx);
		hi2 = sbi_pmu_counter_fw_read_hi(counter_idx);
	} while (hi.value != hi2.value);
	*value = (uint64_t)(unsigned long)hi.value << 32 | (unsigned long)lo.value;
#else
	if (!lo.error)
		*value = (unsigned long)lo.value;
#endif
	return lo;
}

/* Snapshot memory (4 KiB, 4 KiB aligned; NULL: stop using one). flags: 0. */
static inline struct sbiret sbi_pmu_snapshot_set_shmem(void *shmem, unsigned long flags)
{
	unsigned long lo = shmem ? SBI_PTR(shmem) : ~0UL, hi = shmem ? 0 : ~0UL;
	return sbi_ecall(SBI_EXT_PMU, PMU_FID_SNAPSHOT_SET_SHMEM, lo, hi, flags, 0, 0, 0);
}

/* event_get_info (SBI 3.0): num_entries of struct sbi_pmu_event_info at shmem,
 * each event_idx (and event_data) filled in by the caller; the firmware
 * sets output bit 0 for each event it can count. flags: 0. */
struct sbi_pmu_event_info {
	uint32_t event_idx;
	uint32_t output;
	uint64_t event_data;
};
static inline struct sbiret sbi_pmu_event_get_info(struct sbi_pmu_event_info *shmem,
						   unsigned long num_entries, unsigned long flags)
{ return sbi_ecall(SBI_EXT_PMU, PMU_FID_EVENT_GET_INFO, SBI_PTR(shmem), 0, num_entries, flags, 0, 0); }

/*
 * Counter sets wider than one mask. The PMU names counters by
 * counter_idx_base + a mask of XLEN bits, and Tally has up to 35 counters
 * on rv32 (3 + 16 hpm + 16 firmware on QEMU virt): firmware counters
 * past index 31 are in no mask with base 0, and a config_matching for a
 * firmware event with base 0 and mask ~0 gets SBI_ERR_NOT_SUPPORTED if
 * the counters it could use are all above. These helpers go through the
 * counters one mask word at a time (counter_idx_base = 0, XLEN, 2*XLEN,
 * ...), as Linux's riscv_pmu_sbi does.
 */
#define SBI_PMU_MAX_COUNTERS 128
struct sbi_pmu_set {
	unsigned long word[SBI_PMU_MAX_COUNTERS / (sizeof(unsigned long) * 8)];
};
static inline void sbi_pmu_set_add(struct sbi_pmu_set *s, unsigned long idx)
{ if (idx < SBI_PMU_MAX_COUNTERS) s->word[idx / SBI_XLEN] |= 1UL << (idx % SBI_XLEN); }
static inline void sbi_pmu_set_del(struct sbi_pmu_set *s, unsigned long idx)
{ if (idx < SBI_PMU_MAX_COUNTERS) s->word[idx / SBI_XLEN] &= ~(1UL << (idx % SBI_XLEN)); }
static inline int sbi_pmu_set_has(const struct sbi_pmu_set *s, unsigned long idx)
{ return idx < SBI_PMU_MAX_COUNTERS && (s->word[idx / SBI_XLEN] >> (idx % SBI_XLEN)) & 1; }
/* counters 0 .. n-1 */
static inline void sbi_pmu_set_all(struct sbi_pmu_set *s, unsigned long n)
{
	for (unsigned long i = 0; i < SBI_PMU_MAX_COUNTERS; i++)
		if (i < n)
			sbi_pmu_set_add(s, i);
		else
			sbi_pmu_set_del(s, i);
}

/* config_matching over every counter of *candidates, one mask word after
 * another; value: the counter it took. NOT_SUPPORTED if no word had one. */
static inline struct sbiret sbi_pmu_config_matching_any(const struct sbi_pmu_set *candidates,
							unsigned long cfg_flags,
							unsigned long event_idx,
							uint64_t event_data)
{
	struct sbiret r = { .error = SBI_ERR_NOT_SUPPORTED };

	for (unsigned w = 0; w < sizeof(candidates->word) / sizeof(candidates->word[0]); w++) {
		if (!candidates->word[w])
			continue;
		r = sbi_pmu_counter_config_matching(w * SBI_XLEN, candidates->word[w], cfg_flags,
						    event_idx, event_data);
		if (r.error != SBI_ERR_NOT_SUPPORTED)
			return r;
	}
	return r;
}

/* start / stop every counter of *s (one call per mask word that has any) */
static inline struct sbiret sbi_pmu_start_set(const struct sbi_pmu_set *s,
					      unsigned long start_flags, uint64_t initial_value)
{
	struct sbiret r = { .error = SBI_SUCCESS };

	for (unsigned w = 0; w < sizeof(s->word) / sizeof(s->word[0]) && !r.error; w++)
		if (s->word[w])
			r = sbi_pmu_counter_start(w * SBI_XLEN, s->word[w], start_flags, initial_value);
	return r;
}
static inline struct sbiret sbi_pmu_stop_set(const struct sbi_pmu_set *s, unsigned long stop_flags)
{
	struct sbiret r = { .error = SBI_SUCCESS };

	for (unsigned w = 0; w < sizeof(s->word) / sizeof(s->word[0]) && !r.error; w++)
		if (s->word[w])
			r = sbi_pmu_counter_stop(w * SBI_XLEN, s->word[w], stop_flags);
	return r;
}

/* Read a user-level counter CSR by number (0xc00 cycle .. 0xc1f hpmcounter31;
 * 0xc80.. their high halves on rv32); 0 for another number. The firmware
 * must have opened it (mcounteren), or it traps: Tally emulates what it can. */
#define TALLY_CSR_CASE(n) case (n): __asm__ volatile("csrr %0, %1" : "=r"(v) : "i"(n)); break;
#define TALLY_CSR_CASE4(n) TALLY_CSR_CASE(n) TALLY_CSR_CASE((n) + 1) TALLY_CSR_CASE((n) + 2) TALLY_CSR_CASE((n) + 3)
#define TALLY_CSR_CASE32(n) TALLY_CSR_CASE4(n) TALLY_CSR_CASE4((n) + 4) TALLY_CSR_CASE4((n) + 8) \
	TALLY_CSR_CASE4((n) + 12) TALLY_CSR_CASE4((n) + 16) TALLY_CSR_CASE4((n) + 20) \
	TALLY_CSR_CASE4((n) + 24) TALLY_CSR_CASE4((n) + 28)
static inline unsigned long sbi_csr_read_counter(unsigned csr)
{
	unsigned long v = 0;

	switch (csr) {
	TALLY_CSR_CASE32(0xc00)
#if __riscv_xlen == 32
	TALLY_CSR_CASE32(0xc80)
#endif
	default: break;
	}
	return v;
}

/* The 64-bit value of the counter counter_get_info described as info:
 * a CSR read for a hardware counter (high half read around the low on
 * rv32), fw_read(+_hi) for a firmware counter. */
static inline uint64_t sbi_pmu_read(unsigned long counter_idx, unsigned long info)
{
	uint64_t v = 0;

	if (sbi_pmu_info_is_fw(info)) {
		sbi_pmu_counter_fw_read64(counter_idx, &v);
		return v;
	}
#if __riscv_xlen == 32
	unsigned csr = sbi_pmu_info_csr(info);
	unsigned long hi, lo, hi2;

	do {
		hi = sbi_csr_read_counter(csr + 0x80);
		lo = sbi_csr_read_counter(csr);
		hi2 = sbi_csr_read_counter(csr + 0x80);
	} while (hi != hi2);
	v = (uint64_t)hi << 32 | lo;
#else
	v = sbi_csr_read_counter(sbi_pmu_info_csr(info));
#endif
	if (sbi_pmu_info_width(info) < 64)
		v &= ((uint64_t)1 << sbi_pmu_info_width(info)) - 1;
	return v;
}

/* ---- DBCN (chapter 12) ----------------------------------------------------
 * write/read: value = the bytes written/read (may be fewer than asked). */
static inline struct sbiret sbi_debug_console_write(const void *buf, unsigned long num_bytes)
{ return sbi_ecall(SBI_EXT_DBCN, DBCN_FID_CONSOLE_WRITE, num_bytes, SBI_PTR(buf), 0, 0, 0, 0); }
static inline struct sbiret sbi_debug_console_read(void *buf, unsigned long num_bytes)
{ return sbi_ecall(SBI_EXT_DBCN, DBCN_FID_CONSOLE_READ, num_bytes, SBI_PTR(buf), 0, 0, 0, 0); }
static inline struct sbiret sbi_debug_console_write_byte(uint8_t byte)
{ return sbi_ecall(SBI_EXT_DBCN, DBCN_FID_CONSOLE_WRITE_BYTE, byte, 0, 0, 0, 0, 0); }

/* ---- SUSP (chapter 13) ----------------------------------------------------
 * sleep_type SUSP_SUSPEND_TO_RAM; resumes at resume_addr in S-mode with
 * a0 = hartid, a1 = opaque. Only an S-mode payload, and only when every
 * other hart is stopped. */
static inline struct sbiret sbi_system_suspend(uint32_t sleep_type, void (*resume_addr)(void),
					       unsigned long opaque)
{ return sbi_ecall(SBI_EXT_SUSP, SUSP_FID_SYSTEM_SUSPEND, sleep_type, SBI_PTR(resume_addr), opaque, 0, 0, 0); }

/* ---- FWFT (chapter 18): feature is an enum fwft_feature; flags FWFT_SET_LOCK ---- */
static inline struct sbiret sbi_fwft_set(uint32_t feature, unsigned long value, unsigned long flags)
{ return sbi_ecall(SBI_EXT_FWFT, FWFT_FID_SET, feature, value, flags, 0, 0, 0); }
static inline struct sbiret sbi_fwft_get(uint32_t feature)
{ return sbi_ecall(SBI_EXT_FWFT, FWFT_FID_GET, feature, 0, 0, 0, 0, 0); }

/* ---- DBTR (chapter 19) ----------------------------------------------------
 * The shared memory holds DBTR_ENTRY_WORDS XLEN words per trigger
 * (tdata1, tdata2, tdata3, trig_state for read; tdata1..3 and the index
 * back for install). */
static inline struct sbiret sbi_debug_num_triggers(unsigned long trig_tdata1)
{ return sbi_ecall(SBI_EXT_DBTR, DBTR_FID_NUM_TRIGGERS, trig_tdata1, 0, 0, 0, 0, 0); }
/* shmem NULL: stop using one. flags: 0 */
static inline struct sbiret sbi_debug_set_shmem(void *shmem, unsigned long flags)
{
	unsigned long lo = shmem ? SBI_PTR(shmem) : ~0UL, hi = shmem ? 0 : ~0UL;
	return sbi_ecall(SBI_EXT_DBTR, DBTR_FID_SET_SHMEM, lo, hi, flags, 0, 0, 0);
}
static inline struct sbiret sbi_debug_read_triggers(unsigned long trig_idx_base, unsigned long trig_count)
{ return sbi_ecall(SBI_EXT_DBTR, DBTR_FID_READ, trig_idx_base, trig_count, 0, 0, 0, 0); }
static inline struct sbiret sbi_debug_install_triggers(unsigned long trig_count)
{ return sbi_ecall(SBI_EXT_DBTR, DBTR_FID_INSTALL, trig_count, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_debug_update_triggers(unsigned long trig_count)
{ return sbi_ecall(SBI_EXT_DBTR, DBTR_FID_UPDATE, trig_count, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_debug_uninstall_triggers(unsigned long trig_idx_base, unsigned long trig_idx_mask)
{ return sbi_ecall(SBI_EXT_DBTR, DBTR_FID_UNINSTALL, trig_idx_base, trig_idx_mask, 0, 0, 0, 0); }
static inline struct sbiret sbi_debug_enable_triggers(unsigned long trig_idx_base, unsigned long trig_idx_mask)
{ return sbi_ecall(SBI_EXT_DBTR, DBTR_FID_ENABLE, trig_idx_base, trig_idx_mask, 0, 0, 0, 0); }
static inline struct sbiret sbi_debug_disable_triggers(unsigned long trig_idx_base, unsigned long trig_idx_mask)
{ return sbi_ecall(SBI_EXT_DBTR, DBTR_FID_DISABLE, trig_idx_base, trig_idx_mask, 0, 0, 0, 0); }

/* ---- SSE (chapter 17) -----------------------------------------------------
 * event_id: SSE_EV_*; attributes enum sse_attr, read into / written from
 * attr_count XLEN words at buf. A handler entered at entry_pc must end
 * with sbi_sse_complete() (tests/payload/sse_entry.S shows one). */
static inline struct sbiret sbi_sse_read_attrs(uint32_t event_id, uint32_t base_attr_id,
					       unsigned long attr_count, unsigned long *buf)
{ return sbi_ecall(SBI_EXT_SSE, SSE_FID_READ_ATTRS, event_id, base_attr_id, attr_count, SBI_PTR(buf), 0, 0); }
static inline struct sbiret sbi_sse_write_attrs(uint32_t event_id, uint32_t base_attr_id,
						unsigned long attr_count, const unsigned long *buf)
{ return sbi_ecall(SBI_EXT_SSE, SSE_FID_WRITE_ATTRS, event_id, base_attr_id, attr_count, SBI_PTR(buf), 0, 0); }
static inline struct sbiret sbi_sse_register(uint32_t event_id, void (*entry_pc)(void), unsigned long entry_arg)
{ return sbi_ecall(SBI_EXT_SSE, SSE_FID_REGISTER, event_id, SBI_PTR(entry_pc), entry_arg, 0, 0, 0); }
static inline struct sbiret sbi_sse_unregister(uint32_t event_id)
{ return sbi_ecall(SBI_EXT_SSE, SSE_FID_UNREGISTER, event_id, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_sse_enable(uint32_t event_id)
{ return sbi_ecall(SBI_EXT_SSE, SSE_FID_ENABLE, event_id, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_sse_disable(uint32_t event_id)
{ return sbi_ecall(SBI_EXT_SSE, SSE_FID_DISABLE, event_id, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_sse_complete(void)
{ return sbi_ecall(SBI_EXT_SSE, SSE_FID_COMPLETE, 0, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_sse_inject(uint32_t event_id, unsigned long hartid)
{ return sbi_ecall(SBI_EXT_SSE, SSE_FID_INJECT, event_id, hartid, 0, 0, 0, 0); }
static inline struct sbiret sbi_sse_hart_unmask(void)
{ return sbi_ecall(SBI_EXT_SSE, SSE_FID_HART_UNMASK, 0, 0, 0, 0, 0, 0); }
static inline struct sbiret sbi_sse_hart_mask(void)
{ return sbi_ecall(SBI_EXT_SSE, SSE_FID_HART_MASK, 0, 0, 0, 0, 0, 0); }

/* ---- the kit's runtime (payload-kit/lib/) ----------------------------------
 * Linked in by the kit's CMake function and Makefile; not needed by a
 * payload that brings its own start file and console.
 *
 * The console writes through DBCN where the firmware has it (one ecall per
 * line), else through the legacy console_putchar. printf understands
 * %d %i %u %x %X %o %c %s %p %%, the flags - 0 + space #, a width and a
 * precision (also as *), and the sizes hh h l ll z j t; no floating point.
 */
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int puts(const char *s);
int putchar(int c);
/* Write len bytes to the console as they are (no formatting). */
void tally_console_write(const char *s, size_t len);

/* The string functions the runtime has (GCC may call the mem* ones itself). */
void *memset(void *d, int c, size_t n);
void *memcpy(void *restrict d, const void *restrict s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);

/* The time CSR, all 64 bits on rv32 too (high half read around the low). */
static inline uint64_t tally_time(void)
{
#if __riscv_xlen == 32
	unsigned long hi, lo, hi2;

	do {
		__asm__ volatile("rdtimeh %0" : "=r"(hi));
		__asm__ volatile("rdtime %0" : "=r"(lo));
		__asm__ volatile("rdtimeh %0" : "=r"(hi2));
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
#else
	unsigned long t;

	__asm__ volatile("rdtime %0" : "=r"(t));
	return t;
#endif
}

/*
 * Harts (payload-kit/lib/harts.c; examples/harts shows both calls).
 *
 * tally_hart_start() starts hartid (HSM hart_start) at fn(hartid, opaque),
 * in the payload's own mode, with gp set and a stack of its own
 * (TALLY_KIT_HART_STACK bytes). Only hartids below TALLY_KIT_MAX_HARTS have
 * a stack: others get SBI_ERR_INVALID_PARAM without a call. Otherwise the
 * answer is hart_start's (ALREADY_AVAILABLE: it runs already). When fn
 * returns the hart stops (HSM hart_stop): its status reads STOPPED again
 * and it may be started again.
 *
 * tally_relax() waits a little without starving the other harts: a loop
 * that waits on memory must call it. Under QEMU's -icount all harts share
 * one host thread, which switches hart only at a timer deadline, so a bare
 * spin never lets the hart it waits for run. tally_relax() sets this
 * hart's timer TALLY_KIT_RELAX_TICKS ahead and sleeps in wfi until it
 * fires, then sets the timer to "never" (so it uses the hart's SBI timer:
 * not from a payload that has a timer of its own pending). U-mode: a short
 * spin (wfi is not allowed there; M+U cores such as Ibex have one hart).
 * Override the three numbers with -D for the kit's sources and yours alike.
 */
#ifndef TALLY_KIT_MAX_HARTS
#define TALLY_KIT_MAX_HARTS 8
#endif
#ifndef TALLY_KIT_HART_STACK
#define TALLY_KIT_HART_STACK 4096
#endif
#ifndef TALLY_KIT_RELAX_TICKS
#define TALLY_KIT_RELAX_TICKS 100   /* 10 us at QEMU virt's 10 MHz timebase */
#endif
struct sbiret tally_hart_start(unsigned long hartid,
			       void (*fn)(unsigned long hartid, unsigned long opaque),
			       unsigned long opaque);
void tally_relax(void);

/* The payload's entry, called by the kit's start file with what the
 * firmware passed: a0 = this hart's id, a1 = the device tree (or 0). */
int main(unsigned long hartid, unsigned long dtb);
/* End the run: SRST shutdown, reason NONE for status 0 and SYSTEM_FAILURE
 * otherwise (QEMU exits 0 or 3); the start file calls it with main's
 * return value. Falls back to the legacy shutdown, then spins. */
void tally_exit(int status) __attribute__((noreturn));

#ifdef __cplusplus
}
#endif
#endif
