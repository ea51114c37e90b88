/* SPDX-License-Identifier: BSD-2-Clause */
/* System Reset extension, EID "SRST" (SBI spec chapter 10). */
#include <stdio.h>
#include "arch/csr.h"
#include "base/board.h"
#include "base/sbi.h"
#include "base/text_checksum.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_srst_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	/* reset_type and reset_reason are uint32_t (spec 10.1; base/sbi.h) */
	uint32_t type = (uint32_t)a0, reason = (uint32_t)a1;

	if (fid != 0)
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	/*
	 * The SRST errors table: a type or reason that is reserved, or platform- or
	 * implementation-specific and not implemented (Tally implements none),
	 * is INVALID_PARAM; NOT_SUPPORTED is for an implemented type the
	 * platform cannot do, and every board here does all three (or stops
	 * the hart). OpenSBI answers the same.
	 */
	if (type > SRST_WARM_REBOOT || reason > SRST_REASON_FAILURE)
		return sbi_err(SBI_ERR_INVALID_PARAM);
	/* Changed code or constants (checksum builds): the run failed, whatever the caller thinks. */
	if (!text_checksum_check() && type == SRST_SHUTDOWN)
		reason = SRST_REASON_FAILURE;
	printf("tally: %s requested by hart %lu%s\n",
	       type == SRST_SHUTDOWN ? "shutdown" : "reboot", r_mhartid(),
	       reason == SRST_REASON_FAILURE ? " (system failure)" : "");
	board_reset(type, reason);   /* powers off, or stops this hart where it cannot */
}
