/* SPDX-License-Identifier: BSD-2-Clause */
/* The extension tests' helpers (ext_test.h). */
#include <stdint.h>
#include <tally/riscv.h>
#include "ext_test.h"

#define HSM_START 0
#define HSM_STOP 1
#define HSM_STATUS 2
#define HSM_STOPPED 1

volatile struct ext_trap ext_trap;
static unsigned long saved_stvec;

extern char ext_trap_vector[], ext_secondary_entry[];
void ext_trap_record(void);
void ext_secondary_main(unsigned long hartid, unsigned long opaque);

void ext_trap_record(void)
{
	unsigned long cause, epc, tval;
	uint16_t insn;

	__asm__ volatile("csrr %0, scause" : "=r"(cause));
	__asm__ volatile("csrr %0, sepc" : "=r"(epc));
	__asm__ volatile("csrr %0, stval" : "=r"(tval));
	if (cause & CAUSE_IRQ_FLAG) {
		/* not ours: mask it, the test that armed it will see it pending */
		__asm__ volatile("csrc sie, %0" :: "r"(1UL << (cause & 63)));
		return;
	}
	ext_trap.n++;
	ext_trap.cause = cause;
	ext_trap.tval = tval;
	ext_trap.epc = epc;
	insn = *(volatile uint16_t *)epc;
	__asm__ volatile("csrw sepc, %0" :: "r"(epc + ((insn & 3) == 3 ? 4 : 2)));
}

void ext_catch_begin(void)
{
	ext_trap.n = 0;
	ext_trap.cause = ext_trap.tval = ext_trap.epc = ~0UL;
	__asm__ volatile("csrrw %0, stvec, %1" : "=r"(saved_stvec) : "r"(ext_trap_vector));
}

void ext_catch_end(void)
{
	__asm__ volatile("csrw stvec, %0" :: "r"(saved_stvec));
}

/* ---- a second hart ---------------------------------------------------- */

static volatile bool spin_release[8];

void ext_secondary_main(unsigned long hartid, unsigned long opaque)
{
	if (opaque)
		((void (*)(unsigned long))opaque)(hartid);
	else
		while (!spin_release[hartid & 7])
			;
	spin_release[hartid & 7] = false;
	sbi_ecall(SBI_EXT_HSM, HSM_STOP, 0, 0, 0, 0, 0, 0);
}

unsigned long ext_other_hart(unsigned long self)
{
	for (unsigned long h = 0; h < 8; h++)
		if (h != self && !sbi_ecall(SBI_EXT_HSM, HSM_STATUS, h, 0, 0, 0, 0, 0).error)
			return h;
	return ~0UL;
}

bool ext_wait_state(unsigned long hartid, unsigned long state)
{
	for (unsigned long i = 0; i < 20000000; i++) {
		struct sbiret r = sbi_ecall(SBI_EXT_HSM, HSM_STATUS, hartid, 0, 0, 0, 0, 0);
		if (!r.error && r.uvalue == state)
			return true;
	}
	return false;
}

static bool start(unsigned long hartid, unsigned long opaque)
{
	return !sbi_ecall(SBI_EXT_HSM, HSM_START, hartid, (unsigned long)ext_secondary_entry,
			 opaque, 0, 0, 0).error;
}

bool ext_run_on(unsigned long hartid, void (*fn)(unsigned long hartid))
{
	return start(hartid, (unsigned long)fn) && ext_wait_state(hartid, HSM_STOPPED);
}

bool ext_start_fn(unsigned long hartid, void (*fn)(unsigned long hartid))
{
	return start(hartid, (unsigned long)fn);
}

bool ext_start_spinner(unsigned long hartid)
{
	spin_release[hartid & 7] = false;
	return start(hartid, 0);
}

void ext_release(unsigned long hartid)
{
	spin_release[hartid & 7] = true;
	ext_wait_state(hartid, HSM_STOPPED);
}

/* ---- firmware counters ------------------------------------------------ */

unsigned long ext_fw_counter(unsigned code)
{
	unsigned long n = sbi_ecall(SBI_EXT_PMU, PMU_FID_NUM_COUNTERS, 0, 0, 0, 0, 0, 0).uvalue;
	unsigned long base = 0;

	/* firmware counters: counter_get_info's top bit (SBI 11.8) */
	while (base < n && !(sbi_ecall(SBI_EXT_PMU, PMU_FID_COUNTER_GET_INFO, base, 0, 0, 0, 0, 0).uvalue >>
			     (__riscv_xlen - 1)))
		base++;
	unsigned long nfw = n - base, mask = nfw >= __riscv_xlen ? ~0UL : (1UL << nfw) - 1;
	struct sbiret r = sbi_ecall(SBI_EXT_PMU, PMU_FID_CONFIG_MATCHING, base, mask,
				   PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START, 0xf0000UL | code, 0, 0);
	return r.error ? ~0UL : r.uvalue;
}

unsigned long ext_fw_read(unsigned long idx)
{
	return sbi_ecall(SBI_EXT_PMU, PMU_FID_FW_READ, idx, 0, 0, 0, 0, 0).uvalue;
}

void ext_fw_release(unsigned long idx)
{
	/* stop with RESET (SBI 11.10): the counter goes back to the pool */
	sbi_ecall(SBI_EXT_PMU, PMU_FID_COUNTER_STOP, idx, 1, 1, 0, 0, 0);
}
