/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The legacy extensions, SBI v0.1 (SBI spec chapter 5): one EID per
 * function, EIDs 0x00-0x08, what old payloads (and early boot code) still
 * call. Each is a row of sbi_extensions[] (sbi_ext.c) and does what
 * its modern twin does, through the same code, so the PMU's firmware
 * counters count it once:
 *   set_timer              TIME set_timer      hart/timer.c timer_set
 *   console putchar/getchar                    the board's console
 *   clear_ipi              S-mode's pending software interrupt cleared
 *   send_ipi               IPI send_ipi        hart/ipi.c ipi_send
 *   remote_fence_i, remote_sfence_vma(_asid)  RFENCE  hart/ipi.c rfence_send
 *   shutdown               SRST shutdown, reason NONE
 * The calls that need S-mode (all but the console and shutdown) are rows
 * only where there is one to call them (TALLY_SMODE_EXTENSIONS: not on
 * Ibex), and answer NOT_SUPPORTED on a hart without it.
 *
 * A legacy call returns in a0 only: a1 goes back as the caller left it.
 */
#include "arch/csr.h"
#include "arch/mprv.h"
#include "base/board.h"
#include "base/machine.h"
#include "base/sbi.h"
#include "hart/hart.h"
#include "hart/ipi.h"
#include "hart/timer.h"
#include "sbi/sbi_ext.h"
#include "tally_config.h"

/* a0 only: the error (or a value, for getchar); a1 unchanged. */
static inline struct sbiret legacy_ret(long a0, unsigned long a1)
{
	return (struct sbiret){ a0, a1 };
}

struct sbiret sbi_legacy_putchar(unsigned long a0, unsigned long a1, unsigned long a2,
				 unsigned long a3, unsigned long a4, unsigned long a5,
				 unsigned long fid)
{
	board_putc((char)a0);
	return legacy_ret(0, a1);
}

struct sbiret sbi_legacy_getchar(unsigned long a0, unsigned long a1, unsigned long a2,
				 unsigned long a3, unsigned long a4, unsigned long a5,
				 unsigned long fid)
{
	return legacy_ret(board_getc(), a1);
}

/* SRST's path (sbi_srst.c): the same message, checksum check and power-off. */
struct sbiret sbi_legacy_shutdown(unsigned long a0, unsigned long a1, unsigned long a2,
				  unsigned long a3, unsigned long a4, unsigned long a5,
				  unsigned long fid)
{
	return sbi_srst_ecall(SRST_SHUTDOWN, SRST_REASON_NONE, 0, 0, 0, 0, 0);
}

#if TALLY_SMODE_EXTENSIONS
/* stime_value: a uint64_t (rv32: a0 and a1, sbi_arg64). */
struct sbiret sbi_legacy_set_timer(unsigned long a0, unsigned long a1, unsigned long a2,
				   unsigned long a3, unsigned long a4, unsigned long a5,
				   unsigned long fid)
{
	if (!features.has_s_mode)
		return legacy_ret(SBI_ERR_NOT_SUPPORTED, a1);
	return legacy_ret(timer_set(sbi_arg64(a0, a1)).error, a1);
}

/* S-mode's pending software interrupt (mip.SSIP), as an IPI raised it. */
struct sbiret sbi_legacy_clear_ipi(unsigned long a0, unsigned long a1, unsigned long a2,
				   unsigned long a3, unsigned long a4, unsigned long a5,
				   unsigned long fid)
{
	if (!features.has_s_mode)
		return legacy_ret(SBI_ERR_NOT_SUPPORTED, a1);
	clear_mip(MIP_SSIP);
	return legacy_ret(0, a1);
}

#if TALLY_SMP
/* The legacy bit vector's words: one per XLEN hart IDs, up to 512 harts. */
#define MASK_WORDS ((TALLY_MAX_HARTS + __riscv_xlen - 1) / __riscv_xlen)

/*
 * The hart mask a legacy call names (5.6): a0 points at a bit vector in
 * S-mode's memory, bit i = hart i, as many unsigned longs as the machine's
 * hart IDs need (one up to XLEN harts). Each word is read with S-mode's
 * translation and permissions (PMP included: never the firmware's own
 * memory), all of them before any hart is asked, so a bad word sends
 * nothing. A NULL pointer means every hart. 0: a word's byte faulted, or
 * lies in the firmware's region as a number (QEMU 7.2's MPRV load reads
 * the page holding the load instruction itself whatever PMP says: the
 * fuzzer found it). Otherwise the word count, -1 for every hart.
 */
