/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's side of an SBI call: the return pair, the handler type.
 * The spec's numbers are in sbi_spec.h (chapter 3 "Binary Encoding").
 */
#ifndef TALLY_SBI_H
#define TALLY_SBI_H

#include "base/sbi_spec.h"

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
