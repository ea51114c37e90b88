/* SPDX-License-Identifier: BSD-2-Clause */
/* What the registration list (sbi_ext.h) generates besides the dispatcher. */
#include "sbi/sbi_ext.h"

/* A duplicated EID is a duplicate case label: the build fails. */
#define SBI_EXT_PROBE(c, eid, fn, offered, ...) case eid: return (offered) ? 1 : 0;
long sbi_ext_probe(unsigned long eid)
{
	switch (eid) {
	SBI_EXTENSIONS(SBI_EXT_PROBE, ~)
	}
	return 0;
}

/* A hook that is NO_HOOK costs nothing, not even its row's `offered`. */
#define SBI_EXT_BOOT(h, eid, fn, offered, boot, ...) \
	if ((boot) != NO_HOOK && (offered))           \
		boot(h);
void sbi_ext_boot(unsigned long hartid)
{
	SBI_EXTENSIONS(SBI_EXT_BOOT, hartid)
}

#define SBI_EXT_RESET(h, eid, fn, offered, boot, reset, ...) \
	if ((reset) != NO_HOOK && (offered))                  \
		reset(h);
void sbi_ext_hart_reset(unsigned long hartid)
{
	SBI_EXTENSIONS(SBI_EXT_RESET, hartid)
}
