/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System Reset extension (SBI chapter 10): the reserved and vendor
 * types and reasons (shutdown itself ends the run: check.c's sbi_shutdown),
 * and arguments narrower than a register on rv64.
 */
#include "conformance.h"

void test_srst(void)
{
	check_eq(sbi_ecall(SBI_EXT_SRST, 0, 3, 0, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: reserved type 3");
	check_eq(sbi_ecall(SBI_EXT_SRST, 0, 0, 2, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: reserved reason 2");
	/* Platform- or implementation-specific and unimplemented: INVALID_PARAM
	 * (the SRST errors table), as OpenSBI answers; NOT_SUPPORTED is for an implemented type. */
	check_eq(sbi_ecall(SBI_EXT_SRST, 0, 0xF0000000UL, 0, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: vendor type 0xF0000000");
	check_eq(sbi_ecall(SBI_EXT_SRST, 0, 0xFFFFFFFFUL, 0, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: vendor type 0xFFFFFFFF");
	check_eq(sbi_ecall(SBI_EXT_SRST, 0, 0, 0xE0000000UL, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: shutdown, implementation reason 0xE0000000");
	check_eq(sbi_ecall(SBI_EXT_SRST, 0, 2, 0xF0000000UL, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: warm reboot, vendor reason 0xF0000000");
}

/*
 * Arguments the spec types uint32_t (SRST reset_type/reset_reason) or
 * uint8_t (DBCN write_byte) are the low bits of their register only: on
 * rv64 a caller may leave anything above them (binary encoding, chapter 3).
 * So the answers below are the ones the low bits alone get. (HSM's
 * suspend_type is checked in smp/smp.c; shutdown itself, with garbage
 * above both SRST arguments, is check.c's sbi_shutdown.) On rv32 there is
 * nothing above, and these repeat the plain checks.
 */
void test_u32_args(void)
{
	const unsigned long g = UPPER_GARBAGE;

	check_eq(sbi_ecall(SBI_EXT_SRST, 0, g | 3, 0, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: reserved type 3, bits above 32 set");
	check_eq(sbi_ecall(SBI_EXT_SRST, 0, g | 0, g | 2, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: shutdown, reserved reason 2, bits above 32 set");
	check_eq(sbi_ecall(SBI_EXT_SRST, 0, g | 1, g | 0xE0000000UL, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: cold reboot, implementation reason, bits above 32 set");
	check_eq(sbi_ecall(SBI_EXT_SRST, 0, g | 0xF0000000UL, 0, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: vendor type, bits above 32 set");
	check_eq(sbi_ecall(SBI_EXT_SRST, 0, 2, g | 0xDFFFFFFFUL, 0, 0, 0, 0).error,
		 (unsigned long)SBI_ERR_INVALID_PARAM, "srst: warm reboot, reserved reason 0xDFFFFFFF, bits above set");
	/* uint8_t byte: everything above bit 7 is the caller's business. */
	struct sbiret r = dbcn(2, (g | ~0xffUL) | '\n', 0, 0);
	check_eq(r.error, 0, "dbcn: write_byte with bits above 8 set");
	check_eq(r.uvalue, 0, "dbcn: ... returns 0");
}
