/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI specification's numbers (SBI 3.0): extension and function IDs,
 * error codes, and the encodings of every argument and flag Tally reads.
 * Numbers only: no firmware type, nothing but <stdint.h>, so firmware,
 * host tests and payloads (rv32 and rv64) include the same file. The
 * payload kit ships a byte-equal copy, payload-kit/include/tally/sbi_spec.h
 * (test kit-spec-copies), so that a kit copied anywhere builds.
 */
#ifndef TALLY_SBI_SPEC_H
#define TALLY_SBI_SPEC_H

#include <stdint.h>

/* Standard SBI errors (3.2). */
#define SBI_SUCCESS                0
#define SBI_ERR_FAILED            -1
#define SBI_ERR_NOT_SUPPORTED     -2
#define SBI_ERR_INVALID_PARAM     -3
#define SBI_ERR_DENIED            -4
#define SBI_ERR_INVALID_ADDRESS   -5
#define SBI_ERR_ALREADY_AVAILABLE -6
#define SBI_ERR_ALREADY_STARTED   -7
#define SBI_ERR_ALREADY_STOPPED   -8
#define SBI_ERR_NO_SHMEM          -9
#define SBI_ERR_INVALID_STATE    -10
#define SBI_ERR_BAD_RANGE        -11
#define SBI_ERR_TIMEOUT          -12
#define SBI_ERR_IO               -13
#define SBI_ERR_DENIED_LOCKED    -14

/* Legacy extensions (chapter 5): the EID is the function. */
#define SBI_EXT_LEGACY_SET_TIMER              0x00
#define SBI_EXT_LEGACY_PUTCHAR                0x01
#define SBI_EXT_LEGACY_GETCHAR                0x02
#define SBI_EXT_LEGACY_CLEAR_IPI              0x03
#define SBI_EXT_LEGACY_SEND_IPI               0x04
#define SBI_EXT_LEGACY_REMOTE_FENCE_I         0x05
#define SBI_EXT_LEGACY_REMOTE_SFENCE_VMA      0x06
#define SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID 0x07
#define SBI_EXT_LEGACY_SHUTDOWN               0x08

/* Extension IDs */
#define SBI_EXT_BASE              0x10
#define SBI_EXT_TIME              0x54494D45  /* "TIME" */
#define SBI_EXT_IPI               0x735049    /* "sPI" */
#define SBI_EXT_RFENCE            0x52464E43  /* "RFNC" */
#define SBI_EXT_HSM               0x48534D    /* "HSM" */
#define SBI_EXT_SRST              0x53525354  /* "SRST" */
#define SBI_EXT_PMU               0x504D55    /* "PMU" */
#define SBI_EXT_DBCN              0x4442434E  /* "DBCN" */
#define SBI_EXT_SUSP              0x53555350  /* "SUSP" */
#define SBI_EXT_FWFT              0x46574654  /* "FWFT" */
#define SBI_EXT_DBTR              0x44425452  /* "DBTR" */
#define SBI_EXT_SSE               0x535345    /* "SSE" */

/* Base (chapter 4) */
#define BASE_FID_GET_SPEC_VERSION 0
#define BASE_FID_GET_IMPL_ID      1
#define BASE_FID_GET_IMPL_VERSION 2
#define BASE_FID_PROBE_EXT        3
#define BASE_FID_GET_MVENDORID    4
#define BASE_FID_GET_MARCHID      5
#define BASE_FID_GET_MIMPID       6

/* TIME (chapter 6) */
#define TIME_FID_SET_TIMER 0

/* IPI (chapter 7) */
#define IPI_FID_SEND_IPI 0

/* RFENCE (chapter 8) */
#define RFENCE_FID_REMOTE_FENCE_I            0
#define RFENCE_FID_REMOTE_SFENCE_VMA         1
#define RFENCE_FID_REMOTE_SFENCE_VMA_ASID    2
#define RFENCE_FID_REMOTE_HFENCE_GVMA_VMID   3
#define RFENCE_FID_REMOTE_HFENCE_GVMA        4
#define RFENCE_FID_REMOTE_HFENCE_VVMA_ASID   5
#define RFENCE_FID_REMOTE_HFENCE_VVMA        6

