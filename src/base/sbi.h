/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI binary interface: return type, error codes, extension IDs.
 * (SBI specification, chapter 3 "Binary Encoding".)
 */
#ifndef TALLY_SBI_H
#define TALLY_SBI_H

/*
 * Every SBI call returns a pair in a0 (error) and a1 (value). Aligned to
 * its own size so GCC gives it an integer mode (TImode on rv64, DImode on
 * rv32) and returns it in a0/a1 straight from registers: as a plain
 * 16-byte struct GCC 12 also reserves a stack frame it never uses, two
 * instructions in every function on the ecall path.
 */
struct __attribute__((aligned(2 * sizeof(long)))) sbiret {
	long error;
	unsigned long value;
};

/* Standard SBI errors (SBI spec 3.2). Internal errors never leave the firmware. */
#define SBI_SUCCESS               0
#define SBI_ERR_FAILED           -1
#define SBI_ERR_NOT_SUPPORTED    -2
#define SBI_ERR_INVALID_PARAM    -3
#define SBI_ERR_DENIED           -4
#define SBI_ERR_INVALID_ADDRESS  -5
#define SBI_ERR_ALREADY_AVAILABLE -6
#define SBI_ERR_ALREADY_STARTED  -7
#define SBI_ERR_ALREADY_STOPPED  -8
#define SBI_ERR_NO_SHMEM         -9
#define SBI_ERR_INVALID_STATE   -10
#define SBI_ERR_BAD_RANGE       -11
#define SBI_ERR_TIMEOUT         -12
#define SBI_ERR_IO              -13
#define SBI_ERR_DENIED_LOCKED   -14

/* Extension IDs */
#define SBI_EXT_LEGACY_SET_TIMER  0x00
#define SBI_EXT_LEGACY_PUTCHAR    0x01
#define SBI_EXT_LEGACY_GETCHAR    0x02
#define SBI_EXT_BASE              0x10
#define SBI_EXT_TIME              0x54494D45  /* "TIME" */
#define SBI_EXT_SRST              0x53525354  /* "SRST" */
#define SBI_EXT_PMU               0x504D55    /* "PMU" */
#define SBI_EXT_DBCN              0x4442434E  /* "DBCN" */
#define SBI_EXT_IPI               0x735049    /* "sPI" */
#define SBI_EXT_RFENCE            0x52464E43  /* "RFNC" */
#define SBI_EXT_HSM               0x48534D    /* "HSM" */
#define SBI_EXT_FWFT              0x46574654  /* "FWFT" */
#define SBI_EXT_DBTR              0x44425452  /* "DBTR" */
#define SBI_EXT_SUSP              0x53555350  /* "SUSP" */
#define SBI_EXT_SSE               0x535345    /* "SSE" */

/* Base extension functions (SBI spec chapter 4) */
#define SBI_BASE_GET_SPEC_VERSION 0
#define SBI_BASE_GET_IMPL_ID      1
#define SBI_BASE_GET_IMPL_VERSION 2
#define SBI_BASE_PROBE_EXT        3
#define SBI_BASE_GET_MVENDORID    4
#define SBI_BASE_GET_MARCHID      5
#define SBI_BASE_GET_MIMPID       6

/* SBI specification version Tally implements: 3.0 (major << 24 | minor). */
#define SBI_SPEC_VERSION ((3UL << 24) | 0)
/*
 * Implementation ID. IDs 0..10 are assigned by the SBI spec to other
 * firmwares; Tally uses 0x7A11 ("TALL") until one is registered.
 */
#define SBI_IMPL_ID_TALLY 0x7A11
#define TALLY_VERSION_MAJOR 0
#define TALLY_VERSION_MINOR 1
#define TALLY_VERSION_STR "0.1"

/*
 * An extension's handler: the caller's a0..a5 and its FID (a6), in the
 * registers the caller left them in (SBI spec 3.1). Every handler has this
 * type, whatever it uses, so the dispatcher's call is a plain jump and
 * a0..a6 reach the handler untouched; the parameters a handler ignores
 * are named all the same, for the reader and the debugger. (The build
 * does not warn about unused parameters: CMakeLists.txt says why.)
 */
typedef struct sbiret sbi_ecall_fn(unsigned long a0, unsigned long a1, unsigned long a2,
				   unsigned long a3, unsigned long a4, unsigned long a5,
				   unsigned long fid);

static inline struct sbiret sbi_err(long e) { return (struct sbiret){ e, 0 }; }
static inline struct sbiret sbi_ok(unsigned long v) { return (struct sbiret){ SBI_SUCCESS, v }; }

#endif
