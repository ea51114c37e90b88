/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include "arch/mmio.h"
#include "fake_mmio.h"

struct mmio_access mmio_log[MMIO_LOG_MAX];
unsigned mmio_n;
uint32_t (*mmio_on_read)(uintptr_t addr, uint32_t stored);

#define NREGS 64
static struct { uintptr_t addr; uint64_t val; bool used; } regs[NREGS];

void mmio_reset(void)
{
	mmio_n = 0;
	mmio_on_read = 0;
	for (unsigned i = 0; i < NREGS; i++)
		regs[i].used = false;
}

static uint64_t *reg(uintptr_t addr)
{
	unsigned i;

	for (i = 0; i < NREGS && regs[i].used; i++)
		if (regs[i].addr == addr)
			return &regs[i].val;
	if (i == NREGS) {
		fprintf(stderr, "fake_mmio: more than %d registers touched\n", NREGS);
		return &regs[0].val;
	}
	regs[i].used = true;
	regs[i].addr = addr;
	regs[i].val = 0;
	return &regs[i].val;
}

void mmio_preset(uintptr_t addr, uint64_t val) { *reg(addr) = val; }
uint64_t mmio_value(uintptr_t addr) { return *reg(addr); }

static void log_access(uintptr_t addr, unsigned width, uint64_t val, bool write)
{
	if (mmio_n < MMIO_LOG_MAX)
		mmio_log[mmio_n] = (struct mmio_access){ addr, width, val, write };
	mmio_n++;
}

static uint64_t do_read(uintptr_t addr, unsigned width)
{
	uint64_t v = *reg(addr);

	if (width < 8)
		v = (uint32_t)v;
	if (mmio_on_read && width < 8)
		v = mmio_on_read(addr, (uint32_t)v);
	log_access(addr, width, v, false);
	return v;
}

static void do_write(uintptr_t addr, unsigned width, uint64_t v)
{
	*reg(addr) = v;
	log_access(addr, width, v, true);
}

uint8_t mmio_read8(uintptr_t addr) { return (uint8_t)do_read(addr, 1); }
uint32_t mmio_read32(uintptr_t addr) { return (uint32_t)do_read(addr, 4); }
uint64_t mmio_read64(uintptr_t addr) { return do_read(addr, 8); }
void mmio_write8(uintptr_t addr, uint8_t v) { do_write(addr, 1, v); }
void mmio_write32(uintptr_t addr, uint32_t v) { do_write(addr, 4, v); }
void mmio_write64(uintptr_t addr, uint64_t v) { do_write(addr, 8, v); }

bool mmio_is(unsigned i, bool write, unsigned width, uintptr_t addr, uint64_t val)
{
	return i < mmio_n && i < MMIO_LOG_MAX && mmio_log[i].write == write &&
	       mmio_log[i].width == width && mmio_log[i].addr == addr && mmio_log[i].val == val;
}

void mmio_dump(void)
{
	for (unsigned i = 0; i < mmio_n && i < MMIO_LOG_MAX; i++)
		printf("    %2u: %s%u 0x%08lx %s 0x%llx\n", i, mmio_log[i].write ? "write" : "read",
		       mmio_log[i].width * 8, (unsigned long)mmio_log[i].addr,
		       mmio_log[i].write ? "<-" : "->", (unsigned long long)mmio_log[i].val);
}

bool mmio_expect(const struct mmio_access *want, unsigned n)
{
	bool ok = mmio_n == n;

	for (unsigned i = 0; ok && i < n; i++)
		ok = mmio_is(i, want[i].write, want[i].width, want[i].addr, want[i].val);
	if (!ok) {
		printf("    accesses seen:\n");
		mmio_dump();
		printf("    accesses wanted:\n");
		for (unsigned i = 0; i < n; i++)
			printf("    %2u: %s%u 0x%08lx 0x%llx\n", i, want[i].write ? "write" : "read",
			       want[i].width * 8, (unsigned long)want[i].addr,
			       (unsigned long long)want[i].val);
	}
	return ok;
}
