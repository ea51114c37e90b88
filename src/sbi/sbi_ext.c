/* SPDX-License-Identifier: BSD-2-Clause */
/* What the registration list (sbi_ext.h) generates besides the dispatcher. */
#include "sbi/sbi_ext.h"

/* A duplicated EID is a duplicate case label: the build fails. */
#define SBI_EXT_PROBE(c, eid, fn, name, ...) \
	case eid: return sbi_ext_offered(SBI_EXT_ROW(__VA_ARGS__).needs) ? 1 : 0;
long sbi_ext_probe(unsigned long eid)
{
	switch (eid) {
	SBI_EXTENSIONS(SBI_EXT_PROBE, ~)
	}
	return 0;
}

/* A row without the hook costs nothing, not even its `needs`. */
#define SBI_EXT_BOOT(h, eid, fn, name, ...)                                            \
	if (SBI_EXT_ROW(__VA_ARGS__).boot && sbi_ext_offered(SBI_EXT_ROW(__VA_ARGS__).needs)) \
		SBI_EXT_ROW(__VA_ARGS__).boot(h);
void sbi_ext_boot(unsigned long hartid)
{
	SBI_EXTENSIONS(SBI_EXT_BOOT, hartid)
}

#define SBI_EXT_RESET(h, eid, fn, name, ...)                                                 \
	if (SBI_EXT_ROW(__VA_ARGS__).hart_reset && sbi_ext_offered(SBI_EXT_ROW(__VA_ARGS__).needs)) \
		SBI_EXT_ROW(__VA_ARGS__).hart_reset(h);
void sbi_ext_hart_reset(unsigned long hartid)
{
	SBI_EXTENSIONS(SBI_EXT_RESET, hartid)
}
