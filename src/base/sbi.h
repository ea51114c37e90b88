/* SPDX-License-Identifier: BSD-2-Clause */
/* The firmware's side of an SBI call: the return pair, the handler type.
 * The spec's numbers: sbi_spec.h. */
#ifndef TALLY_SBI_H
#define TALLY_SBI_H

#include <stdbool.h>
#include <stdint.h>
#include "base/sbi_spec.h"

/*
 * a0 (error), a1 (value). Aligned to its size so GCC gives it an integer
 * mode and returns it straight in a0/a1: as a plain struct GCC 12 also
 * reserves an unused stack frame in every function on the ecall path.
 */
struct __attribute__((aligned(2 * sizeof(long)))) sbiret {
	long error;
	unsigned long value;
};

/* A uint64_t argument (SBI spec 3.1): rv32 passes it in two registers, low first. */
static inline uint64_t sbi_arg64(unsigned long lo, unsigned long hi)
{
#if __riscv_xlen == 32
	return (uint64_t)hi << 32 | lo;
#else
	return lo;
#endif
}

/*
 * Memory a lower mode hands the firmware, as the spec passes it (3.3: the
 * address's low and high halves): aligned to `align`, else `misaligned`
 * (INVALID_PARAM for most callers); `len` bytes that mem_ok() allows, else
 * INVALID_ADDRESS; a nonzero high half too (no memory the firmware reaches
 * is above XLEN bits). *base is then mem_ok()'s answer, kept, not lo.
 */
static inline long sbi_shmem_check(unsigned long lo, unsigned long hi, unsigned long align,
				   uint64_t len, long misaligned,
				   uintptr_t (*mem_ok)(uint64_t addr, uint64_t len, uint64_t *end),
				   uintptr_t *base)
{
	uint64_t end;
	uintptr_t a;

	if (lo & (align - 1))
		return misaligned;
	if (hi || !(a = mem_ok(lo, len, &end)))
		return SBI_ERR_INVALID_ADDRESS;
	*base = a;
	return SBI_SUCCESS;
}

/* SBI specification version Tally implements: 3.0 (major << 24 | minor). */
#define SBI_SPEC_VERSION ((3UL << 24) | 0)
/* Implementation ID: 0..10 are other firmwares'; 0x7A11 ("TALL") until one is registered. */
#define SBI_IMPL_ID_TALLY 0x7A11
#define TALLY_VERSION_MAJOR 0
#define TALLY_VERSION_MINOR 1
#define TALLY_VERSION_STR "0.1"

/*
 * An extension's handler: a0..a5 and the FID (a6), where the caller left
 * them. One type for all, so the dispatcher's call is a plain jump; unused
 * parameters are named all the same (CMakeLists.txt: no warning for them).
 * A uint32_t argument is its register's low 32 bits: an rv64 caller may leave
 * anything above ("higher privilege software must ensure that it only uses
 * 32 bit data", binary encoding), so decoders cast before any check.
 */
typedef struct sbiret sbi_ecall_fn(unsigned long a0, unsigned long a1, unsigned long a2,
				   unsigned long a3, unsigned long a4, unsigned long a5,
				   unsigned long fid);

static inline struct sbiret sbi_err(long e) { return (struct sbiret){ e, 0 }; }
static inline struct sbiret sbi_ok(unsigned long v) { return (struct sbiret){ SBI_SUCCESS, v }; }

#endif
