/* SPDX-License-Identifier: BSD-2-Clause */
/* The Ibex PMU backend (pmu_ibex.c), shared by every Ibex board. */
#ifndef TALLY_PMU_IBEX_H
#define TALLY_PMU_IBEX_H
#include "platform/pmu_backend.h"

extern const struct pmu_backend pmu_ibex;

/* How the probed mhpmevent values were encoded (for the banner and tests). */
enum ibex_sel_encoding {
	IBEX_SEL_NONE = 0,      /* no event counter counts anything */
	IBEX_SEL_DOC = 1,       /* mhpmeventN = 1 << N, as the Ibex document says */
	IBEX_SEL_RTL = 2,       /* mhpmeventN = 1 << (N - 3), as the RTL does */
	IBEX_SEL_OTHER = 4,     /* a value neither of them gives: raw event only */
};
unsigned ibex_sel_encoding(void);   /* IBEX_SEL_* bits seen at boot */
#endif