static long hart_mask(unsigned long ptr, unsigned long mask[MASK_WORDS])
{
	unsigned long n = 1;

	if (!ptr)
		return -1;
	if (TALLY_MAX_HARTS > __riscv_xlen) {   /* else one word, as ever */
		unsigned long top = 0;

		for (unsigned i = 0; i < hart_count(); i++)
			if (hart_at(i)->id >= top)
				top = hart_at(i)->id + 1;
		n = (top + __riscv_xlen - 1) / __riscv_xlen;
	}
	for (unsigned long w = 0; w < n && w < MASK_WORDS; w++) {
		unsigned long at = ptr + w * sizeof(long);

		if (at < ptr || (at < features.fw_hi && at + sizeof(long) > features.fw_lo) ||
		    !read_lower_ulong(at, &mask[w]))
			return 0;
	}
	return (long)n;
}

/* Every word's harts exist (the modern calls' INVALID_PARAM otherwise).
 * One word needs no pass of its own: IPI and RFENCE check it before sending. */
static bool mask_ok(const unsigned long mask[MASK_WORDS], long n)
{
	if (n == 1)
		return true;
	for (long w = 0; w < n && w < MASK_WORDS; w++)
		if (!ipi_targets_ok(mask[w], (unsigned long)w * __riscv_xlen))
			return false;
	return true;
}

struct sbiret sbi_legacy_send_ipi(unsigned long a0, unsigned long a1, unsigned long a2,
				  unsigned long a3, unsigned long a4, unsigned long a5,
				  unsigned long fid)
{
	unsigned long mask[MASK_WORDS] = { 0 };   /* words past the count stay defined */
	long n;

	if (!ipi_available() || !features.has_s_mode)
		return legacy_ret(SBI_ERR_NOT_SUPPORTED, a1);
	n = hart_mask(a0, mask);
	if (!n)
		return legacy_ret(SBI_ERR_INVALID_ADDRESS, a1);
	if (n < 0)
		return legacy_ret(ipi_send(0, ~0UL).error, a1);
	if (!mask_ok(mask, n))
		return legacy_ret(SBI_ERR_INVALID_PARAM, a1);
	for (long w = 0; w < n && w < MASK_WORDS; w++) {
		long err = mask[w] ? ipi_send(mask[w], (unsigned long)w * __riscv_xlen).error : 0;

		if (err)
			return legacy_ret(err, a1);
	}
	return legacy_ret(0, a1);
}

/* remote_fence_i (a0), remote_sfence_vma (a0, start, size), ..._asid (+ asid). */
static struct sbiret legacy_fence(enum fence_kind kind, unsigned long a0, unsigned long a1,
				  unsigned long a2, unsigned long a3)
{
	unsigned long mask[MASK_WORDS] = { 0 };   /* words past the count stay defined */
	unsigned long start = kind == F_FENCE_I ? 0 : a1, size = kind == F_FENCE_I ? 0 : a2;
	unsigned long asid = kind == F_SFENCE_VMA_ASID ? a3 : 0;
	long n;

	if (!ipi_available() || !features.has_s_mode)
		return legacy_ret(SBI_ERR_NOT_SUPPORTED, a1);
	n = hart_mask(a0, mask);
	if (!n)
		return legacy_ret(SBI_ERR_INVALID_ADDRESS, a1);
	if (n < 0)
		return legacy_ret(rfence_send(kind, 0, ~0UL, start, size, asid).error, a1);
	if (!mask_ok(mask, n))
		return legacy_ret(SBI_ERR_INVALID_PARAM, a1);
	/* One window at a time; the first answers for the ASID check they share,
	 * and an empty vector still gets that check, as RFENCE's empty mask does. */
	bool sent = false;
	for (long w = 0; w < n && w < MASK_WORDS; w++) {
		if (!mask[w])
			continue;
		struct sbiret r = rfence_send(kind, mask[w], (unsigned long)w * __riscv_xlen,
					      start, size, asid);
		if (r.error)
			return legacy_ret(r.error, a1);
		sent = true;
	}
	if (!sent)
		return legacy_ret(rfence_send(kind, 0, 0, start, size, asid).error, a1);
	return legacy_ret(0, a1);
}

struct sbiret sbi_legacy_remote_fence_i(unsigned long a0, unsigned long a1, unsigned long a2,
					unsigned long a3, unsigned long a4, unsigned long a5,
					unsigned long fid)
{
	return legacy_fence(F_FENCE_I, a0, a1, a2, a3);
}

struct sbiret sbi_legacy_remote_sfence_vma(unsigned long a0, unsigned long a1, unsigned long a2,
					   unsigned long a3, unsigned long a4, unsigned long a5,
					   unsigned long fid)
{
	return legacy_fence(F_SFENCE_VMA, a0, a1, a2, a3);
}

struct sbiret sbi_legacy_remote_sfence_vma_asid(unsigned long a0, unsigned long a1,
						unsigned long a2, unsigned long a3,
						unsigned long a4, unsigned long a5,
						unsigned long fid)
{
	return legacy_fence(F_SFENCE_VMA_ASID, a0, a1, a2, a3);
}
#endif
#endif
