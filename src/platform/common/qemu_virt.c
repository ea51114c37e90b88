/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdbool.h>
#include "drivers/clint.h"
#include "drivers/uart16550.h"
#include "platform/common/pmu_csr.h"
#include "qemu_virt.h"

#define VIRT_TEST  0x100000UL
#define VIRT_CLINT 0x2000000UL
/*
 * QEMU's SiFive test finisher (hw/misc/sifive_test.c): the low 16 bits of
 * the word say what to do, the high 16 bits are the exit status for FAIL.
 * Normal shutdown is PASS, status 0. A failure (SRST reason
 * SYSTEM_FAILURE, a checksum mismatch, a panic) is FAIL with status 3,
 * never 1: harnesses built on QEMU's isa-debug-exit convention (status =
 * code << 1 | 1), kvm-unit-tests' runner among them, read status 1 as
 * "the test passed", and read 3 as the failure code 1. The README's
 * "Exit status" section documents the mapping.
 */
#define TEST_PASS  0x5555
#define TEST_FAIL  0x3333
#define TEST_RESET 0x7777
#define EXIT_SYSTEM_FAILURE 3u

static const struct uart16550 uart = { .base = 0x10000000UL, .reg_shift = 0 };

void qemu_virt_console_init(void) { uart16550_init(&uart); }
void qemu_virt_putc(char c) { uart16550_putc(&uart, c); }
int qemu_virt_getc(void) { return uart16550_getc(&uart); }
uint64_t qemu_virt_timer_value(void) { return clint_mtime(VIRT_CLINT); }
void qemu_virt_timer_set(unsigned long hartid, uint64_t when)
{
	clint_set_mtimecmp(VIRT_CLINT, hartid, when);
}
void qemu_virt_ipi_send(unsigned long hartid) { clint_send_ipi(VIRT_CLINT, hartid); }
void qemu_virt_ipi_clear(unsigned long hartid) { clint_clear_ipi(VIRT_CLINT, hartid); }

void qemu_virt_reset(unsigned long type, unsigned long reason)
{
	volatile uint32_t *test = (volatile uint32_t *)VIRT_TEST;

	if (type != 0)
		*test = TEST_RESET;
	else if (reason != 0)
		*test = TEST_FAIL | (EXIT_SYSTEM_FAILURE << 16);
	else
		*test = TEST_PASS;
	for (;;)
		;
}

/* Does QEMU count this counter from its tick source (cycles or instret)? */
static bool ticking(unsigned ctr, uint64_t sel)
{
	uint32_t ev = sel & 0xfffff;   /* QEMU's event number, as programmed */

	return ctr < 3 || ev == 1 || ev == 2;
}

void qemu_pmu_stop(unsigned ctr, uint64_t sel)
{
	pmu_csr_stop(ctr, sel);
	if (ticking(ctr, sel))
		pmu_csr_write(ctr, pmu_csr_read(ctr));
}

void qemu_pmu_start(unsigned ctr, uint64_t sel)
{
	if (ticking(ctr, sel))
		pmu_csr_write(ctr, pmu_csr_read(ctr));
	pmu_csr_start(ctr, sel);
}
