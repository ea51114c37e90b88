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

/* Buffers walked from the address the memory check accepted to its end. */
struct sbiret sbi_dbcn_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	uint64_t end, p;
	uintptr_t buf;
	int c;

	switch (fid) {
	case DBCN_FID_CONSOLE_WRITE:
	case DBCN_FID_CONSOLE_READ:
		/* base_addr_hi (a2) must be 0: no memory above XLEN bits here. */
		if (a2)
			return sbi_err(SBI_ERR_INVALID_PARAM);
		/*@ slevel 2; */
		buf = sbi_mem_window(a1, a0, &end);
		if (!buf)
			return sbi_err(SBI_ERR_INVALID_PARAM);
		/*@ slevel merge; */
		if (fid == DBCN_FID_CONSOLE_WRITE) {
			for (p = buf; p < end; p++)
				board_putc(*(const char *)(uintptr_t)p);
			return sbi_ok(a0);
		}
		for (p = buf; p < end && (c = board_getc()) >= 0; p++)
			*(uint8_t *)(uintptr_t)p = (uint8_t)c;
		return sbi_ok((unsigned long)(p - buf));
	case DBCN_FID_CONSOLE_WRITE_BYTE:
		/* uint8_t byte (spec 12.3): the low 8 bits, whatever is above them. */
		board_putc((char)(uint8_t)a0);
		return sbi_ok(0);
	default:
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
}
