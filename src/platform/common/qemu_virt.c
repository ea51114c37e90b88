/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdbool.h>
#include "drivers/clint.h"
#include "drivers/uart16550.h"
#include "platform/common/pmu_csr.h"
#include "qemu_virt.h"

#define VIRT_TEST  0x100000UL
#define VIRT_CLINT 0x2000000UL
#define TEST_PASS  0x5555      /* QEMU exits with status 0 */
#define TEST_FAIL  0x3333      /* exit status in the upper half */
#define TEST_RESET 0x7777

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
		*test = TEST_FAIL | (1u << 16);
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