/* HSM (chapter 9): functions, hart states (9.1), suspend types (table 9.3) */
#define HSM_FID_HART_START      0
#define HSM_FID_HART_STOP       1
#define HSM_FID_HART_GET_STATUS 2
#define HSM_FID_HART_SUSPEND    3
enum hsm_state {
	HSM_STARTED = 0, HSM_STOPPED, HSM_START_PENDING, HSM_STOP_PENDING,
	HSM_SUSPENDED, HSM_SUSPEND_PENDING, HSM_RESUME_PENDING,
};
#define HSM_SUSPEND_RETENTIVE     0x00000000UL
#define HSM_SUSPEND_NON_RETENTIVE 0x80000000UL

/* SRST (chapter 10): reset types and reasons (10.1) */
#define SRST_FID_SYSTEM_RESET 0
#define SRST_SHUTDOWN       0
#define SRST_COLD_REBOOT    1
#define SRST_WARM_REBOOT    2
#define SRST_REASON_NONE    0
#define SRST_REASON_FAILURE 1

/* PMU (chapter 11): functions (table 20) */
enum {
	PMU_FID_NUM_COUNTERS = 0, PMU_FID_COUNTER_GET_INFO, PMU_FID_CONFIG_MATCHING,
	PMU_FID_COUNTER_START, PMU_FID_COUNTER_STOP, PMU_FID_FW_READ,
	PMU_FID_FW_READ_HI, PMU_FID_SNAPSHOT_SET_SHMEM, PMU_FID_EVENT_GET_INFO,
};

/* event_idx (11.1): [19:16] type, [15:0] code; bits above 19 reserved */
#define PMU_EVENT_TYPE_SHIFT 16
#define PMU_EVENT_TYPE(e)  (((e) >> PMU_EVENT_TYPE_SHIFT) & 0xfUL)
#define PMU_EVENT_CODE(e)  ((e) & 0xffffUL)
#define PMU_EVENT_IDX(type, code) (((unsigned long)(type) << PMU_EVENT_TYPE_SHIFT) | (code))
#define PMU_EVENT_IDX_MASK 0xfffffUL

enum pmu_event_type {
	PMU_TYPE_HW = 0, PMU_TYPE_CACHE = 1, PMU_TYPE_RAW = 2, PMU_TYPE_RAW_V2 = 3,
	PMU_TYPE_FW = 15,
};

/* Table 2: hardware general events */
enum pmu_hw_event {
	PMU_HW_NO_EVENT = 0, PMU_HW_CPU_CYCLES, PMU_HW_INSTRUCTIONS,
	PMU_HW_CACHE_REFERENCES, PMU_HW_CACHE_MISSES, PMU_HW_BRANCH_INSTRUCTIONS,
	PMU_HW_BRANCH_MISSES, PMU_HW_BUS_CYCLES, PMU_HW_STALLED_CYCLES_FRONTEND,
	PMU_HW_STALLED_CYCLES_BACKEND, PMU_HW_REF_CPU_CYCLES,
	PMU_HW_GENERAL_MAX
};

/* Tables 3-5: cache events, code = cache_id << 3 | op << 1 | result */
enum { PMU_CACHE_L1D, PMU_CACHE_L1I, PMU_CACHE_LL, PMU_CACHE_DTLB,
       PMU_CACHE_ITLB, PMU_CACHE_BPU, PMU_CACHE_NODE, PMU_CACHE_ID_MAX };
enum { PMU_CACHE_OP_READ, PMU_CACHE_OP_WRITE, PMU_CACHE_OP_PREFETCH, PMU_CACHE_OP_MAX };
enum { PMU_CACHE_RESULT_ACCESS, PMU_CACHE_RESULT_MISS };
#define PMU_CACHE_EVENT(id, op, res) \
	PMU_EVENT_IDX(PMU_TYPE_CACHE, ((id) << 3) | ((op) << 1) | (res))

