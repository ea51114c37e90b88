/* SPDX-License-Identifier: BSD-2-Clause */
/* Base extension, EID 0x10 (SBI spec chapter 4). */
#include "arch/csr.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_base_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	switch (fid) {
	case BASE_FID_GET_SPEC_VERSION:
		return sbi_ok(SBI_SPEC_VERSION);
	case BASE_FID_GET_IMPL_ID:
		return sbi_ok(SBI_IMPL_ID_TALLY);
	case BASE_FID_GET_IMPL_VERSION:
		return sbi_ok((TALLY_VERSION_MAJOR << 16) | TALLY_VERSION_MINOR);
	case BASE_FID_PROBE_EXT:
		return sbi_ok((unsigned long)sbi_ext_probe(a0));
	case BASE_FID_GET_MVENDORID:
		return sbi_ok(r_mvendorid());
	case BASE_FID_GET_MARCHID:
		return sbi_ok(r_marchid());
	case BASE_FID_GET_MIMPID:
		return sbi_ok(r_mimpid());
	default:
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
}
