/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Debug Console extension (SBI chapter 12): write, read and write_byte,
 * and every buffer the firmware must refuse (the firmware's own memory,
 * below RAM, wrapping, running off the end of RAM).
 */
#include "conformance.h"

static char text[64];

void test_dbcn(void)
{
	static const char msg[] = "[dbcn write]\n";
	const unsigned long inval = (unsigned long)SBI_ERR_INVALID_PARAM;
	unsigned long buf = (unsigned long)text;
	struct sbiret r;

	r = dbcn(0, sizeof(msg) - 1, (unsigned long)msg, 0);
	check_eq(r.error, 0, "dbcn: write error");
	check_eq(r.uvalue, sizeof(msg) - 1, "dbcn: write returns the byte count");
	r = dbcn(2, '\n', 0, 0);
	check_eq(r.error, 0, "dbcn: write_byte");
	memset(text, 0x55, sizeof(text));
	r = dbcn(1, sizeof(text), buf, 0);
	check_eq(r.error, 0, "dbcn: read error");
	check_eq(r.uvalue, 0, "dbcn: read with no input returns 0 bytes");
	check_eq((unsigned char)text[0], 0x55, "dbcn: read of 0 bytes leaves the buffer alone");

	/* No bytes: SUCCESS with 0 where the address is one the firmware would
	 * take a byte from (OpenSBI's answer), nothing touched; a refused address
	 * stays refused. */
	r = dbcn(0, 0, buf, 0);
	check_eq(r.error, 0, "dbcn: write of 0 bytes");
	check_eq(r.uvalue, 0, "dbcn: ... returns 0");
	r = dbcn(1, 0, buf, 0);
	check_eq(r.error, 0, "dbcn: read of 0 bytes");
	check_eq(r.uvalue, 0, "dbcn: ... returns 0");
	check_eq((unsigned char)text[0], 0x55, "dbcn: ... and leaves the buffer alone");
	check_eq(dbcn(0, 0, FW_BASE, 0).error, inval, "dbcn: write of 0 bytes from the firmware");
	check_eq(dbcn(1, 0, FW_BASE + 0x100, 0).error, inval, "dbcn: read of 0 bytes into the firmware");
	check_eq(dbcn(0, 0, 0x1000, 0).error, inval, "dbcn: write of 0 bytes from below RAM");
	check_eq(dbcn(0, 0, ram_end, 0).error, inval, "dbcn: write of 0 bytes just past RAM");
	check_eq(dbcn(0, 0, buf, 1).error, inval, "dbcn: write of 0 bytes with base_hi != 0");

	check_eq(dbcn(0, 4, buf, 1).error, inval, "dbcn: write with base_hi != 0");
	check_eq(dbcn(1, 4, buf, 1).error, inval, "dbcn: read with base_hi != 0");
	check_eq(dbcn(0, 16, FW_BASE, 0).error, inval, "dbcn: write from the firmware");
	check_eq(dbcn(1, 16, FW_BASE + 0x100, 0).error, inval, "dbcn: read into the firmware");
	check_eq(dbcn(0, 16, 0x1000, 0).error, inval, "dbcn: write from below RAM");
	check_eq(dbcn(0, ~0UL - buf + 2, buf, 0).error, inval, "dbcn: range wrapping past the top");
	check_eq(dbcn(0, 32, ~0UL - 15, 0).error, inval, "dbcn: range at the top of the address space");
	check_eq(dbcn(0, 16, ram_end - 8, 0).error, inval, "dbcn: range running off the end of RAM");
	check_eq(dbcn(1, 16, ram_end - 8, 0).error, inval, "dbcn: read running off the end of RAM");
	/* The last bytes of RAM are fine. */
	memcpy((void *)(ram_end - 8), "[edge]\n\n", 8);
	r = dbcn(0, 8, ram_end - 8, 0);
	check_eq(r.error, 0, "dbcn: write from the last 8 bytes of RAM");
	check_eq(r.uvalue, 8, "dbcn: ... writes all 8");
}
