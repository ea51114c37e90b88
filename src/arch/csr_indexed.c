/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter and selector banks indexed by number. A CSR number is part of the
 * instruction, so "read counter n" is a switch with one csrr per case; the
 * compiler turns it into a jump table. Nothing else in Tally needs to know.
 */
#include "csr.h"

#define C4(M, b) M(b) M(b + 1) M(b + 2) M(b + 3)
/* every counter index 0..31 except 1 (time has no M-mode counter) */
#define ALL_COUNTERS(M) M(0) M(2) M(3) C4(M, 4) C4(M, 8) C4(M, 12) C4(M, 16) \
	C4(M, 20) C4(M, 24) C4(M, 28)
#define ALL_EVENTS(M) M(3) C4(M, 4) C4(M, 8) C4(M, 12) C4(M, 16) C4(M, 20) \
	C4(M, 24) C4(M, 28)

#if __riscv_xlen == 32
/*
 * rv32: read high, low, high again; if the high half moved, the low half
 * wrapped in between, so read it once more. No loop: this also runs under
 * the trap guard, where a missing CSR leaves its destination unchanged.
 */
#define RD64(lo, hi) ({ unsigned long h = csr_read(hi), l = csr_read(lo), h2 = csr_read(hi); \
	if (h != h2) { l = csr_read(lo); h = h2; } \
	((uint64_t)h << 32) | l; })
#define WR64(lo, hi, v) do { csr_write(lo, 0); csr_write(hi, (unsigned long)((v) >> 32)); \
	csr_write(lo, (unsigned long)(v)); } while (0)
#define CASE_RD_CTR(n) case n: return RD64(0xb00 + n, 0xb80 + n);
#define CASE_WR_CTR(n) case n: WR64(0xb00 + n, 0xb80 + n, val); return;
#define CASE_RD_EVTH(n) case n: return csr_read(0x720 + n);
#define CASE_WR_EVTH(n) case n: csr_write(0x720 + n, val); return;
#define CASE_RD_UCTR_HI(n) case n: return csr_read(0xc80 + n);
#else
#define CASE_RD_CTR(n) case n: return csr_read(0xb00 + n);
#define CASE_WR_CTR(n) case n: csr_write(0xb00 + n, val); return;
#endif
#define CASE_RD_EVT(n) case n: return csr_read(0x320 + n);
#define CASE_WR_EVT(n) case n: csr_write(0x320 + n, val); return;
#define CASE_RD_UCTR(n) case n: return csr_read(0xc00 + n);

uint64_t csr_read_counter(unsigned idx)
{
	switch (idx) { ALL_COUNTERS(CASE_RD_CTR) }
	return 0;
}

void csr_write_counter(unsigned idx, uint64_t val)
{
	switch (idx) { ALL_COUNTERS(CASE_WR_CTR) }
}

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

unsigned long csr_read_event(unsigned idx)
{
	switch (idx) { ALL_EVENTS(CASE_RD_EVT) }
	return 0;
}

void csr_write_event(unsigned idx, unsigned long val)
{
	switch (idx) { ALL_EVENTS(CASE_WR_EVT) }
}

#if __riscv_xlen == 32
unsigned long csr_read_eventh(unsigned idx)
{
	switch (idx) { ALL_EVENTS(CASE_RD_EVTH) }
	return 0;
}

void csr_write_eventh(unsigned idx, unsigned long val)
{
	switch (idx) { ALL_EVENTS(CASE_WR_EVTH) }
}
#endif
