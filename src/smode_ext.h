/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The extensions only an S-mode payload can use (FWFT, DBTR, SUSP) as the
 * rest of the firmware sees them: a boot probe and a per-hart reset. In an
 * image without them (TALLY_SMODE_EXTENSIONS off: Ibex) both are empty.
 */
#ifndef TALLY_SMODE_EXT_H
#define TALLY_SMODE_EXT_H
#include "tally_config.h"

#if TALLY_SMODE_EXTENSIONS
/* Boot hart, after features.has_s_mode is known: what do the harts have? */
void smode_ext_probe(void);
/* A hart starts as from reset (boot, HSM hart_start): FWFT values and
 * locks, debug triggers and their shared memory go back to reset state. */
void smode_ext_hart_reset(unsigned long hartid);
#else
static inline void smode_ext_probe(void) {}
static inline void smode_ext_hart_reset(unsigned long hartid) {}
#endif
#endif
