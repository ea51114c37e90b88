/* SPDX-License-Identifier: BSD-2-Clause */
/* The S-mode extensions' boot and hart-reset hooks (smode_ext.h). */
#include "cores/dbtr/dbtr.h"
#include "cores/fwft/fwft.h"
#include "sbi/smode_ext.h"
#include "cores/sse/sse.h"

void smode_ext_probe(void)
{
	fwft_probe();
	sse_probe();
}

void smode_ext_hart_reset(unsigned long hartid)
{
	fwft_hart_reset(hartid);
	dbtr_hart_reset(hartid);
	sse_hart_init(hartid);
}
