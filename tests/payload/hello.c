/* SPDX-License-Identifier: BSD-2-Clause */
/* The smallest test payload (banner tests; the Genesys2's default payload),
 * through the payload kit's header (payload-kit/include/tally/sbi.h). */
#include <tally/sbi.h>
#include "sbicall.h"   /* sbi_shutdown */

int main(unsigned long hartid, unsigned long fdt)
{
	printf("hello from payload, hart %lu fdt 0x%lx\n", hartid, fdt);
	struct sbiret r = sbi_get_spec_version();
	printf("spec version %lx err %ld\n", (unsigned long)r.value, r.error);
	r = sbi_get_impl_id();
	printf("impl id %lx err %ld\n", (unsigned long)r.value, r.error);
	sbi_shutdown(0);
}
