/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Console for payloads: the Debug Console extension DBCN (SBI spec chapter
 * 12), whose buffers are checked before use. The legacy putchar/getchar
 * calls are in sbi_legacy.c.
 */
#include "base/mem.h"
#include "base/board.h"
#include "base/sbi.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_dbcn_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	unsigned long n = a0, i;
	uint8_t *buf;
	int c;

	switch (fid) {
	case DBCN_FID_CONSOLE_WRITE:
	case DBCN_FID_CONSOLE_READ:
		/* base_addr_hi (a2) must be 0: no memory above XLEN bits here. */
		if (a2 || !(buf = (uint8_t *)sbi_mem_window(a1, n)))
			return sbi_err(SBI_ERR_INVALID_PARAM);
		if (fid == DBCN_FID_CONSOLE_WRITE) {
			for (i = 0; i < n; i++)
				board_putc((char)buf[i]);
			return sbi_ok(n);
		}
		for (i = 0; i < n && (c = board_getc()) >= 0; i++)
			buf[i] = (uint8_t)c;
		return sbi_ok(i);
	case DBCN_FID_CONSOLE_WRITE_BYTE:
		/* uint8_t byte (spec 12.3): the low 8 bits, whatever is above them. */
		board_putc((char)(uint8_t)a0);
		return sbi_ok(0);
	default:
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
}