/* Table 6: firmware events */
enum pmu_fw_event {
	PMU_FW_MISALIGNED_LOAD = 0, PMU_FW_MISALIGNED_STORE, PMU_FW_ACCESS_LOAD,
	PMU_FW_ACCESS_STORE, PMU_FW_ILLEGAL_INSN, PMU_FW_SET_TIMER,
	PMU_FW_IPI_SENT, PMU_FW_IPI_RECEIVED, PMU_FW_FENCE_I_SENT,
	PMU_FW_FENCE_I_RECEIVED, PMU_FW_SFENCE_VMA_SENT, PMU_FW_SFENCE_VMA_RECEIVED,
	PMU_FW_SFENCE_VMA_ASID_SENT, PMU_FW_SFENCE_VMA_ASID_RECEIVED,
	PMU_FW_HFENCE_GVMA_SENT, PMU_FW_HFENCE_GVMA_RECEIVED,
	PMU_FW_HFENCE_GVMA_VMID_SENT, PMU_FW_HFENCE_GVMA_VMID_RECEIVED,
	PMU_FW_HFENCE_VVMA_SENT, PMU_FW_HFENCE_VVMA_RECEIVED,
	PMU_FW_HFENCE_VVMA_ASID_SENT, PMU_FW_HFENCE_VVMA_ASID_RECEIVED,
	PMU_FW_EVENT_MAX,            /* 22..255 reserved */
	PMU_FW_PLATFORM = 0xffff,
};

/* Table 8: config_matching flags */
#define PMU_CFG_SKIP_MATCH   (1UL << 0)
#define PMU_CFG_CLEAR_VALUE  (1UL << 1)
#define PMU_CFG_AUTO_START   (1UL << 2)
#define PMU_CFG_SET_VUINH    (1UL << 3)
#define PMU_CFG_SET_VSINH    (1UL << 4)
#define PMU_CFG_SET_UINH     (1UL << 5)
#define PMU_CFG_SET_SINH     (1UL << 6)
#define PMU_CFG_SET_MINH     (1UL << 7)
#define PMU_CFG_INH_MASK     (0x1fUL << 3)
#define PMU_CFG_VALID_MASK   0xffUL
/* Table 10: start flags */
#define PMU_START_SET_INIT_VALUE  (1UL << 0)
#define PMU_START_INIT_SNAPSHOT   (1UL << 1)
#define PMU_START_VALID_MASK      0x3UL
/* Table 12: stop flags */
#define PMU_STOP_RESET            (1UL << 0)
#define PMU_STOP_TAKE_SNAPSHOT    (1UL << 1)
#define PMU_STOP_VALID_MASK       0x3UL

/* counter_info (11.6): [11:0] csr, [17:12] width - 1, [XLEN-1] firmware */
#define PMU_XLEN ((unsigned)(sizeof(unsigned long) * 8))
#define PMU_INFO_CSR_SHIFT   0
#define PMU_INFO_WIDTH_SHIFT 12
#define PMU_INFO_TYPE_FW     (1UL << (PMU_XLEN - 1))

/* Snapshot shared memory (table 16) */
#define PMU_SHMEM_SIZE     4096

/* DBCN (chapter 12) */
#define DBCN_FID_CONSOLE_WRITE      0
#define DBCN_FID_CONSOLE_READ       1
#define DBCN_FID_CONSOLE_WRITE_BYTE 2

/* SUSP (chapter 13) */
#define SUSP_FID_SYSTEM_SUSPEND   0
#define SUSP_SUSPEND_TO_RAM   0u     /* sleep_type */

/* FWFT (chapter 18): functions, feature types (all six local), set flags */
enum { FWFT_FID_SET = 0, FWFT_FID_GET = 1 };
enum fwft_feature {
	FWFT_MISALIGNED_EXC_DELEG = 0,
	FWFT_LANDING_PAD,
	FWFT_SHADOW_STACK,
	FWFT_DOUBLE_TRAP,
	FWFT_PTE_AD_HW_UPDATING,
	FWFT_POINTER_MASKING_PMLEN,
	FWFT_NUM_FEATURES
};
#define FWFT_SET_LOCK 1UL     /* flags BIT[0]; BIT[XLEN-1:1] are reserved */

