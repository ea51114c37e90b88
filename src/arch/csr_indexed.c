/* SPDX-License-Identifier: BSD-2-Clause */
/* The user-level counters by number, for the boot probes: a switch of csrr's
 * (a CSR number is part of the instruction). The hot banks: csr_bank.S. */
#include "arch/csr.h"

#define C4(M, b) M(b) M(b + 1) M(b + 2) M(b + 3)
/* every counter index 0..31 except 1 (time has no M-mode counter) */
#define ALL_COUNTERS(M) M(0) M(2) M(3) C4(M, 4) C4(M, 8) C4(M, 12) C4(M, 16) \
	C4(M, 20) C4(M, 24) C4(M, 28)

#define CASE_RD_UCTR(n) case n: return csr_read(CSR_CYCLE + n);
#define CASE_RD_UCTR_HI(n) case n: return csr_read(CSR_CYCLEH + n);

unsigned long csr_read_user_counter(unsigned idx)
{
	switch (idx) { ALL_COUNTERS(CASE_RD_UCTR) }
	return 0;
}

#if __riscv_xlen == 32
unsigned long csr_read_user_counter_hi(unsigned idx)
{
	switch (idx) { ALL_COUNTERS(CASE_RD_UCTR_HI) }
	return 0;
}
#endif

