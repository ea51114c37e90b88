/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Stands in for src/hart.h when a src/ file that includes it is built on
 * the host (forced in with -include): it defines hart.h's include guard,
 * so the real one, with its CSR accessors and generated config, is skipped.
 * Only what the host-built files use is here.
 */
#ifndef TALLY_HART_H
#define TALLY_HART_H
#include <stdbool.h>

/* tally_config.h: every extension is built */
#define TALLY_SMODE_EXTENSIONS 1

struct features {
	bool has_s_mode;
	bool has_sstc;
	bool has_time_csr;
	bool has_pmp;
	unsigned num_harts;
};
extern struct features features;
#endif