/* DBTR (chapter 19): functions, trig_state fields, shared memory entries */
enum {
	DBTR_FID_NUM_TRIGGERS = 0, DBTR_FID_SET_SHMEM, DBTR_FID_READ, DBTR_FID_INSTALL,
	DBTR_FID_UPDATE, DBTR_FID_UNINSTALL, DBTR_FID_ENABLE, DBTR_FID_DISABLE,
};
#define DBTR_STATE_MAPPED (1UL << 0)
#define DBTR_STATE_U      (1UL << 1)
#define DBTR_STATE_S      (1UL << 2)
#define DBTR_STATE_VU     (1UL << 3)
#define DBTR_STATE_VS     (1UL << 4)
#define DBTR_STATE_HAVE_HW_TRIG (1UL << 5)
#define DBTR_STATE_HW_IDX_SHIFT 8
#define DBTR_ENTRY_WORDS 4    /* one entry per trigger: four XLEN-bit words */

/* SSE (chapter 17): functions, event IDs, attributes, states */
enum sse_fid {
	SSE_FID_READ_ATTRS = 0, SSE_FID_WRITE_ATTRS, SSE_FID_REGISTER, SSE_FID_UNREGISTER,
	SSE_FID_ENABLE, SSE_FID_DISABLE, SSE_FID_COMPLETE, SSE_FID_INJECT,
	SSE_FID_HART_UNMASK, SSE_FID_HART_MASK,
};
#define SSE_EV_LOCAL_HIGH_PRIO_RAS   0x00000000u
#define SSE_EV_LOCAL_DOUBLE_TRAP     0x00000001u
#define SSE_EV_GLOBAL_HIGH_PRIO_RAS  0x00008000u
#define SSE_EV_LOCAL_PMU_OVERFLOW    0x00010000u
#define SSE_EV_LOCAL_LOW_PRIO_RAS    0x00100000u
#define SSE_EV_GLOBAL_LOW_PRIO_RAS   0x00108000u
#define SSE_EV_LOCAL_SOFTWARE        0xffff0000u
#define SSE_EV_GLOBAL_SOFTWARE       0xffff8000u
#define SSE_EV_GLOBAL                (1u << 15)   /* event_id[15]: global event */
/* Attribute IDs 0..9; everything above is reserved. */
enum sse_attr {
	SSE_ATTR_STATUS = 0, SSE_ATTR_PRIORITY, SSE_ATTR_CONFIG, SSE_ATTR_PREFERRED_HART,
	SSE_ATTR_ENTRY_PC, SSE_ATTR_ENTRY_ARG, SSE_ATTR_INTERRUPTED_SEPC,
	SSE_ATTR_INTERRUPTED_FLAGS, SSE_ATTR_INTERRUPTED_A6, SSE_ATTR_INTERRUPTED_A7,
	SSE_NUM_ATTRS
};
/* Event states: STATUS bits [1:0] */
enum sse_state { SSE_UNUSED = 0, SSE_REGISTERED, SSE_ENABLED, SSE_RUNNING };
#define SSE_STATUS_PENDING   (1UL << 2)
#define SSE_STATUS_INJECT    (1UL << 3)
#define SSE_CONFIG_ONESHOT   1UL          /* CONFIG bit 0; the rest is reserved */
/* INTERRUPTED_FLAGS: SPP, SPIE, hstatus.SPV, hstatus.SPVP, SPELP, SDT */
#define SSE_FLAG_SPP         (1UL << 0)
#define SSE_FLAG_SPIE        (1UL << 1)
#define SSE_FLAG_SPV         (1UL << 2)
#define SSE_FLAG_SPVP        (1UL << 3)
#define SSE_FLAGS_DEFINED    0x3fUL

#endif
