/* SPDX-License-Identifier: BSD-2-Clause */
/* System Suspend (susp.c). */
#ifndef TALLY_HART_SUSP_H
#define TALLY_HART_SUSP_H

#include <stdint.h>
#include "base/sbi.h"

/* Suspend the system (sleep type `type`); on success, resume at resume_addr. */
struct sbiret susp_suspend(uint32_t type, unsigned long resume_addr, unsigned long opaque);
#endif
