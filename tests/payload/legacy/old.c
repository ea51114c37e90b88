/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An old payload, as SBI v0.1 teaching code writes one: it knows the
 * legacy console putchar and shutdown only (no Base, no SRST, no DBCN).
 * It prints one line and shuts down through EID 8: the test around it
 * (tests/qemu/run-expect-status.sh) wants QEMU to exit with status 0.
 */
#include "sbicall.h"

int main(unsigned long hartid, unsigned long fdt)
{
	static const char msg[] = "old payload: legacy putchar, then legacy shutdown\n";

	(void)hartid;
	(void)fdt;
	for (const char *p = msg; *p; p++)
		sbi_ecall(SBI_EXT_LEGACY_PUTCHAR, 0, (unsigned char)*p, 0, 0, 0, 0, 0);
	sbi_ecall(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0, 0, 0, 0, 0);
	for (const char *p = "legacy shutdown returned\n"; *p; p++)
		sbi_ecall(SBI_EXT_LEGACY_PUTCHAR, 0, (unsigned char)*p, 0, 0, 0, 0, 0);
	for (;;)
		;
}
