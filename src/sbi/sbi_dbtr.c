/* SPDX-License-Identifier: BSD-2-Clause */
/* DBTR, EID 0x44425452: registers in, struct sbiret out. The functions are
 * src/cores/dbtr/dbtr.c; the hart's triggers, src/hart/dbtr_hart.c. */
#include "hart/dbtr_hart.h"
#include "sbi/sbi_ext.h"

struct sbiret sbi_dbtr_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			     unsigned long a3, unsigned long a4, unsigned long a5,
			     unsigned long fid)
{
	switch (fid) {
	case DBTR_FID_NUM_TRIGGERS:
		return dbtr_num_triggers(this_dbtr(), a0);
	case DBTR_FID_SET_SHMEM:
		return dbtr_set_shmem(this_dbtr(), a0, a1, a2);
	case DBTR_FID_READ:
		return dbtr_read(this_dbtr(), a0, a1);
	case DBTR_FID_INSTALL:
		return dbtr_install(this_dbtr(), a0, dbtr_program);
	case DBTR_FID_UPDATE:
		return dbtr_update(this_dbtr(), a0, dbtr_program);
	case DBTR_FID_UNINSTALL:
		return dbtr_uninstall(this_dbtr(), a0, a1, dbtr_program);
	case DBTR_FID_ENABLE:
	case DBTR_FID_DISABLE:
		return dbtr_enable(this_dbtr(), a0, a1, fid == DBTR_FID_ENABLE, dbtr_program);
	default:
		return sbi_err(SBI_ERR_NOT_SUPPORTED);
	}
}
